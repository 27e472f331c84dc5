"""Fuzzy quote matching for OCR sources: the best-matching span, with its true boundaries.

Modules: `hits` (a match and its score), `index` (the seed index and the search), `windows`
(the rough windows the seeds vote for), `boundaries` (where a match starts and ends).

Everything here works on *folded* text (`matching.normalize.fold(source).text`: typography
folded, white space collapsed, line-end hyphens made optional); callers map offsets back with
`FoldedText.to_original` (`hit_in_original`). Quotes are folded the same way (`fold_quote`).

**Score.** `score = 100 * (1 - d / len(quote))`, floored at 0, where `d` is the Levenshtein
distance (insertions, deletions, substitutions of single characters; case-sensitive) between
the folded quote and the matched span, and the span is one that minimises `d` among the spans
of the searched text (an infix, or semi-global, alignment). A score of 90 means at most one
character in ten of the quote had to change to read the OCR text.

**Seeds.** A `FuzzyIndex` holds, per source, an index of its words of four or more letters
(seed-folded: lower case, accents stripped, the OCR look-alikes `1 l i` and `0 o` merged), and
on the first whole-text search that needs it an index of every third 5-gram of its letters and
digits (so merged or split words and stray signs keep their seeds). At a locator (a page or a
few) the quote's first and last twelve characters are looked for verbatim first: standing
once each, as far apart as the quote is long, they are its boundaries (most quotes, in a few
C-level calls). Otherwise the quote's longest words vote for where it starts; when no window
they give passes, its 5-grams vote; when nothing stands at all, rapidfuzz's
`partial_ratio_alignment` gives a window. A search of the whole text votes with the quote's
rarest words within a budget, and keeps every window near the best vote (boilerplate repeated
many times is all reported, up to 64 windows a quote). However repetitive the text, a quote
reads at most `HARD_BUDGET` gram postings and keeps at most `_MAX_CANDIDATES` rough windows,
so its cost does not grow with the text; a search cut short that way is counted in
`FuzzyIndex.searches_cut` (the report says so).

**Boundaries.** From the rough window (where the seeds put the quote's start and end, or a
Levenshtein alignment — `rapidfuzz.distance.Levenshtein.opcodes` — of the quote with it, from
its first and last runs of three equal characters) both boundaries move to where the edit
distance is smallest: coordinate descent on exact distances (rapidfuzz), the
quote's own first and last words tried where they stand near the boundaries (a boundary at
them may cost one edit more: `should not be` is read on for the quote's `should be`), ties
going to word edges, then to edges of the same kind (letter or sign) as the quote's, then to
the span length closest to the quote's. A span that starts or ends inside a word grows to the
whole word when the rest is at most three characters (`eorniponent`, not `rniponent`).

How fast and how exact this is: `benchmarks/README.md` (`bench_fuzzy.py`).
"""
from .hits import (
           DEFAULT_THRESHOLD,
           FuzzyHit,
           fold_quote,
           hit_in_original,
           letters_differ,
           score_of,
)
from .index import FuzzyIndex, align, search

__all__ = ["DEFAULT_THRESHOLD", "FuzzyHit", "FuzzyIndex", "align", "fold_quote",
           "hit_in_original", "letters_differ", "score_of", "search"]
