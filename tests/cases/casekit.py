"""The rule cases as data: load tests/cases/*.yaml and materialise a case into a folder.

Each YAML file holds a list of cases (README.md in this folder describes the keys). A case
becomes a folder holding summary.md, its claims file and any extra files, inside a tree that
looks like this one: `../_sources/` beside the case folder and an empty summcheck.toml at the
top (see `make_tree`).

Quotes are never typed: a record's quote is `{cut: [source, start, end]}`, the span of a shared
source in `_sources/` from the start anchor to the first end anchor after it (white space
collapsed). `where()` finds a quote in a source independently of summcheck, so that
`materialise` can assert that every record stands (or, for a planted defect, does not stand)
where the case says it does, and that a record's strength matches its quote's modal verb.
"""
from __future__ import annotations

import functools
import json
import re
import shutil
import string
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

CASES = Path(__file__).resolve().parent
SOURCES = CASES / "_sources"
SHIELD = CASES / "summcheck.toml"  # the empty configuration at the top of every tree

CASE_KEYS = {"name", "description", "summary", "claims", "files", "bytes", "check", "args",
             "exit", "findings", "max_seconds", "xfail"}
CLAIMS_KEYS = {"file", "format", "header", "list", "records", "text", "fill"}
BYTES_KEYS = {"normalize", "newline", "bom", "replace"}
FORMATS = {".jsonl": "jsonl", ".ndjson": "jsonl", ".yaml": "yaml", ".yml": "yaml", ".json": "json"}
WHERE = ("ok", "misplaced", "absent", "unchecked", "quotation")

_TEXTS: dict[str, str] = {}


def text(src: str) -> str:
    if src not in _TEXTS:
        _TEXTS[src] = (SOURCES / src).read_bytes().decode("utf-8")
    return _TEXTS[src]


def ws(s: str) -> str:
    """Whitespace normalisation: any run of Unicode white space is one space."""
    return " ".join(s.split())


def _norm_map(src: str) -> tuple[str, list[int]]:
    t = text(src)
    out: list[str] = []
    idx: list[int] = []
    in_space = True
    for i, ch in enumerate(t):
        if ch.isspace():
            if not in_space:
                out.append(" ")
                idx.append(i)
            in_space = True
        else:
            out.append(ch)
            idx.append(i)
            in_space = False
    return "".join(out), idx


_MAPS: dict[str, tuple[str, list[int]]] = {}


def norm(src: str) -> tuple[str, list[int]]:
    if src not in _MAPS:
        _MAPS[src] = _norm_map(src)
    return _MAPS[src]


def cut(src: str, start: str, end: str | None = None, nth: int = 1) -> str:
    """The span of the source that begins with `start` (its nth occurrence) and ends with the
    first `end` after it, white space collapsed. Anchors are matched after the same collapse."""
    n, _ = norm(src)
    start, end = ws(start), ws(end) if end is not None else None
    i = -1
    for _ in range(nth):
        i = n.find(start, i + 1)
        assert i != -1, f"{src}: start anchor not found: {start!r}"
    if end is None:
        j = i + len(start)
    else:
        j = n.find(end, max(i, i + len(start) - len(end)))
        assert j != -1, f"{src}: end anchor not found after start: {end!r}"
        j += len(end)
    return n[i:j]


@dataclass
class Hit:
    start: int  # character offsets into the source text
    end: int
    page: int
    line_start: int
    line_end: int


def where(src: str, quote: str) -> list[Hit]:
    """Every place the quote stands in the source, at the exact (white-space) level."""
    n, idx = norm(src)
    t = text(src)
    q = ws(quote)
    hits = []
    i = n.find(q)
    while i != -1 and q:
        s, e = idx[i], idx[i + len(q) - 1] + 1
        hits.append(Hit(s, e, _page_at(src, s), t.count("\n", 0, s) + 1,
                        t.count("\n", 0, e - 1) + 1))
        i = n.find(q, i + 1)
    return hits


def _page_at(src: str, offset: int) -> int:
    """Page of an offset: form feeds, else '[Page N]' footer lines (the footer ends page N)."""
    t = text(src)
    if "\f" in t:
        return t.count("\f", 0, offset) + 1
    ends = [m.end() for m in re.finditer(r"\[Page \d+\][ \t]*\r?\n", t)]
    return 1 + sum(1 for e in ends if e <= offset)


def char_span(src: str, quote: str) -> tuple[int, int]:
    hits = where(src, quote)
    assert len(hits) == 1, (src, quote, hits)
    return hits[0].start, hits[0].end


# --- sections, independently of summcheck -------------------------------------------------

HEADINGS: dict[str, list[str]] = {
    "rfc3986-p1-12.txt": [r"^(\d+(?:\.\d+)*)\.  \S"],
    "gpl3-s0-5.txt": [r"^  (\d+)\. [A-Z]"],
    "dsgvo-oj32-38.txt": [r"^\f?Artikel (\d+)$"],
    "dudh-es.txt": [r"^\f?Artículo (\d+)$"],
    "dudh-pt.txt": [r"^\f?Artigo (\d+)\.º$"],
    "dudh-pt.md": [r"^## Artigo (\d+)\.º$"],
    "rfc3986-p1-7-footers.txt": [r"^(\d+(?:\.\d+)*)\.  \S"],
    "gpl3-s0-5-crlf.txt": [r"^  (\d+)\. [A-Z]"],
    "debian-reference-es-prefacio-1.1.txt": [r"^(\d+(?:\.\d+)*)\. \S", r"^Capítulo (\d+)\. \S"],
    "debian-reference-pt-prefacio-1.1.txt": [r"^(\d+(?:\.\d+)*)\. \S", r"^Capítulo (\d+)\. \S"],
}
_FIRST_BODY_LINE = {"debian-reference-es-prefacio-1.1.txt": 20,
                    "debian-reference-pt-prefacio-1.1.txt": 20}


def sections(src: str) -> list[tuple[str, int, int]]:
    """(ident, first line, last line) of every section, subsections included in their parent."""
    lines = text(src).split("\n")
    heads: list[tuple[str, int]] = []
    for no, line in enumerate(lines, 1):
        if no < _FIRST_BODY_LINE.get(src, 0):
            continue
        for pat in HEADINGS[src]:
            m = re.match(pat, line)
            if m:
                heads.append((m.group(1), no))
                break
    out = []
    for k, (ident, first) in enumerate(heads):
        last = len(lines)
        for ident2, line2 in heads[k + 1:]:
            if not ident2.startswith(ident + "."):
                last = line2 - 1
                break
        out.append((ident, first, last))
    return out


_PAGE = re.compile(r"^(?:p\.|pp\.|page|pages|S\.|Seite|Seiten|pág\.|págs\.|página|páginas)\s*"
                   r"(\d+)(?:\s*[-–]\s*(\d+))?$")
_LINE = re.compile(r"^(?:line|lines|l\.|ll\.|Zeile|Zeilen|Z\.|línea|líneas|linha|linhas)\s*"
                   r"(\d+)(?:\s*[-–]\s*(\d+))?$")
_SECT = re.compile(r"^(?:section|sections|sec\.|§|§§|clause|article|art\.|Abschnitt|Artikel|Art\.|"
                   r"sección|apartado|artículo|cláusula|seção|secção|artigo)\s*"
                   r"(\d+(?:\.\d+)*)(?:\.º)?(?:\s*[-–]\s*(\d+(?:\.\d+)*)(?:\.º)?)?$")


def inside(src: str, locator: Any, hit: Hit) -> bool | None:
    """Whether a hit lies inside a (simple) locator; None when this helper cannot tell."""
    if isinstance(locator, dict):
        if set(locator) == {"page"}:
            return hit.page == int(locator["page"]) and _one_page(src, hit)
        if set(locator) == {"lines"}:
            a, b = locator["lines"]
            return a <= hit.line_start and hit.line_end <= b
        if set(locator) == {"start_char", "end_char"}:
            return locator["start_char"] <= hit.start and hit.end <= locator["end_char"]
        if set(locator) == {"section"}:
            locator = "section " + str(locator["section"])
        else:
            return None
    if not isinstance(locator, str):
        return None
    m = _PAGE.match(locator)
    if m:
        a, b = int(m.group(1)), int(m.group(2) or m.group(1))
        last = _page_at(src, hit.end - 1)
        return a <= hit.page and last <= b
    m = _LINE.match(locator)
    if m:
        a, b = int(m.group(1)), int(m.group(2) or m.group(1))
        return a <= hit.line_start and hit.line_end <= b
    m = _SECT.match(locator)
    if m:
        secs = sections(src)
        a, b = m.group(1), m.group(2) or m.group(1)
        firsts = [s for s in secs if s[0] == a]
        lasts = [s for s in secs if s[0] == b]
        if not firsts or not lasts:
            return False
        return any(f[1] <= hit.line_start and hit.line_end <= l[2] for f in firsts for l in lasts)
    return None


def _one_page(src: str, hit: Hit) -> bool:
    return _page_at(src, hit.end - 1) == hit.page


# --- modal words (so that no case trips the emphasis rules by accident) --------------------

_REQUIRES = re.compile(
    r"\b(must|shall|required|has to|may not|muss|müssen|musst|verpflichtet|darf nicht|"
    r"debe|deben|deberá|deberán|tiene que|tienen que|obligatori[oa]s?|deve|devem|deverá|deverão|"
    r"tem de|tem que|obrigatóri[oa]s?|MUST|SHALL|REQUIRED)\b", re.I)
_RECOMMENDS = re.compile(
    r"\b(should|ought|recommended|soll|sollte|sollten|empfohlen|debería|deberían|se recomienda|"
    r"deveria|deveriam|recomenda-se)\b", re.I)
CANON = {"states": "states", "recommends": "recommends", "requires": "requires",
         "reports": "reports", "afirma": "states", "recomienda": "recommends", "exige": "requires",
         "informa": "reports", "feststellend": "states", "empfehlend": "recommends",
         "fordernd": "requires", "berichtend": "reports", "recomenda": "recommends",
         "relata": "reports"}


def modal(s: str) -> str | None:
    if _REQUIRES.search(s):
        return "requires"
    if _RECOMMENDS.search(s):
        return "recommends"
    return None


# --- values that are computed, not typed ---------------------------------------------------


def resolve(value: Any) -> Any:
    """A record value with its `{cut: ...}`, `{char_span: ...}` and `{repeat: ...}` forms worked
    out; any other value is taken as it stands.

    - `{cut: [source, start, end], nth: 2, replace: [[old, new], ...]}`: `cut()`, then each
      replacement (every occurrence) in turn: a planted variant of a real quote;
    - `{join: [<a cut>, <a cut>, ...]}`: the quotes joined by a space (a quote glued from two
      places), or by `with` (`{join: [...], with: " … "}`: a quotation with an elision);
    - `{char_span: <a cut>}`: the locator `{start_char, end_char}` of that quote's one place;
    - `{repeat: [text, n]}`: the text n times (for inputs too long to write out)."""
    if isinstance(value, dict) and "cut" in value:
        assert set(value) <= {"cut", "nth", "replace"}, value
        quote = cut(*value["cut"], nth=value.get("nth", 1))
        for old, new in value.get("replace", []):
            quote = quote.replace(old, new)
        return quote
    if isinstance(value, dict) and "join" in value:
        assert set(value) <= {"join", "with"}, value
        return value.get("with", " ").join(resolve(part) for part in value["join"])
    if isinstance(value, dict) and set(value) == {"char_span"}:
        spec = value["char_span"]
        start, end = char_span(spec["cut"][0], resolve(spec))
        return {"start_char": start, "end_char": end}
    if isinstance(value, dict) and set(value) == {"repeat"}:
        piece, times = value["repeat"]
        return piece * times
    return value


def _verify(src: str, record: dict, where_: str, case: str) -> None:
    quote = record.get("quote")
    if not isinstance(quote, str) or where_ == "unchecked":
        return
    if where_ == "quotation":  # elided or altered: each piece between the marks is cut text
        pieces = [p.strip() for p in re.split(r"\[[^\]]*\]|\([.…]+\)|…|\.\.\.", quote)]
        for piece in (p for p in pieces if len(p) >= 3):
            assert where(src, piece), f"{case}: quotation piece not in {src}: {piece!r}"
        return
    hits = where(src, quote)
    if where_ == "absent":
        assert not hits, f"{case}: quote planted as fabricated stands in {src}: {quote!r}"
        return
    assert hits, f"{case}: quote not in {src}: {quote!r}"
    locator = record.get("locator")
    verdicts = [inside(src, locator, h) for h in hits]
    if None in verdicts:
        return
    if where_ == "ok":
        assert any(verdicts), f"{case}: quote not at {locator!r}: {quote[:200]!r} {hits}"
    elif where_ == "misplaced":
        assert not any(verdicts), f"{case}: 'misplaced' quote stands at {locator!r}: {quote!r}"
    strength = CANON.get(record.get("strength"))  # type: ignore[arg-type]
    if strength and where_ == "ok":
        m = modal(quote)
        if m == "requires":
            assert strength == "requires", f"{case}: modal quote recorded as {record['strength']}: {quote!r}"
        elif m == "recommends":
            assert strength == "recommends", f"{case}: modal quote recorded as {record['strength']}: {quote!r}"


# --- claim files ---------------------------------------------------------------------------


def _yaml_scalar(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False)


def _dump_jsonl(items: list) -> str:
    return "\n".join(item if isinstance(item, str) else json.dumps(item, ensure_ascii=False)
                     for item in items) + "\n"


def _dump_yaml(records: list[dict], header: dict | None, listing: bool) -> str:
    out = []
    indent = ""
    if header is not None or not listing:
        for k, v in (header or {}).items():
            out.append(f"{k}: {_yaml_scalar(v)}")
        out.append("claims:")
        indent = "  "
    for rec in records:
        first = True
        for k, v in rec.items():
            prefix = indent + ("- " if first else "  ")
            first = False
            if isinstance(v, dict) and len(v) > 1:
                out.append(f"{prefix}{k}:")
                for k2, v2 in v.items():
                    out.append(f"{indent}    {k2}: {_yaml_scalar(v2)}")
            elif isinstance(v, dict):
                (k2, v2), = v.items()
                out.append(f"{prefix}{k}: {{{k2}: {_yaml_scalar(v2)}}}")
            elif isinstance(v, list):
                out.append(f"{prefix}{k}: [{', '.join(_yaml_scalar(x) for x in v)}]")
            else:
                out.append(f"{prefix}{k}: {_yaml_scalar(v)}")
    return "\n".join(out) + "\n"


def _dump_json(records: list[dict], header: dict | None) -> str:
    out = ["{"]
    for k, v in (header or {}).items():
        out.append(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)},")
    out.append('  "claims": [')
    for n, rec in enumerate(records):
        body = ["    " + b for b in json.dumps(rec, ensure_ascii=False, indent=2).split("\n")]
        if n + 1 < len(records):
            body[-1] += ","
        out.extend(body)
    out.append("  ]")
    out.append("}")
    return "\n".join(out) + "\n"


def claim_file(case: dict) -> tuple[str, bytes, list[tuple[dict, str]]]:
    """(file name, bytes, [(record, where)]) of a case's claims."""
    spec = case["claims"]
    unknown = set(spec) - CLAIMS_KEYS
    assert not unknown, f"{case['name']}: unknown claims keys {sorted(unknown)}"
    name = spec["file"]
    if "text" in spec:
        body = spec["text"]
        if "fill" in spec:
            body = string.Template(body).substitute({k: resolve(v) for k, v in spec["fill"].items()})
        return name, body.encode("utf-8"), []
    fmt = spec.get("format") or FORMATS[Path(name).suffix]
    items: list = []
    checked: list[tuple[dict, str]] = []
    for item in spec.get("records", []):
        if set(item) == {"raw"}:  # a JSONL line as it stands (not JSON, or JSON that is no record)
            assert fmt == "jsonl", f"{case['name']}: a raw line in a {fmt} file"
            items.append(item["raw"])
            continue
        where_ = item.get("where", "ok")
        assert where_ in WHERE, f"{case['name']}: where: {where_!r}"
        record = {k: resolve(v) for k, v in item.items() if k != "where"}
        items.append(record)
        checked.append((record, where_))
    if fmt == "jsonl":
        body = _dump_jsonl(items)
    elif fmt == "yaml":
        body = _dump_yaml(items, spec.get("header"), spec.get("list", False))
    else:
        body = _dump_json(items, spec.get("header"))
    return name, body.encode("utf-8"), checked


# --- cases ---------------------------------------------------------------------------------

_FRONT_SOURCE = re.compile(r"^source: \.\./_sources/(\S+)$", re.M)


def check_source(case: dict) -> str | None:
    """The shared source the records' quotes are checked against: `check:` when it names one
    (false: none), else the `source: ../_sources/<file>` line of the summary's front matter."""
    if "check" in case:
        return case["check"] or None
    summary = case["summary"]
    if not summary.startswith("---\n"):
        return None
    end = summary.find("\n---\n", 3)
    m = _FRONT_SOURCE.search(summary[:end if end != -1 else len(summary)])
    return m.group(1) if m and (SOURCES / m.group(1)).is_file() else None


def _edit_bytes(data: bytes, edits: dict) -> bytes:
    """The byte-level edits of `bytes:` for one file, in this order: Unicode normalisation,
    line ends, a BOM, then replacements (each character of old and new stands for one byte,
    so "\\xe9" is the byte 0xE9: this is how a case plants bytes that are not UTF-8)."""
    unknown = set(edits) - BYTES_KEYS
    assert not unknown, f"unknown bytes keys {sorted(unknown)}"
    if "normalize" in edits:
        data = unicodedata.normalize(edits["normalize"], data.decode("utf-8")).encode("utf-8")
    if "newline" in edits:
        data = data.replace(b"\n", {"crlf": b"\r\n", "cr": b"\r", "lf": b"\n"}[edits["newline"]])
    if edits.get("bom"):
        data = b"\xef\xbb\xbf" + data
    for old, new in edits.get("replace", []):
        data = data.replace(old.encode("latin-1"), new.encode("latin-1"))
    return data


def materialise(case: dict, folder: Path) -> None:
    """Write the case's files into `folder` (created; its parent should be a tree from
    `make_tree`), after checking every record's quote against the source."""
    name = case["name"]
    unknown = set(case) - CASE_KEYS
    assert not unknown, f"{name}: unknown keys {sorted(unknown)}"
    folder.mkdir(parents=True)
    if "claims" in case:
        file, data, checked = claim_file(case)
        (folder / file).write_bytes(data)
        src = check_source(case)
        for record, where_ in checked if src else []:
            _verify(src, record, where_, name)
    (folder / "summary.md").write_bytes(case["summary"].encode("utf-8"))
    for file, data in (case.get("files") or {}).items():
        path = folder / file
        path.parent.mkdir(parents=True, exist_ok=True)
        if data is None:  # an empty folder
            path.mkdir()
        else:
            path.write_bytes(data.encode("utf-8"))
    for file, edits in (case.get("bytes") or {}).items():
        path = folder / file
        path.write_bytes(_edit_bytes(path.read_bytes(), edits))


def expected(case: dict) -> dict:
    """What the run must give: exit, args, findings, max_seconds, xfail, description."""
    return {"description": case["description"], "exit": case["exit"],
            "args": list(case.get("args", [])), "findings": list(case.get("findings", [])),
            **{k: case[k] for k in ("max_seconds", "xfail") if k in case}}


def make_tree(root: Path) -> Path:
    """A tree for materialised cases: the shared sources in `_sources/`, the empty
    summcheck.toml at the top (it shields the cases from any configuration above), and a `.git`
    folder that marks the top as the repository root (so that a case with its own
    configuration may still read `../_sources/`, as the cases could in the checkout)."""
    root.mkdir(parents=True, exist_ok=True)
    shutil.copytree(SOURCES, root / "_sources")
    shutil.copyfile(SHIELD, root / "summcheck.toml")
    (root / ".git").mkdir()
    return root


# yaml.safe_load's loader, in C where PyYAML has it (ten times faster; equally safe: no tags
# beyond the standard ones).
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@functools.lru_cache(maxsize=None)
def _load_all() -> tuple[dict, ...]:
    cases: list[dict] = []
    seen: dict[str, str] = {}
    for path in sorted(CASES.glob("*.yaml")):
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)
        assert isinstance(data, list), f"{path.name}: not a list of cases"
        for case in data:
            name = case.get("name")
            assert name and name not in seen, f"{path.name}: case name {name!r} (also in {seen.get(name)})"
            seen[name] = path.name
            cases.append(case)
    return tuple(cases)


def load_cases() -> list[dict]:
    """Every case of every tests/cases/*.yaml, in file order; names are unique. (The cases are
    read once; do not change them.)"""
    return list(_load_all())


def by_name(name: str) -> dict:
    return next(case for case in _load_all() if case["name"] == name)
