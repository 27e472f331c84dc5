"""The quantities a text states: numbers in digits or words, with their unit, comparator and
approximation, and dates — read with one language's words (lexicon.py).

The grammar, in the order it is tried at each token:
- a reference is no quantity: a number after a reference word (`section 4.2`, `Art. 8`,
  `RFC 3986`), after `§`, beside a `/` (`2016/679`), or alone in brackets (`(1)`);
- a date: `2018-05-25`, `25.05.2018`, `25 May 2018`, `May 25, 2018`, `25. Mai 2018`,
  `25 de mayo de 2018`, `May 2018`;
- a number: digits with the language's separators (`3,700` in English, `3.700` in German), or
  number words (`sixty`, `dreiundzwanzig`, `treinta y uno`, `vinte e cinco`); a weak word
  (`one`, `ein`, `un`, `um`: more often an article) only before a unit;
- its unit: a unit word (`days`, `Stunden`, `%`, `MB`; a sign before it, `€ 20`), else the
  next content word as a unit of its own (`8 characters`: "chara");
- its comparator (`at least`, `höchstens`, `como máximo`, `ou mais`) before or after, and an
  approximator before (`about`, `rund`, `cerca de`);
- in a range (`8 to 64 characters`, `zwischen 8 und 64 Zeichen`) the first number takes the
  second's unit.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .lexicon import FaithLexicon, Phrase, phrase_at
from .tokens import Token, is_number, is_word, stem

AT_LEAST, MORE_THAN, AT_MOST, LESS_THAN = "at_least", "more_than", "at_most", "less_than"
_RANGE_WORDS = frozenset(("to", "through", "and", "bis", "und", "a", "y", "e", "até", "-", "–"))
_SIGNS = {"$": ("usd", 1.0), "€": ("eur", 1.0)}


@dataclass(frozen=True)
class Quantity:
    """A number or date a text states."""

    text: str  # as written
    start: int
    end: int
    value: float | None = None  # None for a date
    family: str | None = None  # unit family ("time", "bytes", …), "~stem" for a counted noun
    size: float = 1.0  # the unit's size in its family's base unit
    comparator: str | None = None
    approximate: bool = False
    said_from: int = -1  # where it starts with the comparator written before it (-1: `start`)
    date: tuple[int | None, int | None, int | None] | None = None  # year, month, day

    @property
    def base(self) -> float | None:
        return None if self.value is None else self.value * self.size

    @property
    def comparable(self) -> bool:
        """Whether it may be reported when no quote states it: a date, or a number with a unit
        (a bare "three" may be a count the writer made: it is never reported)."""
        return self.date is not None or self.family is not None


def quantities(text: str, toks: list[Token], lexicon: FaithLexicon) -> list[Quantity]:
    """The quantities of `text` (tokenised as `toks`), in order."""
    words = [t.word for t in toks]
    found: list[Quantity] = []
    i, n = 0, len(toks)
    while i < n:
        read = (_date(text, toks, words, i, lexicon)
                or _number(text, toks, words, i, lexicon))
        if read is None:
            i += 1
            continue
        quantity, end = read
        if quantity.date is None and _is_reference(words, i, end, lexicon):
            i = end
            continue
        if quantity.date is None:
            quantity, end = _with_unit(text, toks, words, i, end, quantity, lexicon)
            if quantity is None:
                i = end
                continue
        found.append(quantity)
        i = max(end, i + 1)
    return _ranges(found, text, toks)


def _is_reference(words: list[str], i: int, end: int, lexicon: FaithLexicon) -> bool:
    before = words[i - 1] if i > 0 else ""
    if before == "." and i > 1:
        before = words[i - 2]
    if before in lexicon.reference_words or before == "§":
        return True
    if (i > 0 and words[i - 1] == "/") or (end < len(words) and words[end] == "/"):
        return True
    if i > 0 and words[i - 1] in ("(", "[") and end < len(words) and words[end] in (")", "]"):
        return True
    return False


def _digits(word: str, lexicon: FaithLexicon) -> float | None:
    """The value of a number in digits, read with the language's separators."""
    word = word.replace(" ", "").replace("\u00a0", "").replace("\u202f", "")
    if word.isdigit():
        return float(word)
    if "." in word and "," in word:
        decimal = "." if word.rfind(".") > word.rfind(",") else ","
        whole, _, fraction = word.rpartition(decimal)
        whole = whole.replace("," if decimal == "." else ".", "")
        return _float(f"{whole}.{fraction}")
    sep = "." if "." in word else ","
    groups = word.split(sep)
    if sep == lexicon.thousands and all(len(g) == 3 for g in groups[1:]) and len(groups[0]) <= 3:
        return _float("".join(groups))
    if len(groups) == 2:
        return _float(f"{groups[0]}.{groups[1]}")
    return None  # 1.2.3: a version or a section, no quantity


def _float(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def _number(text: str, toks: list[Token], words: list[str], i: int,
            lexicon: FaithLexicon) -> tuple[Quantity, int] | None:
    word = words[i]
    if is_number(word):
        if not word[-1].isdigit():
            return None
        value = _digits(word, lexicon)
        if value is None:
            return None
        # A number glued to letters is a name (`IPv6`, `x86`): the tokeniser splits no word.
        return Quantity(text[toks[i].start:toks[i].end], toks[i].start, toks[i].end, value), i + 1
    value, end = _number_words(words, i, lexicon)
    if end == i:
        return None
    if end == i + 1 and word in lexicon.weak_numbers and not _unit_at(words, end, lexicon):
        return None
    return Quantity(text[toks[i].start:toks[end - 1].end], toks[i].start, toks[end - 1].end,
                    float(value)), end


def _number_word(word: str, lexicon: FaithLexicon) -> int | None:
    value = lexicon.number_words.get(word)
    if value is not None:
        return value
    joiner = lexicon.compound_joiner
    if not joiner:
        return None
    if joiner in word:  # dreiundzwanzig
        unit, _, tens = word.partition(joiner)
        a, b = lexicon.number_words.get(unit), lexicon.number_words.get(tens)
        if a is not None and b is not None and a < 10 and b % 10 == 0 and b >= 20:
            return a + b
    return None


def _ordinal_word(word: str, lexicon: FaithLexicon) -> int | None:
    """`sechzehnte`, `zwanzigsten`: an ordinal made from a number word (German), else None."""
    value = lexicon.ordinals.get(word)
    if value is not None or not lexicon.compound_joiner:
        return value
    for suffix in _ORDINAL_SUFFIXES:
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            value = _number_word(word[:-len(suffix)], lexicon)
            if value is not None:
                return value
    return None


_ORDINAL_SUFFIXES = ("sten", "ster", "stes", "stem", "ste", "ten", "ter", "tes", "tem", "te")


def _number_words(words: list[str], i: int, lexicon: FaithLexicon) -> tuple[int, int]:
    """(value, end) of the number words from `i`; end == i when there are none."""
    total = current = 0
    j, end = i, i
    while j < len(words):
        word = words[j]
        value = _number_word(word, lexicon)
        if value is not None:
            current += value
            j += 1
            end = j
            continue
        scale = lexicon.scales.get(word)
        if scale is not None and end > i:
            current = max(current, 1) * scale
            if scale >= 1000:
                total, current = total + current, 0
            j += 1
            end = j
            continue
        # "treinta y uno", "vinte e cinco", "sixty-four": a joiner adds units to tens (and
        # tens to hundreds); "dezesseis e dezoito" is two numbers.
        following = _number_word(words[j + 1], lexicon) if j + 1 < len(words) else None
        if (word in lexicon.joiners or word == "-") and end > i and following is not None and (
                current % 10 == 0 and following < _place(current)):
            j += 1
            continue
        break
    if end == i:
        ordinal = _ordinal_word(words[i], lexicon)
        if ordinal is not None and _unit_at(words, i + 1, lexicon):
            return ordinal, i + 1
        return 0, i
    return total + current, end


def _place(value: int) -> int:
    """The place a number's last part fills: 10 for 20-90 (a unit may follow), 100 for the
    hundreds (tens may follow), and so on."""
    place = 10
    while value % (place * 10) == 0 and value >= place * 10:
        place *= 10
    return place


def _phrase_at(words: list[str], j: int, table) -> tuple[Phrase, int] | None:
    """The longest phrase of `table` starting at `j`, with its end."""
    phrase = phrase_at(words, j, table)
    return None if phrase is None else (phrase, j + len(phrase))


def _phrase_ending(words: list[str], end: int, table) -> tuple[Phrase, int] | None:
    """The longest phrase of `table` ending just before `end`, with its start."""
    for length in (4, 3, 2, 1):
        if end - length < 0:
            continue
        phrase = tuple(words[end - length:end])
        if phrase in table:
            return phrase, end - length
    return None


def _unit_at(words: list[str], j: int, lexicon: FaithLexicon) -> tuple[Phrase, int] | None:
    if j < len(words) and words[j] == "." and lexicon.decimal == ",":
        j += 1  # `16. Lebensjahr`: an ordinal in digits
    return _phrase_at(words, j, lexicon.units)


def _with_unit(text: str, toks: list[Token], words: list[str], i: int, end: int,
               quantity: Quantity, lexicon: FaithLexicon) -> tuple[Quantity | None, int]:
    """The quantity with its unit, comparator and approximation."""
    family, size, last = None, 1.0, end
    unit = _unit_at(words, end, lexicon)
    if unit is not None:
        family, size = lexicon.units[unit[0]]
        last = unit[1]
    elif i > 0 and words[i - 1] in _SIGNS:
        family, size = _SIGNS[words[i - 1]]
    elif end < len(words) and _counted(words[end], lexicon):
        family = "~" + stem(words[end])
        last = end + 1
    comparator = None
    said_from = -1
    before = _phrase_ending(words, i, lexicon.comparators)
    if before is not None:
        said_from = toks[before[1]].start
    approximate = _phrase_ending(words, i, lexicon.approximately) is not None
    if before is None and approximate:  # `at least about 8`: rare; `about` binds closer
        start = _phrase_ending(words, i, lexicon.approximately)
        before = _phrase_ending(words, start[1], lexicon.comparators) if start else None
    if before is not None:
        comparator = lexicon.comparators[before[0]]
    else:
        after = _phrase_at(words, last, lexicon.comparators)
        if after is not None:
            comparator = lexicon.comparators[after[0]]
    return replace(quantity, text=text[quantity.start:toks[last - 1].end], end=toks[last - 1].end,
                   family=family, size=size, comparator=comparator, said_from=said_from,
                   approximate=approximate), last


def _counted(word: str, lexicon: FaithLexicon) -> bool:
    """Whether `word`, after a number, is what the number counts (`8 characters`)."""
    return (is_word(word) and len(word) >= 3 and word not in lexicon.stopwords
            and word not in lexicon.months and _phrase_at([word], 0, lexicon.comparators) is None
            and word not in lexicon.number_words and word not in lexicon.scales)


def _date(text: str, toks: list[Token], words: list[str], i: int,
          lexicon: FaithLexicon) -> tuple[Quantity, int] | None:
    word = words[i]
    if "-" in word and is_number(word) and len(word) >= 8:  # 2018-05-25
        year, month, day = (int(x) for x in word.split("-"))
        return _dated(text, toks, i, i + 1, year, month, day)
    if word.count(".") == 2 and len(word) >= 8 and is_number(word):  # 25.05.2018
        day, month, year = (int(x) for x in word.split("."))
        return _dated(text, toks, i, i + 1, year, month, day)
    if word.isdigit() and len(word) <= 2:  # 25 May 2018, 25. Mai 2018, 25 de mayo de 2018
        j = i + 1
        if j < len(words) and words[j] == ".":
            j += 1
        if j < len(words) and words[j] == "de":
            j += 1
        month = lexicon.months.get(words[j]) if j < len(words) else None
        if month is None:
            return None
        j += 1
        if j < len(words) and words[j] == ".":  # an abbreviated month, `Sept.`
            j += 1
        year, j = _year_after(words, j)
        return _dated(text, toks, i, j, year, month, int(word))
    month = lexicon.months.get(word)
    if month is None:
        return None
    j = i + 1
    if j < len(words) and words[j] == ".":
        j += 1
    day = None
    if j < len(words) and words[j].isdigit() and len(words[j]) <= 2:
        day = int(words[j])
        j += 1
        if j < len(words) and words[j] == ",":
            j += 1
    year, k = _year_after(words, j)
    if year is None:
        return None  # `May` alone is a modal verb; `May 25` alone no date either
    return _dated(text, toks, i, k, year, month, day)


def _year_after(words: list[str], j: int) -> tuple[int | None, int]:
    if j < len(words) and words[j] == "de":
        j += 1
    if j < len(words) and words[j].isdigit() and len(words[j]) == 4:
        return int(words[j]), j + 1
    return None, j


def _dated(text: str, toks: list[Token], i: int, end: int, year, month, day):
    if not (month is None or 1 <= month <= 12) or not (day is None or 1 <= day <= 31):
        return None
    start, stop = toks[i].start, toks[end - 1].end
    return Quantity(text[start:stop], start, stop, date=(year, month, day)), end


def _ranges(found: list[Quantity], text: str, toks: list[Token]) -> list[Quantity]:
    """In `8 to 64 characters` the first number takes the unit of the second."""
    out = list(found)
    for k in range(len(out) - 2, -1, -1):
        first, second = out[k], out[k + 1]
        if first.family is not None or first.date is not None or second.family is None:
            continue
        between = text[first.end:second.start].strip().casefold()
        if between in _RANGE_WORDS:
            out[k] = replace(first, family=second.family, size=second.size)
    return out


def same_direction(a: str | None, b: str | None) -> bool:
    """Whether two comparators do not contradict each other: `at least` and `at most` do, so
    do `more than` and `less than`; a missing one contradicts none, and neither do the
    complements (`under 16` and `at least 16` describe the two sides of one limit, as a
    paraphrase of the other case does)."""
    return {a, b} not in ({AT_LEAST, AT_MOST}, {MORE_THAN, LESS_THAN})


__all__ = ["Quantity", "quantities", "same_direction"]
