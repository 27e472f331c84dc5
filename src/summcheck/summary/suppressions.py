"""Suppression comments (`<!-- summcheck-disable-next-line SUM301 -->` …) and the lines they cover."""
from __future__ import annotations

import re

from ..model import Suppression

_CODE_RE = re.compile(r"sum\d+", re.IGNORECASE)
_CODE_SPLIT = re.compile(r"[\s,]+")
_DIRECTIVES = ("summcheck-disable-next-line", "summcheck-disable-line", "summcheck-disable-file",
               "summcheck-disable", "summcheck-enable")


def html_comments(content: str, first_line: int) -> list[tuple[str, int, int]]:
    """(comment, first line, last line) of each `<!-- … -->` in an HTML block."""
    out = []
    pos, line, counted = 0, first_line + 1, 0
    while True:
        start = content.find("<!--", pos)
        if start == -1:
            return out
        end = content.find("-->", start + 4)
        if end == -1:
            return out
        line += content.count("\n", counted, start)
        counted = start
        out.append((content[start:end + 3], line, line + content.count("\n", start, end)))
        pos = end + 3


def _directive(comment: str) -> tuple[str, frozenset[str] | None] | None:
    """(directive, codes or None for all rules) of a `<!-- summcheck-… -->` comment."""
    words = [w for w in _CODE_SPLIT.split(comment[4:-3]) if w]
    if not words or words[0].lower() not in _DIRECTIVES:
        return None
    codes: list[str] = []
    for word in words[1:]:
        if word == "--":  # `-- reason` ends the list of rules
            break
        codes.append(word.upper() if _CODE_RE.fullmatch(word) else word.lower())
    return words[0].lower(), (frozenset(codes) if codes else None)


def _is_comment_only(line: str) -> bool:
    s = line.strip()
    return s.startswith("<!--") and s.endswith("-->") and "summcheck-" in s


def collect_suppressions(comments: list[tuple[str, int, int]], lines: list[str], total: int) -> list[Suppression]:
    out: list[Suppression] = []
    open_ranges: list[tuple[frozenset[str] | None, int, int]] = []  # (codes, first line, comment line)
    for comment, line, last_line in sorted(comments, key=lambda c: (c[1], c[2])):
        parsed = _directive(comment)
        if parsed is None:
            continue
        directive, codes = parsed
        if directive == "summcheck-disable-file":
            out.append(Suppression(codes, 1, total, line))
        elif directive == "summcheck-disable-line":
            out.append(Suppression(codes, line, last_line, line))
        elif directive == "summcheck-disable-next-line":
            target = last_line + 1
            # Skip blank lines and stacked suppression comments to reach the text they annotate.
            while target <= len(lines) and (not lines[target - 1].strip() or _is_comment_only(lines[target - 1])):
                target += 1
            out.append(Suppression(codes, target, target, line))
        elif directive == "summcheck-disable":
            open_ranges.append((codes, line, line))
        else:  # summcheck-enable
            still_open = []
            for r_codes, first, c_line in open_ranges:
                if codes is None:
                    out.append(Suppression(r_codes, first, line, c_line))
                elif r_codes is None:
                    still_open.append((r_codes, first, c_line))  # only a bare enable ends "all rules"
                else:
                    ended = r_codes & codes
                    if ended:
                        out.append(Suppression(frozenset(ended), first, line, c_line))
                    if r_codes - codes:
                        still_open.append((frozenset(r_codes - codes), first, c_line))
            open_ranges = still_open
    for r_codes, first, c_line in open_ranges:
        out.append(Suppression(r_codes, first, total, c_line))
    out.sort(key=lambda s: (s.comment_line, s.first_line, sorted(s.codes or ())))
    return out
