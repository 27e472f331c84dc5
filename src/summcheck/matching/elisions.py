"""Quotations as people write them: elisions (`…`, `...`, `[…]`, `(…)`), bracketed
alterations (`[t]he` for "The", `[the Licensee]` for the one word the source has there) and
editorial notes (`[sic]`, `[emphasis added]`, each language's in `language/*.yaml`,
`quotations.notes`).

A quote is read this way only when it is not found as written (analysis.match): a quote
without elision takes today's path. Its fragments — the text between elisions — must each
stand in the source (folded as the normalized level folds), in order, inside the locator, each
within one paragraph of the one before and no more than `max_gap` characters after it. What
the elisions leave out of the source is kept (`QuotationHit.omitted`): an elision that drops a
negation, a condition, a quantifier or a number changes the rule (`dropped_meaning`,
SUM401-SUM404).
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from functools import lru_cache

from ..model import Span, SourceDocument
from .normalize import FoldedText, fold

#: How far (in characters of the source) one fragment may stand after the one before.
DEFAULT_MAX_GAP = 1000
#: Occurrences of one fragment looked at in a region: a fragment that stands more often than
#: this (one word, repeated) is too vague to place the quotation by.
MAX_OCCURRENCES = 500

_ELISION = re.compile(r"\[\s*(?:…|\.\s?\.\s?\.)\s*\]|\(\s*(?:…|\.\s?\.\s?\.)\s*\)|…|\.{3,}")
_BRACKET = re.compile(r"\[([^\[\]\n]{1,80})\]")
_PARAGRAPH_BREAK = re.compile(r"\n[ \t\f\r]*\n")


@dataclass(frozen=True)
class Fragment:
    written: str  # as the quote writes it, for messages
    pattern: re.Pattern[str]  # over the folded source text
    literal: str | None = None  # its folded text, when it alters nothing


@dataclass(frozen=True)
class Quotation:
    """A quote read as fragments in order, with what it alters and elides."""

    fragments: tuple[Fragment, ...]
    elisions: int  # how many elisions the quote writes

    @property
    def anchor(self) -> str | None:
        """The longest fragment that alters nothing, as the folded source would hold it: what
        the quotation is looked for by anywhere in the source (in the one pass of every quote
        not found, matching.exact.Matcher.find_anywhere), or None."""
        literals = [f.literal for f in self.fragments if f.literal]
        return max(literals, key=len) if literals else None

    def window(self, max_gap: int) -> int:
        """How far around its anchor the whole quotation can stand."""
        return (len(self.fragments) + 1) * max_gap + sum(len(f.written) for f in self.fragments)


@dataclass(frozen=True)
class QuotationHit:
    span: Span  # from the first fragment's start to the last one's end, in the source
    fragments: tuple[Span, ...]
    omitted: tuple[Span, ...]  # what each elision leaves out, in the source


@dataclass(frozen=True)
class Miss:
    """Why a quotation stands nowhere in a region, for the SUM201 message."""

    reason: str


def may_be_quotation(quote: str) -> bool:
    """Whether the quote writes an elision or a bracket (the only quotes read here)."""
    return "…" in quote or "..." in quote or "[" in quote


def quotation_of(quote: str) -> Quotation | None:
    """The quote's fragments, or None: no elision nor alteration in it, or nothing to search."""
    if not may_be_quotation(quote):
        return None
    text = _without_notes(quote)
    pieces = [p.strip() for p in _ELISION.split(text)]
    elisions = len(pieces) - 1
    fragments = tuple(f for f in (_fragment(p) for p in pieces if p) if f is not None)
    if not fragments or (elisions == 0 and text == quote and not _BRACKET.search(text)):
        return None
    return Quotation(fragments, elisions)


def _without_notes(quote: str) -> str:
    """The quote without its editorial notes (`[sic]`, `[emphasis added]`)."""
    notes = _notes()

    def drop(m: re.Match[str]) -> str:
        return "" if " ".join(m.group(1).lower().split()) in notes else m.group()

    return re.sub(r"\s*\[([^\[\]\n]{1,60})\]", drop, quote)


@lru_cache(maxsize=1)
def _notes() -> frozenset[str]:
    from .. import language

    return frozenset(" ".join(n.lower().split())
                     for n in language.merged().words("quotations", "notes"))


def _fragment(piece: str) -> Fragment | None:
    """A fragment's pattern: its text folded, each bracketed alteration a case-changed letter
    (`[t]he`) or one source word (`[the Licensee]`)."""
    parts: list[str] = []
    pos = 0
    for m in _BRACKET.finditer(piece):
        parts.append(_literal(piece[pos:m.start()]))
        inner = m.group(1)
        glued = (m.end() < len(piece) and piece[m.end()].isalpha()) or \
            (m.start() > 0 and piece[m.start() - 1].isalpha())
        if len(inner) == 1 and inner.isalpha() and glued:
            parts.append(f"[{re.escape(inner.lower())}{re.escape(inner.upper())}]")
        else:
            parts.append(r"[^\s]+?" if glued else r"[^\s]+")
        pos = m.end()
    parts.append(_literal(piece[pos:]))
    if not any(c.isalnum() for c in _BRACKET.sub("", piece)):
        return None  # nothing but alterations: no text of its own to place it by
    literal = fold(piece).text.strip(" ") if pos == 0 else None
    return Fragment(piece, re.compile("".join(parts)), literal or None)


def _literal(text: str) -> str:
    """`text` as the folded source holds it, escaped (white space a single space)."""
    if not text:
        return ""
    folded = fold(text).text
    return re.escape(folded).replace("\\ ", " ")


def find_quotation(quotation: Quotation, doc: SourceDocument, folded: FoldedText,
                   regions: tuple[Span, ...] | list[Span], max_gap: int = DEFAULT_MAX_GAP
                   ) -> QuotationHit | Miss:
    """The first place inside one of `regions` where the fragments stand in order, close
    together; else why they do not."""
    misses: list[Miss] = []
    for region in regions:
        lo, hi = folded.to_folded(region.start), folded.to_folded(region.end)
        found = _chain(quotation, doc, folded, lo, hi, max_gap)
        if isinstance(found, QuotationHit):
            return found
        misses.append(found)
    return misses[0] if misses else Miss("the locator names no text")


def _occurrences(fragment: Fragment, folded: FoldedText, lo: int, hi: int
                 ) -> list[tuple[int, int]]:
    """(start, end) in the folded text of the fragment's occurrences inside [lo, hi)."""
    found = []
    pos = lo
    text = folded.text
    while pos < hi and len(found) < MAX_OCCURRENCES:
        m = fragment.pattern.search(text, pos, hi)
        if m is None:
            break
        if m.end() > m.start():
            found.append((m.start(), m.end()))
        pos = m.start() + 1
    return found


def _chain(quotation: Quotation, doc: SourceDocument, folded: FoldedText, lo: int, hi: int,
           max_gap: int) -> QuotationHit | Miss:
    occurrences = [_occurrences(f, folded, lo, hi) for f in quotation.fragments]
    missing = [i for i, found in enumerate(occurrences) if not found]
    if missing:
        return Miss(_missing(quotation, missing, occurrences, doc, folded))
    n = len(occurrences)
    # Where paragraphs end inside the region, in the folded text.
    region = Span(folded.to_original(lo), folded.to_original(hi, end=True))
    breaks = [folded.to_folded(m.start())
              for m in _PARAGRAPH_BREAK.finditer(doc.text, region.start, region.end)]
    # Backwards: which occurrences of fragment k can start a chain to the last fragment, and
    # the occurrence of fragment k + 1 it continues with (the earliest that can).
    onward: list[dict[int, int | None]] = [dict() for _ in range(n)]
    onward[n - 1] = {j: None for j in range(len(occurrences[n - 1]))}
    for k in range(n - 2, -1, -1):
        following = occurrences[k + 1]
        # The occurrences of fragment k + 1 that continue to the end, by start: each of
        # fragment k looks there alone (bisected), not at every occurrence after it.
        usable = sorted(onward[k + 1])
        starts = [following[i][0] for i in usable]
        for j, (start, end) in enumerate(occurrences[k]):
            u = bisect.bisect_left(starts, end)
            # The next fragment starts before the next paragraph break and within max_gap.
            b = bisect.bisect_left(breaks, end)
            bound = min(end + max_gap, breaks[b] if b < len(breaks) else hi)
            if u < len(usable) and starts[u] <= bound:
                onward[k][j] = usable[u]
    if not onward[0]:
        in_order = _in_order(occurrences)
        reason = (f"its {n} fragments stand at the locator, but not within one paragraph and "
                  f"{max_gap:,} characters of each other" if in_order else
                  f"its {n} fragments stand at the locator, but not in the order it writes them")
        return Miss(reason)
    j: int | None = min(onward[0])
    spans: list[Span] = []
    for k in range(n):
        start, end = occurrences[k][j]  # type: ignore[index]
        spans.append(Span(folded.to_original(start), folded.to_original(end, end=True)))
        j = onward[k][j]  # type: ignore[index]
    omitted = tuple(Span(a.end, b.start) for a, b in zip(spans, spans[1:]))
    return QuotationHit(Span(spans[0].start, spans[-1].end), tuple(spans), omitted)


def _in_order(occurrences: list[list[tuple[int, int]]]) -> bool:
    """Whether some occurrence of each fragment starts after the one before ends."""
    pos = -1
    for found in occurrences:
        after = [s for s, _ in found if s >= pos]
        if not after:
            return False
        pos = next(e for s, e in found if s == after[0])
    return True


def _missing(quotation: Quotation, missing: list[int], occurrences, doc: SourceDocument,
             folded: FoldedText) -> str:
    n = len(quotation.fragments)
    first = missing[0]
    reason = (f"fragment {first + 1} of {n} ({_short(quotation.fragments[first].written)}) "
              f"does not stand at the locator")
    standing = [(k + 1, doc.line_of(folded.to_original(found[0][0])))
                for k, found in enumerate(occurrences) if found]
    if len(standing) == 1:
        reason += f"; fragment {standing[0][0]} stands at line {standing[0][1]}"
    elif len(standing) > 3:
        reason += (f"; the other {len(standing)} fragments stand there, from line "
                   f"{min(line for _, line in standing)}")
    elif standing:
        reason += ("; fragments " + _and([str(k) for k, _ in standing]) + " stand at lines "
                   + _and([str(line) for _, line in standing]))
    return reason


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _short(text: str) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= 50 else text[:47] + "…")


# ---------------------------------------------------------------- what an elision leaves out


@dataclass(frozen=True)
class Dropped:
    """Words an elision leaves out that carry the rule: the code of the rule that reports
    them (SUM401 number, SUM402 negation, SUM403 quantifier or `only`, SUM404 condition)."""

    code: str
    words: tuple[str, ...]
    context: str  # the source around the elision, what it omits in brackets: "must [not] provide"


def dropped_meaning(text: str, omitted: tuple[Span, ...], quote: str) -> list[Dropped]:
    """What the spans of `text` a quotation omits hold that changes its rule, read with the
    quote's language."""
    from ..faithfulness.lexicon import identify, phrases_in
    from ..faithfulness.tokens import is_number, words

    lexicon = identify(words(quote))
    found: list[Dropped] = []
    for span in omitted:
        tokens = words(text[span.start:span.end])
        if not tokens:
            continue
        shown = _in_context
        negations = [w for w in tokens if w in lexicon.negators or w in lexicon.prohibitions]
        conditions = [" ".join(p) for _, p in phrases_in(tokens, lexicon.strong_conditions)]
        conditions += [" ".join(p) for _, p in phrases_in(tokens, lexicon.exceptions)]
        scope = [w for w in tokens if w in lexicon.only or w in lexicon.universals]
        scope += [" ".join(p) for _, p in phrases_in(tokens, lexicon.quantifiers)]
        numbers = [w for i, w in enumerate(tokens)
                   if (is_number(w) or w in lexicon.number_words)
                   and not (i and tokens[i - 1] in lexicon.reference_words)]
        if conditions:  # the elided clause is an exception or condition: what it holds is its
            found.append(Dropped("SUM404", tuple(dict.fromkeys(conditions)),
                                 shown(text, span, conditions[0])))
            continue
        for code, words_ in (("SUM402", negations), ("SUM403", scope), ("SUM401", numbers)):
            if words_:
                found.append(Dropped(code, tuple(dict.fromkeys(words_)),
                                     shown(text, span, words_[0])))
    return found


def _in_context(text: str, span: Span, dropped: str, words: int = 3) -> str:
    """`must [not] provide`: the omitted text in brackets between the words around it; a long
    omission shown by the words around the dropped one (`[… salvo lo que puedan …]`)."""
    before = " ".join(text[max(0, span.start - 200):span.start].split()[-words:])
    after = " ".join(text[span.end:span.end + 200].split()[:words])
    omitted = text[span.start:span.end].split()
    if len(" ".join(omitted)) > 40:
        folded = [w.strip(",;:.()").lower() for w in omitted]
        at = next((i for i, w in enumerate(folded) if w == dropped.split()[0]), 0)
        shown = omitted[max(0, at - 2):at + 3]
        omitted = (["…"] if at > 2 else []) + shown + (["…"] if at + 3 < len(omitted) else [])
    return f"{before} [{' '.join(omitted)}] {after}".strip()


__all__ = ["Quotation", "QuotationHit", "Miss", "Dropped", "quotation_of", "find_quotation",
           "dropped_meaning", "may_be_quotation", "DEFAULT_MAX_GAP"]
