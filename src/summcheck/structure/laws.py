"""Texts structured by articles: what is a section there, and what is part of one.

A law's sections are its articles (`Artículo 14`, `Art. 5º`, `§ 3`, `Artikel 12a`). Where a
text is structured by articles (two or more of them in sequence):

- its divisions (Título, Capítulo, Sección, Teil, Kapitel, Abschnitt, Seção, Livro, Parte,
  Chapter, Part …, and headings numbered by a Roman numeral or a letter, `I. - Die
  Grundrechte`) are groupings, not sections: they restart or duplicate the article numbers,
  and `(§ 1)` or `(sección 1)` must mean the article;
- its bare numbered lines ("1. España se constituye …", definitions "1. „Daten“ …") are
  paragraphs of an article;
- where two kinds of article mark occur, one numbers inside the other: Brazil's `§ 1º`
  restarts in every `Art.`; the kind with the longer unbroken numbering is the article, the
  other a paragraph inside an article.
"""
from __future__ import annotations

import dataclasses
import re

from .candidates import Cand
from .fit import chain
from .headings import grouping_word


#: The number of a division above a law's articles: a Roman numeral or a letter (`I. - Die
#: Grundrechte`, `X a. - Verteidigungsfall`), where its articles carry Arabic numbers.
_GROUPING_NUMBER = re.compile(r"[IVXLC]{1,7}(?:[ \t]?[a-z])?|[A-Z]")


def _kind(c: Cand) -> str:
    return "§" if c.text.startswith("§") else "word"


def _run_length(cands: list[Cand]) -> int:
    """The longest unbroken numbering among `cands`, their form aside."""
    plain = [dataclasses.replace(c, sure="", restart=False) for c in cands]
    return len(chain(plain, None, loose=True, restarts=False))


def mark_subordinate_articles(articles: list[Cand]) -> None:
    """Of two article marks, drop the one that numbers inside the other."""
    kinds: dict[str, list[Cand]] = {}
    for c in articles:
        kinds.setdefault(_kind(c), []).append(c)
    if len(kinds) < 2:
        return
    runs = {kind: _run_length(group) for kind, group in kinds.items()}
    low = min(runs, key=runs.__getitem__)
    if runs[low] < max(runs.values()):
        for c in kinds[low]:
            c.drop = c.drop or "paragraph inside an article"


def mark_parts_of_articles(numbered: list[Cand]) -> None:
    """In a text structured by articles: groupings and numbered paragraphs are no sections."""
    for c in numbered:
        if c.drop:
            continue
        if grouping_word(c.text) or (c.parsed.family == "num" and not c.parsed.reset
                                     and _GROUPING_NUMBER.fullmatch(c.parsed.ident)):
            c.drop = "grouping heading"
        elif not c.sure and not c.parsed.reset and c.parsed.level < 2:
            c.drop = "numbered paragraph inside an article"
