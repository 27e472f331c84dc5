"""Locator grammar (English, German, Spanish, Portuguese).

A small hand-written scanner: every character is looked at a bounded number of times, so parsing
is linear in the length of the text and no regular expression can backtrack over user input.

    locator   := [lead-in] part (separator part)*
    part      := [keyword] ident [range-sep ident] [qualifiers]   (keyword carries over)
    separator := ";" | "," | "and" | "und" | "y" | "e" | "&"  (", and" too)
    range-sep := "-" | "–" | "—" | "to" | "through" | "bis" | "a" | "hasta" | "até"
"""
from __future__ import annotations

from collections.abc import Mapping

from . import language as _language
from .model import Locator, LocatorKind, LocatorPart
from .structure.numbering import roman_value, to_roman


class LocatorSyntaxError(ValueError):
    """A locator that cannot be parsed (SUM104 in summaries, SUM200/SUM104 in records).

    `partial` holds the parts of a list that did parse (`(section three; p. 4)` still names
    p. 4), or None when no part did; `problems` lists each malformed part as (text, why).
    """

    def __init__(self, message: str, partial: Locator | None = None,
                 problems: tuple[tuple[str, str], ...] = ()) -> None:
        super().__init__(message)
        self.partial = partial
        self.problems = problems


# How much of the input a message quotes: a locator of 10,000 digits, or one that spans a line
# break followed by a CI workflow command, is cut and shown on one line.
MAX_QUOTED_CHARS = 40
# How many malformed parts of a list the lenient message names before "… more".
MAX_PROBLEMS_NAMED = 3


def quoted(text: str, limit: int = MAX_QUOTED_CHARS) -> str:
    """Input text as a message shows it: white space runs as one space, cut with an ellipsis."""
    shown = " ".join(text.split())
    return shown if len(shown) <= limit else shown[:limit - 1] + "…"


def _int_text(value: int) -> str:
    """Decimal digits of any int (str() refuses those over Python's 4,300-digit limit)."""
    try:
        return str(value)
    except ValueError:
        sign, value = ("-", -value) if value < 0 else ("", value)
        return sign + _big_digits(value, 1)


def _shown_key(key: object) -> str:
    """A key or value as a message names it (any int, however long; cut to a readable length)."""
    return quoted(_int_text(key) if isinstance(key, int) else str(key))


def _big_digits(value: int, width: int) -> str:
    """Digits of a non-negative int, zero-padded to `width`: split in halves, each under the limit."""
    if value.bit_length() < 10_000:
        return str(value).rjust(width, "0")
    half = len(format(value, "x")) * 4 * 3 // 20  # about half the decimal digits (log10(2) ≈ 0.3)
    high, low = divmod(value, 10 ** half)
    return _big_digits(high, max(0, width - half)) + _big_digits(low, half)


# The words of the grammar come from the language files (`locators` in language/*.yaml).
_WORDS = _language.merged()
# keyword -> (kind, weak). A *weak* keyword is a short abbreviation that also occurs in running
# text (`P. Smith`, `art. deco`, `p. ej.`): it opens a locator only before a number.
Keywords = dict[str, tuple[LocatorKind, bool]]


def _keywords(words: _language.Languages) -> tuple[Keywords, Keywords]:
    """(keywords by lower case, keywords whose case matters): `S.` is a page, the German
    "siehe" `s.` none; every case-sensitive keyword is weak."""
    folded: Keywords = {}
    exact: Keywords = {}

    def add(table: Keywords, word: str, kind: LocatorKind, weak: bool) -> None:
        if table.get(word, (kind, weak)) != (kind, weak):
            raise ValueError(f"locator keyword {word!r} has two meanings in the language files")
        table[word] = (kind, weak)

    for kind in ("page", "section", "line"):
        for strength in ("weak", "strong"):
            for word in words.words("locators", "keywords", kind, strength):
                add(folded, word.lower(), kind, strength == "weak")  # type: ignore[arg-type]
        for word in words.words("locators", "case_sensitive", kind):
            add(exact, word, kind, True)  # type: ignore[arg-type]
    return folded, exact


_KEYWORDS, _CASE_SENSITIVE = _keywords(_WORDS)
_LEAD_INS = _WORDS.lowered("locators", "lead_ins")
_LEAD_IN_ALSO = _WORDS.lowered("locators", "lead_in_also")
# `véase la sección 4`, `ver o artigo 5`: an article may stand between lead-in and keyword.
_LEAD_IN_ARTICLES = _WORDS.lowered("locators", "lead_in_articles")
_RANGE_WORDS = _WORDS.lowered("locators", "range_words")
_LIST_WORDS = _WORDS.lowered("locators", "list_words")
_DASHES = frozenset("-–—‒−")
# German statute citations: `Art. 6 Abs. 1 lit. a` is article 6(1)(a).
_QUALIFIERS = _WORDS.lowered("locators", "qualifiers")
# Every word of the grammar written with a final period, without it (lower case): the sentence
# splitter must not end a sentence at one of these periods (`(Art. 6 Unterabs. 2)`).
DOTTED_WORDS = frozenset(word[:-1].lower() for word in (*_KEYWORDS, *_CASE_SENSITIVE, *_LEAD_INS, *_QUALIFIERS)
                         if word.endswith(".") and word[:-1].isalpha())
_ORDINAL_MARKS = frozenset("º°ª")
_DIGITS = frozenset("0123456789")
# A strong keyword followed by at most this many words that are no identifier is a malformed
# locator (`(section three)`); with more it is prose (`(page numbers refer to the print)`).
_MAX_MALFORMED_WORDS = 2


def _seg_char(c: str) -> bool:
    # `º`/`ª` count as letters for Python, but in `17.º` they are ordinal marks.
    return c in _DIGITS or (c.isalpha() and c not in _ORDINAL_MARKS)


def _split_alpha_digits(seg: str) -> tuple[str, str, str]:
    """('A', '3', '') for 'A3'; ('', '17', 'a') for '17a'; anything else leaves a remainder."""
    i = 0
    while i < len(seg) and seg[i].isalpha():
        i += 1
    j = i
    while j < len(seg) and seg[j] in _DIGITS:
        j += 1
    return seg[:i], seg[i:j], seg[j:]


def _valid_number_seg(seg: str) -> bool:
    """`17`, `17a`, a single letter (`A`), or a Roman numeral (`iv`)."""
    letters, digits, rest = _split_alpha_digits(seg)
    if not letters and digits:
        return rest.isalpha() and len(rest) <= 2 or not rest
    if letters and not digits and not rest:
        return len(letters) == 1 or roman_value(letters) is not None
    return False


def _valid_page(ident: str) -> bool:
    """`17`, `17a`, `i`, `iv`, `A3`, `A-3` (a lone letter other than a Roman numeral is not a page)."""
    if roman_value(ident) is not None:
        return True
    if _valid_number_seg(ident) and not ident.isalpha():
        return True
    head, _, tail = ident.partition("-")
    letters, digits, rest = _split_alpha_digits(head if tail else ident)
    if tail:
        return head.isalpha() and len(head) <= 3 and tail.isdigit() and tail.isascii()
    return 1 <= len(letters) <= 3 and bool(digits) and not rest


def _num_key(digits: str) -> tuple[int, str]:
    """Order key for digit strings of any length (int() refuses huge ones)."""
    stripped = digits.lstrip("0") or "0"
    return (len(stripped), stripped)


def _is_digits(s: str) -> bool:
    return bool(s) and all(c in _DIGITS for c in s)


def _reversed(kind: LocatorKind, start: str, end: str) -> bool:
    if kind in ("page", "line"):
        if _is_digits(start) and _is_digits(end):
            return _num_key(start) > _num_key(end)
        rs, re_ = roman_value(start), roman_value(end)
        return rs is not None and re_ is not None and rs > re_
    a, b = start.split("("), end.split("(")
    sa, sb = a[0].split("."), b[0].split(".")
    if all(_is_digits(x) for x in sa + sb):
        return [_num_key(x) for x in sa] > [_num_key(x) for x in sb]
    return False


class _Scanner:
    def __init__(self, text: str) -> None:
        self.s = text
        self.n = len(text)
        self.i = 0

    def ws(self) -> None:
        s, n, i = self.s, self.n, self.i
        while i < n and s[i].isspace():
            i += 1
        self.i = i

    def at_end(self) -> bool:
        return self.i >= self.n

    def word_at(self, i: int) -> tuple[str, int]:
        """The run of letters at i and where it ends (a following '.' is not included)."""
        s, n, j = self.s, self.n, i
        while j < n and s[j].isalpha():
            j += 1
        return s[i:j], j

    def keyword_at(self, i: int) -> tuple[LocatorKind, bool, int] | None:
        """(kind, weak, end) of a locator keyword starting at i."""
        s, n = self.s, self.n
        if i >= n:
            return None
        if s[i] == "§":
            j = i + 1
            while j < n and s[j] == "§":
                j += 1
            return ("section", False, j) if j - i <= 2 else None
        word, j = self.word_at(i)
        if not word:
            return None
        if j < n and s[j] == ".":
            dotted = word + "."
            hit = _CASE_SENSITIVE.get(dotted)
            if hit is None and dotted.lower() not in ("s.", "z.", "l.", "ll."):
                hit = _KEYWORDS.get(dotted.lower())
            if hit is not None:
                return hit[0], hit[1], j + 1
        hit = _KEYWORDS.get(word.lower())
        # A keyword spelled out must stand alone: `line-based`, `pages'` are words of prose.
        if hit is not None and (j >= n or s[j].isspace() or s[j] in _DIGITS):
            return hit[0], hit[1], j
        return None

    def token_at(self, i: int) -> tuple[str, int]:
        """A word with an optional trailing '.' (`cf.`), or one non-space character."""
        s, n = self.s, self.n
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
        start = self.i
        tok, j = self.token_at(start)
        if tok.lower() not in _LEAD_INS:
            return False
        self.i = j
        self.ws()
        for fillers in (_LEAD_IN_ALSO, _LEAD_IN_ARTICLES):
            word, k = self.token_at(self.i)
            if word.lower() in fillers:
                self.i = k
                self.ws()
        if self.keyword_at(self.i) is None:
            self.i = start
            return False
        return True

    def ident(self, kind: LocatorKind) -> tuple[str, str] | None:
        """Scan an identifier: (normalised ident, raw text) or None; validity is checked later."""
        s, n, i = self.s, self.n, self.i
        j = i
        while j < n and _seg_char(s[j]):
            j += 1
        if j == i:
            return None
        if kind == "section":
            while j + 1 < n and s[j] == "." and _seg_char(s[j + 1]):
                j += 2
                while j < n and _seg_char(s[j]):
                    j += 1
            while j < n and s[j] == "(":  # 17(1)(a)
                k = j + 1
                while k < n and _seg_char(s[k]) and k - j <= 4:
                    k += 1
                if k == j + 1 or k >= n or s[k] != ")":
                    break
                j = k + 1
            ident_end = j
        else:
            first = s[i:j]
            # `A-3` is a page label; `17-18` and `iv-vi` are ranges.
            if (kind == "page" and j + 1 < n and s[j] == "-" and first.isalpha() and len(first) <= 3
                    and s[j + 1] in _DIGITS):
                j += 1
                while j < n and s[j] in _DIGITS:
                    j += 1
            ident_end = j
        # A trailing '.' or ordinal mark is not part of the ident (`3.2.2.`, `Artigo 17.º`).
        if j < n and s[j] == "." and (j + 1 >= n or not _seg_char(s[j + 1])):
            j += 1
        if j < n and s[j] in _ORDINAL_MARKS:
            j += 1
        self.i = j
        return s[i:ident_end], s[i:j]


def _check_ident(kind: LocatorKind, ident: str, raw: str) -> None:
    if kind == "line":
        if not _is_digits(ident):
            raise LocatorSyntaxError(f"line numbers are whole numbers, not '{quoted(raw)}'")
    elif kind == "page":
        if not _valid_page(ident):
            raise LocatorSyntaxError(f"'{quoted(raw)}' is not a page number or label")
    else:
        base, _, _ = ident.partition("(")
        if not all(_valid_number_seg(seg) for seg in base.split(".")):
            raise LocatorSyntaxError(f"'{quoted(raw)}' is not a section number")


def _parse_ident(sc: _Scanner, kind: LocatorKind, after: str) -> str:
    sc.ws()
    start = sc.i
    got = sc.ident(kind)
    if got is None:
        rest = sc.s[start:start + 20].split(";", 1)[0].strip()
        what = f"'{quoted(rest)}'" if rest else "nothing"
        raise LocatorSyntaxError(f"'{quoted(after)}' is followed by {what}, not a {kind} number")
    _check_ident(kind, *got)
    return got[0]


def _range_sep(sc: _Scanner) -> bool:
    """Consume a range separator (dash or `to`/`bis`/`a`/`até` …) after an ident."""
    save = sc.i
    sc.ws()
    if sc.at_end():
        sc.i = save
        return False
    if sc.s[sc.i] in _DASHES:
        sc.i += 1
        return True
    word, j = sc.word_at(sc.i)
    if word.lower() in _RANGE_WORDS and j < sc.n and sc.s[j].isspace():
        sc.i = j
        return True
    sc.i = save
    return False


def _qualifiers(sc: _Scanner, ident: str) -> str:
    """Append German sub-article qualifiers: `6 Abs. 1 lit. a` -> `6(1)(a)`."""
    while True:
        save = sc.i
        sc.ws()
        tok, j = sc.token_at(sc.i)
        if tok.lower() not in _QUALIFIERS:
            sc.i = save
            return ident
        sc.i = j
        sc.ws()
        k = sc.i
        while k < sc.n and _seg_char(sc.s[k]) and k - sc.i < 5:
            k += 1
        if k == sc.i:
            raise LocatorSyntaxError(f"'{quoted(tok)}' is not followed by a number")
        ident += f"({sc.s[sc.i:k]})"
        sc.i = k
        if sc.i < sc.n and sc.s[sc.i] == ".":
            sc.i += 1


def _parse_part(sc: _Scanner, kind: LocatorKind, part_start: int, keyword_text: str) -> LocatorPart:
    start = _parse_ident(sc, kind, keyword_text)
    end: str | None = None
    if _range_sep(sc):
        sep_end = sc.i
        sc.ws()
        if sc.at_end() or sc.ident(kind) is None:
            written = sc.s[part_start:sep_end].strip()
            raise LocatorSyntaxError(f"range '{quoted(written)}' has no end")
        sc.i = sep_end
        end = _parse_ident(sc, kind, sc.s[part_start:sep_end].strip())
    elif kind == "page":
        save = sc.i
        sc.ws()
        tok, j = sc.token_at(sc.i)
        if tok == "f." and _is_digits(start):  # German "S. 43 f.": this page and the next
            end = str(int(start) + 1) if len(start) < 300 else start
            sc.i = j
        elif tok == "ff.":
            raise LocatorSyntaxError("open-ended 'ff.' cannot be checked; give a range such as 'S. 43–45'")
        else:
            sc.i = save
    if kind == "section":
        start = _qualifiers(sc, start)
        if end is not None:
            end = _qualifiers(sc, end)
    text = sc.s[part_start:sc.i].strip()
    if end is not None:
        if _reversed(kind, start, end):
            raise LocatorSyntaxError(f"reversed range '{quoted(text)}'")
        if end == start:
            end = None
    return LocatorPart(kind=kind, start=start, end=end, text=text)


def _separator(sc: _Scanner) -> str | None:
    """Consume `;`, `,`, `and`/`und`/`y`/`e`/`&` (or `, and`).

    None: a separator and a further part follow, or the text ends (`sc.at_end()`); otherwise
    why no next part can follow (text that is no separator, or a separator followed by nothing).
    """
    sc.ws()
    if sc.at_end():
        return None
    found = False
    if sc.s[sc.i] in ";,":
        sc.i += 1
        sc.ws()
        found = True
    tok, j = sc.token_at(sc.i)
    if tok.lower() in _LIST_WORDS and (j >= sc.n or sc.s[j].isspace()):
        sc.i = j
        found = True
    if not found:
        rest = sc.s[sc.i:sc.i + 30].split(";", 1)[0].rstrip()
        return f"unexpected '{quoted(rest)}'"
    sc.ws()
    if sc.at_end():
        return "a list separator is followed by nothing"
    return None


def _next_part(sc: _Scanner, i: int) -> tuple[int, int | None]:
    """Where a malformed part that begins before i ends, and where the next part begins.

    A part ends at `;` or `,` (the next part begins after it and an optional `and`/`und`/…), or
    at a list word followed by a locator keyword (`section three and p. 4`). Returns (end of the
    malformed part, start of the next part or None when no part follows). Each character is
    looked at a bounded number of times.
    """
    s, n, j = sc.s, sc.n, i
    while j < n:
        c = s[j]
        if c in ";,":
            k = j + 1
            while k < n and s[k].isspace():
                k += 1
            tok, e = sc.token_at(k)
            if tok.lower() in _LIST_WORDS and e < n and s[e].isspace():
                k = e
                while k < n and s[k].isspace():
                    k += 1
            return j, (k if k < n else None)
        if c.isalpha() or c == "&":
            word, e = sc.word_at(j) if c != "&" else ("&", j + 1)
            if (word.lower() in _LIST_WORDS and (j == 0 or s[j - 1].isspace())
                    and e < n and s[e].isspace()):
                k = e
                while k < n and s[k].isspace():
                    k += 1
                if sc.keyword_at(k) is not None:
                    return j, k
            j = e
            continue
        j += 1
    return n, None


def _parse_parts(text: str) -> tuple[list[LocatorPart], list[tuple[str, str]]]:
    """The parts of a locator list that parse, and (text, why) for each part that does not.

    A malformed part does not spoil the others: `section three; p. 4` gives the part p. 4 and
    an error for `section three`. The first error is the one a strict parse reports.
    """
    sc = _Scanner(text)
    sc.ws()
    if sc.at_end():
        return [], [("", "empty locator")]
    sc.lead_in()
    parts: list[LocatorPart] = []
    errors: list[tuple[str, str]] = []
    kind: LocatorKind | None = None
    while True:
        part_start = sc.i
        try:
            kw = sc.keyword_at(sc.i)
            if kw is not None:
                kind, _weak, end = kw
                keyword_text = text[sc.i:end]
                sc.i = end
            elif kind is None:
                tok = text[sc.i:sc.i + 20].split(None, 1)[0] if text[sc.i:].strip() else ""
                raise LocatorSyntaxError(f"'{quoted(tok)}' is not a locator keyword (p., section, line …)")
            else:
                keyword_text = text[part_start:part_start + 20].split(None, 1)[0]
                if sc.ident(kind) is None:
                    raise LocatorSyntaxError(f"unexpected '{quoted(keyword_text)}'")
                sc.i = part_start
                keyword_text = parts[-1].text if parts else keyword_text
            part = _parse_part(sc, kind, part_start, keyword_text)
        except LocatorSyntaxError as err:
            why = str(err)
        else:
            why = _separator(sc)
            if why is None:
                parts.append(part)
                if sc.at_end():
                    break
                continue
            if why == "a list separator is followed by nothing":
                parts.append(part)  # `p. 17,`: the part itself is fine
                errors.append((text[part_start:].strip(), why))
                break
        # The part cannot be parsed (or text that is no separator follows it): note it and go
        # on with the next part of the list, if there is one.
        part_end, resume = _next_part(sc, max(sc.i, part_start))
        errors.append((text[part_start:part_end].strip(), why))
        if resume is None:
            break
        sc.i = resume
    return parts, errors


def parse_locator(text: str) -> Locator:
    """Parse a locator string such as 'pp. 17–18; section 4.2' (any malformed part is an error)."""
    if not isinstance(text, str):
        raise LocatorSyntaxError("a locator must be text")
    parts, errors = _parse_parts(text)
    if errors:
        raise LocatorSyntaxError(errors[0][1])
    return Locator(parts=tuple(parts), text=text.strip())


def parse_locator_lenient(text: str) -> Locator | LocatorSyntaxError:
    """Parse a locator list, keeping the parts that parse when others do not.

    Returns the Locator, or a LocatorSyntaxError whose `partial` holds the parts that parsed (None
    if none did) and whose `problems` name the malformed parts.
    """
    parts, errors = _parse_parts(text)
    if not errors:
        return Locator(parts=tuple(parts), text=text.strip())
    partial = Locator(parts=tuple(parts), text=text.strip()) if parts else None
    whole = text.strip()
    if len(errors) == 1 and (partial is None or errors[0][0] in ("", whole)):
        message = errors[0][1]
    else:
        named = [f"part '{quoted(part)}': {why}" if part and part != whole else why
                 for part, why in errors[:MAX_PROBLEMS_NAMED]]
        if len(errors) > MAX_PROBLEMS_NAMED:
            named.append(f"… {len(errors) - MAX_PROBLEMS_NAMED} more malformed parts")
        message = "; ".join(named)
    return LocatorSyntaxError(message, partial, tuple(errors))


def _word_count(text: str, start: int, limit: int, end: int | None = None) -> int:
    """Number of words from start (to end), counting no further than limit (keeps the check O(limit))."""
    count, in_word = 0, False
    for i in range(start, len(text) if end is None else end):
        c = text[i]
        if c.isspace():
            in_word = False
        elif not in_word:
            in_word = True
            count += 1
            if count > limit:
                break
    return count


def classify_group(inner_text: str) -> Locator | LocatorSyntaxError | None:
    """Decide whether the inside of a `( … )` group is a locator, a malformed one, or prose (None).

    A group is a locator when it starts (after an optional `see`/`cf.`/`vgl.`/`siehe`/`véase`/`ver`)
    with a locator keyword; a keyword later in the group (`as defined in section 4.2 of RFC 3986`)
    is a reference in prose, often to another document, so it is not the sentence's locator.
    """
    sc = _Scanner(inner_text)
    sc.ws()
    sc.lead_in()
    kw = sc.keyword_at(sc.i)
    if kw is None:
        return None
    kind, weak, end = kw
    sc.i = end
    sc.ws()
    nxt = inner_text[sc.i] if sc.i < sc.n else ""
    if nxt.isalpha():
        got = sc.ident(kind)
        ok = got is not None
        if ok:
            try:
                _check_ident(kind, *got)
            except LocatorSyntaxError:
                ok = False
        if ok and weak:
            # `p. iv` is a page; `P. Smith`, `p. ej.`, `S. A. Müller` are not locators.
            ident = got[0]
            ok = any(c in _DIGITS for c in ident) or (ident.islower() and roman_value(ident) is not None)
        if not ok:
            if weak:
                return None
            if _word_count(inner_text, end, _MAX_MALFORMED_WORDS) > _MAX_MALFORMED_WORDS:
                # Prose, unless a short malformed part heads a list whose other parts are
                # locators: `(section three; p. 4)`.
                if not _malformed_list_head(sc, end):
                    return None
                result = parse_locator_lenient(inner_text)
                if isinstance(result, LocatorSyntaxError) and result.partial is None:
                    return None
                return result
    return parse_locator_lenient(inner_text)


# How much of a long parenthesised group `starts_like_locator` reads: a lead-in, a keyword and
# the first digit fit in far less.
LOCATOR_HEAD_CHARS = 64


def starts_like_locator(text: str) -> bool:
    """Whether a group begins with a locator keyword and a number: `p. 1000…`, `section 4.2 …`.

    Reads at most LOCATOR_HEAD_CHARS characters, so it is cheap on a group of any length. A
    summary classifies a parenthesised group longer than a locator usually is only when it
    starts like one: a page number of 10,000 digits is still a locator (one that does not
    resolve), not prose.
    """
    sc = _Scanner(text[:LOCATOR_HEAD_CHARS])
    sc.ws()
    sc.lead_in()
    kw = sc.keyword_at(sc.i)
    if kw is None:
        return False
    sc.i = kw[2]
    sc.ws()
    return sc.i < sc.n and sc.s[sc.i] in _DIGITS


def _malformed_list_head(sc: _Scanner, end: int) -> bool:
    """Whether a malformed first part is followed by further locator parts: `section three; p. 4`.

    The first part (from the keyword's end to the next `;`, `,` or list word before a keyword)
    must be short, and the next part must begin with a locator keyword; `(section three, which
    …)` stays prose.
    """
    part_end, resume = _next_part(sc, end)
    if resume is None:
        return False
    if _word_count(sc.s, end, _MAX_MALFORMED_WORDS, part_end) > _MAX_MALFORMED_WORDS:
        return False
    save = sc.i
    sc.i = resume
    sc.lead_in()
    found = sc.keyword_at(sc.i) is not None
    sc.i = save
    return found


# ---------------------------------------------------------------- record locators (objects)

_OBJECT_KEYS = {"page": "page", "pages": "page", "section": "section", "line": "line", "lines": "line"}


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _scalar_ident(kind: LocatorKind, key: str, v: object) -> str:
    if _is_int(v):
        if kind != "section" and v < 1:
            raise LocatorSyntaxError(f"'{key}' must be 1 or more, not {quoted(_int_text(v))}")
        if v < 0:
            raise LocatorSyntaxError(f"'{key}' must not be negative")
        return _int_text(v)
    if isinstance(v, float) and kind == "section":
        return repr(v)  # YAML reads `section: 4.2` as a float; quote "4.10" to keep its zero
    if isinstance(v, str) and v.strip():
        return v.strip()
    raise LocatorSyntaxError(f"'{key}' must be a number or text, not {type(v).__name__}")


def _object_locator(value: Mapping) -> Locator:
    keys = set(value)
    if keys & {"start_char", "end_char"}:
        if keys != {"start_char", "end_char"}:
            extra = sorted(_shown_key(k) for k in keys - {"start_char", "end_char"})
            if len(extra) > MAX_PROBLEMS_NAMED:
                extra[MAX_PROBLEMS_NAMED:] = [f"{len(extra) - MAX_PROBLEMS_NAMED} more"]
            raise LocatorSyntaxError(
                "a character locator needs both 'start_char' and 'end_char'"
                + (f" and nothing else (found {', '.join(extra)})" if extra else ""))
        s, e = value["start_char"], value["end_char"]
        if not (_is_int(s) and _is_int(e)) or s < 0 or e < 0:
            raise LocatorSyntaxError("'start_char' and 'end_char' must be non-negative whole numbers")
        if s >= e:
            raise LocatorSyntaxError(f"'start_char' ({quoted(_int_text(s))}) must be less than "
                                     f"'end_char' ({quoted(_int_text(e))})")
        start, end = _int_text(s), _int_text(e)
        return Locator(parts=(LocatorPart("chars", start, end, f"chars {start}–{end}"),),
                       text=f"chars {start}–{end}")
    if len(keys) != 1:
        names = ", ".join(sorted(_shown_key(k) for k in keys)[:MAX_PROBLEMS_NAMED])
        names = (names + (f" and {len(keys) - MAX_PROBLEMS_NAMED} more" if len(keys) > MAX_PROBLEMS_NAMED
                          else "")) or "none"
        raise LocatorSyntaxError(f"a locator object has one of page, pages, section, line, lines, or "
                                 f"start_char/end_char (found {names})")
    key = next(iter(keys))
    if not isinstance(key, str) or key not in _OBJECT_KEYS:
        raise LocatorSyntaxError(f"unknown locator key '{_shown_key(key)}'")
    kind: LocatorKind = _OBJECT_KEYS[key]  # type: ignore[assignment]
    v = value[key]
    word = {"page": "p.", "section": "section", "line": "line"}[kind]
    if key in ("pages", "lines"):
        word = {"page": "pp.", "line": "lines"}[kind]
    if isinstance(v, list):
        if key not in ("pages", "lines") or not 1 <= len(v) <= 2:
            raise LocatorSyntaxError(f"'{key}' takes a list of one or two items [first, last]" if key in
                                     ("pages", "lines") else f"'{key}' takes a single value")
        idents = [_scalar_ident(kind, key, x) for x in v]
        text = f"{word} {idents[0]}" if len(idents) == 1 else f"{word} {idents[0]}–{idents[1]}"
    elif isinstance(v, str):
        text = f"{word} {v.strip()}"
    else:
        text = f"{word} {_scalar_ident(kind, key, v)}"
    loc = parse_locator(text)
    for part in loc.parts:
        if part.kind != kind:
            raise LocatorSyntaxError(f"'{key}' holds another kind of locator: '{_shown_key(v)}'")
    return loc


def parse_record_locator(value: object) -> Locator:
    """Parse a claim record's locator: a string or an object ({page}, {section}, {lines}, {start_char,end_char})."""
    if isinstance(value, str):
        return parse_locator(value)
    if isinstance(value, Mapping):
        return _object_locator(value)
    raise LocatorSyntaxError(f"a locator is text or an object, not {type(value).__name__}")
