"""Rough windows for a fuzzy search: seeds (words, 5-grams) vote for where the quote starts.

A window is (start, end, votes, kind); its kind bits say which of its ends the seeds fixed.
"""
from __future__ import annotations

import re
from collections import Counter

from rapidfuzz import fuzz

from ..lookalikes import lookalike_table
from .hits import FuzzyHit

SEED_Q = 5  # gram length
SEED_STEP = 3  # every third gram of the text is indexed
BUCKET = 4  # start offsets vote in buckets of 16 characters
BUDGET = 1500  # postings looked at per quote, rarest grams first
MIN_GRAMS = 12
MAX_GRAMS = 40
# Postings read per quote even when the rarest grams are common (a text repeating a few words):
# beyond it the search is cut short and says so. Normal text stays within BUDGET.
HARD_BUDGET = 6_000
_MAX_CANDIDATES = 256  # rough windows kept per seed lookup (only MAX_WINDOWS are aligned)
ANCHOR = 12  # characters of the needle's ends looked for verbatim at a locator
ANCHOR_REGION = 60_000  # ... in a region of at most so many characters
ANCHOR_TRUST = 95.0  # score from which a match found from one anchor is taken as it is
WORD_BUDGET = 600  # word postings looked at per quote in a search, rarest words first
# The fallback window search costs about quote length × region length, so it reads a region of
# at most this many aligned characters: 200,000 for a quote of 100, 5,000 for one of 4,000.
PARTIAL_RATIO_BUDGET = 20_000_000
MAX_WINDOWS = 64  # windows aligned per quote at most (a passage repeated more often: the best)
SEED_WORD = re.compile(r"[^\W_]{4,}")


SEED_TABLE = lookalike_table()
_ALNUM_RUN = re.compile(r"[^\W_]+")


def compact_text(text: str) -> tuple[str, list[int], list[int]]:
    """Letters and digits of `text` (seed-folded), with the runs' starts in both coordinates."""
    fstarts: list[int] = []
    cstarts: list[int] = []
    pieces: list[str] = []
    total = 0
    for m in _ALNUM_RUN.finditer(text):
        fstarts.append(m.start())
        cstarts.append(total)
        word = m.group()
        pieces.append(word)
        total += len(word)
    return "".join(pieces).translate(SEED_TABLE), cstarts, fstarts


def seed_groups(seeds: list[tuple[int, int, int]],
                all_near_best: bool) -> list[list[tuple[int, int, int]]]:
    """Seeds grouped by the start offset they imply (a gap of more than 12 characters starts a
    new group: indels shift the words of one passage a little), biggest groups first: the best
    three, and with `all_near_best` every group with at least 45% of the best one's seeds."""
    seeds.sort()
    groups: list[list[tuple[int, int, int]]] = []
    first = 0
    for i in range(1, len(seeds) + 1):
        if i == len(seeds) or seeds[i][0] - seeds[i - 1][0] > 12:
            groups.append(seeds[first:i])
            first = i
    groups.sort(key=len, reverse=True)
    best = len(groups[0])
    chosen = groups[:3]
    if all_near_best:
        chosen += [g for g in groups[3:] if len(g) >= max(2, best * 0.45)]
    return chosen[:_MAX_CANDIDATES]


def best_diagonals(diags: list[int], all_near_best: bool,
                   minimum: int) -> list[tuple[int, int, int, int]]:
    """Start offsets most voted for, best first, as (median, votes, range start, range end):
    the best three, and with `all_near_best` every one with at least 45% of the best vote
    (repeated boilerplate). Votes go to buckets of 16; a bucket counts with its better
    neighbour, so a start near a bucket edge keeps all its votes."""
    if len(diags) == 1:
        return [(diags[0], 1, diags[0], diags[0] + 1)]
    votes = Counter([d >> BUCKET for d in diags])
    if len(votes) == 1:
        ordered = sorted(diags)
        return [(ordered[len(ordered) // 2], len(ordered), ordered[0], ordered[-1] + 1)]
    get = votes.get
    keep = max(votes.values()) // 3
    paired = []
    for b, v in votes.items():
        if v >= keep:
            left, right = get(b - 1, 0), get(b + 1, 0)
            if left > right:
                paired.append((v + left, b, b - 1))
            else:
                paired.append((v + right, b, b + 1))
    paired.sort(reverse=True)
    chosen = [p for p in paired[:3] if p[0] >= minimum] or paired[:1]
    if all_near_best:
        floor = max(minimum, paired[0][0] * 0.45)
        chosen += [p for p in paired[3:] if p[0] >= floor]
    del chosen[_MAX_CANDIDATES:]
    # each chosen pair of buckets reads only its own starts (not every start once per pair)
    wanted = {b for _, b, _ in chosen} | {n for _, _, n in chosen}
    in_bucket: dict[int, list[int]] = {b: [] for b in wanted}
    for d in diags:
        members = in_bucket.get(d >> BUCKET)
        if members is not None:
            members.append(d)
    out: list[tuple[int, int, int, int]] = []
    taken: set[int] = set()
    for v, b, n in chosen:
        if b in taken:
            continue
        taken.add(b)
        taken.add(n)
        lo_d, hi_d = min(b, n) << BUCKET, (max(b, n) + 1) << BUCKET
        near = sorted(in_bucket[b] + in_bucket[n])
        out.append((near[len(near) // 2], v, lo_d, hi_d))
    return out


def rough_by_partial_ratio(needle: str, text: str, lo: int, hi: int,
                           threshold: float) -> list[Window]:
    """The fallback when no seed stands: rapidfuzz's best window of the needle's length (its
    Indel-based ratio is >= our score on the same window, so the cutoff drops no passing span)."""
    rough = fuzz.partial_ratio_alignment(needle, text[lo:hi], score_cutoff=max(0.0, threshold - 12))
    return [] if rough is None else [(lo + rough.dest_start, lo + rough.dest_end, 1, 0)]


Window = tuple[int, int, int, int]  # start, end, votes, kind (bits below)
SEEDED = 1  # start and end placed by words of the needle found verbatim
START_FIXED = 2  # ... the first of which is the needle's first word
END_NEAR = 4  # ... the last of which is the needle's last long word
END_FIXED = 8  # the end is the needle's last characters found verbatim


def best_hit(hits: list[FuzzyHit]) -> FuzzyHit | None:
    return hits[0] if hits else None


def distinct_hits(hits: list[FuzzyHit]) -> list[FuzzyHit]:
    """Best first; a hit overlapping a better one is dropped."""
    if len(hits) < 2:
        return list(hits)
    kept: list[FuzzyHit] = []
    for hit in sorted(hits, key=lambda h: (-h.score, h.start)):
        if all(hit.end <= k.start or hit.start >= k.end for k in kept):
            kept.append(hit)
    return kept
