"""The fit: which heading candidates make the document's numbering.

Among the candidates of one family (numbered sections, or articles) the fit picks the chain
of best weight whose steps a numbering allows, by dynamic programming in one pass:

- the next number (`numbering.successors`: "4.2" → "4.2.1", "4.3", "5") costs nothing;
- a forward jump ("3.1" → "3.6", a missing section) costs something; a heading set like the
  document's headings pays for it, a stray line does not;
- a return to "1" needs evidence of a new division: a chapter or part word ("Capítulo 1",
  "Part II" on the line before), an appendix before it, or a clean new sequence ("1" → "1.1"
  → the next after "1.1"); a running header or TOC echo (an earlier line with the same
  number and title) is no such evidence;
- headings by form (Markdown, underlined, bold leads) are in every chain.

Each candidate weighs by how well it fits the document's heading profile: the indentation
and the mark after the number of the headings a first fit found, whether their bodies hang
at the title's column (Apache-2.0's terms do; list items elsewhere do), whether the document
underlines its headings. A candidate refused for its title's shape alone ("8.1.3. aptitude",
"3. You may copy … based on it,") is a weak candidate: it repairs a gap only — set like the
profile, the exact next number after the candidate right before it, and followed by the exact
next number (or another repair). The document's table of contents, where it lists a number
and title, adds weight to the heading that repeats them.

The pass looks at each candidate's exact predecessors by key prefix and at a short window of
earlier candidates, so it is linear in the number of candidates.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable

from .candidates import Cand
from .numbering import Key, is_start, skips_few, successors

_SURE = 1e6  # a heading by its form is in every chain
_WINDOW = 20  # earlier candidates a forward jump may start from
_GAP = 10  # a small jump: at most this many numbers skipped at one level
_START_COST = 0.5  # a chain that starts on a number that no numbering starts with
_RESTART_COST = {"division": 0.2, "clean": 0.5}
_FORCED_COST = 2.0  # a heading by form that no step reaches
_MIN_WEIGHT = 0.3


@dataclass(frozen=True)
class Profile:
    """How the document sets its bare-numbered headings."""

    indent: int  # the usual indentation
    mark: str
    hanging: bool  # the body of a heading hangs at its title's column
    underline: bool  # headings are underlined: numbered lines without are list items
    by_level: tuple[tuple[int, int], ...] = ()  # (level, indentation) where a level sets its own

    def indent_of(self, level: int) -> int:
        return dict(self.by_level).get(level, self.indent)


def _usual(values: Iterable[int]) -> int:
    counts = Counter(values)
    top = max(counts.values())
    return min(v for v, k in counts.items() if k == top)


def learn_profile(chain: Iterable[Cand]) -> Profile | None:
    """The profile of the headings of a first fit (None: no bare-numbered heading)."""
    bare = [c for c in chain if not c.keyword and not c.weak]
    if not bare:
        return None
    levels: dict[int, list[int]] = {}
    for c in bare:
        levels.setdefault(c.parsed.level, []).append(c.indent)
    marks = Counter(c.mark for c in bare)
    hanging = sum(c.hanging for c in bare if not c.sure)
    underlined = sum(c.sure == "underline" for c in bare)
    return Profile(_usual(c.indent for c in bare), marks.most_common(1)[0][0],
                   hanging * 2 > len(bare), underlined >= 2 and underlined * 2 >= len(bare),
                   tuple((level, _usual(found)) for level, found in sorted(levels.items())))


def _in_profile(c: Cand, p: Profile) -> bool:
    return abs(c.indent - p.indent_of(c.parsed.level)) <= 1 and (c.keyword or c.mark == p.mark)


def _weight(c: Cand, p: Profile | None, loose: bool) -> float | None:
    """What including `c` is worth (None: it cannot be included)."""
    if c.sure:
        return _SURE
    if c.letter:  # set exactly as the numbered headings are, blank lines around it
        if (p is None or abs(c.indent - p.indent_of(1)) > 1 or c.mark != p.mark
                or not (c.blank_before and c.blank_after)):
            return None
        return 0.5
    if c.weak:
        if p is None or not _in_profile(c, p) or (c.weak == "lower-case title" and not c.blank_after):
            return None
        return 0.9 if c.toc_listed else 0.3
    w = 1.0
    if p is not None and not c.keyword:
        if abs(c.indent - p.indent_of(c.parsed.level)) > 1:
            w *= 0.4
        if c.mark != p.mark:
            w *= 0.6
        if c.hanging and not p.hanging:
            w *= 0.5
        if p.underline:
            w *= 0.4
    elif p is None and c.hanging and not loose:
        w *= 0.5
    if w < _MIN_WEIGHT:
        return None  # off the profile in more ways than one: a list item, a table row
    return w + (0.3 if c.toc_listed else 0.0)


def _pred_prefixes(key: Key) -> list[Key]:
    """Prefixes P such that a key starting with P (or equal to it, for a first child) is
    followed by `key` as its next number."""
    out: list[Key] = []
    last = key[-1]
    if last[0] == 0:
        if last[2]:  # "5b" after "5a", "5a" after "5"
            prev = chr(ord(last[2]) - 1) if last[2] > "a" else ""
            out.append(key[:-1] + ((0, last[1], prev),))
        elif last[1] >= 1:
            out.append(key[:-1] + ((0, last[1] - 1, ""),))
    elif last[1] > 0:
        out.append(key[:-1] + ((last[0], last[1] - 1),))
    return out


def _small_jump(a: Key, b: Key) -> bool:
    """b skips a few numbers after a at one level ("3.1" → "3.6", "2.4" → "4")."""
    return skips_few(a, b, _GAP, into_child=True)


def _restart_key(c: Cand) -> bool:
    return len(c.key) == 1 and c.key[0] in ((0, 0, ""), (0, 1, "")) and not c.parsed.reset


class _Best:
    """The best chain score seen so far and the node that ends it."""

    __slots__ = ("score", "node")

    def __init__(self) -> None:
        self.score, self.node = float("-inf"), -1

    def offer(self, score: float, node: int) -> None:
        if score > self.score:
            self.score, self.node = score, node


def _strong(c: Cand, p: Profile | None, usual: int, loose: bool) -> bool:
    """Set like the document's headings: a forward jump to it is cheap."""
    if loose or c.weak:
        return False
    if p is not None and not (c.keyword or _in_profile(c, p)):
        return False
    return c.indent <= (p.indent_of(c.parsed.level) if p else usual) + 1 and (
        c.blank_after or len(c.text) <= 50)


def chain(cands: list[Cand], profile: Profile | None, loose: bool, *,
          restarts: bool = True) -> list[int]:
    """Indices of the candidates of the best chain, in order (restarts: the numbering may
    start again at 1 where evidence allows)."""
    n = len(cands)
    if not n:
        return []
    indents = Counter(c.indent for c in cands if not c.sure)
    usual = min((i for i, k in indents.items() if k == max(indents.values())), default=0)
    weights = [_weight(c, profile, loose) for c in cands]
    score = [float("-inf")] * n
    back = [-1] * n
    by_prefix: dict[Key, _Best] = {}  # every node, by each prefix of its key
    by_key: dict[Key, _Best] = {}
    best = _Best()  # firm nodes only: restarts and forced steps start from here
    best_reset = _Best()
    firm_recent: list[int] = []
    seen_names: set[tuple[str, str]] = set()
    next_firm = [n] * (n + 1)  # next firm candidate
    for i in range(n - 1, -1, -1):
        next_firm[i] = i + 1 if i + 1 < n and weights[i + 1] is not None and not cands[i + 1].weak else next_firm[i + 1]
    for i, c in enumerate(cands):
        w = weights[i]
        name = c.name
        if w is None:
            seen_names.add(name)
            continue
        options: list[tuple[float, int]] = []
        if c.weak:
            j = i - 1
            if j >= 0 and score[j] > float("-inf") and c.key in successors(cands[j].key):
                options.append((score[j], j))
        else:
            reset_start = c.parsed.reset and (is_start(c.key) or not c.parsed.numbered)
            options.append((0.0 if is_start(c.key) or reset_start else -_START_COST, -1))
            for prefix in _pred_prefixes(c.key):
                got = by_prefix.get(prefix)
                if got is not None:
                    options.append((got.score, got.node))
            if c.key[-1] == (0, 1, "") and len(c.key) > 1:
                got = by_key.get(c.key[:-1])  # first child
                if got is not None:
                    options.append((got.score, got.node))
            if reset_start and best.node >= 0:
                options.append((best.score, best.node))
            if is_start(c.key) and best_reset.node >= 0:
                options.append((best_reset.score, best_reset.node))  # numbering restarts in an appendix
            strong = _strong(c, profile, usual, loose)
            for j in firm_recent:
                a = cands[j]
                if c.key > a.key:
                    cost = (0.5 if strong else 0.8) if _small_jump(a.key, c.key) else (0.8 if strong else 1.3)
                elif c.key == a.key and name != a.name and strong:
                    cost = 0.8  # the same number twice, another title: kept, ambiguous
                else:
                    continue
                options.append((score[j] - cost, j))
            if restarts and best.node >= 0 and name not in seen_names and _restart_key(c):
                why = _restart_evidence(c, cands, next_firm, i)
                if why:
                    options.append((best.score - _RESTART_COST[why], best.node))
            if c.sure and best.node >= 0:
                options.append((best.score - _FORCED_COST, best.node))
        if not options:
            seen_names.add(name)
            continue
        got_score, got_node = max(options, key=lambda o: o[0])
        score[i], back[i] = got_score + w, got_node
        for d in range(1, len(c.key) + 1):
            by_prefix.setdefault(c.key[:d], _Best()).offer(score[i], i)
        by_key.setdefault(c.key, _Best()).offer(score[i], i)
        if not c.weak:
            best.offer(score[i], i)
            if c.parsed.reset:
                best_reset.offer(score[i], i)
            firm_recent.append(i)
            if len(firm_recent) > _WINDOW:
                firm_recent.pop(0)
        seen_names.add(name)
    end = max((i for i in range(n) if score[i] > float("-inf") and not cands[i].weak),
              key=lambda i: score[i], default=-1)
    if end < 0 or score[end] <= 0:
        return []
    out = []
    while end >= 0:
        out.append(end)
        end = back[end]
    return out[::-1]


def _restart_evidence(c: Cand, cands: list[Cand], next_firm: list[int], i: int) -> str:
    """Why the numbering may start again at `c`: "division", "clean" or "" (none)."""
    if c.parsed.family == "num" and not c.parsed.title:
        return ""
    if c.restart:
        return "division"
    j = next_firm[i]
    if j >= len(cands):
        return ""
    k = next_firm[j]
    first, second = cands[j], (cands[k] if k < len(cands) else None)
    if c.parsed.family == "num":
        ok = first.key == c.key + ((0, 1, ""),)
    else:
        ok = first.key in successors(c.key)  # "Art. 1" → "Art. 2" → "Art. 3"
    return "clean" if ok and second is not None and second.key in successors(first.key) else ""


def fit(cands: list[Cand], loose: bool) -> tuple[list[Cand], Profile | None]:
    """The headings among `cands` (one family, in document order) and the profile that chose
    them: a first fit learns the profile, a second weighs every candidate by it."""
    if all(c.sure for c in cands):
        return list(cands), None  # headings by their form: no numbering to weigh
    firm = [c for c in cands if not c.weak]
    first = [firm[i] for i in chain(firm, None, loose)]
    profile = None if loose else learn_profile(first)
    if profile is None:
        return first, None
    return [cands[i] for i in chain(cands, profile, loose)], profile
