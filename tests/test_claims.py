"""Loading claim records: formats, line numbers, SUM200 record errors and exit-2 input errors."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from conftest import assert_scales_linearly, cpu_seconds
import yaml

from summcheck import claims as claims_mod
from summcheck.claims.validate import obviously_valid
from summcheck.claims import STRENGTHS, canonical_strength, load_claims, loads_claims
from summcheck.model import InputError, Locator, LocatorPart

FIXTURES = Path(__file__).parent / "fixtures" / "claims"
ACCEPTANCE = Path("/work/shared/acceptance/cases")


def errors_of(record) -> list[tuple[str, str]]:
    return [(e.json_path, e.message) for e in record.errors]


# ---------------------------------------------------------------- formats and lines


def test_jsonl_lines_and_fields():
    cf = load_claims(FIXTURES / "rfc3986.claims.jsonl")
    assert [r.line for r in cf.records] == [1, 3, 4, 5]  # line 2 is blank
    assert [r.index for r in cf.records] == [0, 1, 2, 3]
    assert all(r.valid for r in cf.records)
    first, second, third, fourth = cf.records
    assert first.id == "c1" and first.strength == "states"
    assert second.topic == "percent-encoding" and second.strength == "requires"
    assert third.id == "3"  # integer ids become text
    assert third.ignore == frozenset({"SUM205", "ambiguous-quote"})
    assert fourth.id is None and fourth.raw["x-reviewer"] == "ab"
    assert all(r.locator is not None for r in cf.records)
    assert cf.source is None and cf.purpose is None


def test_json_list_lines():
    cf = load_claims(FIXTURES / "rfc3986.claims.json")
    assert [r.line for r in cf.records] == [2, 9, 12]
    assert [r.id for r in cf.records] == ["c1", "c2", "c3"]
    assert all(r.valid for r in cf.records)


def test_json_mapping_lines_source_purpose():
    cf = load_claims(FIXTURES / "rfc3986.claims-mapping.json")
    assert [r.line for r in cf.records] == [6, 12]
    assert cf.source == "rfc3986.txt"
    assert cf.purpose == "What a URI parser must accept."
    assert all(r.valid for r in cf.records), [errors_of(r) for r in cf.records]


def test_yaml_list_lines():
    cf = load_claims(FIXTURES / "gpl3.claims.yaml")
    # A record starts where its mapping starts; for a bare "-" that is the next line.
    assert [r.line for r in cf.records] == [2, 8, 16]
    assert all(r.valid for r in cf.records)
    assert cf.records[2].quote.startswith("All rights granted under this License are granted for the term of copyright")
    assert cf.records[2].ignore == frozenset({"SUM205"})
    assert cf.records[1].topic == "conveying"


def test_yaml_mapping_lines_source_and_x_keys():
    cf = load_claims(FIXTURES / "rfc3986.claims.yaml")
    assert cf.source == "rfc3986.txt"
    assert cf.purpose == "What a URI parser must accept."
    assert [r.line for r in cf.records] == [5, 9, 15, 20]
    assert all(r.valid for r in cf.records), [errors_of(r) for r in cf.records]


def test_format_follows_extension_and_unknown_extension_is_guessed(tmp_path):
    text = (FIXTURES / "rfc3986.claims.json").read_text()
    guessed = tmp_path / "claims.txt"
    guessed.write_text(text)
    assert len(load_claims(guessed).records) == 3
    guessed.write_text((FIXTURES / "gpl3.claims.yaml").read_text())
    assert [r.line for r in load_claims(guessed).records] == [2, 8, 16]
    guessed.write_text((FIXTURES / "rfc3986.claims.jsonl").read_text())
    assert [r.line for r in load_claims(guessed).records] == [1, 3, 4, 5]
    ndjson = tmp_path / "c.NDJSON"
    ndjson.write_text((FIXTURES / "rfc3986.claims.jsonl").read_text())
    assert len(load_claims(ndjson).records) == 4


def test_same_records_in_every_format():
    def key(cf):
        return [(r.claim, r.quote, r.strength) for r in cf.records]

    yaml_list = load_claims(FIXTURES / "gpl3.claims.yaml")
    as_json = json.dumps([r.raw for r in yaml_list.records])
    as_jsonl = "\n".join(json.dumps(r.raw) for r in yaml_list.records)
    assert key(loads_claims(as_json, fmt="json")) == key(yaml_list)
    assert key(loads_claims(as_jsonl, fmt="jsonl")) == key(yaml_list)


def test_bom_crlf_and_utf16(tmp_path):
    text = (FIXTURES / "rfc3986.claims.jsonl").read_text()
    bom = tmp_path / "bom.jsonl"
    bom.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode())
    cf = load_claims(bom)
    assert [r.line for r in cf.records] == [1, 3, 4, 5] and all(r.valid for r in cf.records)
    utf16 = tmp_path / "u16.yaml"
    utf16.write_bytes((FIXTURES / "gpl3.claims.yaml").read_text().encode("utf-16"))
    assert [r.line for r in load_claims(utf16).records] == [2, 8, 16]


def test_nfc_normalisation():
    decomposed = "Rechtsperso\u0308nlichkeit"
    line = json.dumps({"claim": "x", "locator": "S. 1", "quote": decomposed, "strength": "states",
                       "x-no\u0308te": decomposed})
    record = loads_claims(line, fmt="jsonl").records[0]
    assert record.quote == "Rechtspersönlichkeit"
    assert "x-nöte" in record.raw


# ---------------------------------------------------------------- strengths


def test_strength_translations():
    cf = load_claims(FIXTURES / "translations.claims.jsonl")
    assert all(r.valid for r in cf.records), [errors_of(r) for r in cf.records]
    assert [r.strength for r in cf.records] == [
        "requires", "states", "recommends", "reports",  # German
        "states", "recommends", "requires", "reports",  # Spanish (EXIGE: any case)
        "recommends", "reports",  # Portuguese
    ]


@pytest.mark.parametrize(
    ("word", "canonical"),
    [("fordernd", "requires"), ("exige", "requires"), ("Empfehlend", "recommends"), ("recomienda", "recommends"),
     ("recomenda", "recommends"), ("feststellend", "states"), ("afirma", "states"), ("berichtend", "reports"),
     ("informa", "reports"), ("relata", "reports"), ("REQUIRES", "requires"), ("mandates", None), (3, None)],
)
def test_canonical_strength(word, canonical):
    assert canonical_strength(word) == canonical


def test_schema_lists_exactly_the_strengths():
    schema = claims_mod.claims_schema()
    assert set(schema["$defs"]["strength"]["enum"]) == set(STRENGTHS)


# ---------------------------------------------------------------- SUM200 record errors


def test_defects_jsonl():
    cf = load_claims(FIXTURES / "defects.claims.jsonl")
    by_line = {r.line: r for r in cf.records}
    assert sorted(by_line) == [1, 2, 3, 4, 5, 6, 7, 8, 10]
    assert by_line[1].valid and by_line[10].valid  # the good records around the bad ones still load
    assert errors_of(by_line[2]) == [("$", "missing required key 'quote'")]
    assert errors_of(by_line[3]) == [
        ("$.strength", "'mandates' is not a valid strength (use states, recommends, requires or reports)")]
    assert errors_of(by_line[4]) == [
        ("$", "missing required key 'quote'"),
        ("$.qoute", "unknown key 'qoute' (did you mean 'quote'?)"),
    ]
    assert errors_of(by_line[5]) == [("$.quote", "quote is empty or only white space")]
    assert by_line[6].valid and by_line[6].raw["x-notes"] == {"checked": True}  # x- keys are free
    (path, message), = errors_of(by_line[7])
    assert path == "$" and message.startswith("not valid JSON at column")
    assert errors_of(by_line[8]) == [("$", "a JSONL line must hold one record (a JSON object), found a list")]
    assert [r.index for r in cf.records] == list(range(9))


def test_gpl3_acceptance_defects_lines():
    cf = load_claims(ACCEPTANCE / "gpl3-claim-defects" / "claims.jsonl")
    assert [r.line for r in cf.records if not r.valid] == [2, 8]
    cf = load_claims(ACCEPTANCE / "dsgvo-de-defects" / "claims.jsonl")
    bad = [r for r in cf.records if not r.valid]
    assert [r.line for r in bad] == [9]
    assert errors_of(bad[0]) == [
        ("$.strength", "'verpflichtend' is not a valid strength (use states, recommends, requires or reports)")]


def test_json_paths_in_list_and_mapping_forms():
    record = {"claim": "c", "locator": "p. 1", "quote": "q", "strength": "mandates"}
    good = {"claim": "c", "locator": "p. 1", "quote": "q", "strength": "states"}
    listed = loads_claims(json.dumps([good, good, good, record]), fmt="json")
    assert errors_of(listed.records[3]) == [("$[3].strength", errors_of(listed.records[3])[0][1])]
    mapped = loads_claims(yaml.safe_dump({"claims": [good, {**good, "quote": " "}]}), fmt="yaml")
    assert errors_of(mapped.records[1]) == [("$.claims[1].quote", "quote is empty or only white space")]


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        ({"locator": {"page": 1, "section": "2"}},
         [("$.locator", "locator names page and section; give exactly one place (use one record per place)")]),
        ({"locator": {"pgae": 3}},
         [("$.locator", "locator names no place: give one of page, pages, section, lines, line, or start_char with end_char"),
          ("$.locator.pgae", "unknown locator key 'pgae' (did you mean 'page'?)")]),
        ({"locator": {"start_char": 5}}, [("$.locator", "locator has start_char but no end_char")]),
        ({"locator": {"lines": [0, 2, 3]}},
         [("$.locator.lines", "locator.lines must be a pair [first, last], found 3 item(s)"),
          ("$.locator.lines[0]", "locator.lines[0] must be 1 or more, found 0")]),
        ({"locator": 17},
         [("$.locator", "locator must be text such as 'section 4.2' or a mapping such as {page: 17}, found the number 17")]),
        ({"locator": {"section": 4.2}},
         [("$.locator.section",
           "locator.section was read as the number 4.2; put it in quotes (section: '…') to keep it as written")]),
        ({"strength": "require"},
         [("$.strength",
           "'require' is not a valid strength (use states, recommends, requires or reports; did you mean 'requires'?)")]),
        ({"strength": ["states"]}, [("$.strength", "strength must be text, found a list")]),
        ({"quote": None}, [("$.quote", "quote is empty or only white space")]),
        ({"claim": ""}, [("$.claim", "claim is empty or only white space")]),
        ({"id": 1.5}, [("$.id", "id must be text or a whole number, found the number 1.5")]),
        ({"ignore": "SUM205"}, [("$.ignore", "ignore must be a list, found text 'SUM205'")]),
        ({"ignore": ["SUM 2"]}, [("$.ignore[0]", "'SUM 2' is not a rule code or name (e.g. SUM205 or ambiguous-quote)")]),
        ({"page": 4}, [("$.page", "unknown key 'page' (a place goes under locator, e.g. locator: {page: …})")]),
        ({"x-anything": {"deep": [1, {"x": None}]}}, []),
    ],
)
def test_record_messages(record, expected):
    base = {"claim": "c", "locator": "p. 1", "quote": "a quote", "strength": "states"}
    line = json.dumps({**base, **record})
    assert errors_of(loads_claims(line, fmt="jsonl").records[0]) == expected


def test_yaml_record_problems_keep_other_records():
    text = (
        "- claim: a\n  locator: p. 1\n  quote: q\n  strength: states\n"
        "- claim: b\n  locator: p. 1\n  quote: q\n  quote: q2\n  strength: states\n  1: x\n"
        "- just text\n"
        "- claim: c\n  locator: p. 1\n  quote: q\n  strength: states\n  topic: 2020-01-01\n"
    )
    cf = loads_claims(text, fmt="yaml", path=Path("c.yaml"))
    assert [r.line for r in cf.records] == [1, 5, 11, 12]
    assert cf.records[0].valid
    assert errors_of(cf.records[1]) == [
        ("$[1]", "key 1 is not text (put it in quotes)"),
        ("$[1].quote", "key 'quote' is given more than once; only the last one counts"),
    ]
    assert errors_of(cf.records[2]) == [
        ("$[2]", "a record must be a mapping with claim, locator, quote and strength, found text 'just text'")]
    assert errors_of(cf.records[3]) == [
        ("$[3].topic", "topic must be text, found a date (2020-01-01; put it in quotes to keep it as text)")]


def test_yaml_merge_keys_may_be_overridden():
    text = (
        "x-common: &common {locator: p. 1, strength: states}\n"
        "claims:\n"
        "- <<: *common\n  claim: c\n  quote: q\n"
        "- <<: *common\n  claim: d\n  quote: r\n  strength: requires\n"
    )
    cf = loads_claims(text, fmt="yaml")
    assert [(r.line, r.strength, r.valid) for r in cf.records] == [(3, "states", True), (6, "requires", True)]


def test_json_duplicate_keys_and_lone_surrogates():
    line = '{"claim": "c", "locator": "p. 1", "quote": "a \\ud800 b", "strength": "states", "strength": "requires"}'
    record = loads_claims(line, fmt="jsonl").records[0]
    assert errors_of(record) == [
        ("$.quote", "holds a lone surrogate escape (half of a UTF-16 pair), which is no character"),
        ("$.strength", "key 'strength' is given more than once; only the last one counts"),
    ]


def test_errors_are_deterministic_whatever_the_key_order():
    record = {"qoute": "x", "strength": "mandates", "claim": "", "locator": {"page": 0}}
    forward = loads_claims(json.dumps(record), fmt="jsonl").records[0].errors
    backward = loads_claims(json.dumps(dict(reversed(record.items()))), fmt="jsonl").records[0].errors
    assert forward == backward
    assert [e.json_path for e in forward] == sorted(e.json_path for e in forward)


def test_locator_syntax_error_is_not_a_schema_error():
    line = json.dumps({"claim": "c", "locator": "section three", "quote": "q", "strength": "states"})
    record = loads_claims(line, fmt="jsonl").records[0]
    assert record.valid
    assert record.locator is None
    assert record.locator_error == "'three' is not a section number"


def test_locator_parser_sees_no_x_keys():
    # The grammar refuses an object with a second key: the `x-` key must not reach it.
    line = json.dumps({"claim": "c", "locator": {"page": 3, "x-why": "printed"}, "quote": "q", "strength": "states"})
    record = loads_claims(line, fmt="jsonl").records[0]
    assert record.valid and record.locator_error is None
    assert record.locator == Locator((LocatorPart("page", "3", None, "p. 3"),), "p. 3")


def test_jsonl_nul_and_deep_lines_are_record_errors(tmp_path):
    good = json.dumps({"claim": "c", "locator": "p. 1", "quote": "q", "strength": "states"})
    path = tmp_path / "c.jsonl"
    path.write_text(good + "\n" + good[:-1] + ', "x-a": "\x00"}\n' + "[" * 100_000 + "\n" + good + "\n")
    cf = load_claims(path)
    assert [r.line for r in cf.records] == [1, 2, 3, 4]
    assert errors_of(cf.records[1]) == [("$", "the line holds a NUL byte")]
    assert not cf.records[2].valid and cf.records[3].valid


# ---------------------------------------------------------------- exit 2: InputError


def _input_error(path: Path, **kwargs) -> str:
    with pytest.raises(InputError) as info:
        load_claims(path, **kwargs)
    message = str(info.value)
    assert "\n" not in message and "Traceback" not in message
    assert message.startswith(str(path) + ": ")
    return message


def test_missing_file(tmp_path):
    assert "no such file" in _input_error(tmp_path / "nope.yaml")


def test_directory(tmp_path):
    assert "is a directory" in _input_error(tmp_path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "claims.jsonl"
    os.mkfifo(fifo)
    assert "not a regular file" in _input_error(fifo)


def test_too_large(tmp_path):
    path = tmp_path / "c.jsonl"
    path.write_text((FIXTURES / "rfc3986.claims.jsonl").read_text())
    assert "too large" in _input_error(path, max_bytes=100)


def test_invalid_utf8(tmp_path):
    path = tmp_path / "c.jsonl"
    path.write_bytes(b'{"claim": "ok"}\n{"claim": "caf\xe9"}\n')
    assert "not valid UTF-8 at line 2" in _input_error(path)


def test_invalid_yaml_acceptance_case():
    message = _input_error(ACCEPTANCE / "exit2-claims-invalid-yaml" / "claims.yaml")
    assert "invalid YAML at line" in message and "quoted scalar that starts at line 5" in message


def test_invalid_json(tmp_path):
    path = tmp_path / "c.json"
    path.write_text('[{"claim": "a",}]')
    assert "invalid JSON at line 1, column 16" in _input_error(path)
    path.write_text("")
    assert "is empty" in _input_error(path)


def test_nul_in_yaml(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("- claim: a\n  quote: b\x00c\n")
    assert "invalid YAML at line 2: a NUL byte" in _input_error(path)


def test_python_tag_never_runs(tmp_path, capfd):
    marker = tmp_path / "pwned"
    path = tmp_path / "c.yaml"
    for text in (
        f'!!python/object/apply:os.system ["touch {marker}"]\n',
        f'- claim: a\n  quote: !!python/object/apply:os.system ["touch {marker}"]\n',
        f'claims:\n  - !!python/object/apply:os.system ["echo pwned > {marker}"]\n',
        "- !!python/name:os.system\n",
    ):
        path.write_text(text)
        message = _input_error(path)
        assert "unsupported YAML tag '!!python/" in message
    assert not marker.exists()
    assert "pwned" not in capfd.readouterr().out


@pytest.mark.parametrize(
    ("text", "cause"),
    [
        ("5\n", "holds the number 5, not a list of claim records or a mapping with claims:"),
        ("just words\n", "holds text 'just words'"),
        ("# only a comment\n", "holds nothing (null)"),
        ("", "is empty"),
        ("[1, 2, 3]\n", "holds a list whose items are not claim records"),
        ("- " * 200 + "x\n", "holds a list whose items are not claim records"),
        ("claims: 5\n", "claims: must be a list of records"),
        ("claims: []\nsorce: a.txt\n", "unknown top-level key 'sorce' (did you mean 'source'?)"),
        ("claim: a\nquote: b\n", "holds a single record"),
        ("title: x\n", "a mapping without claims:"),
        ("claims: []\nclaims: []\n", "top-level key 'claims' appears more than once"),
        ("---\n[]\n---\n[]\n", "invalid YAML at line 3"),
        ("claims: &a [*a]\n", "not claim records"),
        ("- &a {claim: x, x-self: *a}\n", "a YAML alias refers to itself"),
        ("- claim: " + "[" * 70 + "]" * 70 + "\n", "nested more than 64 levels deep (record at line 1)"),
    ],
)
def test_wrong_shapes_are_input_errors(tmp_path, text, cause):
    path = tmp_path / "claims.yaml"
    path.write_text(text)
    assert cause in _input_error(path)


@pytest.mark.parametrize("text", ["[]\n", "claims: []\n", "claims: []\nsource: a.txt\n", '{"claims": []}'])
def test_an_empty_list_is_a_file_without_records(tmp_path, text):
    # Valid: the summary's sentences then show as unbacked (SUM103). A file of white space is not.
    path = tmp_path / "claims.yaml"
    path.write_text(text)
    assert load_claims(path).records == []
    path.write_text("  \n\n")
    assert "is empty" in _input_error(path)


def test_json_deep_nesting_is_an_input_error(tmp_path):
    path = tmp_path / "c.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    assert "nested too deeply" in _input_error(path)


def test_billion_laughs_stays_linear(tmp_path):
    # 9^40 values once expanded, in a few kilobytes: refused at once, even under an `x-` key
    # that nothing checks (whatever walked it later would never finish).
    lines = ["- claim: c", "  locator: p. 1", "  quote: q", "  strength: states", "  x-a0: &a0 [lol, lol, lol, lol]"]
    for i in range(1, 40):
        lines.append(f"  x-a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    path = tmp_path / "laughs.yaml"
    path.write_text("\n".join(lines) + "\n")
    message: list[str] = []
    assert cpu_seconds(lambda: message.append(_input_error(path))) < 2
    assert "YAML aliases expand too far" in message[0]


def _alias_bomb(levels: int, record: str) -> str:
    """An alias nesting `levels` deep (9^levels values), then `record` using `*top`."""
    lines = ['x-l0: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for n in range(1, levels):
        lines.append(f"x-l{n}: &l{n} [" + ", ".join([f"*l{n - 1}"] * 9) + "]")
    return "\n".join(lines).replace(f"&l{levels - 1}", "&top") + "\nclaims:\n" + record


@pytest.mark.parametrize("levels", [8, 9, 12])
@pytest.mark.parametrize(
    "record",
    [
        "  - {claim: c, locator: p. 4, quote: *top, strength: states}\n",
        "  - {claim: *top, locator: p. 4, quote: q, strength: states}\n",
        "  - {claim: c, locator: *top, quote: q, strength: states}\n",
        "  - {claim: c, locator: {page: *top}, quote: q, strength: states}\n",
        "  - {claim: c, locator: p. 4, quote: q, strength: states, ignore: *top}\n",
        "  - {<<: {quote: *top}, claim: c, locator: p. 4, strength: states}\n",  # merged in
    ],
)
def test_alias_bomb_is_refused_quickly(tmp_path, levels, record):
    path = tmp_path / "claims.yaml"
    path.write_text(_alias_bomb(levels, record))
    messages: list[str] = []
    assert cpu_seconds(lambda: messages.append(_input_error(path))) < 2
    message = messages[0]
    assert message == f"{path}: YAML aliases expand too far (a billion-laughs document?): expanded, they " \
                      f"would add more than 1,000,000 values"


def test_alias_within_the_bound_is_a_record_error_quickly(tmp_path):
    # 9^5 values behind one quote: allowed, and the schema check never expands them.
    path = tmp_path / "claims.yaml"
    path.write_text(_alias_bomb(5, "  - {claim: c, locator: p. 4, quote: *top, strength: states}\n"))
    loaded: list = []
    assert cpu_seconds(lambda: loaded.append(load_claims(path))) < 2
    cf = loaded[0]
    assert errors_of(cf.records[0]) == [("$.claims[0].quote", "quote must be text, found a list")]


def test_shared_anchors_in_ten_thousand_records_load(tmp_path):
    # The ordinary use of aliases: a locator or an ignore list shared by every record.
    def run(n: int) -> None:
        lines = ["x-ignore: &ign [SUM205, duplicate-claim]", "x-loc: &loc {section: '4.2'}", "claims:"]
        for i in range(n):
            lines.append(f"  - {{id: c{i}, claim: Claim {i}., locator: *loc, quote: quote number {i}, "
                         f"strength: states, ignore: *ign}}")
        path = tmp_path / "claims.yaml"
        path.write_text("\n".join(lines) + "\n")
        cf = load_claims(path)
        assert len(cf.records) == n and all(r.valid for r in cf.records)
        assert cf.records[-1].ignore == frozenset({"SUM205", "duplicate-claim"})

    assert_scales_linearly(run, 600)  # ... and 2,400 records


# ---------------------------------------------------------------- speed


def _records(n: int) -> list[dict]:
    base = [json.loads(line) for line in (FIXTURES / "rfc3986.claims.jsonl").read_text().splitlines() if line]
    return [{**base[i % len(base)], "id": f"c{i}"} for i in range(n)]


@pytest.mark.parametrize("fmt", ["jsonl", "json", "yaml"])
def test_ten_thousand_records_load_fast(tmp_path, fmt):
    def write(n: int) -> Path:
        records = _records(n)
        path = tmp_path / f"big{n}.{fmt}"
        if fmt == "jsonl":
            path.write_text("\n".join(json.dumps(r) for r in records))
        elif fmt == "json":
            path.write_text(json.dumps(records, indent=1))
        else:
            dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # the pure-Python emitter takes seconds
            path.write_text(yaml.dump({"claims": records}, Dumper=dumper, sort_keys=False))
        return path

    paths = {n: write(n) for n in (600, 2_400)}
    claims_mod.record_validator()  # built once per process; not part of the per-file cost

    def run(n: int) -> None:
        cf = load_claims(paths[n])
        assert len(cf.records) == n and all(r.valid for r in cf.records)
        assert cf.records[-1].line is not None

    # Four times the records, about four times the CPU time: catches quadratic slips, not a
    # slow machine. (10,000 records take ~0.2 s as JSONL/JSON, ~1.1 s as YAML on one core;
    # benchmarks/ measures the absolute figures.)
    assert_scales_linearly(run, 600)


def test_fast_path_never_accepts_what_the_schema_rejects():
    """obviously_valid is a shortcut around jsonschema; it must never be more lenient."""
    validator = claims_mod.record_validator()
    values = {
        "claim": ["c", "", " ", 1, None],
        "locator": ["p. 1", " ", 3, {"page": 1}, {"page": 0}, {"page": " "}, {"page": True}, {"section": 0},
                    {"section": "4.2"}, {"section": ""}, {"line": 1}, {"line": True}, {"lines": [1, 2]},
                    {"lines": [1]}, {"lines": [0, 1]}, {"pages": ["i", 3]}, {"pages": [1, 2, 3]},
                    {"start_char": 0, "end_char": 5}, {"start_char": -1, "end_char": 5}, {"start_char": 1},
                    {"page": 1, "x-a": 1}, {"page": 1, "line": 2}, {"pgae": 1}],
        "quote": ["q", "\u00a0", "\u2028", 2],
        "strength": ["states", "exige", "mandates", ["states"], {"a": 1}],
        "id": ["c1", 7, True, 1.5],
        "topic": ["t", 1],
        "ignore": [["SUM205"], ["sum2", "quote-not-found"], ["SUM 2"], "SUM205", [1]],
    }
    import itertools
    import random

    rng = random.Random(1)
    accepted = 0
    for _ in range(3000):
        # Mostly the first (valid) value, so that many records reach the shortcut at all.
        record = {k: rng.choice(v) if rng.random() < 0.4 else v[0] for k, v in values.items()
                  if k in ("claim", "locator", "quote", "strength") or rng.random() < 0.3}
        for drop in [k for k in record if rng.random() < 0.05]:
            del record[drop]
        if obviously_valid(record):
            accepted += 1
            assert validator.is_valid(record), record
    assert accepted > 100  # the shortcut is exercised, not just the fallback
    for combo in itertools.product(values["locator"], values["quote"]):
        record = {"claim": "c", "locator": combo[0], "quote": combo[1], "strength": "states"}
        if obviously_valid(record):
            assert validator.is_valid(record), record


@pytest.mark.skipif(not ACCEPTANCE.is_dir(), reason="acceptance cases not present")
def test_every_acceptance_claims_file():
    for path in sorted(ACCEPTANCE.glob("*/claims.*")):
        if path.parent.name == "exit2-claims-invalid-yaml":
            continue
        cf = load_claims(path)
        assert cf.records, path
        assert all(r.line for r in cf.records), path
        expected_bad = {"gpl3-claim-defects": [2, 8], "dsgvo-de-defects": [9]}.get(path.parent.name, [])
        assert [r.line for r in cf.records if not r.valid] == expected_bad, path


def test_a_tag_holding_a_quote_is_named_shortly():
    """PyYAML quotes such a tag with double quotes: the message still names it in a few dozen
    characters (found by the property tests: a 4,500-character message)."""
    from summcheck.claims import loads_claims
    from summcheck.model import InputError

    with pytest.raises(InputError) as caught:
        loads_claims("!!python/object:os.system'" + "1" * 4400, fmt="yaml")
    assert len(str(caught.value)) < 300
    assert "unsupported YAML tag '!!python/object:os.system'" in str(caught.value)
