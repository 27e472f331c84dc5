"""The rule registry: every module in this package that defines CODE is a rule.

A new rule is one new file: CODE, NAME, SEVERITY, SUMMARY, DOC and a `check(analysis)`
generator yielding `Problem`s; its options, if any, as `CONF` (key → kind, rules/options.py)
and `DEFAULT` (key → value); for a rule on claim records, `POINTS_AT`, the record key whose
value a report underlines ("quote", "locator", "strength"). A rule whose `STAGE` is "suppress" reads the suppression ledger
instead of the analysis (SUM100). The engine only runs them.
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from functools import lru_cache
from types import ModuleType
from typing import Any, Callable, Iterator, Literal, Mapping

from ..model import Severity
from .base import Problem
from .keys import RuleKey
from .options import OptionKind, keyword

__all__ = ["Rule", "Problem", "RuleKey", "all_rules", "rule_by_key", "declared_options"]

Stage = Literal["rules", "suppress"]
Reads = Literal["analysis", "records"]


@dataclass(frozen=True)
class Rule:
    code: str
    name: str
    severity: Severity
    summary: str
    doc: str
    check: Callable[..., Iterator[Problem]]
    conf: Mapping[str, OptionKind]  # configuration key → kind of value
    default: Mapping[str, Any]  # configuration key → value when the configuration is silent
    stage: Stage = "rules"  # "suppress": run on the suppression ledger, after the others
    points_at: str | None = None  # the record key whose value its findings underline
    # "records": check() reads only the claims file's records, their matches and the source
    # (never the summary), so its problems hold while they do (engine/run.py keeps them with
    # the run's matched records); "analysis": anything.
    reads: Reads = "analysis"

    @classmethod
    def from_module(cls, module: ModuleType) -> "Rule":
        conf, default = getattr(module, "CONF", {}), getattr(module, "DEFAULT", {})
        if set(conf) != set(default):
            raise TypeError(f"{module.__name__}: CONF and DEFAULT must name the same options")
        return cls(module.CODE, module.NAME, module.SEVERITY, module.SUMMARY,
                   module.DOC.strip("\n"), module.check, conf, default,
                   getattr(module, "STAGE", "rules"), getattr(module, "POINTS_AT", None),
                   getattr(module, "READS", "analysis"))

    def keywords(self, configured: Mapping[str, Any]) -> dict[str, Any]:
        """The keyword arguments of `check()`: each option as configured, else its default."""
        return {keyword(key): configured.get(key, value) for key, value in self.default.items()}


@lru_cache(maxsize=1)
def all_rules() -> tuple[Rule, ...]:
    """Every rule, ordered by code."""
    rules = []
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        if hasattr(module, "CODE"):
            rules.append(Rule.from_module(module))
    return tuple(sorted(rules, key=lambda r: r.code))


def rule_by_key(key: str) -> Rule | None:
    """A rule by its code (any case) or kebab name."""
    rule_key = RuleKey(key)
    return next((rule for rule in all_rules() if rule_key.is_exactly(rule)), None)


@lru_cache(maxsize=1)
def declared_options() -> dict[str, tuple[Rule, OptionKind]]:
    """Every option key the rules declare, with its rule and kind (each key belongs to one)."""
    options: dict[str, tuple[Rule, OptionKind]] = {}
    for rule in all_rules():
        for key, kind in rule.conf.items():
            if key in options:
                raise TypeError(f"option {key!r} declared by {options[key][0].code} and {rule.code}")
            options[key] = (rule, kind)
    return options
