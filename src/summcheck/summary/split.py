"""Inline-Markdown masking, parenthesis matching and sentence splitting, all in linear time.

Offsets are preserved everywhere: masking replaces characters one for one, so an offset into a
masked string is an offset into the original paragraph text.
"""
from __future__ import annotations

import bisect
import html
import re

from .. import language as _language
from ..locators import DOTTED_WORDS

_BACKTICKS = re.compile(r"`+")
_PARENS = re.compile(r"[()]")
# A terminator, up to four closing quotes/brackets/emphasis marks, then white space. The bounded
# repetition cannot backtrack more than four characters.
_CANDIDATES = re.compile("[.!?]([)\\]\"'”’»›*_]{0,4})(\\s+)")
# `[^\W\d_]` is "a letter" in Python's Unicode-aware regex syntax; no backtracking possible.
_WORDS = re.compile(r"[^\W\d_]+")

CODE_FILL = "x"  # neutral stand-in for code-span contents: not space, punctuation or upper case

# Closing characters that may follow a sentence's terminator: quotes, brackets, emphasis.
# Characters that may open a sentence before its first letter (quotes, emphasis, link text).
_OPENERS = frozenset("*_[~")
_STARTER_PUNCT = frozenset("\"'“‘„‚«‹`¿¡")

# Abbreviations whose period never ends a sentence (lower case, without the final period), from
# the language files (`sentences.abbreviations`). Single letters (initials, `z. B.`, `u. a.`,
# `d. h.`, `p.`, `S.`) and dotted forms (`e.g.`, `U.S.`, `z.B.`) are handled by shape, not listed.
_LANGUAGES = _language.merged()
ABBREVIATIONS = (_LANGUAGES.lowered("sentences", "abbreviations")
                 | DOTTED_WORDS)  # every dotted word of the locator grammar: no locator ends a sentence
# Abbreviations that are also ordinary words (`no`, `set`, `fig`): not a sentence end only when a
# number follows (`No. 5`, `Fig. 3`, `Sept. 2015`).
BEFORE_NUMBER = _LANGUAGES.lowered("sentences", "before_number")
MONTHS = _LANGUAGES.lowered("sentences", "months")
# Function words that tell German text from English (`sentences.function_words`).
_GERMAN_WORDS = _LANGUAGES.only("de").lowered("sentences", "function_words")
_OTHER_WORDS = _LANGUAGES.without("de").lowered("sentences", "function_words")
_MAX_ABBREV_LOOKBACK = 24  # bounded look-back keeps `a.a.a.a…` linear


def mask_inline(content: str) -> tuple[str, str, list[tuple[int, int]]]:
    """Blank HTML comments and code-span contents of a paragraph's inline source.

    Returns (visible, scan, comments): `visible` has comments replaced by spaces; `scan` also has
    code-span contents replaced by CODE_FILL and backslash-escaped parentheses neutralised;
    `comments` are the (start, end) spans of the HTML comments.
    """
    n = len(content)
    runs = [(m.start(), m.end() - m.start()) for m in _BACKTICKS.finditer(content)]
    by_len: dict[int, list[int]] = {}
    for start, length in runs:
        by_len.setdefault(length, []).append(start)
    comments: list[tuple[int, int]] = []
    codes: list[tuple[int, int]] = []  # interiors of code spans
    pos, run_idx = 0, 0
    next_comment = content.find("<!--")
    while pos < n:
        while run_idx < len(runs) and runs[run_idx][0] < pos:
            run_idx += 1
        if next_comment != -1 and next_comment < pos:
            next_comment = content.find("<!--", pos)
        run_start = runs[run_idx][0] if run_idx < len(runs) else -1
        if next_comment != -1 and (run_start == -1 or next_comment < run_start):
            close = content.find("-->", next_comment + 4)
            if close == -1:
                next_comment = -1  # an unclosed `<!--` is literal text, and so is every later one
                continue
            comments.append((next_comment, close + 3))
            pos = close + 3
            continue
        if run_start == -1:
            break
        length = runs[run_idx][1]
        if run_start > 0 and content[run_start - 1] == "\\":  # `\`` is a literal backtick
            run_start, length = run_start + 1, length - 1
            if length == 0:
                pos = run_start
                continue
        starts = by_len.get(length, [])
        k = bisect.bisect_right(starts, run_start + length - 1)
        while k < len(starts) and starts[k] < run_start + length:
            k += 1
        if k < len(starts):
            codes.append((run_start + length, starts[k]))
            pos = starts[k] + length
        else:
            pos = run_start + length  # no closing run: the backticks are literal
    visible = _blank(content, comments, " ")
    scan = _blank(visible, codes, CODE_FILL)
    if "\\(" in scan or "\\)" in scan:
        scan = scan.replace("\\(", "\\" + CODE_FILL).replace("\\)", "\\" + CODE_FILL)
    return visible, scan, comments


def _blank(text: str, spans: list[tuple[int, int]], fill: str) -> str:
    """Replace each span's characters with `fill`, keeping newlines (line mapping needs them)."""
    if not spans:
        return text
    out: list[str] = []
    pos = 0
    for start, end in spans:
        out.append(text[pos:start])
        chunk = text[start:end]
        if "\n" in chunk:
            out.append("\n".join(fill * len(piece) for piece in chunk.split("\n")))
        else:
            out.append(fill * (end - start))
        pos = end
    out.append(text[pos:])
    return "".join(out)


# A character reference as CommonMark reads one (`&nbsp;`, `&#160;`, `&#xA0;`: the `;` is
# required), or a run of emphasis markers. Bounded repetitions only: no backtracking.
_RENDERED = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{0,31});|\*+|_+")


def rendered_group(visible: str, scan: str) -> str:
    """The inside of a parenthesised group as Markdown renders it, for reading a locator.

    `visible` and `scan` are the same slice of `mask_inline`'s two strings. HTML character
    references are decoded (`p.&nbsp;4`, `pp. 3&ndash;4`, `&sect; 4.2`) and emphasis markers
    dropped (`**p. 4**`, `*see* p. 4`); a `_` inside a word, a backslash-escaped `\\*` or `\\&`
    and code spans stay as written. Only the text changes: offsets in the paragraph (and so
    the columns reported) are those of the group as written.
    """
    if "&" not in scan and "*" not in scan and "_" not in scan:
        return visible
    out: list[str] = []
    pos = 0
    n = len(scan)
    for m in _RENDERED.finditer(scan):
        start, end = m.start(), m.end()
        if start > 0 and scan[start - 1] == "\\":
            continue  # an escaped character is literal text
        token = m.group()
        if token[0] == "&":
            replacement = html.unescape(token)
        elif token[0] == "_" and start > 0 and end < n and scan[start - 1].isalnum() and scan[end].isalnum():
            continue  # `snake_case`: not emphasis
        else:
            replacement = ""
        out.append(visible[pos:start])
        out.append(replacement)
        pos = end
    out.append(visible[pos:])
    return "".join(out)


def matched_groups(scan: str) -> list[tuple[int, int]]:
    """(open, close) offsets of balanced parentheses, ordered by the opening parenthesis."""
    stack: list[int] = []
    pairs: list[tuple[int, int]] = []
    for m in _PARENS.finditer(scan):
        if m.group() == "(":
            stack.append(m.start())
        elif stack:
            pairs.append((stack.pop(), m.start()))
    pairs.sort()
    return pairs


def looks_german(text: str, sample: int = 100_000) -> bool:
    """Guess from function words whether a text is German (decides `am 25. Mai` vs. `… 25. The`)."""
    german, english = _GERMAN_WORDS, _OTHER_WORDS
    de = en = 0
    for m in _WORDS.finditer(text, 0, min(len(text), sample)):
        w = m.group().lower()
        if w in german:
            de += 1
        elif w in english:
            en += 1
    return de > en


def _word_before(scan: str, dot: int) -> str:
    """The token that ends at `dot` (letters, digits and inner periods), bounded look-back."""
    i = dot
    limit = max(0, dot - _MAX_ABBREV_LOOKBACK)
    while i > limit and (scan[i - 1].isalnum() or scan[i - 1] == "."):
        i -= 1
    return scan[i:dot]


def _is_abbreviation(token: str) -> bool:
    if not token:
        return False
    if "." in token:
        # `e.g`, `U.S`, `z.B`, `i.e`: short letter groups joined by periods. `4.2` or
        # `example.com` are not abbreviations.
        pieces = token.split(".")
        return all(p.isalpha() and len(p) <= 3 for p in pieces)
    if token.isalpha():
        return len(token) == 1 or token.lower() in ABBREVIATIONS
    return False


def _closes_brackets(closers: str) -> bool:
    """Whether the characters after a terminator only close brackets (and emphasis)."""
    return any(c in ")]" for c in closers) and all(c in ")]*_" for c in closers)


def _next_word(scan: str, i: int) -> str:
    j = i
    n = len(scan)
    while j < n and j - i < 20 and scan[j].isalpha():
        j += 1
    return scan[i:j]


def _starts_lower_case(scan: str, t: int, s: int, closers: str) -> bool:
    """Whether the lower-case word at `s` opens a sentence after the terminator at `t`: the
    sentence before ends with its locator (`(p. 4). npm caches …`), or the word is a name
    written with a lower-case first letter (`iOS`, `pH`, `ε-TeX`, `eBay`)."""
    if scan[t] == "." and not closers and t > 0 and scan[t - 1] == ")":
        return True
    j = s
    while j < len(scan) and j - s < 30 and (scan[j].isalpha() or scan[j] == "-"):
        j += 1
    return any(char.isupper() for char in scan[s + 1:j])


def split_sentences(scan: str, german: bool = False) -> list[tuple[int, int]]:
    """Split a paragraph's masked text into (start, end) sentence spans, trimmed of white space.

    A sentence ends at `.`, `!` or `?` (plus closing quotes, brackets or emphasis) followed by white
    space and an upper-case letter, digit, opening quote or backtick, or a lower-case word that
    opens one (`_starts_lower_case`) — unless the period ends an abbreviation (`e.g.`, `p.`,
    `Art.`, `U.S.`) or, in German text, an ordinal (`am 25. Mai`).
    """
    n = len(scan)
    bounds: list[tuple[int, int]] = []  # (end of sentence, start of next)
    for m in _CANDIDATES.finditer(scan):
        t, j, k = m.start(), m.start(2), m.end(2)
        if k >= n:
            continue
        s = k
        while s < n and s - k < 3 and scan[s] in _OPENERS:
            s += 1
        if s >= n:
            continue
        c = scan[s]
        closers = scan[t + 1:j]
        if not (c.isupper() or c.isdigit() or c in _STARTER_PUNCT
                or (c.islower() and _starts_lower_case(scan, t, s, closers))):
            continue
        if scan[t] == "." and (not closers or _closes_brackets(closers)):
            token = _word_before(scan, t)
            # An abbreviation's period before `)` is still the abbreviation's: `(vgl. S. 43 f.) Das`.
            if _is_abbreviation(token):
                continue
            # `No. 5`, `am 25. Mai`: readings of a period that stands right before the space.
            if not closers and c.isdigit() and token.lower() in BEFORE_NUMBER:
                continue
            if not closers and token.isdigit() and len(token) <= 3 and c.isupper():
                # `am 25. Mai 2018`, `der 3. Absatz`: German ordinals; month names in any language.
                if german or _next_word(scan, s).lower() in MONTHS:
                    continue
        bounds.append((j, k))
    spans: list[tuple[int, int]] = []
    start = 0
    for end, nxt in bounds:
        spans.append((start, end))
        start = nxt
    spans.append((start, n))
    out = []
    for a, b in spans:
        while a < b and scan[a].isspace():
            a += 1
        while b > a and scan[b - 1].isspace():
            b -= 1
        if a < b:
            out.append((a, b))
    return out
