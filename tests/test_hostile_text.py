"""Hostile text in summaries, claims files and configuration (issues 15 and 16).

Each test here failed on the main branch before the fix it names: a crash, an unbounded
expansion, a whole file refused for one record, a shifted line or column, a verbatim quote
that no longer matched.
"""
from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest
from conftest import cpu_seconds
from tiny_project import RECORD, SENTENCE, SOURCE, write

import summcheck
from summcheck.claims import loads_claims
from summcheck.config.file import load_config
from summcheck.matching.exact import Matcher
from summcheck.matching.normalize import FoldedQuote
from summcheck.language.modality import Lexicon, build_lexicon, modal_words
from summcheck.model import InputError, SourceDocument, Span
from summcheck.summary import load_summary

HUGE = "1" + "0" * 5000  # past Python's 4,300-digit limit for int(str)


def _record(**fields: object) -> dict:
    base = {"claim": "Keys must be rotated.", "locator": "line 1",
            "quote": "Keys shall be rotated at least every 90 days", "strength": "requires"}
    return {**base, **fields}


# ---------------------------------------------------------------- configuration


@pytest.mark.parametrize("phrase", ["", "   ", "!!", "... must", "must ..."])
@pytest.mark.parametrize("name", ["summcheck.toml", "pyproject.toml"])
def test_a_modal_phrase_without_words_is_a_config_error(tmp_path: Path, name: str, phrase: str) -> None:
    table = "[tool.summcheck.modality.en]" if name == "pyproject.toml" else "[modality.en]"
    path = tmp_path / name
    path.write_text(f"{table}\nrequires = [\"shall\", {json.dumps(phrase)}]\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_config(path)
    message = str(caught.value)
    assert str(path) in message and "modality.en.requires" in message
    assert "phrase" in message


def test_the_lexicon_refuses_a_phrase_it_could_not_index() -> None:
    lexicon = Lexicon()
    with pytest.raises(ValueError):
        lexicon.add("", "requires")
    # Phrases with words still work beside it.
    extended = build_lexicon({"en": {"requires": ["is bound to"]}})
    assert [w.cls for w in modal_words("The operator is bound to act.", extended)] == ["requires"]


# ---------------------------------------------------------------- front matter and aliases


def _alias_tree(levels: int = 9) -> list[str]:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    previous = "a"
    for name in "bcdefghijklm"[:levels - 1]:
        lines.append(f"{name}: &{name} [" + ",".join([f"*{previous}"] * 9) + "]")
        previous = name
    return lines + [f"structure: *{previous}"]


def test_a_billion_laughs_front_matter_names_the_key_and_the_type(tmp_path: Path) -> None:
    path = tmp_path / "s.md"
    path.write_text("\n".join(["---", "source: s.txt", *_alias_tree(), "---", "Text (line 1).", ""]),
                    encoding="utf-8")
    caught: list = []

    def load() -> None:
        with pytest.raises(InputError) as raised:
            load_summary(path)
        caught.append(raised)

    assert cpu_seconds(load) < 2
    caught = caught[0]
    message = str(caught.value)
    assert "front matter" in message and "a list" in message and "aliases" in message
    assert len(message) < 300


def test_a_billion_laughs_claims_file_is_refused_quickly() -> None:
    text = "\n".join(["x-" + line for line in _alias_tree()[:-1]]
                     + ["claims:", "  - claim: *i", "    locator: *i", "    quote: *i",
                        "    strength: requires"]) + "\n"
    def load() -> None:
        with pytest.raises(InputError, match="aliases expand too far"):
            loads_claims(text, fmt="yaml")

    assert cpu_seconds(load) < 2


def test_one_record_reports_a_bounded_number_of_problems() -> None:
    text = json.dumps([_record(ignore=[1] * 5000)])
    record = loads_claims(text, fmt="json").records[0]
    assert len(record.errors) <= 21
    assert "more problems" in record.errors[-1].message


# ---------------------------------------------------------------- huge integers


def _huge_page_files() -> dict[str, str]:
    records = [json.dumps(_record(id="a")), json.dumps(_record(id="b", locator={"page": 0}))
               .replace('"page": 0', f'"page": {HUGE}'), json.dumps(_record(id="c"))]
    yaml_text = "".join(f"- id: {r}\n  claim: c\n  locator: {{page: {p}}}\n  quote: q w e r\n"
                        f"  strength: requires\n" for r, p in (("a", 1), ("b", HUGE), ("c", 1)))
    return {"json": "[\n" + ",\n".join(records) + "\n]\n", "jsonl": "\n".join(records) + "\n",
            "yaml": yaml_text}


@pytest.mark.parametrize("fmt", ["json", "jsonl", "yaml"])
def test_an_integer_past_the_digit_limit_is_one_records_problem(fmt: str) -> None:
    records = loads_claims(_huge_page_files()[fmt], fmt=fmt).records
    assert [r.id for r in records] == ["a", "b", "c"]
    assert all(not r.errors for r in records)
    huge = records[1]
    assert huge.locator is not None and huge.locator.parts[0].start == HUGE
    assert [r.line for r in records] == ({"json": [2, 3, 4], "jsonl": [1, 2, 3],
                                          "yaml": [1, 6, 11]}[fmt])


def test_a_negative_huge_integer_is_a_short_schema_message() -> None:
    text = json.dumps([_record(locator={"lines": [1, 2]})]).replace("2]", f"-{HUGE}]")
    (error,) = loads_claims(text, fmt="json").records[0].errors
    assert error.json_path == "$[0].locator.lines[1]" and len(error.message) < 120


def test_a_huge_page_is_sum206_for_its_record_only(tmp_path: Path) -> None:
    (tmp_path / "source.txt").write_text(
        "Keys shall be rotated at least every 90 days by the operator.\n", encoding="utf-8")
    (tmp_path / "claims.json").write_text(_huge_page_files()["json"], encoding="utf-8")
    (tmp_path / "s.md").write_text("---\nsource: source.txt\nclaims: claims.json\n---\n"
                                   "Keys must be rotated every 90 days (line 1).\n", encoding="utf-8")
    report = summcheck.check(tmp_path / "s.md", config=False)
    rules = sorted((f.rule, f.line) for f in report.findings if f.rule.startswith("SUM2"))
    assert ("SUM206", 3) in rules
    assert not any(rule == "SUM206" and line != 3 for rule, line in rules)


# ---------------------------------------------------------------- line numbers


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85"])
def test_yaml_line_separators_do_not_shift_record_lines(separator: str) -> None:
    text = (f'- claim: "one{separator}two"\n  locator: line 1\n  quote: q\n  strength: requires\n'
            f"- claim: 'three{separator}four'\n  locator: line 1\n  quote: q\n  strength: requires\n"
            f'- claim: five\n  locator: line 1\n  quote: q\n  strength: requires\n')
    assert [r.line for r in loads_claims(text, fmt="yaml").records] == [1, 5, 9]
    with pytest.raises(InputError, match="at line 4"):
        loads_claims(f'- a: "x{separator}y"\n- b: 1\n- c: 2\n- d: x: y\n', fmt="yaml")


@pytest.mark.parametrize("control", ["\x0b", "\x0c", "\x1b"])
def test_a_character_yaml_refuses_is_reported_at_its_line(control: str) -> None:
    with pytest.raises(InputError, match=f"at line 3: character U\\+{ord(control):04X}"):
        loads_claims(f'- a: "x\u2028y"\n- b: 1\n- c: "{control}"\n', fmt="yaml")


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85"])
def test_json_line_separators_do_not_shift_record_lines(separator: str) -> None:
    rows = [json.dumps(_record(claim=f"a{separator}b"), ensure_ascii=False) for _ in range(3)]
    assert [r.line for r in loads_claims("[\n" + ",\n".join(rows) + "\n]", fmt="json").records] \
        == [2, 3, 4]
    assert [r.line for r in loads_claims("\n".join(rows), fmt="jsonl").records] == [1, 2, 3]


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c"])
def test_summary_line_separators_do_not_shift_lines(tmp_path: Path, separator: str) -> None:
    path = tmp_path / "s.md"
    title = separator if separator in "\u2028\u2029\x85" else " "  # YAML refuses the others
    path.write_text(f"---\nsource: s.txt\ntitle: \"a{title}b\"\n---\nOne{separator}more (line 1)."
                    f"\n\nTwo (line 2).\n", encoding="utf-8")
    summary = load_summary(path)
    assert [(s.line, s.groups[0].line) for s in summary.sentences] == [(5, 5), (7, 7)]


# A lone carriage return ends a line for Markdown (and editors): the finding's line and the
# line the text report shows under it must be the same one, in a summary and a claims file.
_CR_SUMMARY = ("---\nsource: source.txt\nclaims: claims.jsonl\n---\n\n"
               "Packages must install their files below /usr (line 1).\r"
               "Configuration files belong in /etc.\n")
_CR_RECORD = {"claim": "Configuration lives in /etc.", "locator": "line 9",
              "quote": "Configuration files belong in /etc.", "strength": "states"}


@pytest.mark.parametrize("case", ["summary", "json", "yaml"])
def test_a_lone_carriage_return_is_a_line_break_in_the_report_as_in_the_check(
        tmp_path: Path, run_line, case: str) -> None:
    write(tmp_path / "source.txt", SOURCE)
    write(tmp_path / "claims.jsonl", json.dumps(RECORD) + "\n")
    if case == "summary":
        write(tmp_path / "summary.md", _CR_SUMMARY)
        where, line, shown = "summary.md:7:1: SUM101", 7, "Configuration files belong in /etc."
    else:  # the second record, after a lone \r, names a line the source does not have
        name = f"claims.{case}"
        records = [json.dumps(r) for r in (RECORD, _CR_RECORD)]
        text = f"[{records[0]},\r{records[1]}]\n" if case == "json" else \
            f"- {records[0]}\r- {records[1]}\n"
        write(tmp_path / name, text)
        write(tmp_path / "summary.md", f"---\nsource: source.txt\nclaims: {name}\n---\n\n{SENTENCE}")
        column = text.split("\r")[1].index('"line 9"') + 1
        where, line, shown = f"{name}:2:{column}: SUM206", 2, '"locator": "line 9"'
    result = run_line("check", "summary.md", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert result.stdout.startswith(where), result.stdout
    excerpt = next(text for text in result.stdout.splitlines() if text.startswith(f"{line} | "))
    assert shown in excerpt and "/usr" not in excerpt, result.stdout  # the line, not the one before


def test_summcheck_s_lines_are_markdown_it_s() -> None:
    """The one definition (summcheck.lines) is the Markdown parser's: each paragraph's lines
    as markdown-it maps them are the lines summcheck counts, whatever ends them."""
    from markdown_it import MarkdownIt

    from summcheck.files.lines import line_of, line_starts, split_lines

    text = "one\rtwo\r\n\r\nthree\n\nfour\r\rfive\u2028six\x85seven\x0ceight\n"
    lines = split_lines(text)
    tokens = MarkdownIt("commonmark").parse(text)
    paragraphs = [(token.map, tokens[i + 1].content) for i, token in enumerate(tokens)
                  if token.type == "paragraph_open"]
    assert [content for _, content in paragraphs] == [
        "one\ntwo", "three", "four", "five\u2028six\x85seven\x0ceight"]
    for (first, end), content in paragraphs:
        assert "\n".join(lines[first:end]) == content
    assert [line_of(text, start) for start in line_starts(text)] == list(range(1, len(lines) + 1))


def test_front_matter_error_lines_are_the_files(tmp_path: Path) -> None:
    path = tmp_path / "s.md"
    path.write_text("---\ntitle: \"a\u2028b\u2028c\"\nsource: [\n---\nText.\n", encoding="utf-8")
    with pytest.raises(InputError, match="at line 3:"):
        load_summary(path)


# ---------------------------------------------------------------- columns


def test_columns_count_the_characters_as_written(tmp_path: Path) -> None:
    path = tmp_path / "s.md"
    decomposed = unicodedata.normalize("NFD", "Café née (line 1). Résumé (line 2).")
    path.write_text(f"---\nsource: s.txt\n---\n{decomposed}\n\n- {decomposed}\n", encoding="utf-8")
    summary = load_summary(path)
    first, second, item_first, item_second = summary.sentences
    assert (first.column, first.groups[0].column) == (1, decomposed.index("(") + 1)
    assert second.column == decomposed.index("R") + 1
    assert second.groups[0].column == decomposed.rindex("(") + 1
    assert (item_first.column, item_second.groups[0].column) == (3, decomposed.rindex("(") + 3)
    assert first.text == unicodedata.normalize("NFC", first.text)  # parsed in NFC all the same


# ---------------------------------------------------------------- surrogates, invisible quotes


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_lone_surrogates_in_ids_and_keys_are_record_errors(fmt: str) -> None:
    rows = ['{"id": "\\ud800", "claim": "a", "locator": "line 1", "quote": "q w", "strength": "requires"}',
            '{"claim": "a", "locator": "line 1", "quote": "q w", "strength": "requires", "x-\\udc00": 1}',
            '{"id": "ok", "claim": "a", "locator": "line 1", "quote": "q w", "strength": "requires"}']
    text = "[" + ",".join(rows) + "]" if fmt == "json" else "\n".join(rows)
    first, second, third = loads_claims(text, fmt=fmt).records
    assert any(e.json_path.endswith(".id") for e in first.errors)
    assert second.errors and not third.errors
    for record in (first, second):  # nothing downstream meets a surrogate: reports are UTF-8
        json.dumps([record.id, record.raw, [e.message for e in record.errors]],
                   ensure_ascii=False).encode("utf-8")


@pytest.mark.parametrize("quote", ["\u200b", "\u200b\u2060\ufeff", "\u00ad\u200d"])
def test_a_quote_of_invisible_characters_is_a_record_error(quote: str) -> None:
    (record,) = loads_claims(json.dumps([_record(quote=quote)]), fmt="json").records
    assert [e.json_path for e in record.errors] == ["$[0].quote"]
    assert "empty after normalisation" in record.errors[0].message


# ---------------------------------------------------------------- matching verbatim quotes


def _hits(text: str, quote: str) -> list[tuple[str, str]]:
    matcher = Matcher(SourceDocument(path=Path("s.txt"), kind="text", text=text, pages=[], sections=[]))
    quote = unicodedata.normalize("NFC", quote)  # as the claims loader hands it over
    hits = matcher.find_in(FoldedQuote.of(quote), [Span(0, len(text))], quote)
    return [(hit.level, text[hit.span.start:hit.span.end]) for hit in hits]


@pytest.mark.parametrize("invisible", ["\u00ad", "\u2060", "\u200b"])
def test_an_invisible_character_before_a_hard_hyphen(invisible: str) -> None:
    text = f"The well{invisible}-known rule applies here."
    assert _hits(text, "well-known rule applies") == [("normalized", f"well{invisible}-known rule applies")]
    assert _hits(text, f"The well{invisible}-known rule") == [("exact", f"The well{invisible}-known rule")]


def test_a_decomposed_accent_anywhere_keeps_verbatim_quotes_in_place() -> None:
    accent = "e\u0301"
    text = f"The caf{accent} of the \ufb01rm is open; the cafe\u0301-au-lait rule holds."
    assert _hits(text, "\ufb01rm is open") == [("exact", "\ufb01rm is open")]
    assert _hits(text, "the \ufb01rm is") == [("exact", "the \ufb01rm is")]
    assert _hits(text, "café-au-lait rule holds") == [("normalized", "cafe\u0301-au-lait rule holds")]
    broken = "The cafe\u0301-\nau-lait rule holds."
    assert _hits(broken, "café-au-lait rule") == [("normalized", "cafe\u0301-\nau-lait rule")]


# ---------------------------------------------------------------- folding twice changes nothing


def test_every_character_that_folds_to_a_hyphen_is_a_hyphen() -> None:
    """Found by the property tests: "a\ufe63b" folded to "a-b", which folded again to "ab"."""
    import sys

    from summcheck.matching.normalize import DASH_FOLDS, HYPHENS, fold_char

    dashes = {"-", *DASH_FOLDS}  # what fold_char makes "-" of, once NFKC is done
    nfkc = unicodedata.normalize
    candidates = [c for c in map(chr, range(sys.maxunicode + 1)) if nfkc("NFKC", c) in dashes]
    assert {c for c in candidates if fold_char(c) == "-"} == set(HYPHENS)


@pytest.mark.parametrize("text", [
    "a \u200b b",  # what stood between two spaces folds away
    "%4\n\u00b4C",  # a spacing accent folds to a space and a combining mark
    "v-\u00ad\u4356",  # a soft hyphen after a hard one, inside a word
    "y-\x1fq",  # a hyphen before white space that is neither space nor tab
    "a\ufe63b",  # a small hyphen-minus, a hyphen once folded
])
def test_folding_twice_changes_nothing(text: str) -> None:
    from summcheck.matching.normalize import fold

    once = fold(text).text
    assert fold(once).text == once
