"""What frontends produce: a flat list of raw sections plus document facts (ParsePass output)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from vectorless_assets.ir.document import Diagnostic


class RawNode(BaseModel):
    """One heading and the text under it, before any tree exists.

    `level` is the heading level (1 = top; 0 = text before the first heading, owned by the
    root). Lines are 1-based and inclusive, pages 1-based physical pages.
    """

    model_config = ConfigDict(extra="ignore")

    title: str
    level: int
    content: str = ""
    line_start: int | None = None
    line_end: int | None = None
    start_page: int | None = None
    end_page: int | None = None
    start_page_label: str | None = None
    end_page_label: str | None = None
    #: `text.llm_tokens.estimate_tokens(content)`, or 0 (then the build pass computes it);
    #: passes rely on it being exactly that (enhance tells a short text by it), so a frontend
    #: never puts another tokenizer's count here
    token_count: int = 0
    #: PDF: offsets in `content` where each page after `start_page` begins (one per page,
    #: non-decreasing; equal offsets are empty pages); empty for Markdown and DOCX
    #: (`vectorless_assets.ir.pages`)
    page_breaks: list[int] = Field(default_factory=list)
    #: the frontend accepted this heading by a narrow margin (PDF heading detection): the
    #: parse pass may ask an LLM to confirm it (`passes.parse.structure_llm`)
    uncertain: bool = False
    #: an uncertain heading's lines as extracted (the title may be cleaned: lines joined, a
    #: footnote marker left out, a trailing label moved first); demoting it puts them back
    heading_text: str | None = None
    #: what set `level` (PDF: "outline", "contents", "detection", "numbering"), to trace a
    #: wrong level; None when the frontend does not say
    level_source: str | None = None


class ParsedDocument(BaseModel):
    """ParsePass output: raw nodes in document order, and facts about the source."""

    model_config = ConfigDict(extra="ignore")

    format: str
    title: str = ""
    description: str = ""
    raw_nodes: list[RawNode] = Field(default_factory=list)
    page_count: int | None = None
    line_count: int | None = None
    diagnostics: list[Diagnostic] = Field(default_factory=list)


@dataclass(frozen=True)
class SourceDocument:
    """The bytes of one source document and where they came from.

    `key` is the path relative to the documents root (the doc_id is derived from it);
    `name` is the file name.
    """

    key: str
    data: bytes
    path: str | None = None

    @property
    def name(self) -> str:
        return Path(self.key).name

    @property
    def stem(self) -> str:
        return Path(self.key).stem
