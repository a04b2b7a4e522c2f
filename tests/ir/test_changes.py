"""The change set's one-line summary, as `vectorless compile` prints it."""

from __future__ import annotations

from vectorless_assets.ir.changes import ChangeSet, NodeChange


def changes(**counts: int) -> ChangeSet:
    return ChangeSet(
        **{
            k: [NodeChange(kind=k, title=f"t{i}", node_id=f"{i:04d}") for i in range(n)]
            for k, n in counts.items()
        }
    )


def test_summary_names_modified_first_and_counts_the_rest() -> None:
    assert changes(modified=2, added=1).summary() == "2 sections modified, 1 added"
    assert changes(added=1).summary() == "1 section added"
    assert changes(removed=3, restructured=1).summary() == "3 sections removed, 1 restructured"
    assert changes().summary() == "no section changed" and changes().empty
    assert changes(added=2, removed=1).counts() == {
        "added": 2,
        "removed": 1,
        "modified": 0,
        "restructured": 0,
    }
