"""The prompts (package data, `pipeline/prompts/*.md`, each with a `version:`) and prices."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files

import yaml

_PARTS = ("system", "user", "retry")


@dataclass(frozen=True)
class Prompt:
    """One task's prompt: the version every record and state entry names, and its parts."""

    name: str
    version: str
    system: str
    user: str
    retry: str

    def fill(self, part: str, **values: str) -> str:
        """A part with its `{{name}}` fields filled (no other braces are special)."""
        text = getattr(self, part)
        for key, value in values.items():
            text = text.replace("{{" + key + "}}", value)
        return text


@lru_cache(maxsize=None)
def load_prompt(name: str) -> Prompt:
    """The packaged prompt `name` (extract, draft)."""
    text = (files("summcheck.pipeline") / "prompts" / f"{name}.md").read_text(encoding="utf-8")
    _, front, body = text.split("---\n", 2)
    version = str(yaml.safe_load(front)["version"])
    parts: dict[str, str] = {}
    current = None
    for line in body.splitlines(keepends=True):
        marker = line.strip()
        if marker.startswith("<!--") and marker.endswith("-->") and marker[4:-3].strip() in _PARTS:
            current = marker[4:-3].strip()
            parts[current] = ""
        elif current is not None:
            parts[current] += line
    return Prompt(name, version, *(parts.get(p, "").strip() for p in _PARTS))


@lru_cache(maxsize=None)
def price_table() -> tuple[str, dict[str, tuple[float, float]]]:
    """(as-of, model prefix → (input, output) dollars per million tokens)."""
    data = yaml.safe_load((files("summcheck.pipeline") / "prices.yaml").read_text(encoding="utf-8"))
    return str(data.get("as-of", "")), {k: (float(v[0]), float(v[1]))
                                        for k, v in data["models"].items()}


def price_of(model: str) -> tuple[float, float] | None:
    """Dollars per million (input, output) tokens for `model`, by its longest listed prefix."""
    _, table = price_table()
    best = max((prefix for prefix in table if model.startswith(prefix)), key=len, default=None)
    return table[best] if best is not None else None
