"""The suppression ledger: which findings the suppressions hide, decided after every rule ran
(as ruff matches `noqa` comments), and which suppressions hid nothing (SUM100)."""
from __future__ import annotations

from pathlib import Path
from typing import Iterator, Sequence

from ..analysis.facts import Analysis, RecordResult
from ..config.file import Config
from ..model import Suppression
from ..rules import Problem, Rule, RuleKey


class SuppressionLedger:
    """The summary's comments, the records' `ignore` lists and the configuration's
    `per-file-ignores`, with a note of each comment and `ignore` entry that hid a finding."""

    def __init__(self, analysis: Analysis, config: Config, ran: Sequence[Rule]) -> None:
        self.analysis = analysis
        self.config = config
        self.ran = tuple(ran)
        self._used_comments: set[int] = set()  # positions in summary.suppressions
        self._used_ignores: set[tuple[int, str]] = set()  # (record index, key)
        self._file_keys: dict[Path, list[RuleKey]] = {}

    def ignored_by_file(self, rule: Rule, path: Path) -> bool:
        """Whether `per-file-ignores` leaves `rule` out for `path`."""
        if path not in self._file_keys:
            self._file_keys[path] = [RuleKey(key) for key in self.config.ignored_for(path)]
        return any(key.names(rule) for key in self._file_keys[path])

    def hides(self, rule: Rule, problem: Problem) -> bool:
        """Whether a record's `ignore` or a comment in the summary hides the problem; the
        first that does is noted as used."""
        if problem.record is not None and problem.record.record.origin is None:
            record = problem.record.record
            for key in sorted(record.ignore):
                if RuleKey(key).names(rule):
                    self._used_ignores.add((record.index, key))
                    return True
            return False
        summary = self.analysis.summary
        if problem.path != summary.path or problem.line is None:
            return False
        for position, suppression in enumerate(summary.suppressions):
            if suppression.first_line <= problem.line <= suppression.last_line and (
                    suppression.codes is None
                    or any(RuleKey(code).names(rule) for code in suppression.codes)):
                self._used_comments.add(position)
                return True
        return False

    def unused_comments(self) -> Iterator[Suppression]:
        """The comments that hid nothing, leaving out those naming only rules that did not
        run (their findings were never looked for)."""
        for position, suppression in enumerate(self.analysis.summary.suppressions):
            if position in self._used_comments:
                continue
            if suppression.codes is None or any(self._ran(code) for code in suppression.codes):
                yield suppression

    def unused_ignores(self) -> Iterator[tuple[RecordResult, str]]:
        """The records' `ignore` entries that hid nothing, of rules that ran, by record."""
        for result in self.analysis.records:
            for key in sorted(result.record.ignore):
                if (result.record.index, key) not in self._used_ignores and self._ran(key):
                    yield result, key

    def _ran(self, key: str) -> bool:
        rule_key = RuleKey(key)
        return any(rule_key.names(rule) for rule in self.ran)
