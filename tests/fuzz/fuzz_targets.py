"""Fuzz targets: one per parser, each taking raw bytes and asserting the parser's contract.

The contract (SPEC "Bad input"): a parser returns its data or raises `InputError` whose message
is one non-empty line; the locator parser raises only `LocatorSyntaxError`, whose message is one
line of bounded length. Anything else escaping a target is a crash. The targets import no
atheris, so `test_fuzz_replay.py` can replay the committed corpus in-process.
"""
from __future__ import annotations

import atexit
import json
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from summcheck import api
from summcheck.claims import load_claims
from summcheck.config.file import load_config
from summcheck.locators import (LocatorSyntaxError, classify_group, parse_locator, parse_locator_lenient,
                                parse_record_locator, starts_like_locator)
from summcheck.model import InputError, Locator
from summcheck.config.settings import build_options
from summcheck.summary import load_summary

# A locator message quotes the locator; it must stay readable whatever the input's length.
MAX_LOCATOR_MESSAGE = 600
# The front-matter target checks a summary whose body cites p. 1 of this source.
_SOURCE_TEXT = "A uniform resource identifier is a compact sequence of characters.\n"
_CLAIMS_TEXT = ('{"claim": "A URI is compact.", "quote": "a compact sequence of characters", '
                '"locator": "p. 1"}\n')
_BODY = "\n# Summary\n\nA URI is a compact sequence of characters (p. 1).\n"


_WORK: Path | None = None


class ContractViolation(AssertionError):
    """A parser broke its documented contract without raising (a bad message, a wrong result)."""


def _workdir() -> Path:
    """One private scratch folder per process, made on first use (file-based parsers read files)."""
    global _WORK
    if _WORK is None:
        _WORK = Path(tempfile.mkdtemp(prefix="summcheck-fuzz-"))
        atexit.register(shutil.rmtree, _WORK, ignore_errors=True)
        (_WORK / "summcheck.toml").write_text("", encoding="utf-8")  # shields from configs above
        (_WORK / "source.txt").write_text(_SOURCE_TEXT, encoding="utf-8")
        (_WORK / "claims.jsonl").write_text(_CLAIMS_TEXT, encoding="utf-8")
    return _WORK


def _text(data: bytes) -> str:
    # surrogateescape keeps every byte: invalid UTF-8 becomes lone surrogates, as JSON's `\udc80` can.
    return data.decode("utf-8", "surrogateescape")


def _check_input_error(err: InputError) -> None:
    message = str(err)
    if not message.strip() or "\n" in message or "\r" in message:
        raise ContractViolation(f"InputError message is not one non-empty line: {message!r}"[:500]) from err


def _expect_input_error(parse: Callable[[], object]) -> object | None:
    """Run a parser: its result, or None after checking the InputError it raised."""
    try:
        return parse()
    except InputError as err:
        _check_input_error(err)
        return None


def _check_locator_error(err: LocatorSyntaxError) -> None:
    message = str(err)
    if not message or "\n" in message or "\r" in message or len(message) > MAX_LOCATOR_MESSAGE:
        raise ContractViolation(f"locator message not one bounded line: {message[:200]!r}") from err


def _check_locator(loc: Locator) -> None:
    if not loc.parts:
        raise ContractViolation(f"a locator without parts: {loc!r}"[:300])
    for part in loc.parts:
        if part.end is not None and part.end == part.start:
            raise ContractViolation(f"range not normalised: {part!r}"[:300])


def _locator_call(parse: Callable[[], object]) -> None:
    try:
        result = parse()
    except LocatorSyntaxError as err:
        _check_locator_error(err)
        return
    if isinstance(result, LocatorSyntaxError):
        _check_locator_error(result)
        if result.partial is not None:
            _check_locator(result.partial)
    elif isinstance(result, Locator):
        _check_locator(result)


def _any_int(digits: str) -> int:
    """int() of JSON digits past Python's 4,300-digit limit, as a claims loader may hand them on."""
    if len(digits) <= 4000:
        return int(digits)
    sign, digits = ("-", digits[1:]) if digits.startswith("-") else ("", digits)
    half = len(digits) // 2
    value = _any_int(digits[:half]) * 10 ** (len(digits) - half) + _any_int(digits[half:])
    return -value if sign else value


def locators(data: bytes) -> None:
    """Locator strings (strict, lenient, as a parenthesised group) and record locators (JSON)."""
    text = _text(data)
    _locator_call(lambda: parse_locator(text))
    _locator_call(lambda: parse_locator_lenient(text))
    _locator_call(lambda: classify_group(text))
    starts_like_locator(text)
    try:
        value = json.loads(data, parse_int=_any_int)
    except (ValueError, RecursionError):
        return
    _locator_call(lambda: parse_record_locator(value))


def summary(data: bytes) -> None:
    """A Markdown summary file as written, bytes and all (decoding, front matter, sentences)."""
    path = _workdir() / "summary.md"
    path.write_bytes(data)
    _expect_input_error(lambda: load_summary(path))


def front_matter(data: bytes) -> None:
    """Front matter, read and acted on: a whole check of a summary with this front matter."""
    path = _workdir() / "front.md"
    path.write_bytes(b"---\n" + data + b"\n---\n" + _BODY.encode())
    cwd = os.getcwd()
    os.chdir(_workdir())  # the check names files relative to the current folder
    try:
        _expect_input_error(lambda: api.check(path.name, config=False))
    finally:
        os.chdir(cwd)


def _claims(suffix: str) -> Callable[[bytes], None]:
    def target(data: bytes) -> None:
        path = _workdir() / f"claims{suffix}"
        path.write_bytes(data)
        _expect_input_error(lambda: load_claims(path))
    target.__name__ = f"claims{suffix.replace('.', '_')}"
    target.__doc__ = f"A claims file read as {suffix}."
    return target


claims_jsonl = _claims(".jsonl")
claims_json = _claims(".json")
claims_yaml = _claims(".yaml")


def config(data: bytes) -> None:
    """The configuration as summcheck.toml and as pyproject.toml, then the options built from it."""
    folder = _workdir() / "config"
    folder.mkdir(exist_ok=True)
    for name in ("summcheck.toml", "pyproject.toml"):
        path = folder / name
        path.write_bytes(data)
        loaded = _expect_input_error(lambda: load_config(path))
        if loaded is not None:
            _expect_input_error(lambda: build_options(loaded))


TARGETS: dict[str, Callable[[bytes], None]] = {
    "locators": locators,
    "summary": summary,
    "front_matter": front_matter,
    "claims_jsonl": claims_jsonl,
    "claims_json": claims_json,
    "claims_yaml": claims_yaml,
    "config": config,
}
