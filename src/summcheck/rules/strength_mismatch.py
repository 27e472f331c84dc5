"""SUM302: a record's strength disagrees with the modality of its own quote."""
from __future__ import annotations

import json
from typing import Iterator

from ..model import Fix
from ..language.modality import classes, quote_words
from .base import Problem, on_record, record_name

CODE = "SUM302"
NAME = "strength-mismatch"
SEVERITY = "warning"
READS = "records"  # the claims file's records and the source alone
POINTS_AT = "strength"  # on a record: the value a report underlines
SUMMARY = "A record's strength disagrees with its quote's modality (`shall` recorded as `recommends`)."
DOC = """
## What it does
Reads the modal words of each verified record's quote with the modal lexicons (English incl.
RFC 2119/8174 keywords in capitals, German, Spanish, Portuguese) and reports:
- a quote with a *requires* word (`must`, `shall`, `required`, `MUST NOT`, `may not`, `muss`,
  `darf … nicht`, `debe`, `deve`, …) recorded as anything but `requires`;
- a quote with only *recommends* words (`should`, `recommended`, `soll`, `sollte`,
  `empfohlen`, `debería`, `se recomienda`, `deveria`, `recomenda-se`, …) recorded as
  `requires` or `states`.
Negated forms keep their class (`must not` requires, `should not` recommends); `need not`,
`muss … nicht` and `no tiene que` permit. Words in quotation marks, words after a reporting
verb (`said`, `argued`, `sagte`, `dijo`, `disse`, …) and words used as names (`Recommends:`,
`May 2018`) are not counted, nor is a future need of a quantity of data, a prediction and no
duty (`will require about 3700 kbytes`, `wird 65 MiB brauchen`, `necesitará 65 MiB`). A quote
with no modal word never fires the rule.

## Why
The strength is how the summary and the claim index present the source's emphasis; a
`shall` recorded as a recommendation turns a requirement into advice.

## Example
    {"quote": "keys shall be rotated at least every 90 days", "strength": "recommends"}

## Fix
Record the strength the quote's modal words imply, or quote the passage that supports the
recorded strength:

    {"quote": "keys shall be rotated at least every 90 days", "strength": "requires"}

`summcheck check --fix` writes the strength the quote's modal words imply, in the language of
the record's own strength word (`empfehlend` → `fordernd`).

## Options
`[tool.summcheck.modality.<language>]` in the configuration adds phrases to the
`requires`, `recommends` and `permits` lists (e.g. a contract's own defined terms).
Not caught, or caught wrongly: modality carried by other words ("it is essential that"); an
epistemic "may not" ("may not be legal") counts as *requires* as the contract defines it;
"required" as an adjective ("the information required to…") counts as *requires*, and so does
a need of a quantity in the present tense ("674 MiB of memory is required") or after "at
least" (the form a rule takes); "may have
to" counts as *requires*; "may only"/"darf nur" count as *permits* although they restrict; a
German attributive "nicht" after "muss" ("muss das erste nicht leere Zeichen sein") turns
"muss … nicht" into *permits*.
"""


def check(analysis) -> Iterator[Problem]:
    path = analysis.claims.path
    for result in analysis.file_records:  # an inline quotation declares no strength
        if not result.verified:
            continue
        words = analysis.quote_modal_words(result)
        found = classes(words)
        strength = result.record.strength
        if "requires" in found and strength != "requires":
            yield on_record(result, f"{record_name(result)} is recorded as {strength!r} but its "
                            f"quote requires ({quote_words(words, 'requires')}); record it as "
                            f"'requires' or quote the passage that supports {strength!r}", path,
                            **_fixed(result, "requires"))
        elif "recommends" in found and "requires" not in found and strength in ("requires", "states"):
            yield on_record(result, f"{record_name(result)} is recorded as {strength!r} but its "
                            f"quote only recommends ({quote_words(words, 'recommends')}); "
                            f"record it as 'recommends'", path, **_fixed(result, "recommends"))


# The strength words of each language (claims.validate.STRENGTHS), to write a fixed
# strength in the language the record uses.
_WORDS = {
    "en": {"states": "states", "recommends": "recommends", "requires": "requires",
           "reports": "reports"},
    "de": {"states": "feststellend", "recommends": "empfehlend", "requires": "fordernd",
           "reports": "berichtend"},
    "es": {"states": "afirma", "recommends": "recomienda", "requires": "exige",
           "reports": "informa"},
    "pt": {"states": "afirma", "recommends": "recomenda", "requires": "exige",
           "reports": "relata"},
}


def strength_word(written: str, strength: str) -> str:
    """`strength` in the language and letter case of the record's `written` strength; in
    English when the word belongs to several languages that spell `strength` apart."""
    word = written.lower()
    spellings = {words[strength] for words in _WORDS.values() if word in words.values()}
    new = spellings.pop() if len(spellings) == 1 else strength
    if written.isupper():
        return new.upper()
    if written[:1].isupper():
        return new.capitalize()
    return new


def _fixed(result, strength: str) -> dict:
    """The help and fix of a record whose strength should be `strength`."""
    written = result.record.raw.get("strength") if isinstance(result.record.raw, dict) else None
    if not isinstance(written, str):
        return {}
    word = strength_word(written, strength)
    return {"help": f"record the strength as {word!r}, the strength its quote's modal words "
                    f"imply",
            "fix": Fix("set", result.record.index, "strength", json.dumps(word, ensure_ascii=False))}
