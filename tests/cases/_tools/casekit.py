"""Helpers that write the case folders under tests/cases/ (see build_cases.py).

Quotes are always cut from the shared sources by `cut()`; nothing a record quotes is typed by
hand. `where()` finds a quote in a source independently of summcheck, so build_cases.py can assert
that every record stands (or, for a planted defect, does not stand) where the case says it does.
"""
from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CASES = Path(__file__).resolve().parent.parent
SOURCES = CASES / "_sources"

SEVERITY = {"SUM100": "warning", "SUM105": "warning", "SUM205": "warning", "SUM301": "warning", "SUM302": "warning",
            "SUM303": "warning", "SUM203": "info", "SUM304": "info"}

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


# --- records and summaries -----------------------------------------------------------------


@dataclass
class R:
    """A claim record. expect: rules the record must carry; where: 'ok' (stands at its
    locator), 'misplaced', 'absent', 'unchecked' (normalised-level quote, bad locator, ...)."""

    claim: str
    locator: Any
    quote: Any
    strength: str
    expect: list[str] = field(default_factory=list)
    extra: dict = field(default_factory=dict)
    where: str = "ok"

    def record(self) -> dict:
        rec = {"claim": self.claim, "locator": self.locator, "quote": self.quote,
               "strength": self.strength}
        rec.update(self.extra)
        rec = {k: v for k, v in rec.items() if v is not None}
        return rec


@dataclass
class Raw:
    """A raw JSONL line (not JSON, or JSON that is not a record), with its expected findings."""

    line: str
    expect: list[str] = field(default_factory=list)


def rec(claim, locator, quote, strength="states", expect=(), where=None, **extra) -> R:
    expect = [expect] if isinstance(expect, str) else list(expect)
    if where is None:
        where = ("absent" if "SUM201" in expect else "misplaced" if "SUM202" in expect
                 else "unchecked" if {"SUM200", "SUM206", "SUM104"} & set(expect) else "ok")
    extra = {k.replace("x_", "x-", 1) if k.startswith("x_") else k: v for k, v in extra.items()}
    return R(claim, locator, quote, strength, expect, extra, where)


def _verify(src: str, r: R, case: str) -> None:
    if not isinstance(r.quote, str) or r.where == "unchecked":
        return
    hits = where(src, r.quote)
    if r.where == "absent":
        assert not hits, f"{case}: quote planted as fabricated stands in {src}: {r.quote!r}"
        return
    assert hits, f"{case}: quote not in {src}: {r.quote!r}"
    verdicts = [inside(src, r.locator, h) for h in hits]
    if None in verdicts:
        return
    if r.where == "ok":
        assert any(verdicts), f"{case}: quote not at {r.locator!r}: {r.quote[:200]!r} {hits}"
    elif r.where == "misplaced":
        assert not any(verdicts), f"{case}: 'misplaced' quote stands at {r.locator!r}: {r.quote!r}"
    strength = CANON.get(r.strength)
    if strength and r.where == "ok":
        m = modal(r.quote)
        if m == "requires":
            assert strength == "requires", f"{case}: modal quote recorded as {r.strength}: {r.quote!r}"
        elif m == "recommends":
            assert strength == "recommends", f"{case}: modal quote recorded as {r.strength}: {r.quote!r}"


def _line_expect(item) -> tuple[str, list[str]]:
    if isinstance(item, tuple):
        line, rules = item
        return line, [rules] if isinstance(rules, str) else list(rules)
    return item, []


def _dump_jsonl(records: list) -> tuple[str, list[tuple[int, list[str]]]]:
    lines, marks = [], []
    for no, r in enumerate(records, 1):
        if isinstance(r, Raw):
            lines.append(r.line)
            marks.append((no, r.expect))
        else:
            lines.append(json.dumps(r.record(), ensure_ascii=False))
            marks.append((no, r.expect))
    return "\n".join(lines) + "\n", marks


def _yaml_scalar(v: Any) -> str:
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    return json.dumps(v, ensure_ascii=False)


def _dump_yaml(records: list, header: dict | None, listing: bool) -> tuple[str, list]:
    out, marks = [], []
    indent = ""
    if header is not None or not listing:
        for k, v in (header or {}).items():
            out.append(f"{k}: {_yaml_scalar(v)}")
        out.append("claims:")
        indent = "  "
    for r in records:
        rec_ = r.record()
        marks.append((len(out) + 1, r.expect))
        first = True
        for k, v in rec_.items():
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
    return "\n".join(out) + "\n", marks


def _dump_json(records: list, header: dict | None) -> tuple[str, list]:
    out, marks = ["{"], []
    for k, v in (header or {}).items():
        out.append(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)},")
    out.append('  "claims": [')
    for n, r in enumerate(records):
        marks.append((len(out) + 1, r.expect))
        body = json.dumps(r.record(), ensure_ascii=False, indent=2).split("\n")
        body = ["    " + b for b in body]
        if n + 1 < len(records):
            body[-1] += ","
        out.extend(body)
    out.append("  ]")
    out.append("}")
    return "\n".join(out) + "\n", marks


BUILT: list[str] = []


def case(name: str, description: str, *, source: str | None, summary: list, claims: list = (),
         fmt: str = "jsonl", args: list[str] = (), exit: int | list | None = None,
         front: dict | None = None, purpose: str | None = None, xfail: str | None = None,
         claims_header: dict | None = None, yaml_list: bool = False, files: dict | None = None,
         summary_bytes: bytes | None = None, claims_bytes: bytes | None = None,
         claims_name: str | None = None, extra_expect: list | None = None,
         verify: bool = True, post: dict | None = None,
         extra_max_seconds: float | None = None) -> None:
    """Write tests/cases/<name>/ (summary.md, claims file, expected.json)."""
    folder = CASES / name
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    BUILT.append(name)
    claims_name = claims_name or {"jsonl": "claims.jsonl", "yaml": "claims.yaml",
                                  "json": "claims.json"}[fmt]
    findings: list[dict] = []

    # claims
    if claims_bytes is not None:
        (folder / claims_name).write_bytes(claims_bytes)
    elif claims is not None:
        if fmt == "jsonl":
            body, marks = _dump_jsonl(list(claims))
        elif fmt == "yaml":
            body, marks = _dump_yaml(list(claims), claims_header, yaml_list)
        else:
            body, marks = _dump_json(list(claims), claims_header)
        (folder / claims_name).write_text(body, encoding="utf-8")
        for line, rules in marks:
            findings += [{"rule": r, "path": claims_name, "line": line} for r in rules]
        if verify and source:
            for r in claims:
                if isinstance(r, R):
                    _verify(source, r, name)

    # summary
    fm = ["---"]
    if source is not None:
        fm.append(f"source: ../_sources/{source}")
    fm.append(f"claims: {claims_name}")
    for k, v in (front or {}).items():
        fm.append(f"{k}: {v}")
    if purpose:
        fm.append(f"purpose: {purpose}")
    fm.append("---")
    lines = list(fm)
    for item in summary:
        line, rules = _line_expect(item)
        lines.append(line)
        findings += [{"rule": r, "path": "summary.md", "line": len(lines)} for r in rules]
    if summary_bytes is not None:
        (folder / "summary.md").write_bytes(summary_bytes)
    else:
        (folder / "summary.md").write_text("\n".join(lines) + "\n", encoding="utf-8")

    for fname, data in (files or {}).items():
        p = folder / fname
        if data is None:
            p.mkdir()
        elif isinstance(data, bytes):
            p.write_bytes(data)
        else:
            p.write_text(data, encoding="utf-8")

    for fname, fn in (post or {}).items():
        p = folder / fname
        p.write_bytes(fn(p.read_bytes()))

    findings += list(extra_expect or [])
    findings.sort(key=lambda f: (f["path"], f["line"] or 0, f["rule"]))
    if exit is None:
        exit = 1 if any(SEVERITY.get(f["rule"], "error") == "error" for f in findings) else 0
    expected: dict[str, Any] = {"description": description, "exit": exit}
    if args:
        expected["args"] = list(args)
    expected["findings"] = findings if exit != 2 else []
    if extra_max_seconds:
        expected["max_seconds"] = extra_max_seconds
    if xfail:
        expected["xfail"] = xfail
    (folder / "expected.json").write_text(
        json.dumps(expected, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
