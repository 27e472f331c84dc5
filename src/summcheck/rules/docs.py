"""A rule's documentation in the forms summcheck shows it: what `summcheck explain` prints (and
the page under docs/rules/ that `tools/rule_docs.py` writes from it), the web address of that
page, the plain text SARIF carries, and the one-line fix a report's `help:` line falls back to.
"""
from __future__ import annotations

import re
from functools import lru_cache

from . import Rule

#: The label of the project URL (pyproject.toml [project.urls]) that names where the rule
#: pages (docs/rules/<CODE>.md) are published: the one place that says it.
RULES_URL_LABEL = "Rules"


@lru_cache(maxsize=1)
def docs_url() -> str | None:
    """Where the rule pages are published, as the installed package's metadata names it, or
    None: a report then links no rule rather than print an address that leads nowhere."""
    from importlib import metadata

    try:
        entries = metadata.metadata("summcheck").get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        return None
    for entry in entries:
        label, _, url = entry.partition(",")
        if label.strip().casefold() == RULES_URL_LABEL.casefold() and url.strip():
            return url.strip().rstrip("/") + "/"
    return None


def rule_url(code: str) -> str | None:
    """The web page of rule `code`, or None when no address is known."""
    base = docs_url()
    return f"{base}{code}.md" if base else None


def explanation(rule: Rule) -> str:
    """What `summcheck explain RULE` prints, and the rule's page under docs/rules/."""
    return (f"# {rule.code} {rule.name}\n\nDefault severity: {rule.severity}\n\n"
            f"{rule.summary}\n\n{rule.doc}\n")


def plain_text(markdown: str) -> str:
    """Rule documentation (Markdown) as plain text: heading marks, code-span backticks,
    emphasis marks and fences dropped, links written out; indented code kept as it is."""
    out: list[str] = []
    in_fence = False
    for line in markdown.splitlines():
        stripped = line.lstrip()
        if stripped.startswith(("```", "~~~")):
            in_fence = not in_fence
            continue
        if not in_fence and not line.startswith(("    ", "\t")):
            heading = re.match(r"#{1,6}\s+(.*?)(?:\s+#+)?\s*$", line)
            if heading:
                line = heading.group(1)
            line = re.sub(r"(`+)(.+?)\1", lambda m: m.group(2).strip(), line)
            line = re.sub(r"\[([^\]]+)\]\(([^)\s]+)\)", r"\1 (\2)", line)
            line = re.sub(r"(\*\*|__)(.+?)\1", r"\2", line)
        out.append(line.rstrip())
    return "\n".join(out).strip("\n")


def section(markdown: str, title: str) -> str | None:
    """The body of the `## title` section, or None."""
    match = re.search(rf"^#{{1,6}}\s+{re.escape(title)}\s*$(.*?)(?=^#{{1,6}}\s|\Z)", markdown,
                      re.MULTILINE | re.DOTALL | re.IGNORECASE)
    return match.group(1).strip("\n") if match else None


def fix_hint(rule: Rule) -> str | None:
    """The first prose paragraph of the rule's "Fix" section, as plain text on one line (an
    example, indented code, is left out), or None."""
    return _fix_hint(rule.doc)


@lru_cache(maxsize=64)  # read once per rule, not once per finding of it
def _fix_hint(doc: str) -> str | None:
    body = section(doc, "Fix")
    if not body:
        return None
    for paragraph in body.split("\n\n"):
        lines = [line for line in paragraph.split("\n") if line.strip()]
        if lines and not all(line.startswith(("    ", "\t")) for line in lines):
            return " ".join(plain_text(paragraph).split()).rstrip(":")
    return None
