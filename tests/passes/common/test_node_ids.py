"""Node ids survive edits elsewhere (`passes.common.node_ids`): a property test over random
edit scripts of generated Markdown, compiled in process, incrementally or forced, each step
from the previous step's IR.

An untouched section (same title and text, moved or not) keeps the id of its first compile;
a new section takes an id never used before in the document; ids stay unique and every
index, the table of contents and the change set name the carried ids.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support import sections as S
from vectorless_assets import compile_document
from vectorless_assets.ir.document import Document, dangling_node_ids
from vectorless_assets.ir.tree import DocumentTree, TreeNode
from vectorless_assets.passes.common.node_ids import carry_ids, high_water, relabelled

EDIT = st.one_of(
    st.tuples(st.just("insert"), st.integers(0, 40), st.sampled_from([2, 3])),
    st.tuples(st.just("delete"), st.integers(0, 40)),
    st.tuples(st.just("move"), st.integers(0, 40), st.integers(0, 40)),
)


def compile_(
    sections: list[S.Section], previous: Document | None = None, *, force: bool = False
) -> Document:
    return compile_document(
        S.render(sections), name="living.md", mode="fast", previous=previous, force=force
    )


def apply(doc: list[S.Section], op: tuple, step: int) -> list[S.Section]:
    if op[0] == "insert" or not doc:
        level = op[2] if op[0] == "insert" else 2
        new = S.Section(level, f"Inserted {step}", f"Inserted {step}: " + S.paragraph(900 + step))
        return S.insert(doc, op[1] % (len(doc) + 1), new)
    i = op[1] % len(doc)
    return S.delete(doc, i) if op[0] == "delete" else S.move(doc, i, op[2] % len(doc))


def ids_by_title(doc: Document) -> dict[str, str]:
    return {n.title: n.node_id for n in doc.tree.nodes}


def assert_consistent(doc: Document) -> None:
    ids = [n.node_id for n in doc.tree.nodes]
    assert len(set(ids)) == len(ids), "ids are unique"
    assert not dangling_node_ids(doc), "every index names nodes of the tree"
    assert [e.node_id for e in doc.toc] == ids
    assert doc.meta is not None and doc.meta.node_id_high_water >= max(int(i) for i in ids)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.tuples(EDIT, st.booleans()), min_size=1, max_size=6),
    st.integers(4, 14),
)
def test_untouched_sections_keep_their_ids_across_insert_delete_and_move(
    script: list[tuple[tuple, bool]], size: int
) -> None:
    sections = S.generate(size, words=20)
    previous = compile_(sections)
    first = ids_by_title(previous)
    assert [n.node_id for n in previous.tree.nodes] == [
        f"{i:04d}" for i in range(1, len(previous.tree.nodes) + 1)
    ], "a first compile numbers nodes in document order"
    used = set(first.values())
    for step, (op, force) in enumerate(script):
        sections = apply(sections, op, step)
        doc = compile_(sections, previous, force=force)
        assert doc.meta.action == "full" if force else doc.meta.action in ("incremental", "skip")
        assert_consistent(doc)
        now = ids_by_title(doc)
        for title, node_id in first.items():
            if title in now:  # an original section still there, untouched (maybe moved)
                assert now[title] == node_id, (step, op, title)
        before = {n.node_id for n in previous.tree.nodes}
        fresh = {i for i in now.values() if i not in before}
        assert not fresh & used, "a removed id is never given to another section"
        assert min((int(i) for i in fresh), default=10**9) > high_water(previous)
        changes = doc.meta.changes
        assert {c.node_id for c in changes.added} == fresh
        assert {c.node_id for c in changes.removed} == before - set(now.values())
        assert {c.node_id for c in changes.restructured} <= before & set(now.values())
        used |= fresh
        previous = doc


def test_a_removed_id_is_not_reused_by_the_next_compile() -> None:
    sections = S.generate(6, words=20)
    first = compile_(sections)
    removed = ids_by_title(first)["Section 0.5"]  # the last node: the highest id
    without = compile_(S.delete(sections, 5), first)
    assert without.meta.node_id_high_water == first.meta.node_id_high_water
    again = compile_(
        S.insert(S.delete(sections, 5), 5, S.Section(3, "Other", "Other text.")), without
    )
    assert ids_by_title(again)["Other"] == f"{int(removed) + 1:04d}" != removed


def test_an_edited_section_keeps_its_id_and_a_preface_takes_a_fresh_one() -> None:
    sections = S.generate(8, words=20)
    first = compile_(sections)
    edited = S.insert(S.edit(sections, 3), 0, S.Section(2, "Preface", "A preface."))
    doc = compile_(edited, first)
    ids = ids_by_title(doc)
    assert {t: ids[t] for t in ids_by_title(first)} == ids_by_title(first)
    assert ids["Preface"] == f"{len(first.tree.nodes) + 1:04d}"
    changes = doc.meta.changes
    assert [(c.title, c.node_id) for c in changes.modified] == [("Section 0.3", ids["Section 0.3"])]
    assert [(c.title, c.node_id) for c in changes.added] == [("Preface", ids["Preface"])]


def test_ids_past_9999_grow_a_digit_and_stay_unique() -> None:
    def tree(titles: list[str], ids: list[str]) -> DocumentTree:
        root = TreeNode(node_id=ids[0], title=titles[0], children=ids[1:])
        kids = [
            TreeNode(node_id=i, parent=ids[0], title=t, content=t, depth=1)
            for i, t in zip(ids[1:], titles[1:], strict=True)
        ]
        return DocumentTree(nodes=[root, *kids])

    old = tree(["Root", "A", "B"], ["0001", "9998", "9999"])
    previous = Document(doc_id="d", name="d", format="markdown", tree=old)
    new = tree(["Root", "New", "A", "Newer", "B"], ["0001", "0002", "0003", "0004", "0005"])
    carried = carry_ids(new, previous)
    assert [n.node_id for n in carried.nodes] == ["0001", "10000", "9998", "10001", "9999"]
    assert carried.nodes[0].children == ["10000", "9998", "10001", "9999"]


def test_relabelling_follows_references_and_clears_unknown_targets() -> None:
    from vectorless_assets.ir.tree import NodeReference

    ref = NodeReference(text="see B", kind="section", target="B", target_node_id="0003")
    gone = NodeReference(text="see X", kind="section", target="X", target_node_id="0099")
    nodes = [
        TreeNode(node_id="0001", children=["0002", "0003"]),
        TreeNode(node_id="0002", parent="0001", references=[ref, gone]),
        TreeNode(node_id="0003", parent="0001"),
    ]
    out = relabelled(DocumentTree(nodes=nodes), {"0001": "0001", "0002": "0007", "0003": "0002"})
    assert [n.node_id for n in out.nodes] == ["0001", "0007", "0002"]
    assert [r.target_node_id for r in out.nodes[1].references] == ["0002", None]
    assert out.nodes[2].parent == "0001" and out.nodes[0].children == ["0007", "0002"]


def test_every_index_of_a_deep_recompile_names_the_carried_ids() -> None:
    sections = [
        *S.generate(9),
        S.Section(2, "Appendix A", "Defaults live here. " + S.paragraph(5)),
    ]
    sections[2] = S.Section(3, "Section 0.2", "For the defaults see Appendix A. " + S.paragraph(3))
    first = compile_document(S.render(sections), name="living.md", mode="deep")
    preface = S.Section(2, "Preface", "Hello. " + S.paragraph(9))
    edited = S.move(S.delete(S.insert(sections, 0, preface), 4), 1, 6)
    doc = compile_document(S.render(edited), name="living.md", mode="deep", previous=first)
    assert_consistent(doc)
    before, now = ids_by_title(first), ids_by_title(doc)
    assert {t: now[t] for t in before if t in now} == {t: before[t] for t in now if t in before}
    ref = next(r for n in doc.tree.nodes for r in n.references if r.target == "A")
    assert ref.target_node_id == before["Appendix A"] == now["Appendix A"]
    # the indexes that list sections name them by their kept ids
    assert doc.chain_index is not None and doc.reasoning_index is not None
    assert set(doc.reasoning_index.referenced_node_ids()) <= set(now.values())
    assert [e.node_id for e in doc.toc] == [n.node_id for n in doc.tree.nodes]
