"""Property-based tests (hypothesis) for normalisation, quote matching and the claim loaders.

The example counts are modest so that the file runs in seconds; raise them for a deeper run with
`SUMMCHECK_HYPOTHESIS_EXAMPLES=5000 pytest tests/test_properties_text.py`.
"""
from __future__ import annotations

import json
import tempfile
import unicodedata
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from summcheck.claims import loads_claims
from summcheck.matching.exact import Matcher
from summcheck.matching.normalize import FoldedQuote, fold, fold_char
from summcheck.model import InputError, SourceDocument, Span
from summcheck.summary import load_summary

EXAMPLES = settings.default.max_examples  # the profile tests/conftest.py loads
CHECK = settings(max_examples=EXAMPLES, deadline=None, database=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# ---------------------------------------------------------------- typographic text

_LETTERS = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGH", min_size=1, max_size=8)
_ACCENTED = st.sampled_from(["café", "née", "Résumé", "Ærø", "Übergröße", "niño", "ação"])
_LIGATURES = st.sampled_from(["\ufb01rm", "e\ufb03cient", "\ufb02ow", "o\ufb00", "\ufb06op"])


@st.composite
def _word(draw: st.DrawFn) -> str:
    """One word as a typeset source may hold it: decomposed, ligatures, soft or hard hyphens."""
    kind = draw(st.sampled_from(["plain", "accented", "nfd", "ligature", "soft", "joiner",
                                 "compound", "line-end", "quoted", "nbsp-number"]))
    if kind == "plain":
        return draw(_LETTERS)
    if kind == "accented":
        return draw(_ACCENTED)
    if kind == "nfd":
        return unicodedata.normalize("NFD", draw(_ACCENTED))
    if kind == "ligature":
        return draw(_LIGATURES)
    first, second = draw(_LETTERS), draw(_LETTERS)
    if kind == "soft":
        return f"{first}\u00ad{second}"
    if kind == "joiner":
        return first + draw(st.sampled_from(["\u00ad", "\u2060", "\u200b"])) + "-" + second
    if kind == "compound":
        return first + draw(st.sampled_from(["-", "\u2010", "\u2011"])) + second
    if kind == "line-end":
        return f"{first}-\n{second}"
    if kind == "quoted":
        return f"\u201c{first}\u201d"
    return f"{len(first)}\u00a0{second}"


_SEPARATORS = st.sampled_from([" ", " ", " ", "\n", "\u00a0", " \u2014 ", "  ", " \n "])


@st.composite
def typeset_text(draw: st.DrawFn) -> str:
    words = draw(st.lists(_word(), min_size=1, max_size=12))
    out = [words[0]]
    for word in words[1:]:
        out += [draw(_SEPARATORS), word]
    return "".join(out)


def _word_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each run of non-white-space characters."""
    spans, start = [], None
    for i, c in enumerate(text + " "):
        if c.isspace():
            if start is not None:
                spans.append((start, i))
                start = None
        elif start is None:
            start = i
    return spans


# ---------------------------------------------------------------- normalisation


@CHECK
@given(st.one_of(st.text(max_size=60), typeset_text()))
def test_folding_is_idempotent(text: str) -> None:
    once = fold(text).text
    assert fold(once).text == once


_QUOTE_TEXT = st.one_of(st.text(max_size=60), typeset_text(),
                        st.text(st.characters(codec="latin-1"), max_size=40),
                        st.text(alphabet="äöüßéñçãõ aA-–\u0301\ufb01\u00ad\u200b", max_size=30))


@CHECK
@given(_QUOTE_TEXT)
def test_a_quote_that_skips_folding_folds_to_itself(text: str) -> None:
    """The shortcut for quotes with nothing to fold gives what folding them gives."""
    assert FoldedQuote.of(text) == FoldedQuote.folding(text)


@CHECK
@given(st.one_of(st.text(max_size=60), typeset_text()))
def test_offset_maps_stay_inside_the_original_and_ascend(text: str) -> None:
    folded = fold(text)
    starts = [folded.to_original(p) for p in range(len(folded.text) + 1)]
    ends = [folded.to_original(p, end=True) for p in range(len(folded.text) + 1)]
    for offsets in (starts, ends):
        assert all(0 <= o <= len(text) for o in offsets)
        assert offsets == sorted(offsets)
    # Every folded character stands for at least one original character.
    assert all(starts[p] < ends[p + 1] for p in range(len(folded.text)))
    back = [folded.to_folded(o) for o in range(len(text) + 1)]
    assert all(0 <= p <= len(folded.text) for p in back) and back == sorted(back)


@CHECK
@given(typeset_text(), st.data())
def test_a_mapped_span_folds_to_the_folded_span(text: str, data: st.DataObject) -> None:
    folded = fold(text)
    words = _word_spans(folded.text)
    first = data.draw(st.integers(0, len(words) - 1)) if words else None
    if first is None:
        return
    last = data.draw(st.integers(first, len(words) - 1))
    lo, hi = words[first][0], words[last][1]
    original = text[folded.to_original(lo):folded.to_original(hi, end=True)]
    assert fold(original).text.strip(" ") == folded.text[lo:hi]


# ---------------------------------------------------------------- quotes cut from a text


def _hits(text: str, quote: str) -> list:
    matcher = Matcher(SourceDocument(path=Path("s.txt"), kind="text", text=text, pages=[], sections=[]))
    quote = unicodedata.normalize("NFC", quote)  # as the claims loader hands it over
    return matcher.find_in(FoldedQuote.of(quote), [Span(0, len(text))], quote)


@CHECK
@given(typeset_text(), st.data())
def test_a_quote_cut_from_the_text_verifies_at_its_place(text: str, data: st.DataObject) -> None:
    words = _word_spans(text)
    first = data.draw(st.integers(0, len(words) - 1))
    last = data.draw(st.integers(first, len(words) - 1))
    start, end = words[first][0], words[last][1]
    quote = text[start:end]
    # Verbatim: found exactly there (quotes are NFC-normalised when read, so a decomposed one
    # is a normalized match: canonically equal, not byte-equal).
    verbatim = unicodedata.normalize("NFC", quote) == quote
    found = {(h.span.start, h.span.end): h.level for h in _hits(text, quote)}
    assert (start, end) in found, found
    assert found[(start, end)] == ("exact" if verbatim else "normalized")
    # Typed without the typography (ligatures, soft hyphens, curly quotes, …): still there.
    plain = _typed_plainly(quote)
    found = {(h.span.start, h.span.end): h.level for h in _hits(text, plain)}
    assert (start, end) in found, (plain, found)


def _typed_plainly(quote: str) -> str:
    """The quote as someone would type it: no ligature, soft hyphen or line-end hyphenation,
    straight quotation marks, plain hyphens and spaces."""
    joined = quote.replace("-\n", "")
    return " ".join("".join(fold_char(c) for c in unicodedata.normalize("NFKC", joined)).split())


# ---------------------------------------------------------------- claim loaders

_TEXT = st.text(st.characters(exclude_categories=("Cs",)), min_size=1, max_size=20).filter(
    lambda s: s.strip() and fold(s).text.strip() and "\x00" not in s)
_LOCATORS = st.one_of(
    st.builds(lambda n: f"p. {n}", st.integers(1, 10**6)),
    st.builds(lambda n: f"section {n}", st.integers(1, 99)),
    st.builds(lambda n: {"page": n}, st.integers(1, 10**9)),
    st.builds(lambda a, b: {"lines": [a, a + b]}, st.integers(1, 500), st.integers(0, 50)),
    st.builds(lambda a, b: {"start_char": a, "end_char": a + b}, st.integers(0, 999), st.integers(1, 99)),
)
_RECORDS = st.lists(st.fixed_dictionaries(
    {"claim": _TEXT, "locator": _LOCATORS, "quote": _TEXT,
     "strength": st.sampled_from(["states", "recommends", "requires", "reports", "exige", "Fordernd"])},
    optional={"id": st.one_of(_TEXT, st.integers(0, 10**6)), "topic": _TEXT,
              "ignore": st.lists(st.sampled_from(["SUM205", "ambiguous-quote", "SUM2"]), max_size=3)},
), max_size=6)


def _nfc(value: object) -> object:
    if isinstance(value, str):
        return unicodedata.normalize("NFC", value)
    if isinstance(value, list):
        return [_nfc(v) for v in value]
    if isinstance(value, dict):
        return {k: _nfc(v) for k, v in value.items()}
    return value


def _serialised(records: list[dict], fmt: str, style: int) -> tuple[str, list[int]]:
    """The records written as `fmt`, and the line each one starts on."""
    chunks: list[str] = []
    lines: list[int] = []
    line = 1
    if fmt == "jsonl":
        for record in records:
            lines.append(line)
            chunks.append(json.dumps(record, ensure_ascii=bool(style % 2)) + "\n")
            line += 1
        return "".join(chunks), lines
    if fmt == "json":
        text, line = "[\n", 2
        for n, record in enumerate(records):
            lines.append(line)
            chunk = json.dumps(record, ensure_ascii=bool(style % 2), indent=style % 3 or None)
            text += chunk + (",\n" if n < len(records) - 1 else "\n")
            line += chunk.count("\n") + 1
        return text + "]\n", lines
    text = ("claims:\n" if records else "claims: []\n") if style % 2 else ""
    line += text.count("\n")
    for record in records:
        chunk = yaml.safe_dump([record], allow_unicode=bool(style % 3), sort_keys=bool(style % 5))
        if style % 2:
            # Not splitlines(): it also breaks at U+0085 and U+2028 inside a quoted scalar.
            chunk = "\n".join("  " + row if row else row for row in chunk.split("\n"))
        lines.append(line)
        text += chunk
        line += chunk.count("\n")
    return (text or "[]\n"), lines


@CHECK
@given(_RECORDS, st.sampled_from(["jsonl", "json", "yaml"]), st.integers(0, 29))
def test_written_records_load_back_with_their_fields_and_lines(records: list[dict], fmt: str,
                                                                style: int) -> None:
    text, lines = _serialised(records, fmt, style)
    loaded = loads_claims(text, fmt=fmt).records
    assert [r.line for r in loaded] == lines
    if fmt == "yaml":
        # What YAML itself reads: PyYAML may write a line break of its own (U+0085) raw inside
        # a quoted scalar, where YAML folds it into a space.
        data = yaml.safe_load(text)
        records = data["claims"] if isinstance(data, dict) else data
    assert len(loaded) == len(records)
    for record, back in zip(records, loaded):
        assert not back.errors, back.errors
        assert back.raw == _nfc(record)
        assert back.claim == _nfc(record["claim"]) and back.quote == _nfc(record["quote"])
        assert back.id == (None if "id" not in record else str(_nfc(record["id"])))
        assert back.locator is not None


_FRAGMENTS = st.sampled_from([
    "{", "}", "[", "]", ":", ",", " ", "\n", "- ", '"', "'", "claims", "claim", "locator", "quote",
    "strength", "requires", "p. 4", "page", "lines", "start_char", "&a ", "*a", "<<: *a", "!!python/object:os.system",
    "!!binary", "1" * 4400, "-" + "9" * 4400, "0x" + "f" * 5000, "1e999", "\\ud800", "\ud7ff", "\u2028", "\x85",
    "\x00", "\x0b", "\ufeff", "?", "|", ">", "#", "%YAML 1.1", "---", "...", "null", "2024-13-45", "x-a",
])


@settings(max_examples=EXAMPLES * 2, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.one_of(st.text(max_size=80), st.lists(_FRAGMENTS, max_size=30).map("".join)),
       st.sampled_from(["jsonl", "json", "yaml", None]))
def test_no_claims_text_raises_anything_but_input_error(text: str, fmt: str | None) -> None:
    try:
        loaded = loads_claims(text, fmt=fmt)
    except InputError as exc:
        assert len(str(exc)) < 2000
        return
    for record in loaded.records:
        for error in record.errors:
            assert len(error.message) < 2000
        (record.id or "").encode("utf-8")  # no lone surrogate gets past the loader


@settings(max_examples=EXAMPLES, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.one_of(st.binary(max_size=120),
                 st.lists(st.sampled_from(["---\n", "source: s.txt\n", "a: &a [1,2]\n", "b: *a\n",
                                           "Text (p. 4).", " (section 4.2)", "\n", "\r", "\u2028",
                                           "e\u0301", "<!-- summcheck-disable -->", "`", "(", ")",
                                           "\x00", "[^1]", "[^1]: note", "- ", "> ", "|a|b|\n"]),
                          max_size=25).map(lambda parts: "".join(parts).encode("utf-8", "surrogatepass"))))
def test_no_summary_bytes_raise_anything_but_input_error(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.md"
        path.write_bytes(data)
        try:
            summary = load_summary(path)
        except InputError:
            return
        for sentence in summary.sentences:
            assert sentence.line >= 1 and sentence.column >= 1
