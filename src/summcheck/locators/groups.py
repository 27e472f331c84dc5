"""Whether a parenthesised group of a summary is a locator, a malformed one, or prose."""
from __future__ import annotations

from ..model import Locator
from ..structure.numbering import roman_value
from .idents import check_ident
from .messages import LocatorSyntaxError
from .parser import _leading_document, next_part, parse_locator_lenient
from .scanner import Scanner
from .words import DIGITS

# A strong keyword followed by at most this many words that are no identifier is a malformed
# locator (`(section three)`); with more it is prose (`(page numbers refer to the print)`).
_MAX_MALFORMED_WORDS = 2


def _word_count(text: str, start: int, limit: int, end: int | None = None) -> int:
    """Number of words from start (to end), counting no further than limit (keeps the check O(limit))."""
    count, in_word = 0, False
    for i in range(start, len(text) if end is None else end):
        c = text[i]
        if c.isspace():
            in_word = False
        elif not in_word:
            in_word = True
            count += 1
            if count > limit:
                break
    return count


def classify_group(inner_text: str) -> Locator | LocatorSyntaxError | None:
    """Decide whether the inside of a `( … )` group is a locator, a malformed one, or prose (None).

    A group is a locator when it starts (after an optional `see`/`cf.`/`vgl.`/`siehe`/`véase`/`ver`)
    with a locator keyword; a keyword later in the group (`as defined in section 4.2 of RFC 3986`)
    is a reference in prose, often to another document, so it is not the sentence's locator.
    """
    scanner = Scanner(inner_text)
    scanner.ws()
    _leading_document(scanner)  # `RFC 3986, §3.2.2`, `GG Art. 5`
    scanner.lead_in()
    kw_start = scanner.pos
    kw = scanner.keyword_at(kw_start)
    if kw is None:
        return None
    kind, weak, end = kw
    scanner.pos = end
    scanner.ws()
    nxt = inner_text[scanner.pos] if scanner.pos < scanner.length else ""
    if nxt.isalpha():
        got = scanner.ident(kind)
        ok = got is not None
        if ok:
            try:
                check_ident(kind, *got)
            except LocatorSyntaxError:
                ok = False
        if ok and weak:
            # `p. iv` is a page; `P. Smith`, `p. ej.`, `S. A. Müller` are not locators.
            ident = got[0]
            ok = any(c in DIGITS for c in ident) or (ident.islower() and roman_value(ident) is not None)
        if not ok:
            if weak:
                return None
            if _word_count(inner_text, end, _MAX_MALFORMED_WORDS) > _MAX_MALFORMED_WORDS:
                # Prose, unless a short malformed part heads a list whose other parts are
                # locators: `(section three; p. 4)`.
                if not _malformed_list_head(scanner, end):
                    return None
                result = parse_locator_lenient(inner_text)
                if isinstance(result, LocatorSyntaxError) and result.partial is None:
                    return None
                return result
    result = parse_locator_lenient(inner_text)
    if (kind == "paragraph" and isinstance(result, LocatorSyntaxError)
            and inner_text[kw_start:end].isalpha()):
        # A paragraph word spelled out is also a word of prose: `(considerando 5 factores)`
        # is "considering 5 factors", `(paragraph 2 explains it)` a remark, not a broken locator.
        return None
    return result


# How much of a long parenthesised group `starts_like_locator` reads: a lead-in, a keyword and
# the first digit fit in far less.
LOCATOR_HEAD_CHARS = 64


def starts_like_locator(text: str) -> bool:
    """Whether a group begins with a locator keyword and a number: `p. 1000…`, `section 4.2 …`.

    Reads at most LOCATOR_HEAD_CHARS characters, so it is cheap on a group of any length. A
    summary classifies a parenthesised group longer than a locator usually is only when it
    starts like one: a page number of 10,000 digits is still a locator (one that does not
    resolve), not prose.
    """
    scanner = Scanner(text[:LOCATOR_HEAD_CHARS])
    scanner.ws()
    scanner.lead_in()
    kw = scanner.keyword_at(scanner.pos)
    if kw is None:
        return False
    scanner.pos = kw[2]
    scanner.ws()
    return scanner.pos < scanner.length and scanner.text[scanner.pos] in DIGITS


def _malformed_list_head(scanner: Scanner, end: int) -> bool:
    """Whether a malformed first part is followed by further locator parts: `section three; p. 4`.

    The first part (from the keyword's end to the next `;`, `,` or list word before a keyword)
    must be short, and the next part must begin with a locator keyword; `(section three, which
    …)` stays prose.
    """
    part_end, resume = next_part(scanner, end)
    if resume is None:
        return False
    if _word_count(scanner.text, end, _MAX_MALFORMED_WORDS, part_end) > _MAX_MALFORMED_WORDS:
        return False
    save = scanner.pos
    scanner.pos = resume
    scanner.lead_in()
    found = scanner.keyword_at(scanner.pos) is not None
    scanner.pos = save
    return found
