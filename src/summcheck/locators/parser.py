"""Parse a locator string into its parts: keyword, identifier, range, qualifiers, list."""
from __future__ import annotations

import dataclasses
from functools import lru_cache

from ..model import Locator, LocatorKind, LocatorPart
from .documents import LEADING, TRAILING, capitals
from .idents import check_ident, is_digits, reversed_range, seg_char
from .messages import MAX_PROBLEMS_NAMED, LocatorSyntaxError, quoted
from .scanner import Scanner
from .words import DASHES, LIST_WORDS, QUALIFIERS, RANGE_WORDS


def _parse_ident(scanner: Scanner, kind: LocatorKind, after: str) -> str:
    scanner.ws()
    start = scanner.pos
    got = scanner.ident(kind)
    if got is None:
        rest = scanner.text[start:start + 20].split(";", 1)[0].strip()
        what = f"'{quoted(rest)}'" if rest else "nothing"
        raise LocatorSyntaxError(f"'{quoted(after)}' is followed by {what}, not a {kind} number")
    check_ident(kind, *got)
    return got[0]


def _range_sep(scanner: Scanner) -> bool:
    """Consume a range separator (dash or `to`/`bis`/`a`/`até` …) after an ident."""
    save = scanner.pos
    scanner.ws()
    if scanner.at_end():
        scanner.pos = save
        return False
    if scanner.text[scanner.pos] in DASHES:
        scanner.pos += 1
        return True
    word, j = scanner.word_at(scanner.pos)
    if word.lower() in RANGE_WORDS and j < scanner.length and scanner.text[j].isspace():
        scanner.pos = j
        return True
    scanner.pos = save
    return False


def _qualifiers(scanner: Scanner, ident: str) -> str:
    """Append German sub-article qualifiers: `6 Abs. 1 lit. a` -> `6(1)(a)`."""
    while True:
        save = scanner.pos
        scanner.ws()
        if scanner.text[scanner.pos:scanner.pos + 1] == ",":  # `artículo 14, apartado 2`
            scanner.pos += 1
            scanner.ws()
        tok, j = scanner.token_at(scanner.pos)
        # `S.` after an article's paragraph is its sentence (`Art. 5 Abs. 1 S. 1`), not a page.
        if tok.lower() not in QUALIFIERS and not (tok == "S." and ident.endswith(")")):
            scanner.pos = save
            return ident
        scanner.pos = j
        scanner.ws()
        k = scanner.pos
        while k < scanner.length and seg_char(scanner.text[k]) and k - scanner.pos < 5:
            k += 1
        if k == scanner.pos:
            raise LocatorSyntaxError(f"'{quoted(tok)}' is not followed by a number")
        ident += f"({scanner.text[scanner.pos:k]})"
        scanner.pos = k
        if scanner.pos < scanner.length and scanner.text[scanner.pos] == ".":
            scanner.pos += 1


def _parse_part(scanner: Scanner, kind: LocatorKind, part_start: int, keyword_text: str) -> LocatorPart:
    start = _parse_ident(scanner, kind, keyword_text)
    end: str | None = None
    if _range_sep(scanner):
        sep_end = scanner.pos
        scanner.ws()
        if scanner.at_end() or scanner.ident(kind) is None:
            written = scanner.text[part_start:sep_end].strip()
            raise LocatorSyntaxError(f"range '{quoted(written)}' has no end")
        scanner.pos = sep_end
        end = _parse_ident(scanner, kind, scanner.text[part_start:sep_end].strip())
    elif kind == "page":
        save = scanner.pos
        scanner.ws()
        tok, j = scanner.token_at(scanner.pos)
        if tok == "f." and is_digits(start):  # German "S. 43 f.": this page and the next
            end = str(int(start) + 1) if len(start) < 300 else start
            scanner.pos = j
        elif tok == "ff.":
            raise LocatorSyntaxError("open-ended 'ff.' cannot be checked; give a range such as 'S. 43–45'")
        else:
            scanner.pos = save
    if kind == "section":
        start = _qualifiers(scanner, start)
        if end is not None:
            end = _qualifiers(scanner, end)
    text = scanner.text[part_start:scanner.pos].strip()
    if end is not None:
        if reversed_range(kind, start, end):
            raise LocatorSyntaxError(f"reversed range '{quoted(text)}'")
        if end == start:
            end = None
    return LocatorPart(kind=kind, start=start, end=end, text=text)


def _leading_document(scanner: Scanner) -> str | None:
    """A document named before the first place (`RFC 3986, §3.2.2`, `GG Art. 5`): consumed when
    a locator keyword follows it."""
    m = LEADING.match(scanner.text, scanner.pos)
    if m is None or not capitals(m["name"]):
        return None
    save = scanner.pos
    scanner.pos = m.end()
    if scanner.keyword_at(scanner.pos) is None:
        scanner.pos = save
        return None
    return " ".join(m["name"].split())


def _trailing_document(scanner: Scanner) -> str | None:
    """A document named after a place (`Art. 5 GG`, `Section 3.2 of RFC 3986`), consumed up
    to the end of the locator or the next part's separator."""
    m = TRAILING.match(scanner.text, scanner.pos)
    if m is None or not capitals(m["name"]):
        return None
    scanner.pos = m.end()
    return " ".join(m["name"].split())


def _separator(scanner: Scanner) -> str | None:
    """Consume `;`, `,`, `and`/`und`/`y`/`e`/`&` (or `, and`).

    None: a separator and a further part follow, or the text ends (`scanner.at_end()`); otherwise
    why no next part can follow (text that is no separator, or a separator followed by nothing).
    """
    scanner.ws()
    if scanner.at_end():
        return None
    found = False
    if scanner.text[scanner.pos] in ";,":
        scanner.pos += 1
        scanner.ws()
        found = True
    tok, j = scanner.token_at(scanner.pos)
    if tok.lower() in LIST_WORDS and (j >= scanner.length or scanner.text[j].isspace()):
        scanner.pos = j
        found = True
    if not found:
        rest = scanner.text[scanner.pos:scanner.pos + 30].split(";", 1)[0].rstrip()
        return f"unexpected '{quoted(rest)}'"
    scanner.ws()
    if scanner.at_end():
        return "a list separator is followed by nothing"
    return None


def next_part(scanner: Scanner, i: int) -> tuple[int, int | None]:
    """Where a malformed part that begins before i ends, and where the next part begins.

    A part ends at `;` or `,` (the next part begins after it and an optional `and`/`und`/…), or
    at a list word followed by a locator keyword (`section three and p. 4`). Returns (end of the
    malformed part, start of the next part or None when no part follows). Each character is
    looked at a bounded number of times.
    """
    s, n, j = scanner.text, scanner.length, i
    while j < n:
        c = s[j]
        if c in ";,":
            k = j + 1
            while k < n and s[k].isspace():
                k += 1
            tok, e = scanner.token_at(k)
            if tok.lower() in LIST_WORDS and e < n and s[e].isspace():
                k = e
                while k < n and s[k].isspace():
                    k += 1
            return j, (k if k < n else None)
        if c.isalpha() or c == "&":
            word, e = scanner.word_at(j) if c != "&" else ("&", j + 1)
            if (word.lower() in LIST_WORDS and (j == 0 or s[j - 1].isspace())
                    and e < n and s[e].isspace()):
                k = e
                while k < n and s[k].isspace():
                    k += 1
                if scanner.keyword_at(k) is not None:
                    return j, k
            j = e
            continue
        j += 1
    return n, None


@lru_cache(maxsize=4096)  # locators repeat across records, sentences and files ("p. 12")
def _parse_parts(text: str) -> tuple[tuple[LocatorPart, ...], tuple[tuple[str, str], ...]]:
    """The parts of a locator list that parse, and (text, why) for each part that does not.

    A malformed part does not spoil the others: `section three; p. 4` gives the part p. 4 and
    an error for `section three`. The first error is the one a strict parse reports.
    """
    scanner = Scanner(text)
    scanner.ws()
    if scanner.at_end():
        return (), (("", "empty locator"),)
    leading = _leading_document(scanner)
    scanner.lead_in()
    parts: list[LocatorPart] = []
    errors: list[tuple[str, str]] = []
    kind: LocatorKind | None = None
    while True:
        part_start = scanner.pos
        try:
            kw = scanner.keyword_at(scanner.pos)
            if kw is not None:
                kind, _weak, end = kw
                keyword_text = text[scanner.pos:end]
                scanner.pos = end
            elif kind is None:
                tok = text[scanner.pos:scanner.pos + 20].split(None, 1)[0] if text[scanner.pos:].strip() else ""
                raise LocatorSyntaxError(f"'{quoted(tok)}' is not a locator keyword (p., section, line …)")
            else:
                keyword_text = text[part_start:part_start + 20].split(None, 1)[0]
                if scanner.ident(kind) is None:
                    raise LocatorSyntaxError(f"unexpected '{quoted(keyword_text)}'")
                scanner.pos = part_start
                keyword_text = parts[-1].text if parts else keyword_text
            part = _parse_part(scanner, kind, part_start, keyword_text)
            document = _trailing_document(scanner) or leading
            if document is not None:
                part = dataclasses.replace(part, document=document)
        except LocatorSyntaxError as err:
            why = str(err)
        else:
            why = _separator(scanner)
            if why is None:
                parts.append(part)
                if scanner.at_end():
                    break
                continue
            if why == "a list separator is followed by nothing":
                parts.append(part)  # `p. 17,`: the part itself is fine
                errors.append((text[part_start:].strip(), why))
                break
        # The part cannot be parsed (or text that is no separator follows it): note it and go
        # on with the next part of the list, if there is one.
        part_end, resume = next_part(scanner, max(scanner.pos, part_start))
        errors.append((text[part_start:part_end].strip(), why))
        if resume is None:
            break
        scanner.pos = resume
    return tuple(parts), tuple(errors)


def parse_locator(text: str) -> Locator:
    """Parse a locator string such as 'pp. 17–18; section 4.2' (any malformed part is an error)."""
    if not isinstance(text, str):
        raise LocatorSyntaxError("a locator must be text")
    parts, errors = _parse_parts(text)
    if errors:
        raise LocatorSyntaxError(errors[0][1])
    return Locator(parts=tuple(parts), text=text.strip())


def parse_locator_lenient(text: str) -> Locator | LocatorSyntaxError:
    """Parse a locator list, keeping the parts that parse when others do not.

    Returns the Locator, or a LocatorSyntaxError whose `partial` holds the parts that parsed (None
    if none did) and whose `problems` name the malformed parts.
    """
    parts, errors = _parse_parts(text)
    if not errors:
        return Locator(parts=tuple(parts), text=text.strip())
    partial = Locator(parts=tuple(parts), text=text.strip()) if parts else None
    whole = text.strip()
    if len(errors) == 1 and (partial is None or errors[0][0] in ("", whole)):
        message = errors[0][1]
    else:
        named = [f"part '{quoted(part)}': {why}" if part and part != whole else why
                 for part, why in errors[:MAX_PROBLEMS_NAMED]]
        if len(errors) > MAX_PROBLEMS_NAMED:
            named.append(f"… {len(errors) - MAX_PROBLEMS_NAMED} more malformed parts")
        message = "; ".join(named)
    return LocatorSyntaxError(message, partial, tuple(errors))
