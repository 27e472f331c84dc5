"""Text folding for the `normalized` match level, with a map back to original offsets.

The contract's normalized level folds NFKC (ligatures), soft hyphens, zero-width characters,
quotation marks, dashes, white space runs, and makes a hyphen at a line end optional. Folding
is done once per source; quotes are folded the same way and searched with `str.find`.
"""
from __future__ import annotations

import bisect
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterator

QUOTE_FOLDS = {
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u00ab": '"', "\u00bb": '"',
    "\u2033": '"', "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2039": "'",
    "\u203a": "'", "\u2032": "'",
}
DASH_FOLDS = {c: "-" for c in "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"}
ZERO_WIDTH = {c: "" for c in "\u200b\u200c\u200d\u2060\ufeff"}
# Bidi controls can make a quote read differently from what it holds: never fold them away.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

# Every character that folds to "-" (DASH_FOLDS, and those NFKC makes a dash of): whatever
# stands for a hyphen after folding is one before it, so that folding twice changes nothing.
HYPHENS = _HYPHENS = "-" + "".join(DASH_FOLDS) + "".join(
    c for c in "\u207b\u208b\ufe31\ufe32\ufe58\ufe63\uff0d" if c not in DASH_FOLDS)
_COMBINING_RANGES = "\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f"
_COMBINING = re.compile(rf"[{_COMBINING_RANGES}]")
# What the normalized level removes without a trace: a word that holds one is still one word,
# so a hyphen after it ("well\u00ad-known") is a hyphen inside that word.
_INVISIBLE = "\u00ad" + "".join(ZERO_WIDTH)
# What changes the text's length, or whose meaning depends on its neighbours, is found by three
# simple patterns (one alternation of them all is much slower in `re`); one-for-one
# replacements (single white space characters, quotation marks, dashes) are done at the end.
_HYPHEN = re.compile(
    # After a letter, a combining mark (decomposed "e\u0301-") or an invisible character.
    rf"[{_HYPHENS}](?<=[\w{_COMBINING_RANGES}{_INVISIBLE}][{_HYPHENS}])"
    r"(?:(?P<lh>[^\S\n]*\n\s*)"  # at a line end: optional
    r"|(?P<sp>[^\S\n]+)"  # followed by a space inside a line: "Gesundheits- oder"
    r"|(?P<ih>))"  # inside a word: must be in both texts
    rf"(?=[{_INVISIBLE}]*\w)")  # what stands between is removed
_WHITESPACE_RUN = re.compile(r"\s\s+")
_SOFT_HYPHEN = "\u00ad(?:[ \t]*\r?\n[ \t]*)?"  # with the line break it marks


@lru_cache(maxsize=256)
def _char_pattern(chars: frozenset[str]) -> re.Pattern[str]:
    """Soft hyphens, and this text's characters that fold to another length."""
    if not chars:
        return re.compile(rf"(?P<sh>{_SOFT_HYPHEN})")
    marks = "".join(sorted(re.escape(c) for c in chars if _COMBINING.match(c)))
    others = "".join(sorted(re.escape(c) for c in chars if not _COMBINING.match(c)))
    # Combining marks compose with the one character before them, whatever it is; any other
    # character folds alone (taking its neighbour along would shift where a match starts).
    alternatives = ([rf".[{marks}]+"] if marks else []) + ([rf"[{others}]"] if others else [])
    return re.compile(rf"(?P<sh>{_SOFT_HYPHEN})|(?P<ch>{'|'.join(alternatives)})", re.S)


def _special_matches(text: str, changing: frozenset[str]) -> Iterator[tuple[int, int, str, str]]:
    """(start, end, kind, matched) in text order, overlaps dropped (the earlier one wins)."""
    found = [(m.start(), 0, m.end(), m.lastgroup, m.group()) for m in _HYPHEN.finditer(text)]
    found += [(m.start(), 1, m.end(), m.lastgroup, m.group())
              for m in _char_pattern(changing).finditer(text)]
    found += [(m.start(), 2, m.end(), "ws", m.group()) for m in _WHITESPACE_RUN.finditer(text)]
    found.sort()
    last_end = 0
    for start, _rank, end, kind, matched in found:
        if start >= last_end:
            last_end = end
            yield start, end, kind, matched


_ASCII_CONTROL_SPACE = frozenset("\t\n\r\x0b\x0c\x1c\x1d\x1e\x1f")
_ASCII_RUN = re.compile(r"[\x00-\x7f]+")


def _char_table(text: str) -> tuple[frozenset[str], dict[int, str], set[str]]:
    """Characters of `text` that fold to another length, the one-for-one translation table, and
    the characters looked at (every one that is not ASCII, and the ASCII control spaces)."""
    # A source is long and mostly ASCII: what is left once its ASCII runs are cut out is short,
    # and far cheaper to make a set of than the whole text.
    candidates = {c for c in _ASCII_CONTROL_SPACE if c in text}
    if not text.isascii():
        candidates |= set(_ASCII_RUN.sub("", text))
    changing: set[str] = set()
    table: dict[int, str] = {}
    for c in candidates:
        folded = fold_char(c)
        if _COMBINING.match(c):
            changing.add(c)  # combining marks compose with the character before them
        elif len(folded) == 1:
            if folded != c:
                table[ord(c)] = folded
        else:
            changing.add(c)
    return frozenset(changing), table, candidates


@lru_cache(maxsize=4096)
def fold_char(char: str) -> str:
    """Fold one character for the normalized level (NFKC, quotation marks, dashes, zero width)."""
    if char in BIDI_CONTROLS:
        return char
    out = []
    for c in unicodedata.normalize("NFKC", char):
        c = QUOTE_FOLDS.get(c, c)
        c = DASH_FOLDS.get(c, c)
        c = ZERO_WIDTH.get(c, c)
        out.append(" " if c.isspace() else c)
    return "".join(out)


@lru_cache(maxsize=4096)
def _folds_to_itself(char: str) -> bool:
    """Whether folding leaves `char` as it is wherever it stands (no combining mark, which
    composes with its neighbour; no dash, which the hyphen rules read)."""
    return fold_char(char) == char and not _COMBINING.match(char) and char not in HYPHENS


def collapse_whitespace(text: str) -> str:
    """The exact level: every run of Unicode white space is one space."""
    return " ".join(text.split())


@dataclass
class FoldedText:
    """`text` folded, with segments mapping folded offsets back to the original."""

    text: str
    # Parallel lists: segment i starts at folded offset fstart[i] and original offset ostart[i];
    # copied segments map linearly, replaced ones map their ends to the original's ends.
    fstart: list[int] = field(default_factory=list)
    ostart: list[int] = field(default_factory=list)
    copied: list[bool] = field(default_factory=list)
    original_length: int = 0
    optional_hyphens: list[int] = field(default_factory=list)  # folded offsets of line-end hyphens
    word_hyphens: list[int] = field(default_factory=list)  # folded offsets of in-word hyphens
    spaced_hyphens: list[int] = field(default_factory=list)  # "Gesundheits- oder" inside a line

    def to_original(self, pos: int, *, end: bool = False) -> int:
        """Original offset of folded offset `pos` (a start, or with end=True an exclusive end).

        A start inside a replaced piece (a ligature) maps to the piece's start, an end to its end.
        """
        if end:  # the segment holding the character before `pos`
            i = bisect.bisect_left(self.fstart, pos) - 1
        else:  # the last segment starting at or before `pos` (skips empty replacements)
            i = bisect.bisect_right(self.fstart, pos) - 1
        if i < 0:
            return 0
        if self.copied[i]:
            return self.ostart[i] + (pos - self.fstart[i])
        if not end:
            return self.ostart[i]
        return self.ostart[i + 1] if i + 1 < len(self.ostart) else self.original_length

    def to_folded(self, pos: int) -> int:
        """Folded offset of original offset `pos` (rounded to a segment start inside replacements)."""
        i = bisect.bisect_right(self.ostart, pos) - 1
        if i < 0:
            return 0
        if self.copied[i]:
            return self.fstart[i] + (pos - self.ostart[i])
        return self.fstart[i] if pos == self.ostart[i] else (
            self.fstart[i + 1] if i + 1 < len(self.fstart) else len(self.text))


def fold(text: str) -> FoldedText:
    """Fold `text` for the normalized level, keeping the offset map (in the compiled core where
    it is built and every character folds one for one; `python_fold` is its oracle)."""
    from ..core import native

    parts = None
    if native is not None and text.isascii():
        parts = native.fold_ascii(text)
    elif native is not None:
        changing, table, present = _char_table(text)
        # Every character folds one for one (a soft hyphen is removed with the line break it
        # marks): what each is, Python says.
        if not changing and "\u00ad" not in text:
            others = [c for c in present if not c.isascii()]
            parts = native.fold_mapped(
                text, "".join(c for c in others if c.isspace()),
                "".join(c for c in others if c.isalnum() or c == "_"),  # `re`'s \w
                "".join(c for c in others if c in HYPHENS),
                {chr(code): folded for code, folded in table.items()})
    if parts is not None:
        folded, fstart, ostart, copied, optional, word, spaced = parts
        return FoldedText(folded, fstart, ostart, copied, len(text), optional, word, spaced)
    return python_fold(text)


def python_fold(text: str) -> FoldedText:
    """`fold` in Python: every text the core declines, and the core's test oracle."""
    pieces: list[str] = []
    result = FoldedText("", original_length=len(text))
    flen = 0  # length of the folded text so far
    copy_from = 0  # original offset where the pending copied run began
    # Whether the folded text so far ends in a space. Folding can bring two spaces together
    # (" \u200b " loses what stood between them, "\u00b4" folds to " \u0301"): the second one
    # is dropped, so that the folded text never holds a run of spaces and folding it again
    # changes nothing.
    after_space = False

    def flush_copy(until: int) -> None:
        nonlocal flen, copy_from, after_space
        if until > copy_from and after_space and text[copy_from].isspace():
            result.fstart.append(flen)
            result.ostart.append(copy_from)
            result.copied.append(False)
            pieces.append("")
            copy_from += 1
        if until > copy_from:
            result.fstart.append(flen)
            result.ostart.append(copy_from)
            result.copied.append(True)
            pieces.append(text[copy_from:until])
            flen += until - copy_from
            after_space = text[until - 1].isspace()
        copy_from = until

    changing, table, _ = _char_table(text)
    for start, end, kind, matched in _special_matches(text, changing):
        if kind == "ch":
            replacement = "".join(fold_char(c) for c in unicodedata.normalize("NFC", matched))
            if replacement == matched:
                continue  # unchanged: stays in the copied run
        elif kind == "ws":
            replacement = " "
        else:
            replacement = ""
        flush_copy(start)
        if after_space and replacement[:1] == " ":
            replacement = replacement[1:]
        if replacement:
            after_space = replacement[-1] == " "
        if kind == "lh":
            result.optional_hyphens.append(flen)
        elif kind == "ih":
            result.word_hyphens.append(flen)
        elif kind == "sp":
            result.spaced_hyphens.append(flen)
        result.fstart.append(flen)
        result.ostart.append(start)
        result.copied.append(False)
        pieces.append(replacement)
        flen += len(replacement)
        copy_from = end
    flush_copy(len(text))
    folded = "".join(pieces)
    for code, replacement in table.items():  # a few str.replace calls beat str.translate's dict
        folded = folded.replace(chr(code), replacement)
    result.text = folded
    return result


@dataclass(frozen=True)
class FoldedQuote:
    text: str
    # Offsets in `text` where the quote had a hyphen inside a word ("-"), or a hyphen followed by
    # white space ("- "): a quote cannot tell a line end from a space, so the latter is either.
    hyphens: tuple[tuple[int, str], ...]

    @classmethod
    def of(cls, quote: str) -> "FoldedQuote":
        if "-" not in quote and "  " not in quote and quote.isprintable() and (
                quote.isascii() or all(map(_folds_to_itself, set(quote)))):
            return cls(quote.strip(" "), ())  # the common case: nothing to fold
        return cls.folding(quote)

    @classmethod
    def folding(cls, quote: str) -> "FoldedQuote":
        """`of` without its shortcut for a quote that has nothing to fold."""
        folded = fold(quote)
        text = folded.text
        lead = len(text) - len(text.lstrip(" "))
        hyphens = [(h - lead, "-") for h in folded.word_hyphens]
        hyphens += [(h - lead, "- ") for h in folded.optional_hyphens + folded.spaced_hyphens]
        text = text.strip(" ")
        if len(text) > 1 and text[-1] == "-" and text[-2].isalnum():
            # "…that consist of case-": cut where the source breaks "case-\nsensitive".
            text = text[:-1]
            hyphens.append((len(text), "- "))
        return cls(text, tuple(sorted(hyphens)))


def _within(positions: list[int], lo: int, hi: int) -> list[int]:
    return positions[bisect.bisect_right(positions, lo):bisect.bisect_left(positions, hi)]


def hyphens_agree(source: FoldedText, pos: int, quote: FoldedQuote) -> bool:
    """Whether a folded match at `pos` keeps the source's hyphens and adds none it lacks.

    A hyphen at a line end in the source is optional; one inside a line must be in the quote,
    as "-" when the source joins two word parts, as "- " when a space follows it.
    """
    end = pos + len(quote.text)
    word = _within(source.word_hyphens, pos, end)
    spaced = _within(source.spaced_hyphens, pos, end)
    if not quote.hyphens and not word and not spaced:
        return True
    wanted = {pos + offset: kind for offset, kind in quote.hyphens}
    if any(wanted.get(h) != "-" for h in word) or any(wanted.get(h) != "- " for h in spaced):
        return False
    allowed = set(word) | set(spaced) | set(_within(source.optional_hyphens, pos - 1, end + 1))
    if end in wanted and (_has(source.word_hyphens, end) or _has(source.spaced_hyphens, end)
                          or source.text[end:end + 1] in HYPHENS):
        # A quote cut right after a hyphen: "… during this term of office-"; the source's
        # hyphen may also be one folding kept, before a line end or a space that no word follows
        # ("ist ein yes-/no-\n(Ja-/Nein-)Wert"): it stands there as written.
        allowed.add(end)
    return all(h in allowed for h in wanted)


def _has(positions: list[int], value: int) -> bool:
    i = bisect.bisect_left(positions, value)
    return i < len(positions) and positions[i] == value


def bidi_characters(quote: str) -> list[str]:
    """Names of bidi control characters in a quote (they never fold away)."""
    return sorted({f"U+{ord(c):04X} {unicodedata.name(c, '')}".strip() for c in quote
                   if c in BIDI_CONTROLS})
