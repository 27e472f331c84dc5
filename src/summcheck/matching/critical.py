"""Critical differences between a quote and the OCR text it matched fuzzily (SUM204).

A fuzzy match can pass the score threshold and still say something else: another number, a
negation added or dropped, a modal verb of another class. OCR misreadings of the same word are
not such changes (`miust` for `must`, `fi1e` for `file`, `rn` for `m`, `ofthe` for `of the`).

Method: both texts are folded and cut into words; the word sequences are aligned (Levenshtein
opcodes over words compared by an OCR "skeleton": lower case, accents stripped, `1 l i I |`
and `0 o` merged, `rn` read as `m`). Inside each differing block:
- **number**: a number of the quote where the OCR text has another number (`90`/`30`), a token
  of letters and digits with other digits (`v2`/`v3`), or a number of two or more digits that
  is gone; a number read as letters or signs (`1` as `l`/`|`, a footnote `3` as `z`), a single
  digit that vanished (footnote marks do) and numbers the OCR text adds are OCR noise;
- **negation**: a negation word (EN/DE/ES/PT) on one side that the other side's block does not
  hold, not even as an OCR misspelling (one edit for words of 3-5 letters, two beyond);
- **modal**: `modality.modal_words` of both texts (with the project's lexicon); the OCR side
  holds a real modal word of
  another class where the quote has one, or a modal word the quote's block lacks, or the
  quote's modal word is gone from the OCR text altogether (a misspelling such as `miust`
  leaves a garbled word in its place, which is not a difference).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from rapidfuzz.distance import Levenshtein

from .. import language
from ..language.modality import Lexicon, ModalWord, modal_words
from .lookalikes import digits, is_numeric, loose_skeleton, skeleton
from .normalize import fold

CriticalKind = Literal["number", "negation", "modal"]

NEGATIONS = language.negations()
# Words, numbers with their separators (`3.0`, `1,000`), and `|` (OCR reads `l`/`1`/`I` so).
_TOKEN = re.compile(r"[\w|]+(?:['’][\w|]+)*(?:[.,]\d+)*")


@dataclass(frozen=True)
class CriticalDifference:
    kind: CriticalKind
    message: str

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class _Token:
    raw: str
    start: int
    end: int
    skel: str


def _tokens(text: str) -> list[_Token]:
    return [_Token(m.group(), m.start(), m.end(), skeleton(m.group())) for m in _TOKEN.finditer(text)]


def _loose(tokens: list[_Token]) -> str:
    return "".join(loose_skeleton(t.raw) for t in tokens)


def _letters(raw: str) -> str:
    return "".join(c for c in raw if c.isalpha()).lower()


def _max_edits(word: str) -> int:
    return 0 if len(word) <= 2 else 1 if len(word) <= 5 else 2


def _fuzzy_in(word: str, text: str, max_edits: int) -> bool:
    """Whether `word` stands in `text` with at most `max_edits` edits (infix alignment)."""
    if not word:
        return True
    if word in text:
        return True
    if max_edits == 0 or not text:
        return False
    m = len(word)
    # semi-global DP on short strings (a word against a few words)
    prev = list(range(m + 1))
    best = prev[m]
    for ch in text:
        cur = [0] * (m + 1)
        for i in range(1, m + 1):
            cost = 0 if word[i - 1] == ch else 1
            cur[i] = min(prev[i - 1] + cost, prev[i] + 1, cur[i - 1] + 1)
        best = min(best, cur[m])
        prev = cur
    return best <= max_edits


def find_critical(quote: str, matched: str,
                  lexicon: Lexicon | None = None) -> list[CriticalDifference]:
    """Critical differences (number, negation, modal class) between a quote and OCR text;
    modal words are read with `lexicon` (None: the packaged lexicons)."""
    q_text, m_text = fold(quote).text, fold(matched).text
    q_toks, m_toks = _tokens(q_text), _tokens(m_text)
    ops = Levenshtein.opcodes([t.skel for t in q_toks], [t.skel for t in m_toks])
    found: list[CriticalDifference] = []
    q_region: list[tuple[int, int]] = [(0, 0)] * len(q_toks)  # M tokens aligned with each Q token
    m_region: list[tuple[int, int]] = [(0, 0)] * len(m_toks)
    for tag, i1, i2, j1, j2 in _blocks(ops):
        for i in range(i1, i2):
            q_region[i] = (i + j1 - i1, i + j1 - i1 + 1) if tag == "equal" else (j1, j2)
        for j in range(j1, j2):
            m_region[j] = (j + i1 - j1, j + i1 - j1 + 1) if tag == "equal" else (i1, i2)
        qb, mb = q_toks[i1:i2], m_toks[j1:j2]
        if tag == "equal":
            continue
        if _loose(qb) == _loose(mb):
            continue  # words merged or split, or punctuation: no change of substance
        gap = _gap(m_text, m_toks, j1, j2)
        found += _numbers(qb, mb, gap)
        found += _negations(qb, mb)
    healed, healed_toks = _heal(m_text, m_toks, q_toks, q_region, m_region)
    found += _modals(q_text, healed, q_toks, healed_toks, q_region, m_region, lexicon)
    return _dedupe(found)


def _heal(m_text: str, m_toks: list[_Token], q_toks: list[_Token], q_region: list[tuple[int, int]],
          m_region: list[tuple[int, int]]) -> tuple[str, list[_Token]]:
    """The OCR text with each word that the alignment pairs with an equal-skeleton word of the
    quote written as the quote writes it (`nlcht` -> `nicht`), so that a misreading does not
    break a modal phrase (`dürfen nlcht` is still `dürfen nicht`)."""
    pieces: list[str] = []
    last = 0
    changed = False
    for j, t in enumerate(m_toks):
        i_lo, i_hi = m_region[j]
        word = t.raw
        if i_hi == i_lo + 1 and q_region[i_lo] == (j, j + 1) and q_toks[i_lo].skel == t.skel \
                and q_toks[i_lo].raw != t.raw:
            word = q_toks[i_lo].raw
            changed = True
        pieces.append(m_text[last:t.start])
        pieces.append(word)
        last = t.end
    if not changed:
        return m_text, m_toks
    pieces.append(m_text[last:])
    healed = "".join(pieces)
    toks = _tokens(healed)
    return (healed, toks) if len(toks) == len(m_toks) else (m_text, m_toks)


def _blocks(ops) -> list[tuple[str, int, int, int, int]]:
    """Opcodes with neighbouring non-equal ones merged (`5.7` / `5` + `7` is one block)."""
    out: list[list] = []
    for op in ops:
        tag = "equal" if op.tag == "equal" else "differ"
        if out and tag == "differ" and out[-1][0] == "differ":
            out[-1][2], out[-1][4] = op.src_end, op.dest_end
        else:
            out.append([tag, op.src_start, op.src_end, op.dest_start, op.dest_end])
    return [tuple(b) for b in out]


def _gap(text: str, toks: list[_Token], j1: int, j2: int) -> str:
    """The OCR text of a block, signs between its neighbouring tokens included."""
    start = toks[j1 - 1].end if j1 > 0 else 0
    end = toks[j2].start if j2 < len(toks) else len(text)
    return text[start:end]


def critical_differences(quote: str, matched: str, lexicon: Lexicon | None = None) -> list[str]:
    """Human-readable reasons why `matched` says something else than `quote` (empty: none)."""
    return [d.message for d in find_critical(quote, matched, lexicon)]


def _number(q: str, m: str) -> CriticalDifference:
    if q and m:
        msg = f'number: the quote has "{q}", the OCR text "{m}"'
    elif q:
        msg = f'number: the quote has "{q}", the OCR text has no number there'
    else:
        msg = f'number: the OCR text has "{m}", the quote has no number there'
    return CriticalDifference("number", msg)


def _numbers(qb: list[_Token], mb: list[_Token], gap: str) -> list[CriticalDifference]:
    """Numbers of one differing block: the quote's numbers must stand in the OCR text.

    Reported: a number of the quote where the OCR text has another number (`90` / `30`,
    `1.2` / `4.2`), a letters-and-digits token with other digits (`v2` / `v3`), and a number of
    two or more digits (or with a separator) that is simply gone. Not reported, as OCR noise: a
    number the OCR text adds (footnote marks, specks read as digits), a number read as letters
    or signs (`1` as `l` or `|`, a footnote `3` as `z` or `°`), a single digit that vanished
    (footnote marks do), and numbers split or merged (`5.7` / `5. 7`, `12.o` / `12o`).
    """
    out: list[CriticalDifference] = []
    for a in qb:  # tokens mixing letters and digits (v2, iBCS2) with the same letters
        if is_numeric(a.raw) or not digits(a.raw):
            continue
        for b in mb:
            if not is_numeric(b.raw) and _letters(b.raw) == _letters(a.raw) and digits(b.raw) \
                    and digits(b.raw) != digits(a.raw):
                out.append(_number(a.raw, b.raw))
    qn = [t for t in qb if is_numeric(t.raw)]
    if not qn:
        return out
    if "".join(digits(t.raw) for t in qn) == "".join(digits(t.raw) for t in mb):
        return out  # the same digits, split or merged
    m_digits = [digits(t.raw) for t in mb]
    q_digits = [digits(t.raw) for t in qn]
    q_letters = {_letters(t.raw) for t in qb if not is_numeric(t.raw)}
    # numbers in the OCR text: numeric tokens, and the digits of a word merged with a number
    # (`Perl5` for `Perl 7`: the letters are a word of the quote's block)
    others = [t for t in mb if digits(t.raw) and digits(t.raw) not in q_digits
              and (is_numeric(t.raw) or _letters(t.raw) in q_letters)]
    for a in qn:
        d = digits(a.raw)
        if d in m_digits:
            continue
        if others:  # another number in its place
            out.append(_number(a.raw, others.pop(0).raw))
        elif not mb and not gap.strip(" .,;:") and (len(d) >= 2 or len(a.raw) > len(d)):
            out.append(_number(a.raw, ""))
    return out


def _negations(qb: list[_Token], mb: list[_Token]) -> list[CriticalDifference]:
    out: list[CriticalDifference] = []
    qn = [t for t in qb if t.raw.lower() in NEGATIONS or t.raw.lower().endswith("n't")]
    mn = [t for t in mb if t.raw.lower() in NEGATIONS or t.raw.lower().endswith("n't")]
    if qn and [t.raw.lower() for t in qn] == [t.raw.lower() for t in mn]:
        return out
    m_skel = "".join(t.skel for t in mb)
    q_skel = "".join(t.skel for t in qb)
    m_words = [t.raw.lower() for t in mn]
    q_words = [t.raw.lower() for t in qn]
    for t in qn:
        w = t.raw.lower()
        if w in m_words:
            m_words.remove(w)
            continue
        if not _fuzzy_in(t.skel, m_skel, _max_edits(t.skel)):
            out.append(CriticalDifference(
                "negation",
                f'negation: the quote has "{t.raw}", the OCR text does not'
                + (f' (it reads "{_show(mb)}")' if mb else "")))
    if not qn:
        # No negation in the quote here, but the OCR text holds a word one edit from one
        # (`hot`, `nat` for `not`; `tão` for `não`) that is no misreading of the quote's words.
        for t in mb:
            if t in mn or len(t.skel) < 3 or _fuzzy_in(t.skel, q_skel, 1):
                continue
            near = next((n for n in _NEGATION_SKELETONS()
                         if abs(len(n) - len(t.skel)) <= 1 and Levenshtein.distance(n, t.skel) <= 1), None)
            if near is not None:
                out.append(CriticalDifference(
                    "negation",
                    f'negation: the OCR text has "{t.raw}" (a misread "{near}"?), the quote has no '
                    'negation there'))
    for t in mn:  # a real negation word in the OCR text is taken at its word ...
        w = t.raw.lower()
        if w in q_words:
            q_words.remove(w)
            continue
        # ... unless the quote has the same word there, read with look-alikes or accents
        if not any(q.skel == t.skel for q in qb):
            out.append(CriticalDifference(
                "negation",
                f'negation: the OCR text has "{t.raw}", the quote does not'
                + (f' (it reads "{_show(qb)}")' if qb else "")))
    return out


def _show(tokens: list[_Token]) -> str:
    return " ".join(t.raw for t in tokens)


def _modal_skeletons(lexicon: Lexicon | None) -> dict[str, str]:
    """One-word modal verbs of the lexicon by skeleton (`deve` -> requires), unambiguous ones."""
    return _packaged_modal_skeletons() if lexicon is None else _skeletons_of(lexicon)


@lru_cache(maxsize=1)
def _packaged_modal_skeletons() -> dict[str, str]:
    from ..language.modality import default_lexicon

    return _skeletons_of(default_lexicon())


def _skeletons_of(lexicon: Lexicon) -> dict[str, str]:
    by_skeleton: dict[str, set[str]] = {}
    for phrase, cls in lexicon.phrases.items():
        if len(phrase) == 1:
            by_skeleton.setdefault(skeleton(phrase[0]), set()).add(cls)
    return {k: next(iter(v)) for k, v in by_skeleton.items() if len(v) == 1}


# Negations an OCR misreading of which (one letter off: `hot`/`nat` for `not`, `tão` for `não`)
# is still reported; short or common-looking ones (`nie`, `nor`, `nem`, `nada`) are left out:
# their one-letter neighbours (`pie`, `for`, `em`) are ordinary words.
_NEAR_NEGATIONS = language.near_negations()


@lru_cache(maxsize=1)
def _NEGATION_SKELETONS() -> frozenset[str]:
    return frozenset(skeleton(w) for w in _NEAR_NEGATIONS)


def _modal_tokens(words: list[ModalWord], toks: list[_Token]) -> list[tuple[ModalWord, int]]:
    """Each modal word with the index of the token it starts at."""
    out = []
    for w in words:
        for k, t in enumerate(toks):
            if t.start <= w.start < t.end:
                out.append((w, k))
                break
    return out


def _modals(q_text: str, m_text: str, q_toks: list[_Token], m_toks: list[_Token],
            q_region: list[tuple[int, int]], m_region: list[tuple[int, int]],
            lexicon: Lexicon | None = None) -> list[CriticalDifference]:
    q_modals = _modal_tokens(modal_words(q_text, lexicon), q_toks)
    m_modals = _modal_tokens(modal_words(m_text, lexicon), m_toks)
    if [w.cls for w, _ in q_modals] == [w.cls for w, _ in m_modals] and \
            all(q_region[k] == (j, j + 1) for (_, k), (_, j) in zip(q_modals, m_modals)):
        return []
    out: list[CriticalDifference] = []
    reported: set[tuple[int, int]] = set()

    def in_range(modals, lo_hi):
        lo, hi = lo_hi
        return [(w, k) for w, k in modals if lo <= k < hi]

    for w, k in m_modals:  # a real modal word in the OCR text
        lo, hi = m_region[k]
        there = in_range(q_modals, (lo, hi))
        if any(qw.cls == w.cls for qw, _ in there):
            continue
        other = [(qw, qk) for qw, qk in there if qw.cls != w.cls]
        if other:
            qw, qk = other[0]
            reported.add((qk, k))
            out.append(CriticalDifference(
                "modal",
                f'modal verb: the quote has "{qw.text}" ({qw.cls}), the OCR text "{w.text}" ({w.cls})'))
            continue
        q_skel = "".join(t.skel for t in q_toks[lo:hi])
        if hi > lo and _fuzzy_in(m_toks[k].skel, q_skel, _max_edits(m_toks[k].skel)):
            continue  # the quote's word, misread as a modal word
        out.append(CriticalDifference(
            "modal",
            f'modal verb: the OCR text has "{w.text}" ({w.cls}), the quote has no such word'
            + (f' (it reads "{_show(q_toks[lo:hi])}")' if hi > lo else "")))
    for w, k in q_modals:  # the quote's modal word, gone from the OCR text?
        lo, hi = q_region[k]
        there = in_range(m_modals, (lo, hi))
        if any(mw.cls == w.cls for mw, _ in there) or any((k, mk) in reported for _, mk in there):
            continue
        if there:
            continue  # another class: reported above
        if hi > lo:
            # A garbled word stands in its place: an OCR misreading, not a change, unless it
            # reads as a modal word of another class once accents and look-alikes are folded
            # (`déve` for `deve` where the quote says `pode`).
            read = [(t, _modal_skeletons(lexicon).get(t.skel)) for t in m_toks[lo:hi]]
            if any(cls == w.cls for _, cls in read):
                continue
            other = [(t, cls) for t, cls in read if cls is not None]
            if other:
                t, cls = other[0]
                out.append(CriticalDifference(
                    "modal",
                    f'modal verb: the quote has "{w.text}" ({w.cls}), the OCR text "{t.raw}" ({cls})'))
            continue
        out.append(CriticalDifference(
            "modal",
            f'modal verb: the quote has "{w.text}" ({w.cls}), the OCR text has none there'))
    return out


def _dedupe(found: list[CriticalDifference]) -> list[CriticalDifference]:
    seen: set[str] = set()
    out = []
    for d in found:
        if d.message not in seen:
            seen.add(d.message)
            out.append(d)
    return out
