"""The engine: the named stages and their hook, one way a key names a rule, the suppression
ledger applied after every rule, and rule options declared once."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_summcheck
from tiny_project import write

from summcheck.config.file import load_config
from summcheck.engine import STAGES, Options, check_paths
from summcheck.model import InputError
from summcheck.rules import RuleKey, all_rules, declared_options, rule_by_key
from summcheck.config.settings import build_options

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
SOURCE = ("1. Scope\n\nPackages must install their files below /usr.\n"
          "Configuration files belong in /etc.\n")


def test_every_stage_reports_its_time_once_per_summary_in_order():
    summary = EXAMPLES / "rfc3986" / "summary.md"
    seen: list[tuple[str, Path, float]] = []
    timed = check_paths([summary], Options(), on_stage=lambda *call: seen.append(call))
    assert [stage for stage, _, _ in seen] == list(STAGES)
    assert {path for _, path, _ in seen} == {summary}
    assert all(seconds >= 0 for _, _, seconds in seen)
    untimed = check_paths([summary], Options())
    assert timed.findings == untimed.findings and timed.summaries == untimed.summaries


def test_a_summary_that_cannot_be_loaded_reports_only_the_load_stage(tmp_path):
    summary = write(tmp_path / "s.md", "---\nsource: missing.txt\nclaims: c.jsonl\n---\n\nA (line 1).\n")
    write(tmp_path / "c.jsonl", "")
    seen: list[str] = []
    report = check_paths([summary], Options(), on_stage=lambda stage, *_: seen.append(stage))
    assert seen == ["load"] and report.exit_code() == 2


@pytest.mark.parametrize("key, codes", [
    ("SUM201", {"SUM201"}),
    ("sum201", {"SUM201"}),
    ("quote-not-found", {"SUM201"}),
    ("Quote-Not-Found", {"SUM201"}),
    ("SUM20", {"SUM200", "SUM201", "SUM202", "SUM203", "SUM204", "SUM205", "SUM206"}),
    ("sum1", {"SUM100", "SUM101", "SUM102", "SUM103", "SUM104", "SUM105", "SUM106", "SUM107",
              "SUM108", "SUM109", "SUM110"}),
    ("SUM", {rule.code for rule in all_rules()}),
    ("SU", set()),
    ("quote", set()),
    ("SUM999", set()),
])
def test_a_key_names_a_code_a_name_or_a_code_prefix(key, codes):
    assert {rule.code for rule in all_rules() if RuleKey(key).names(rule)} == codes


def test_explain_takes_a_code_or_a_name_but_not_a_prefix():
    assert rule_by_key(" sum201 ").code == "SUM201"
    assert rule_by_key("quote-not-found").code == "SUM201"
    assert rule_by_key("SUM20") is None


def _project(tmp: Path, body: str, record: dict) -> Path:
    write(tmp / "summcheck.toml", "")
    write(tmp / "source.txt", SOURCE)
    write(tmp / "claims.jsonl", json.dumps(record) + "\n")
    return write(tmp / "summary.md", f"---\nsource: source.txt\nclaims: claims.jsonl\n---\n\n{body}")


def _findings(folder: Path, *args: str) -> list[tuple[str, int]]:
    result = run_summcheck("check", "summary.md", "--format", "json", *args, cwd=folder)
    assert result.returncode in (0, 1), result.stderr
    return sorted((f["rule"], f["line"]) for f in json.loads(result.stdout)["findings"]
                  if f["severity"] != "info")


RECORD = {"claim": "Packages install below /usr.", "locator": "line 3",
          "quote": "Packages must install their files below /usr.", "strength": "requires"}


@pytest.mark.parametrize("comment_key, ignore_key, found", [
    ("SUM1", "SUM2", []),  # prefixes, as --select takes them
    ("sum10", "sum20", []),
    ("missing-locator", "quote-not-found", []),
    ("SUM3", "SUM3", [("SUM101", 7), ("SUM201", 1)]),  # naming other rules hides nothing
])
def test_a_comment_and_an_ignore_entry_name_rules_as_select_does(tmp_path, comment_key,
                                                                 ignore_key, found):
    body = (f"<!-- summcheck-disable-next-line {comment_key} -->\n"
            "Configuration files live somewhere.\n")  # no locator: SUM101
    _project(tmp_path, body, dict(RECORD, quote="Packages may install files anywhere at all.",
                                  ignore=[ignore_key]))  # stands nowhere: SUM201
    write(tmp_path / "summcheck.toml", 'ignore = ["SUM100"]\n')
    assert _findings(tmp_path) == found


def test_unused_suppressions_are_found_after_every_rule_ran(tmp_path):
    body = ("<!-- summcheck-disable-next-line SUM101 -->\n"
            "Packages must install their files below /usr (line 3).\n")
    _project(tmp_path, body, dict(RECORD, ignore=["SUM201", "ambiguous-quote"]))
    # the comment (line 6) and both ignore entries of the record (line 1) hid nothing
    assert _findings(tmp_path) == [("SUM100", 1), ("SUM100", 1), ("SUM100", 6)]


def test_of_two_entries_naming_one_rule_the_first_in_order_is_used(tmp_path):
    _project(tmp_path, "Packages must install their files below /usr (line 3).\n",
             dict(RECORD, quote="Packages may install files anywhere at all.",
                  ignore=["quote-not-found", "SUM201"]))
    result = run_summcheck("check", "summary.md", "--format", "json", cwd=tmp_path)
    messages = [f["message"] for f in json.loads(result.stdout)["findings"] if f["rule"] == "SUM100"]
    assert len(messages) == 1 and "'quote-not-found'" in messages[0]


def test_a_suppression_of_a_rule_left_out_is_not_reported_unused(tmp_path):
    body = ("<!-- summcheck-disable-next-line SUM101 -->\n"
            "Packages must install their files below /usr (line 3).\n")
    _project(tmp_path, body, dict(RECORD, ignore=["SUM201"]))
    assert _findings(tmp_path, "--ignore", "SUM10,SUM201") == []


def test_every_option_is_declared_by_one_rule_with_its_default():
    options = declared_options()
    assert set(options) == {"min-quote-words", "min-quote-chars", "fuzzy-threshold",
                            "max-locator-pages", "max-elided-chars"}
    for key, (rule, _) in options.items():
        assert key in rule.default and key in rule.doc
    defaults = Options().fuzzy
    assert (defaults.threshold, defaults.min_words, defaults.min_chars) == (90.0, 4, 20)


def test_configured_options_reach_the_rule_and_the_fuzzy_matching(tmp_path):
    config = write(tmp_path / "summcheck.toml",
                   "min-quote-words = 12\nmin-quote-chars = 3\nfuzzy-threshold = 75\n")
    options = build_options(load_config(config))
    assert (options.fuzzy.threshold, options.fuzzy.min_words, options.fuzzy.min_chars) == (75.0, 12, 3)
    sum205 = rule_by_key("SUM205")
    assert sum205.keywords(options.rule_options) == {"min_quote_words": 12, "min_quote_chars": 3}


@pytest.mark.parametrize("line, message", [
    ("min-quote-words = -1", "min-quote-words: must be a whole number of at least 0, not -1"),
    ("min-quote-chars = true", "min-quote-chars: must be a whole number of at least 0, not True"),
    ("fuzzy-threshold = 101", "fuzzy-threshold: must be a number from 0 to 100, not 101"),
    ("fuzzy-treshold = 80", "fuzzy-treshold: unknown key (did you mean 'fuzzy-threshold'?)"),
])
def test_the_configuration_checks_each_option_by_the_kind_its_rule_declares(tmp_path, line, message):
    config = write(tmp_path / "summcheck.toml", line + "\n")
    with pytest.raises(InputError) as raised:
        load_config(config)
    assert str(raised.value) == f"{config}: {message}"
