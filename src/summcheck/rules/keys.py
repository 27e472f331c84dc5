"""How a key names rules, wherever one is written: `--select`/`--ignore`, the configuration's
`select`, `ignore`, `severity` and `per-file-ignores`, a record's `ignore` list and a
`<!-- summcheck-disable … -->` comment."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from . import Rule

MIN_PREFIX = 3  # `SUM` names every rule, `SUM2` the records' rules; `S` and `SU` name none


@dataclass(frozen=True)
class RuleKey:
    """A rule's code (any case), its kebab name, or a prefix of codes (`SUM2`)."""

    text: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", self.text.strip())

    def names(self, rule: "Rule") -> bool:
        return self.is_exactly(rule) or (len(self.text) >= MIN_PREFIX
                                         and rule.code.startswith(self.text.upper()))

    def is_exactly(self, rule: "Rule") -> bool:
        """Whether the key is the rule's code or name (not only a prefix of its code)."""
        return self.text.upper() == rule.code or self.text.lower() == rule.name
