"""The scanner under the locator parser: each method reads forward from a position, a bounded
number of characters at a time."""
from __future__ import annotations

from ..model import LocatorKind
from .idents import seg_char
from .words import (
    CASE_SENSITIVE,
    DIGITS,
    KEYWORDS,
    LEAD_IN_ALSO,
    LEAD_IN_ARTICLES,
    LEAD_INS,
    ORDINAL_MARKS,
    SYMBOL_STARTS,
)


class Scanner:
    """A position in a locator text, and the readers that look ahead of it or move it."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.length = len(text)
        self.pos = 0

    def ws(self) -> None:
        s, n, i = self.text, self.length, self.pos
        while i < n and s[i].isspace():
            i += 1
        self.pos = i

    def at_end(self) -> bool:
        return self.pos >= self.length

    def word_at(self, i: int) -> tuple[str, int]:
        """The run of letters at i and where it ends (a following '.' is not included)."""
        s, n, j = self.text, self.length, i
        while j < n and s[j].isalpha():
            j += 1
        return s[i:j], j

    def keyword_at(self, i: int) -> tuple[LocatorKind, bool, int] | None:
        """(kind, weak, end) of a locator keyword starting at i."""
        s, n = self.text, self.length
        if i >= n:
            return None
        if s[i] == "§":
            j = i + 1
            while j < n and s[j] == "§":
                j += 1
            return ("section", False, j) if j - i <= 2 else None
        if s[i] in SYMBOL_STARTS:  # `¶ 12`, `¶¶ 12–14`
            for j in (i + 2, i + 1):
                hit = KEYWORDS.get(s[i:j])
                if hit is not None:
                    return hit[0], hit[1], j
            return None
        word, j = self.word_at(i)
        if not word:
            return None
        if j < n and s[j] == ".":
            dotted = word + "."
            hit = CASE_SENSITIVE.get(dotted)
            if hit is None and dotted.lower() not in ("s.", "z.", "l.", "ll."):
                hit = KEYWORDS.get(dotted.lower())
            if hit is not None:
                return hit[0], hit[1], j + 1
        hit = KEYWORDS.get(word.lower())
        # A keyword spelled out must stand alone: `line-based`, `pages'` are words of prose.
        if hit is not None and (j >= n or s[j].isspace() or s[j] in DIGITS):
            return hit[0], hit[1], j
        return None

    def token_at(self, i: int) -> tuple[str, int]:
        """A word with an optional trailing '.' (`cf.`), or one non-space character."""
        s, n = self.text, self.length
        if i >= n:
            return "", i
        word, j = self.word_at(i)
        if not word:
            return s[i], i + 1
        if j < n and s[j] == ".":
            return word + ".", j + 1
        return word, j

    def lead_in(self) -> bool:
        """Skip `see`, `cf.`, `vgl.`, `siehe auch` … when a keyword follows."""
        start = self.pos
        tok, j = self.token_at(start)
        if tok.lower() not in LEAD_INS:
            return False
        self.pos = j
        self.ws()
        for fillers in (LEAD_IN_ALSO, LEAD_IN_ARTICLES):
            word, k = self.token_at(self.pos)
            if word.lower() in fillers:
                self.pos = k
                self.ws()
        if self.keyword_at(self.pos) is None:
            self.pos = start
            return False
        return True

    def ident(self, kind: LocatorKind) -> tuple[str, str] | None:
        """Scan an identifier: (normalised ident, raw text) or None; validity is checked later."""
        s, n, i = self.text, self.length, self.pos
        j = i
        while j < n and seg_char(s[j]):
            j += 1
        if j == i:
            return None
        if kind == "section":
            while j + 1 < n and s[j] == "." and seg_char(s[j + 1]):
                j += 2
                while j < n and seg_char(s[j]):
                    j += 1
            while j < n and s[j] == "(":  # 17(1)(a)
                k = j + 1
                while k < n and seg_char(s[k]) and k - j <= 4:
                    k += 1
                if k == j + 1 or k >= n or s[k] != ")":
                    break
                j = k + 1
            ident_end = j
        else:
            first = s[i:j]
            # `A-3` is a page label; `17-18` and `iv-vi` are ranges.
            if (kind == "page" and j + 1 < n and s[j] == "-" and first.isalpha() and len(first) <= 3
                    and s[j + 1] in DIGITS):
                j += 1
                while j < n and s[j] in DIGITS:
                    j += 1
            ident_end = j
        # A trailing '.' or ordinal mark is not part of the ident (`3.2.2.`, `Artigo 17.º`).
        if j < n and s[j] == "." and (j + 1 >= n or not seg_char(s[j + 1])):
            j += 1
        if j < n and s[j] in ORDINAL_MARKS:
            j += 1
        self.pos = j
        return s[i:ident_end], s[i:j]
