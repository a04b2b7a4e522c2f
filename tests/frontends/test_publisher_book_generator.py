"""The publisher-style book generator of benchmarks/quality/bench_publisher_books.py (issue 36)
draws what its ground truth says, and the shared book scorer scores a perfect prediction 1.0 and a
known wrong one exactly as expected."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks" / "quality"))
from bench_publisher_books import pkey  # noqa: E402
from book_scoring import depths, items, level_scores  # noqa: E402
from publisher_books.generate import Book, generate  # noqa: E402

from vectorless_assets.frontends.pdf.outline import norm  # noqa: E402

SEED = 157  # 30 pages: legal numbering hanging in the margin, all-caps headings, crop box,
# a subset-renamed heavy face, bylines, a list of figures, a full outline


@pytest.fixture(scope="module")
def book() -> Book:
    return generate(SEED)


def test_the_book_uses_the_conventions_it_records(book: Book) -> None:
    want = {"legal", "hanging_numbers", "caps", "cropbox", "subset_weight", "list_of", "outline"}
    assert want <= set(book.conventions)
    assert 20 <= book.pages <= 80
    reader = PdfReader(io.BytesIO(book.pdf))
    fonts: dict[str, float] = {}
    for page in reader.pages:
        crop, media = page.cropbox, page.mediabox
        assert media.left < crop.left and crop.right < media.right  # a trimmed page in A4
        assert media.bottom < crop.bottom and crop.top < media.top
        for font in page["/Resources"]["/Font"].values():
            desc = font.get_object().get("/FontDescriptor")
            if desc is not None:
                fonts[font.get_object()["/BaseFont"]] = desc.get_object()["/StemV"]
    heavy = [f for f in fonts if re.fullmatch(r"/[A-Z]{6}\+\w+-(?:Sb|Smbd|Dm|Ttl)", f)]
    regular = [f for f in fonts if f.endswith("-Regular")]
    assert heavy and regular and fonts[heavy[0]] > fonts[regular[0]]  # only /StemV tells


def test_each_true_heading_is_on_its_page(book: Book) -> None:
    reader = PdfReader(io.BytesIO(book.pdf))
    texts = [page.extract_text() for page in reader.pages]
    for title, _, page in book.truth:
        assert pkey(title) in norm(texts[page - 1]), (title, page)
    numbered = [h for h in book.plan.heads if h.kind == "section" and h.number]
    assert numbered
    page_of = {t: p for t, _, p in book.truth}
    for head in numbered:  # the number: a separate text object after the page body
        page = page_of[head.printed]
        late = sum(page_of[h.printed] == page for h in numbered)
        tail = [line.strip() for line in texts[page - 1].strip().splitlines()[-late:]]
        assert head.number in tail, (head.printed, tail)
        assert head.title.upper() in texts[page - 1].upper()


def test_the_outline_is_the_truth(book: Book) -> None:
    reader = PdfReader(io.BytesIO(book.pdf))
    marks: list[tuple[str, int, int]] = []

    def walk(entries: list, level: int) -> None:
        for e in entries:
            if isinstance(e, list):
                walk(e, level + 1)
            else:
                marks.append((e.title, level, reader.get_destination_page_number(e) + 1))

    walk(reader.outline, 1)
    assert marks == book.truth


def test_the_same_seed_gives_the_same_bytes(book: Book) -> None:
    assert generate(SEED).pdf == book.pdf
    assert generate(SEED + 1).pdf != book.pdf


def test_the_scorer() -> None:
    assert depths([1, 3, 2, 1, 2, 3]) == [1, 2, 2, 1, 2, 3]
    truth = items([("1 Alpha", 3, 1), ("1.1 Beta", 4, 2), ("1.2 Gamma", 6, 2), ("2 Delta", 8, 1)])
    assert level_scores(truth, truth) == (1.0, 1.0, 1.0, 1.0, 1.0)
    deeper = [(k, p, d + 1) for k, p, d in truth]  # an extra wrapper level
    assert level_scores(truth, deeper) == (1.0, 1.0, 1.0, 0.0, 1.0)
    # Alpha right; Beta one level too deep; Gamma two pages off; Delta missing; one false
    pred = items([("Alpha", 3, 1), ("Beta", 4, 2), ("Gamma", 8, 2), ("Epsilon", 9, 1)])
    pred[1] = (pred[1][0], 4, 3)
    p, r, f1, strict, offset = level_scores(truth, pred)
    assert (p, r, strict, offset) == (0.5, 0.5, 0.5, 0.5)
    assert f1 == pytest.approx(0.5)
