"""`keys.prefixed_name` / `prefixed_key`: the one place a compiler's prefix makes a name."""

from __future__ import annotations

import pytest

from vectorless_assets.orchestration.base import keys
from vectorless_assets.orchestration.base.keys import check_prefix, prefixed_key, prefixed_name
from vectorless_assets.orchestration.base.names import CHUNK_IO_RESOURCE
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.jobs.recompile import CHUNK_OP

#: every base name a compiler gives (jobs, ops, sensor, schedules, groups, partitions, resources)
NAMES = [
    keys.SOURCE,
    keys.DOCUMENT_IR,
    keys.SOURCE_GROUP,
    keys.DOCUMENT_GROUP,
    keys.COMPILE_STEP,
    keys.PARTITIONS_NAME,
    keys.COMPILE_JOB,
    keys.RECOMPILE_JOB,
    keys.RECOMPILE_OP,
    keys.CORPUS,
    keys.CORPUS_OP,
    keys.SENSOR_NAME,
    keys.SCHEDULE_NAME,
    keys.FORCE_SCHEDULE_NAME,
    CHUNK_OP,
    CHUNK_IO_RESOURCE,
    "documents",
    "ir_store",
    "llm",
    "io_manager",
]


def test_the_empty_prefix_gives_todays_names_and_keys() -> None:
    for base in NAMES:
        assert prefixed_name(base) == base == prefixed_name(base, "")
        assert prefixed_key(base) == (base,)


def test_a_prefix_makes_a_distinct_name_and_a_key_under_the_prefix() -> None:
    assert prefixed_name(keys.COMPILE_JOB, "docs") == "docs__compile_documents"
    assert prefixed_name("io_manager", "contracts") == "contracts__io_manager"
    assert prefixed_key(keys.DOCUMENT_IR, "docs") == ("docs", "document_ir")
    assert prefixed_key("tree", "legal_2")[-1] == "tree"  # the last element stays the field


def test_no_two_prefix_and_name_pairs_give_one_name() -> None:
    # with a single "_" separator `a_force` + `recompile_schedule` == `a` +
    # `force_recompile_schedule`
    prefixes = ["a", "a_force", "a_recompile", "docs", "docs_documents", "x1", "x_1_y"]
    made = [(prefixed_name(base, p), p, base) for p in prefixes for base in set(NAMES)]
    assert len({name for name, _, _ in made}) == len(made)
    assert prefixed_name(keys.FORCE_SCHEDULE_NAME, "a") != prefixed_name(
        keys.SCHEDULE_NAME, "a_force"
    )


@pytest.mark.parametrize(
    "bad", ["_docs", "docs_", "a__b", "2docs", "do-cs", "do cs", "docs/x", "é"]
)
def test_a_bad_prefix_is_one_line_naming_the_rule(bad: str) -> None:
    with pytest.raises(ValueError, match=r"^prefix .* must start with a letter") as err:
        check_prefix(bad)
    assert "\n" not in str(err.value)
    with pytest.raises(ValueError):
        prefixed_name(keys.COMPILE_JOB, bad)


def test_settings_carry_the_prefix_and_the_standalone_has_none(tmp_path) -> None:
    assert Settings.from_env({}).prefix == ""
    s = Settings.create(docs_dir=tmp_path, ir_dir=tmp_path / "ir", prefix="docs")
    assert s.prefix == "docs" and s.state_path == str(
        tmp_path / "ir" / ".state" / "documents.sqlite"
    )
    with pytest.raises(ValueError, match="prefix 'a__b'"):
        Settings.create(docs_dir=tmp_path, ir_dir=tmp_path / "ir", prefix="a__b")


def test_two_prefixed_compilers_with_remote_ir_folders_keep_separate_state(
    tmp_path, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    docs, contracts, plain = (
        Settings.create(docs_dir=tmp_path, ir_dir="memory://ir", prefix=p)
        for p in ("docs", "contracts", "")
    )
    assert docs.state_path != contracts.state_path
    # unchanged
    assert plain.state_path == str(tmp_path / ".vectorless" / ".state" / "documents.sqlite")
