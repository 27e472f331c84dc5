"""Which rules run: --select/--ignore and config, by code, kebab name or code prefix."""
from __future__ import annotations

from dataclasses import dataclass

from ..model import InputError
from ..rules import Rule, RuleKey, all_rules


def resolve_rules(keys: list[str], origin: str = "--select/--ignore") -> list[Rule]:
    """Rules named by codes, names or code prefixes (`SUM2`, rules.keys); a key that names
    none is an input error."""
    found: list[Rule] = []
    for raw in keys:
        for key in (k.strip() for k in raw.split(",")):
            if not key:
                continue
            rule_key = RuleKey(key)
            matches = [rule for rule in all_rules() if rule_key.names(rule)]
            if not matches:
                codes = [rule.code for rule in all_rules()]
                raise InputError(f"{origin}: unknown rule {key!r} "
                                 f"(codes {codes[0]}…{codes[-1]}, names such as "
                                 f"quote-not-found, or prefixes such as SUM2; `summcheck "
                                 f"explain --list` lists them)")
            found.extend(m for m in matches if m not in found)
    return found


@dataclass(frozen=True)
class RuleSelection:
    select: tuple[Rule, ...] | None = None  # None: every rule
    ignore: tuple[Rule, ...] = ()

    @classmethod
    def parse(cls, select: list[str] | None, ignore: list[str] | None,
              origin: str = "--select/--ignore") -> "RuleSelection":
        chosen = tuple(resolve_rules(select, origin)) if select else None
        return cls(chosen, tuple(resolve_rules(ignore or [], origin)))

    def enabled(self, rule: Rule) -> bool:
        if rule in self.ignore:
            return False
        return self.select is None or rule in self.select
