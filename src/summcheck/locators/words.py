"""The words of the locator grammar, read from the language files (`locators` in language/*.yaml)."""
from __future__ import annotations

from .. import language as _language
from ..model import LocatorKind

_WORDS = _language.merged()
# keyword -> (kind, weak). A *weak* keyword is a short abbreviation that also occurs in running
# text (`P. Smith`, `art. deco`, `p. ej.`): it opens a locator only before a number.
Keywords = dict[str, tuple[LocatorKind, bool]]


def keyword_tables(words: _language.Languages) -> tuple[Keywords, Keywords]:
    """(keywords by lower case, keywords whose case matters): `S.` is a page, the German
    "siehe" `s.` none; every case-sensitive keyword is weak."""
    folded: Keywords = {}
    exact: Keywords = {}

    def add(table: Keywords, word: str, kind: LocatorKind, weak: bool) -> None:
        if table.get(word, (kind, weak)) != (kind, weak):
            raise ValueError(f"locator keyword {word!r} has two meanings in the language files")
        table[word] = (kind, weak)

    for kind in ("page", "section", "line", "paragraph"):
        for strength in ("weak", "strong"):
            for word in words.words("locators", "keywords", kind, strength):
                add(folded, word.lower(), kind, strength == "weak")  # type: ignore[arg-type]
        for word in words.words("locators", "case_sensitive", kind):
            add(exact, word, kind, True)  # type: ignore[arg-type]
    return folded, exact


KEYWORDS, CASE_SENSITIVE = keyword_tables(_WORDS)
# Keywords that are signs, not words (`¶`): their first characters.
SYMBOL_STARTS = frozenset(word[0] for word in KEYWORDS if not word[0].isalpha())
LEAD_INS = _WORDS.lowered("locators", "lead_ins")
LEAD_IN_ALSO = _WORDS.lowered("locators", "lead_in_also")
# `véase la sección 4`, `ver o artigo 5`: an article may stand between lead-in and keyword.
LEAD_IN_ARTICLES = _WORDS.lowered("locators", "lead_in_articles")
RANGE_WORDS = _WORDS.lowered("locators", "range_words")
LIST_WORDS = _WORDS.lowered("locators", "list_words")
DASHES = frozenset("-–—‒−")
# German statute citations: `Art. 6 Abs. 1 lit. a` is article 6(1)(a).
QUALIFIERS = _WORDS.lowered("locators", "qualifiers")
# Every word of the grammar written with a final period, without it (lower case): the sentence
# splitter must not end a sentence at one of these periods (`(Art. 6 Unterabs. 2)`).
DOTTED_WORDS = frozenset(word[:-1].lower() for word in (*KEYWORDS, *CASE_SENSITIVE, *LEAD_INS, *QUALIFIERS)
                         if word.endswith(".") and word[:-1].isalpha())
ORDINAL_MARKS = frozenset("º°ª")
DIGITS = frozenset("0123456789")
