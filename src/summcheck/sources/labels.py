"""PDF page labels: parse /PageLabels rules and compute each page's printed label."""
from __future__ import annotations

import codecs

from ..structure.numbering import to_roman

_ESCAPES = {"n": 10, "r": 13, "t": 9, "b": 8, "f": 12, "(": 40, ")": 41, "\\": 92}


def decode_pdf_string(raw: str) -> str:
    """Decode a PDF string as MuPDF hands it over: `<hex>`, `(literal)` or bare literal text."""
    raw = raw.strip()
    if raw.startswith("<") and raw.endswith(">") and not raw.startswith("<<"):
        digits = "".join(raw[1:-1].split())
        if len(digits) % 2:
            digits += "0"  # the PDF rule for an odd number of hex digits
        try:
            data = bytes.fromhex(digits)
        except ValueError:
            return raw
    else:
        if raw.startswith("(") and raw.endswith(")"):
            raw = raw[1:-1]
        data = _unescape(raw)
    return _decode_bytes(data)


def _unescape(s: str) -> bytes:
    out = bytearray()
    i, n = 0, len(s)
    while i < n:
        ch = s[i]
        if ch != "\\" or i + 1 == n:
            out += ch.encode("latin-1") if ord(ch) < 256 else ch.encode("utf-8")
            i += 1
            continue
        nxt = s[i + 1]
        if nxt in "01234567":
            j = i + 1
            while j < n and j < i + 4 and s[j] in "01234567":
                j += 1
            out.append(int(s[i + 1:j], 8) & 0xFF)
            i = j
        elif nxt == "\n":  # a backslash before a line break continues the string
            i += 2
        else:
            out.append(_ESCAPES.get(nxt, ord(nxt) if ord(nxt) < 256 else 63))
            i += 2
    return bytes(out)


def _decode_bytes(data: bytes) -> str:
    if data.startswith(codecs.BOM_UTF16_BE):
        return data[2:].decode("utf-16-be", errors="replace")
    if data.startswith(codecs.BOM_UTF16_LE):
        return data[2:].decode("utf-16-le", errors="replace")
    if data.startswith(codecs.BOM_UTF8):
        return data[3:].decode("utf-8", errors="replace")
    try:
        return data.decode("utf-8")  # some writers (PyMuPDF among them) store UTF-8 bytes
    except UnicodeDecodeError:
        return data.decode("latin-1")  # close enough to PDFDocEncoding for labels


def parse_rule(rule: str) -> dict:
    """Parse one label dictionary such as `<</S/r/P(A-)/St 3>>` into style, prefix and start."""
    out = {"style": "", "prefix": "", "first": 1}
    s = rule.strip()
    if s.startswith("<<"):
        s = s[2:]
    if s.endswith(">>"):
        s = s[:-2]
    i, n = 0, len(s)
    while i < n:
        if s[i] != "/":
            i += 1
            continue
        j = i + 1
        while j < n and s[j] not in "/<([ \t\r\n>":
            j += 1
        key = s[i + 1:j]
        while j < n and s[j] in " \t\r\n":
            j += 1
        value, i = _read_value(s, j)
        if key == "S" and value.startswith("/"):
            out["style"] = value[1:]
        elif key == "P":
            out["prefix"] = decode_pdf_string(value)
        elif key == "St" and value.isdigit():
            out["first"] = int(value)
    return out


def _read_value(s: str, i: int) -> tuple[str, int]:
    """Read one PDF value starting at s[i]: a name, a string, or a number."""
    n = len(s)
    if i >= n:
        return "", i
    if s[i] == "(":
        depth, j = 0, i
        while j < n:
            ch = s[j]
            if ch == "\\":
                j += 2
                continue
            if ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
                if depth == 0:
                    return s[i:j + 1], j + 1
            j += 1
        return s[i:], n
    if s[i] == "<":
        j = s.find(">", i)
        j = n - 1 if j == -1 else j
        return s[i:j + 1], j + 1
    j = i + 1 if s[i] == "/" else i
    while j < n and s[j] not in "/<( \t\r\n>":
        j += 1
    return s[i:j], j


def _letters(number: int) -> str:
    # PDF letter style: a..z, then aa..zz, aaa..zzz.
    number = max(number, 1)
    return chr(ord("a") + (number - 1) % 26) * ((number - 1) // 26 + 1)


def _roman(number: int) -> str:
    return to_roman(number) if number > 0 else str(number)


def format_label(style: str, prefix: str, number: int) -> str:
    """The label of the page numbered `number` within a rule."""
    if style == "D":
        body = str(number)
    elif style in ("r", "R"):
        body = _roman(number) if style == "r" else _roman(number).upper()
    elif style in ("a", "A"):
        body = _letters(number) if style == "a" else _letters(number).upper()
    else:
        body = ""  # no style: the prefix alone
    return prefix + body


def page_labels(rules: list[tuple[int, str]], page_count: int) -> list[str | None]:
    """Labels of all pages from (start page, rule) pairs, in one pass."""
    parsed = sorted(((start, parse_rule(rule)) for start, rule in rules if 0 <= start),
                    key=lambda item: item[0])
    labels: list[str | None] = []
    k = -1
    for pno in range(page_count):
        while k + 1 < len(parsed) and parsed[k + 1][0] <= pno:
            k += 1
        if k < 0:
            labels.append(None)  # pages before the first rule carry no label
            continue
        start, rule = parsed[k]
        labels.append(format_label(rule["style"], rule["prefix"], rule["first"] + pno - start))
    return labels
