"""`locate` on book-like documents: chapters named by number, captions named by label,
questions that are a title, and headings inside a section's text.

Each test compiles a small generated Markdown book (fast mode: no LLM, no index) and
asserts a ranking that the plain text and title signals get wrong.
"""

from __future__ import annotations

from vectorless_assets.ir import Document
from vectorless_assets.navigator import DocumentNavigator
from vectorless_assets.navigator.ranking.labels import chapter_numbers
from vectorless_assets.navigator.ranking.titles import inner_headings, title_fit
from vectorless_assets.pipeline.compile import compile_document

FILLER = (
    "This part of the guide walks through the ideas one small step at a time, with short "
    "examples you can type and run yourself before moving on to the next topic."
)


def book(*sections: tuple[str, str], name: str = "guide.md") -> Document:
    """A Markdown book of (heading line, body) sections, compiled in fast mode."""
    text = "".join(f"{h}\n\n{b}\n\n{FILLER}\n\n" for h, b in sections)
    return compile_document(text.encode(), name=name, mode="fast")


def titles(doc: Document, question: str, k: int = 3) -> list[str]:
    return [h["title"] for h in DocumentNavigator(doc).locate(question, k=k)]


def chapters_book(cross_references: bool) -> Document:
    """Front matter (unnumbered), then three chapters; the contents page lists every chapter."""
    refs = (
        "See the “Opening Files” section in Chapter 2 and the “Retry Loops” section of "
        "Chapter 3; the “Installing the Tools” section in Chapter 1 comes first."
        if cross_references
        else "See the sections on opening files and retry loops."
    )
    return book(
        ("# Foreword", "Why we wrote this guide to handling files and errors."),
        ("# Introduction", "How to read it: Chapter 1 installs, Chapter 2 and Chapter 3 " + refs),
        ("# Getting Started", "Set up everything."),
        ("## Installing the Tools", "Download the installer and run it."),
        ("# Working with Files", "Files hold data."),
        ("## Opening Files", "Open a file by its path and read its bytes."),
        ("# Error Handling", "Errors happen; we recover from most."),
        ("## Retry Loops", "Try again a few times before giving up."),
    )


def test_a_chapter_number_picks_the_chapter_the_cross_references_number_so() -> None:
    doc = chapters_book(cross_references=True)
    numbers = {n: doc.tree.get(nid).title for n, nid in chapter_numbers(doc.tree).items()}
    assert numbers == {1: "Getting Started", 2: "Working with Files", 3: "Error Handling"}
    # the introduction says "Chapter" most often, but the chapter numbered 3 is the answer
    assert titles(doc, "Chapter 3")[0] == "Error Handling"
    assert titles(doc, "see Chapter 2")[0] == "Working with Files"
    # with other words, the section inside the numbered chapter that they name
    assert titles(doc, "Installing section of Chapter 1")[0] == "Installing the Tools"


def test_without_agreeing_cross_references_chapters_are_not_numbered() -> None:
    doc = chapters_book(cross_references=False)
    assert chapter_numbers(doc.tree) == {}
    assert titles(doc, "Chapter 3")[0] == "Introduction"  # only the word is left to match


def test_a_listing_label_picks_the_first_section_that_mentions_it() -> None:
    doc = book(
        ("# Loops", "Loops repeat code."),
        ("## Looping with for", "A for loop looks like the code in Listing 3-5, over a list."),
        (
            "## Iterators",
            "Iterators are used like in Listing 3-5, and Listing 13-1, listing items.",
        ),
        ("## Listing Files", "Listing the files of a directory, a listing per line, listing all."),
    )
    assert titles(doc, "Listing 3-5")[0] == "Looping with for"
    assert titles(doc, "Listing 13-1")[0] == "Iterators"


def test_a_question_that_is_a_title_picks_that_title() -> None:
    doc = book(
        ("# Advanced Features", "Macros, types and traits."),
        (
            "## Custom derive Macros",
            "Macros that derive code: macros, macros and more macros, each derive macro.",
        ),
        ("## Macros", "The term macro refers to a family of features in the language."),
        ("## To panic! or Not to panic!", "When to return an error and when to stop."),
        ("## Unrecoverable Errors with panic!", "A panic stops the program; panic prints a panic."),
    )
    assert titles(doc, "Macros")[0] == "Macros"
    assert titles(doc, "To panic! or Not to panic!")[0] == "To panic! or Not to panic!"


def test_a_heading_inside_a_sections_text_points_at_that_section() -> None:
    doc = book(
        ("# Modules", "Modules group code."),
        (
            "## Separating Modules",
            "Move a module to its own file.\n\n> ### Alternate File Paths\n>\n"
            "> An older style names the file mod.rs inside a directory.",
        ),
        (
            "## Summary",
            "We covered modules, paths and files; see “Alternate File Paths” for the old file "
            "path style, with alternate paths to each file path.",
        ),
    )
    # the title holds no term of the question: only the quoted heading inside can lift it
    assert titles(doc, "Alternate File Paths")[0] == "Separating Modules"


def test_inner_headings_skip_code_fences() -> None:
    content = (
        "Text\n> ### Sidebar Title\n> body\n```sh\n# a shell comment\n```\n## Plain Heading ##\n"
    )
    assert inner_headings(content) == ["Sidebar Title", "Plain Heading"]
    assert inner_headings("no hashes here") == []


def test_title_fit_is_one_for_an_exact_title_and_less_for_a_longer_one() -> None:
    def idf(term: str) -> float:
        return {"macro": 1.0, "custom": 2.0, "derive": 2.0}.get(term, 1.0)

    assert title_fit(["macro"], {"macro"}, idf, 1.0) == 1.0
    assert title_fit(["macro"], {"custom", "derive", "macro"}, idf, 1.0) == 0.2
    assert title_fit(["macro"], set(), idf, 1.0) == 0.0


def test_a_chapter_named_by_number_lists_its_sections_before_their_subsections() -> None:
    doc = book(
        ("# Foreword", "Why we wrote this guide."),
        (
            "# Introduction",
            "See the “Opening Files” section in Chapter 1, the “Retry Loops” "
            "section of Chapter 2 and the “Closing Files” section in Chapter 1.",
        ),
        ("# Working with Files", "Files hold data."),
        ("## Opening Files", "Open a file by its path."),
        ("### Open Options", "Options say how a file opens: read, write, append, create."),
        ("### Paths and Names", "A path names a file."),
        ("## Closing Files", "Close a file when done."),
        ("# Error Handling", "Errors happen."),
        ("## Retry Loops", "Try again."),
    )
    assert chapter_numbers(doc.tree)[1] == doc.tree.nodes[3].node_id
    ranked = titles(doc, "Chapter 1", k=4)
    assert ranked[0] == "Working with Files"
    assert set(ranked[1:3]) == {"Opening Files", "Closing Files"}


def test_a_title_many_sections_share_is_marked_down() -> None:
    moves = "Values move or copy when assigned; a move ends the old owner's use of the value."
    doc = book(
        ("# Part One", "Ownership and borrowing."),
        ("## Summary", moves),
        ("## Ownership Recap", moves),
        *[
            section
            for n in ("Two", "Three", "Four")
            for section in ((f"# Part {n}", "More features."), ("## Summary", f"Part {n} done."))
        ],
    )
    # the same text, but "Summary" is the title of four sections: it says less about where
    assert titles(doc, "when do values move or copy")[0] == "Ownership Recap"
    assert titles(doc, "summary", k=1) == ["Summary"]  # asked for by its title: not marked down


def test_chapters_below_parts_are_numbered_at_their_own_level() -> None:
    doc = book(
        (
            "# Preface",
            "Read the “Open Options” section of Chapter 1, the “Retry Loops” section "
            "in Chapter 3 and the “Thread Pools” section in Chapter 4.",
        ),
        ("# Part I: Basics", "The basics."),
        ("## Working with Files", "Files hold data."),
        ("### Open Options", "Options say how a file opens."),
        ("## Text and Strings", "Strings hold text."),
        ("# Part II: Robustness", "Keeping programs running."),
        ("## Error Handling", "Errors happen."),
        ("### Retry Loops", "Try again."),
        ("# Part III: Speed", "Going faster."),
        ("## Concurrency", "Threads run at once."),
        ("### Thread Pools", "Reuse threads."),
    )
    numbers = {n: doc.tree.get(nid).title for n, nid in chapter_numbers(doc.tree).items()}
    assert numbers == {
        1: "Working with Files",
        2: "Text and Strings",
        3: "Error Handling",
        4: "Concurrency",
    }
    assert titles(doc, "Chapter 2")[0] == "Text and Strings"


def test_cross_references_naming_a_chapter_itself_number_the_chapters() -> None:
    doc = book(
        (
            "# Foreword",
            "Start with “Getting Started” in Chapter 1, then “Working with Files” in "
            "Chapter 2 and “Error Handling” in Chapter 3.",
        ),
        ("# Getting Started", "Set up everything."),
        ("# Working with Files", "Files hold data."),
        ("# Error Handling", "Errors happen; we recover from most."),
    )
    numbers = {n: doc.tree.get(nid).title for n, nid in chapter_numbers(doc.tree).items()}
    assert numbers == {1: "Getting Started", 2: "Working with Files", 3: "Error Handling"}
    assert titles(doc, "Chapter 2")[0] == "Working with Files"


def test_cross_references_that_disagree_number_no_chapters() -> None:
    """Three references say the chapters start after the front matter, three one later:
    no offset has `MIN_AGREEMENT` of the votes, so nothing is numbered."""
    doc = book(
        (
            "# Foreword",
            "See “Getting Started” in Chapter 1, “Working with Files” in Chapter 2 and "
            "“Error Handling” in Chapter 3; also “Working with Files” in Chapter 1, “Error "
            "Handling” in Chapter 2 and “Testing” in Chapter 3.",
        ),
        ("# Getting Started", "Set up everything."),
        ("# Working with Files", "Files hold data."),
        ("# Error Handling", "Errors happen."),
        ("# Testing", "Tests check code."),
    )
    assert chapter_numbers(doc.tree) == {}
