"""Issue 25, item 1: a catastrophic `grep` pattern is bounded and does not hold the GIL.

`(a+)+$` (or `(a|aa)+$`) over a line of 40 `a`s and a `!` backtracks exponentially; with `re`
it ran forever holding the GIL (every other thread of the MCP server froze). The check runs
in a subprocess so that, on code without the budget, the test fails by timeout instead of
hanging the suite.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent(
    """
    import threading
    from vectorless_assets import compile_document
    from vectorless_assets.navigator import DocumentNavigator, NavigationError

    text = "# Doc\\n\\nIntro.\\n\\n## Evil\\n\\n" + "a" * 40 + "!\\n\\n## Plain\\n\\nblade text\\n"
    nav = DocumentNavigator(compile_document(text.encode(), name="evil.md"))
    other = DocumentNavigator(compile_document(text.encode(), name="other.md"))
    started, outcome = threading.Event(), {}

    def evil():
        started.set()
        try:
            nav.grep(r"(a|aa)+$")
            outcome["grep"] = "returned"
        except NavigationError as exc:
            outcome["grep"] = str(exc)

    worker = threading.Thread(target=evil)
    worker.start()
    started.wait()
    rows = other.find("blade")  # runs while the evil grep is still matching: the GIL is free
    outcome["alive_during_find"] = worker.is_alive()
    worker.join()
    print(outcome["alive_during_find"], len(rows) > 0)
    print(outcome["grep"])
    print(nav.grep(r"(a+)+$"))  # the issue's pattern: the regex engine answers it at once
    """
)


def test_catastrophic_grep_pattern_is_bounded_and_leaves_other_threads_running() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    first, message, issue_pattern = proc.stdout.strip().splitlines()
    assert first == "True True"  # another thread searched while the pattern was still running
    assert "budget" in message and "(a|aa)+$" in message
    assert issue_pattern == "[]"  # no line of the document ends in a run of a's


def test_grep_still_matches_ordinary_patterns() -> None:
    from vectorless_assets import compile_document
    from vectorless_assets.navigator import DocumentNavigator

    nav = DocumentNavigator(compile_document(b"# T\n\nline one\n\nLine Two\n", name="t.md"))
    assert [r["text"] for r in nav.grep(r"^line \w+$")] == ["line one", "Line Two"]
    assert [r["text"] for r in nav.grep(r"^line \w+$", ignore_case=False)] == ["line one"]
