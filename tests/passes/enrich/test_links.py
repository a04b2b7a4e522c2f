"""In-document Markdown links and relative references ("the next section") are references,
resolved to the nodes they point at."""

from __future__ import annotations

from vectorless_assets import compile_document
from vectorless_assets.passes.enrich.links import anchor_key, definitions, links
from vectorless_assets.passes.enrich.relative import relative


def _refs(text: str) -> dict[str, tuple[str, str | None]]:
    """Reference text -> (kind, title of the target) over a compiled document."""
    doc = compile_document(text.encode(), name="doc.md", mode="fast")
    titles = {n.node_id: n.title for n in doc.tree.nodes}
    return {
        r.text: (r.kind, titles.get(r.target_node_id or ""))
        for n in doc.tree.nodes
        for r in n.references
    }


def test_links_inline_and_reference_style_not_external() -> None:
    text = "See [a](#x-y), [b][lab], [Lab][] and [web](https://e.org/#x) or [file](/docs/a)."
    assert links(text, {"lab": "x-y"}) == [
        ("[a](#x-y)", "#x-y"),
        ("[b][lab]", "#x-y"),
        ("[Lab][]", "#x-y"),
    ]
    assert links(text, {}) == [("[a](#x-y)", "#x-y")]
    assert definitions(["text\n[Lab]: #x-y\n  [two]: #z", "[web]: https://e.org"]) == {
        "lab": "x-y",
        "two": "z",
    }
    # GitHub, mdBook and pandoc slugs of one title meet
    assert anchor_key("The Council's process") == anchor_key("the-council-s-process")
    assert anchor_key("CAP 理論") == anchor_key("cap-理論")


def test_anchor_links_resolve_to_the_titled_section() -> None:
    text = (
        "# Guide\n\n## The Council's process\n\nRead [the limits](#limits) and the "
        "[accountability section][acc].\n\n## Limits\n\nNone.\n\n## Accountability\n\n"
        "Text.\n\n[acc]: #accountability\n\n## CAP 理論\n\n[整合性](#cap-理論)を参照。\n"
    )
    got = _refs(text)
    assert got["[the limits](#limits)"] == ("title", "Limits")
    assert got["[accountability section][acc]"] == ("title", "Accountability")
    assert "[整合性](#cap-理論)" not in got  # (a link to its own section is dropped)


def test_a_repeated_title_resolves_to_the_nearest() -> None:
    text = (
        "# One\n\n## Summary\n\nA.\n\n## Motivation\n\nSee [summary](#summary).\n\n"
        "# Two\n\n## Summary\n\nB.\n\n## Motivation\n\nSee [summary](#summary) again.\n"
    )
    doc = compile_document(text.encode(), name="doc.md", mode="fast")
    by_id = {n.node_id: n for n in doc.tree.nodes}
    pairs = [
        (by_id[n.parent or ""].title, by_id[r.target_node_id or ""].content.strip())
        for n in doc.tree.nodes
        for r in n.references
    ]
    assert pairs == [("One", "A."), ("Two", "B.")]


def test_relative_references() -> None:
    assert relative("See the next section, not the following sections.") == [
        ("the next section", "section", "next")
    ]
    assert relative("次のセクションと前章を参照。") == [
        ("次のセクション", "section", "next"),
        ("前章", "chapter", "previous"),
    ]
    text = (
        "# Book\n\n# One\n\nIntro; the next section starts.\n\n## A\n\nAs in the previous "
        "section.\n\n## B\n\nSee the next section.\n\n# Two\n\nUnlike the previous chapter.\n"
    )
    doc = compile_document(text.encode(), name="doc.md", mode="fast")
    titles = {n.node_id: n.title for n in doc.tree.nodes}
    got = {
        (titles[n.node_id], r.text, titles.get(r.target_node_id or ""))
        for n in doc.tree.nodes
        for r in n.references
    }
    assert got == {
        ("One", "the next section", "A"),  # (its first child follows it)
        ("A", "the previous section", "One"),  # (no previous sibling: its parent)
        ("B", "the next section", "Two"),  # (the last child: its parent's next sibling)
        ("Two", "the previous chapter", "One"),
    }
