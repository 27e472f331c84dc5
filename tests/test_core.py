"""The compiled core (rust/, summcheck._core) against its Python twin, the oracle: the same
scans, folds, languages and flags on real texts in four languages, on generated text and on
hostile strings; and the same report, byte for byte, from whole checks with either core.

Where a Rust toolchain is on PATH the core must have been built (else the comparisons would
skip unseen); without one the comparisons skip and the Python core is what runs.
"""
from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from summcheck import core, faithfulness
from summcheck.faithfulness import MAX_COMPARED_CHARS, _scan, _scan_words, claim_flags, pair_flag
from summcheck.faithfulness import lexicon, tokens

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "cases"))
import casekit  # noqa: E402
from conftest import run_summcheck  # noqa: E402

built = pytest.mark.skipif(core.native is None, reason="the compiled core is not built")

#: Real texts: every shared rule-case source (EN, DE, ES, PT; laws, RFCs, a transcript, OCR
#: output), the examples' sources, and the OCR fixtures.
TEXT_FILES = sorted([*casekit.SOURCES.glob("*.txt"), *casekit.SOURCES.glob("*.md"),
                     *(HERE.parent / "examples").glob("*/*.txt"),
                     *(HERE / "fixtures").rglob("*.txt")])


def _lines() -> list[str]:
    found = []
    for path in TEXT_FILES:
        text = path.read_text("utf-8", errors="surrogateescape")
        found += [line for line in text.splitlines() if line.strip()]
    return found


LINES = _lines()


def test_core_is_built_where_rust_is():
    # A binary wheel's own tests (pyproject's [tool.cibuildwheel]) require the core it carries.
    required = os.environ.get("SUMMCHECK_REQUIRE_CORE") == "1"
    if shutil.which("cargo") is None and not required:
        pytest.skip("no Rust toolchain: the Python core runs")
    assert core.native is not None, "cargo is on PATH but summcheck._core is not built: " \
                                    "reinstall (pip install -e .)"
    assert core.name().startswith("compiled core")


def test_version_names_the_core_in_use(monkeypatch):
    result = run_summcheck("--version")
    assert result.stdout.strip().endswith(core.name())
    monkeypatch.setenv("SUMMCHECK_CORE", "python")
    assert core._load() is None


# ------------------------------------------------------------------ the claim scan


@built
def test_scan_matches_python_on_real_texts():
    scanner = faithfulness._word_scan()
    decided = 0
    for line in LINES:
        found = scanner.scan_text(line)
        if found is None:  # a character Python alone reads: allowed, never wrong
            continue
        decided += 1
        numbers, negations = _scan(line)
        assert found == (sorted(numbers), negations), line
    assert decided > 0.9 * len(LINES)  # the core reads nearly every real line itself


@built
def test_claim_flags_match_python_on_real_pairs():
    claims, quotes = LINES[:-1], LINES[1:]
    expected = bytes(map(pair_flag, claims, quotes))
    assert claim_flags(claims, quotes) == expected
    assert any(flag & faithfulness.NUMBERS_DIFFER for flag in expected)
    assert any(flag & faithfulness.NEGATIONS_DIFFER for flag in expected)


_WORDS = sorted(set().union(*_scan_words()))[:400]
_PIECES = st.one_of(
    st.sampled_from(_WORDS), st.sampled_from(_WORDS).map(str.upper),
    st.text(alphabet=st.characters(max_codepoint=0x24F), max_size=6),
    st.sampled_from(["n't", "N'T", "n’t", "3.700", "1,5", "§ 5", "²", "½", "\x1c", "\xa0",
                     "\u2028", "İ", "ß", "Σ", "\udcff", "\x00", "–", "…", "ﬁ", "e\u0301"]),
    st.integers(0, 10_000).map(str))
_TEXTS = st.lists(_PIECES, max_size=14).map(" ".join)


@built
@settings(max_examples=400, deadline=None)
@given(_TEXTS, _TEXTS)
def test_core_matches_python_on_generated_text(claim, quote):
    assert claim_flags([claim], [quote]) == bytes([pair_flag(claim, quote)])
    found = faithfulness._word_scan().scan_text(claim)
    if found is not None:
        numbers, negations = _scan(claim)
        assert found == (sorted(numbers), negations)
    assert tokens.searchable(claim) == tokens.python_searchable(claim)
    folded = tokens.python_searchable(quote)
    assert lexicon.identify_searchable(folded) is lexicon.identify_plain(folded.split())


@built
def test_claim_flags_hostile_strings():
    long = "not " * (MAX_COMPARED_CHARS // 4 + 1)
    claims = ["\udcff no 5 days", "\x00 5 days", long, "é" * (MAX_COMPARED_CHARS + 1), "5 days"]
    quotes = ["6 days", "\x00 6 days", "5 days", "6 days", "\udcff 6 days"]
    assert claim_flags(claims, quotes) == bytes(map(pair_flag, claims, quotes))
    assert claim_flags(claims, quotes)[2:4] == b"\x00\x00"  # too long to be compared
    with pytest.raises(ValueError):
        faithfulness._word_scan().claim_flags(["a"], [], MAX_COMPARED_CHARS)


@built
def test_claim_flags_linear_on_a_million_repeats():
    text = "no 5 " * 200_000
    scanner = faithfulness._word_scan()
    assert scanner.claim_flags([text], [text], 10**7) == b"\x00"  # even negations, same numbers


# ------------------------------------------------------------------ folding and languages


@built
def test_searchable_matches_python_on_real_texts():
    folder = tokens._folder()
    folded_by_core = 0
    for line in LINES:
        assert tokens.searchable(line) == tokens.python_searchable(line), line
        folded_by_core += folder.searchable(line) is not None
    assert folded_by_core > 0.9 * len(LINES)


@built
def test_languages_match_python_on_real_texts():
    told = {}
    for line in LINES:
        folded = tokens.python_searchable(line)
        language = lexicon.identify_searchable(folded)
        assert language is lexicon.identify_plain(folded.split()), line
        told[language.language] = told.get(language.language, 0) + 1
    assert set(told) == {"en", "de", "es", "pt"}


def test_searchable_table_folds_alone_as_in_a_text():
    """Every character the table lists folds inside a text as it folds alone: the premise the
    core's Folder stands on (checked here whether or not the core is built)."""
    table = tokens.searchable_table()
    letters = [c for c in table if not c.isascii()]
    assert "é" in table and "ß" in table and "\u0301" not in table and "ﬁ" not in table
    text = "".join(letters) + "Ab, c." + "".join(reversed(letters))
    assert tokens.python_searchable(text) == " " + "".join(map(table.__getitem__, text)) + " "


# ------------------------------------------------------------------ whole checks


def _python_core(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(core, "native", None)
    for getter in (faithfulness._word_scan, tokens._folder, lexicon._languages):
        getter.cache_clear()


@built
def test_reports_identical_with_either_core(tmp_path, monkeypatch):
    """The faithfulness and binding rule cases (four languages, every finding they plant)
    checked with the compiled core and with the Python core: the same JSON, byte for byte."""
    root = casekit.make_tree(tmp_path)
    cases = [c for c in casekit.load_cases()
             if c["name"].startswith(("faithfulness-", "binding-")) and c.get("exit") != 2]
    assert len(cases) > 100
    folders = []
    for case in cases:
        folder = root / case["name"]
        casekit.materialise(case, folder)
        folders.append(folder)

    def reports() -> list[str]:
        return [run_summcheck("check", "summary.md", "--format", "json", "--no-cache",
                              cwd=folder).stdout for folder in folders]

    with_core = reports()
    _python_core(monkeypatch)
    with_python = reports()
    monkeypatch.undo()
    for getter in (faithfulness._word_scan, tokens._folder, lexicon._languages):
        getter.cache_clear()
    assert with_core == with_python
    assert sum(bool(json.loads(r)["findings"]) for r in with_core) > 50


# ---------------------------------------------------------------- the source fold (matching)

from summcheck.matching.normalize import fold as source_fold, python_fold  # noqa: E402


def _fold_parts(folded) -> tuple:
    return (folded.text, folded.fstart, folded.ostart, folded.copied, folded.original_length,
            folded.optional_hyphens, folded.word_hyphens, folded.spaced_hyphens)


@built
def test_source_fold_matches_python_on_real_texts():
    """Every real source, whole and line by line: the same folded text, segments and hyphens
    (an ASCII text by `fold_ascii`; any other where every character folds one for one by
    `fold_mapped`, with what each character is as Python says)."""
    ascii_seen = 0
    for path in TEXT_FILES:
        text = path.read_text("utf-8", errors="surrogateescape")
        if text.isascii():
            ascii_seen += 1
            assert core.native.fold_ascii(text) is not None
        else:
            assert core.native.fold_ascii(text) is None
        assert _fold_parts(source_fold(text)) == _fold_parts(python_fold(text)), path.name
    for line in LINES:
        assert _fold_parts(source_fold(line)) == _fold_parts(python_fold(line)), line
    assert ascii_seen >= 3  # the RFCs, the GPL, the transcript


_FOLD_TEXTS = st.text(alphabet="ab_Z9-‐ \n\t\r\x0b\x0c\x1c\x1f.,'\"", max_size=40)
# Letters, digits and white space beyond ASCII, dashes, quotation marks; and what folds to
# another length (a ligature, a combining accent, a zero-width space, a soft hyphen), which
# leaves the text to Python.
_FOLD_UNICODE = st.text(alphabet="ab9- \n\t\x1cüßé–—‐‑\u00a0\u2009“”„«»’\u2028\u3000١²ǅ\u00adﬁ\u0301\u200b",
                        max_size=30)


@built
@settings(max_examples=600, deadline=None)
@given(_FOLD_TEXTS)
def test_source_fold_matches_python_on_generated_text(text):
    """Hyphens at line ends, before spaces and inside words, white space runs of every kind
    of white space, side by side."""
    assert _fold_parts(source_fold(text)) == _fold_parts(python_fold(text))


@built
@settings(max_examples=1500, deadline=None)
@given(_FOLD_UNICODE)
def test_source_fold_matches_python_beyond_ascii(text):
    assert _fold_parts(source_fold(text)) == _fold_parts(python_fold(text))


@built
def test_source_fold_hostile_and_linear():
    for text in ("", "-", "\n" * 10, "a-" * 1000, "a-\n" * 50_000, " \t" * 100_000,
                 "a-  \n  b" * 10_000, "x\x00-\x00y"):
        assert _fold_parts(source_fold(text)) == _fold_parts(python_fold(text))
    assert core.native.fold_ascii("caf\udce9") is None  # a lone surrogate: not ASCII text


# ---------------------------------------------------------------- the quote search (matching)

from summcheck.matching.exact import MAX_KEPT_HITS, Matcher  # noqa: E402
from summcheck.matching.normalize import FoldedQuote  # noqa: E402
from summcheck.model import SourceDocument, Span  # noqa: E402


def _python_find_in(text: str, needle: str, lo: int, hi: int, limit: int) -> list[int]:
    """The oracle: `str.find` from the last hit plus one, as the matcher's Python scan."""
    found: list[int] = []
    pos = text.find(needle, lo, hi) if needle else -1
    while pos != -1 and len(found) < limit:
        found.append(pos)
        pos = text.find(needle, pos + 1, hi)
    return found


def _check_search(text: str, needles: list[str], limit: int = 5) -> None:
    search = core.native.TextSearch(text)
    n = len(text)
    bounds = [(0, n), (n // 3, n), (1, max(1, n - 2)), (n, n), (0, n + 7)]
    queries = [(needle, lo, hi) for needle in needles for lo, hi in bounds]
    found = search.find_in([q[0] for q in queries], [q[1] for q in queries],
                           [q[2] for q in queries], limit)
    assert found == [_python_find_in(text, needle, lo, hi, limit) for needle, lo, hi in queries]
    assert search.find_anywhere(needles, limit) == [
        _python_find_in(text, needle, 0, n, limit) for needle in needles]


@built
def test_search_matches_python_on_real_texts():
    """Quotes taken from every real source (lines, their halves, words) found at the same
    code point offsets as `str.find` finds them, ASCII and beyond."""
    for path in TEXT_FILES:
        text = source_fold(path.read_text("utf-8", errors="replace")).text
        words = text.split(" ")
        needles = [" ".join(words[i:i + k]) for i in range(0, len(words), 97) for k in (1, 3, 8)]
        _check_search(text, needles[:300])


_SEARCH_TEXTS = st.text(alphabet="ab ä€𝄞-", max_size=40)


@built
@settings(max_examples=800, deadline=None)
@given(_SEARCH_TEXTS, st.lists(st.text(alphabet="ab ä€𝄞-", max_size=4), max_size=6),
       st.integers(0, 4))
def test_search_matches_python_on_generated_text(text, needles, limit):
    """One-, two-, three- and four-byte characters, overlapping and repeated needles, empty
    needles, bounds past the text's end, a limit of zero."""
    _check_search(text, needles, limit)


@built
def test_search_ends_where_the_text_ends():
    """Bounds at the end of a text whose length is a multiple of the marks' stride (32)."""
    for length in (31, 32, 33, 64):
        text = "ä" * (length - 1) + "b"
        assert core.native.TextSearch(text).find_in(["b", "äb"], [0, 0], [length, length], 3) \
            == [[length - 1], [length - 2]]


@built
def test_search_hostile_and_linear():
    """A needle repeated a million times is kept as `limit` places; needles that stand over
    one another everywhere give up the one-pass search (None) instead of going quadratic; a
    lone surrogate cannot be held, and the matcher then scans in Python."""
    text = "a " * 1_000_000
    search = core.native.TextSearch(text)
    assert search.find_in(["a a"], [0], [len(text)], 3) == [[0, 2, 4]]
    assert search.find_anywhere(["a a"], 3) == [[0, 2, 4]]
    assert search.find_anywhere([" ".join("a" * k) for k in range(1, 40)], 3) is None
    with pytest.raises(ValueError):
        core.native.TextSearch("caf\udce9")
    assert search.find_in(["caf\udce9"], [0], [10], 3) == [None]


@built
def test_matcher_hits_identical_with_either_core(monkeypatch):
    """The matcher on a German source with hyphens at line ends, inside words and before
    spaces: the same hits at the locator and anywhere, whichever scans."""
    text = casekit.SOURCES.joinpath("dsgvo-oj1-4.txt").read_text("utf-8")
    lines = [line for line in text.splitlines() if len(line.split()) > 4]
    quotes = [" ".join(line.split()[1:5]) for line in lines[::3]] + ["Gesundheits- oder",
                                                                     "", "nicht da steht"]

    def hits(compiled: bool) -> tuple:
        matcher = Matcher(SourceDocument(Path("s.txt"), "text", text, [], []))
        if not compiled:
            matcher._search = None
        assert (matcher.search is not None) == compiled
        folded = [(FoldedQuote.of(q), q) for q in quotes]
        spans = (Span(0, len(text) // 2), Span(len(text) // 2, len(text)))
        return (matcher.find_in_many([(f, spans, q) for f, q in folded], MAX_KEPT_HITS + 1),
                matcher.find_anywhere(folded))

    assert hits(True) == hits(False)
    assert sum(map(bool, hits(True)[0])) >= 8
