"""The rule registry: every module in this package that defines CODE is a rule.

A new rule is one new file: CODE, NAME, SEVERITY, SUMMARY, DOC and a `check(analysis)`
generator yielding `Problem`s. The linter core only runs them.
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from functools import lru_cache
from types import ModuleType
from typing import Callable, Iterator

from ..model import Severity
from .base import Problem

__all__ = ["Rule", "Problem", "all_rules", "rule_by_key"]


@dataclass(frozen=True)
class Rule:
    code: str
    name: str
    severity: Severity
    summary: str
    doc: str
    check: Callable[..., Iterator[Problem]]
    runs_last: bool = False  # reads the outcome of the other rules (SUM100)

    @classmethod
    def from_module(cls, module: ModuleType) -> "Rule":
        return cls(module.CODE, module.NAME, module.SEVERITY, module.SUMMARY,
                   module.DOC.strip("\n"), module.check, getattr(module, "RUNS_LAST", False))


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
    key = key.strip()
    for rule in all_rules():
        if rule.code == key.upper() or rule.name == key.lower():
            return rule
    return None
