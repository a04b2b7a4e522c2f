"""What counts as an answer in a chat-completions response, checked before anything keeps it.

A response is an answer only when it is the expected JSON (``choices[0].message.content``),
the model finished (`finish_reason` absent or not one of `UNFINISHED`: an answer cut at the
token limit or withheld by a filter is not one) and the content is text: a string, or a
list of parts whose text parts are joined (never the list's Python repr). A page of HTML
sent with status 200 (a proxy's or gateway's error page) is refused too, however it opens (a
doctype, an XML prolog, a comment, or straight at a heading: `<h1>502 Bad Gateway</h1>`): content
that starts with a tag and names an HTML element near its start. `MalformedAnswer`
says which; the client treats a malformed body as transient (retried), an unfinished or
HTML answer as final for this prompt.
"""

from __future__ import annotations

import json
import re
from typing import Any

#: finish_reason values that mean the content is not a whole answer.
UNFINISHED = frozenset({"length", "content_filter", "error"})
#: An HTML element an error page opens with (searched in the first `_HTML_HEAD` characters of
#: content that starts with "<").
_HTML_TAG = re.compile(
    r"<(?:!doctype\s+html|html|head|body|title|h[1-6]|center|hr|div|pre|p|meta)[\s>/]",
    re.IGNORECASE,
)
_HTML_HEAD = 2000


def is_html_page(text: str) -> bool:
    """`text` is an HTML (or XHTML) page rather than an answer: it starts with a tag, and an HTML
    element appears near its start."""
    head = text.lstrip()[:_HTML_HEAD]
    return head.startswith("<") and _HTML_TAG.search(head) is not None


class MalformedAnswer(ValueError):
    """The response holds no usable answer; `final` when asking again would not help."""

    def __init__(self, message: str, *, final: bool = False) -> None:
        super().__init__(message)
        self.final = final


def content_text(content: Any) -> str:
    """The text of a message's `content`: a string, or the joined text of a list of parts."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for part in content:
            if isinstance(part, str):
                parts.append(part)
            elif isinstance(part, dict) and isinstance(part.get("text"), str):
                parts.append(part["text"])
            elif isinstance(part, dict) and part.get("type") not in (None, "text"):
                continue  # an image or tool part: no text to keep
            else:
                raise MalformedAnswer(f"a content part without text: {str(part)[:80]}")
        return "".join(parts)
    raise MalformedAnswer(f"content is a {type(content).__name__}, not text")


def answer_text(data: bytes) -> str:
    """The answer in a chat-completions response body; `MalformedAnswer` when there is none."""
    try:
        choice = json.loads(data.decode("utf-8"))["choices"][0]
        message = choice["message"]
    except (ValueError, KeyError, IndexError, TypeError) as exc:
        raise MalformedAnswer(f"malformed response: {type(exc).__name__}: {exc}") from None
    if not isinstance(choice, dict) or not isinstance(message, dict):
        raise MalformedAnswer("malformed response: choices[0].message is not an object")
    finish = choice.get("finish_reason")
    if finish in UNFINISHED:
        raise MalformedAnswer(f"unfinished answer (finish_reason {finish!r})", final=True)
    text = content_text(message.get("content"))
    if is_html_page(text):
        raise MalformedAnswer("the content is an HTML page, not an answer", final=True)
    return text
