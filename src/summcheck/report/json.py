"""`--format json`: the report as schemas/report.schema.json describes it."""
from __future__ import annotations

import json

from .. import __version__
from ..rules.docs import rule_url
from .base import Reporter, display_path, dump_json, escape_unsafe, finding_help
from .model import Report, VerifiedQuote

# How the `"quotes": []` of each summary stands in `dump_json`'s text: a string holds no raw
# line break, so a line break, this indentation and the key are the key itself.
_EMPTY_QUOTES = '\n      "quotes": []'
_BETWEEN = '}, {"record": '
_BETWEEN_LINES = '},\n        {"record": '


class JsonReporter(Reporter):
    name = "json"

    def format_report(self, report: Report) -> str:
        data = {
            "version": __version__,
            "findings": [
                {
                    "rule": f.rule,
                    "name": f.name,
                    "severity": f.severity,
                    "path": display_path(f.path),
                    "line": f.line,
                    "column": f.column,
                    "message": f.message,
                    "record": f.record_id,
                    "url": rule_url(f.rule),
                    "help": finding_help(f),
                    "fixable": f.fix is not None,
                }
                for f in report.findings
            ],
            "summaries": [
                {
                    "path": display_path(s.path),
                    "source": display_path(s.source),
                    "claims": display_path(s.claims),
                    "sentences": s.sentences,
                    "records": s.records,
                    "verified": s.verified,
                    "backed": s.backed,
                    "coverage": {"pages": s.coverage.pages,
                                 "cited_pages": s.coverage.cited_pages,
                                 "cited_share": s.coverage.cited_share,
                                 "uncited_requires": s.coverage.uncited_requires},
                    "notes": s.notes,
                    "bindings": [{"line": b.line, "kind": b.kind, "records": [
                        {"record": r.record_id, "line": r.line, "how": r.how,
                         "verified": r.verified} for r in b.records], "more": b.more}
                        for b in s.bindings],
                    "quotes": [],  # filled in by with_quotes
                }
                for s in report.summaries
            ],
            "counts": report.counts,
            # Summaries (or named paths) that could not be checked; the run then exits 2.
            "errors": [{"path": display_path(e.path), "cause": e.cause}
                       for e in getattr(report, "errors", [])],
        }
        return with_quotes(dump_json(data), [s.quotes for s in report.summaries])


def quote_json(quote: VerifiedQuote) -> dict:
    """One entry of a summary's `quotes`, as plain JSON data."""
    item = {"record": quote.record_id, "line": quote.line, "level": quote.level,
            "place": quote.place.to_json()}
    if quote.fragments:
        item["fragments"] = [place.to_json() for place in quote.fragments]
    return item


def with_quotes(text: str, quotes: list[list[VerifiedQuote]]) -> str:
    """`text`, dump_json's report with every summary's `"quotes": []`, with the quotes of
    each summary (in the order of the summaries) put in their place, one quote a line.

    A long source's report holds thousands of quotes: on one line each (written by json's C
    encoder) the report is a third of its size indented, and is written ten times faster."""
    pieces: list[str] = []
    copied = 0  # text[:copied] is in pieces
    for summary_quotes in quotes:
        empty = text.index(_EMPTY_QUOTES, copied) + len(_EMPTY_QUOTES) - len("[]")
        pieces.append(text[copied:empty])
        if summary_quotes:
            # One call of the C encoder for all of them; each is an object whose first key is
            # "record" and no object inside one has that key, and a `"` inside a string is
            # escaped: `}, {"record": ` stands only between two quotes.
            listed = json.dumps([quote_json(quote) for quote in summary_quotes],
                                ensure_ascii=False)[1:-1]
            lines = "        " + listed.replace(_BETWEEN, _BETWEEN_LINES)
            pieces += ["[\n", escape_unsafe(lines), "\n      ]"]
        else:
            pieces.append("[]")
        copied = empty + len("[]")
    pieces.append(text[copied:])
    return "".join(pieces)
