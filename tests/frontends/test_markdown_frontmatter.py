"""The trivial front-matter fast path equals `yaml.safe_load` wherever it answers."""

from __future__ import annotations

import random
from pathlib import Path

import yaml

from vectorless_assets import compile_document
from vectorless_assets.frontends.markdown import parse_markdown
from vectorless_assets.frontends.markdown.frontmatter import simple_mapping
from vectorless_assets.ir.persist import load_ir, save_ir

_KEYS = [
    "title",
    "description",
    "sort_rank",
    "nav-title",
    "_x",
    "yes",
    "on",
    "null",
    "1",
    "y",
    "Off",
    "a" * 130,
    "~",
]
_VALUES = [
    "Data model",
    "yes",
    "No",
    "ON",
    "null",
    "~",
    "1.5",
    "07",
    "0",
    "12",
    "0x1F",
    "1_000",
    "1:30",
    "2020-01-01",
    ".inf",
    "=",
    "-1",
    "+3",
    "1e5",
    "a  b",
    "x'y",
    "a, b",
    "q?",
]
_ALPHABET = "abcXYZ019 _.,/()'+=?!;&*%$~^-:#\"[]{}|>@`\t\u00e9\\"
_PLAIN = "abcXYZ019 _.,/()'+=?!;&*%$~^-"  # what the fast path accepts inside a value
_SEPARATORS = [": ", ":  ", ":", " : ", ":\t"]


def _random_block(rnd: random.Random) -> str:
    lines = []
    for _ in range(rnd.randint(1, 4)):
        roll = rnd.random()
        if roll < 0.08:
            lines.append("")
            continue
        key = (
            rnd.choice(_KEYS)
            if rnd.random() < 0.8
            else "".join(
                rnd.choices(_ALPHABET if rnd.random() < 0.5 else _PLAIN, k=rnd.randint(1, 5))
            )
        )
        roll = rnd.random()
        if roll < 0.3:
            value = rnd.choice(_VALUES)
        elif roll < 0.45:  # quoted: the fast path takes those without escapes or inner quotes
            quote = rnd.choice("\"'")
            inner = "".join(rnd.choices(_ALPHABET, k=rnd.randint(0, 8)))
            value = (
                quote
                + inner
                + quote
                + ("" if rnd.random() < 0.9 else rnd.choice([" ", "x", quote]))
            )
        else:
            value = "".join(rnd.choices(_PLAIN if roll < 0.8 else _ALPHABET, k=rnd.randint(1, 8)))
        sep = ": " if rnd.random() < 0.85 else rnd.choice(_SEPARATORS)
        lead = " " if rnd.random() < 0.03 else ""
        lines.append(f"{lead}{key}{sep}{value}")
    return "\n".join(lines)


def _typed(mapping: object) -> object:
    """A form where 1, True and "1" differ, and order counts."""
    if not isinstance(mapping, dict):
        return ("not a dict", repr(mapping))
    return [(type(k).__name__, k, type(v).__name__, v) for k, v in mapping.items()]


def test_equals_safe_load_on_random_blocks() -> None:
    rnd = random.Random(20261201)
    answered = quoted = 0
    for _ in range(6000):
        raw = _random_block(rnd)
        fast = simple_mapping(raw)
        if fast is None:
            continue
        answered += 1
        quoted += "'" in raw or '"' in raw
        assert _typed(fast) == _typed(yaml.safe_load(raw)), raw
    assert answered > 100 and quoted > 50  # the fast path is really exercised


def test_falls_back_on_what_yaml_resolves_otherwise() -> None:
    assert simple_mapping("title: Foo\nsort_rank: 7\n\nnav_icon: bell") == {
        "title": "Foo",
        "sort_rank": 7,
        "nav_icon": "bell",
    }
    for raw in [
        "on: x",
        "a: yes",
        "a: 1.5",
        "a: 07",
        "a: 2020-01-01",
        "a: 1:30",
        "a: b # c",
        "a: 'b''c'",
        'a: "b\\tc"',
        'a: "b" ',
        " a: b",
        "a: caf\u00e9",
        "a: [b]",
        "- a",
    ]:
        assert simple_mapping(raw) is None, raw
    assert simple_mapping("a: 'yes'\nb: \"1.5 # x: y\"\nc: ''") == {
        "a": "yes",
        "b": "1.5 # x: y",
        "c": "",
    }
    assert simple_mapping("a: 1\na: two") == yaml.safe_load("a: 1\na: two") == {"a": "two"}


def test_front_matter_title_through_the_parser() -> None:
    parsed = parse_markdown(b"---\ntitle: Data  model\nsort_rank: 1\n---\n\n# Heading\n\ntext\n")
    assert parsed.title == "Data model"
    assert parsed.raw_nodes[0].level == 0 and parsed.raw_nodes[1].title == "Heading"


def test_surrogate_escapes_in_front_matter_give_a_savable_title(tmp_path: Path) -> None:
    # YAML decodes "\udfff" to a lone surrogate: the IR compiled but could not be written
    data = b'---\ntitle: "\\udfff x \\ud83d\\ude00"\ndescription: "\\ud800"\n---\n# A\n\ntext\n'
    parsed = parse_markdown(data)
    assert parsed.title == "\ufffd x \U0001f600"  # a lone one replaced, an escaped pair joined
    assert parsed.description == "\ufffd"
    doc = compile_document(data, name="sur.md", mode="deep")
    assert load_ir(save_ir(doc, tmp_path / "sur.json")).name == doc.name
