"""Write seed inputs for every fuzz target from the real inputs in tests/cases, tests/fixtures, examples.

The rule cases (tests/cases/*.yaml) are data, not files: they are materialised into a temporary
tree first (tests/cases/casekit.py), so that their summaries and claim files are seeds as before.

`python tests/fuzz/make_seeds.py OUT` writes OUT/<target>/<sha1>; `run.py --reseed` merges them
into the committed corpus (libFuzzer keeps only the seeds that add coverage).
"""
from __future__ import annotations

import atexit
import hashlib
import json
import re
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
INPUT_DIRS = [ROOT / "tests" / "fixtures", ROOT / "examples", ROOT / "tests" / "hostile"]
MAX_SEED_BYTES = 8192  # longer files are left out; the runner cuts seeds to its -max_len (2 KB)
_GROUP = re.compile(r"\(([^()\n]{1,120})\)")
_YAML_LOCATOR = re.compile(rb"locator:[ \t]*([^\n]{1,200})")
_CLAIM_SUFFIXES = {".jsonl": "claims_jsonl", ".ndjson": "claims_jsonl", ".json": "claims_json",
                   ".yaml": "claims_yaml", ".yml": "claims_yaml"}


def _rule_cases() -> Path:
    """The rule cases as folders (with the shared sources) in a temporary tree, removed at exit."""
    sys.path.insert(0, str(ROOT / "tests" / "cases"))
    import casekit

    root = Path(tempfile.mkdtemp(prefix="summcheck-cases-"))
    atexit.register(shutil.rmtree, root, True)
    casekit.make_tree(root / "cases")
    for case in casekit.load_cases():
        casekit.materialise(case, root / "cases" / case["name"])
    return root / "cases"


_TREES: list[Path] = []


def _files(pattern: str) -> Iterator[Path]:
    if not _TREES:
        _TREES.append(_rule_cases())
    for folder in [*_TREES, *INPUT_DIRS]:
        if folder.is_dir():
            for path in sorted(folder.rglob(pattern)):
                if path.is_file() and path.stat().st_size <= MAX_SEED_BYTES:
                    yield path


def _front_matter(text: bytes) -> bytes | None:
    lines = text.split(b"\n")
    if not lines or lines[0].rstrip() != b"---":
        return None
    for k in range(1, len(lines)):
        if lines[k].rstrip() in (b"---", b"..."):
            return b"\n".join(lines[1:k])
    return None


def _locators_in(value: object) -> Iterator[bytes]:
    """Locator values anywhere in parsed claims (strings and objects)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "locator":
                yield (item if isinstance(item, str) else json.dumps(item, ensure_ascii=False)).encode()
            else:
                yield from _locators_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from _locators_in(item)


def seeds() -> Iterator[tuple[str, bytes]]:
    """(target, input) for every real input this repository holds."""
    for path in _files("*.md"):
        data = path.read_bytes()
        yield "summary", data
        front = _front_matter(data)
        if front is not None:
            yield "front_matter", front
        for match in _GROUP.finditer(data.decode("utf-8", "replace")):
            yield "locators", match.group(1).encode()
    for suffix, target in _CLAIM_SUFFIXES.items():
        for path in _files(f"*{suffix}"):
            if path.name in ("expected.json", "case.yaml", "manifest.json") or ".github" in path.parts:
                continue
            data = path.read_bytes()
            yield target, data
            if target == "claims_yaml":
                # No YAML loader here: the corpus holds alias bombs on purpose.
                yield from (("locators", m.group(1).strip()) for m in _YAML_LOCATOR.finditer(data))
                continue
            try:
                parsed = ([json.loads(line) for line in data.splitlines() if line.strip()]
                          if target == "claims_jsonl" else json.loads(data))
            except (ValueError, RecursionError):  # broken on purpose (exit-2 cases): a seed all the same
                continue
            for locator in _locators_in(parsed):
                yield "locators", locator
    for path in [*_files("*.toml")]:
        yield "config", path.read_bytes()
    yield "config", (ROOT / "pyproject.toml").read_bytes()


def main() -> None:
    """Write the seeds under the folder named on the command line."""
    out = Path(sys.argv[1])
    for target, data in seeds():
        folder = out / target
        folder.mkdir(parents=True, exist_ok=True)
        (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)


if __name__ == "__main__":
    main()
