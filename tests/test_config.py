"""Configuration files, suppressions and their reporting, as a project sets them up."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from conftest import run_summcheck

from summcheck.config.file import find_config, load_config
from summcheck.model import InputError

# RFC 3986, section 3.1 (real text, as the RFC lays it out).
RFC_EXCERPT = """\
3.1.  Scheme

   Each URI begins with a scheme name that refers to a specification for
   assigning identifiers within that scheme.

   Scheme names consist of a sequence of characters beginning with a
   letter and followed by any combination of letters, digits, plus
   ("+"), period ("."), or hyphen ("-").  Although schemes are case-
   insensitive, the canonical form is lowercase and documents that
   specify schemes must do so with lowercase letters.
"""
RECORD = {"claim": "Scheme specifications use lowercase.", "locator": "section 3.1",
          "quote": "documents that specify schemes must do so with lowercase letters",
          "strength": "requires"}


def project(tmp: Path, summary: str, *, front: bool = True, records=(RECORD,)) -> None:
    (tmp / "docs").mkdir(exist_ok=True)
    (tmp / "docs" / "rfc3986.txt").write_text(RFC_EXCERPT, encoding="utf-8")
    (tmp / "docs" / "claims.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    head = "---\nsource: rfc3986.txt\nclaims: claims.jsonl\n---\n" if front else ""
    (tmp / "docs" / "summary.md").write_text(head + summary, encoding="utf-8")


def run(tmp: Path, *args: str) -> subprocess.CompletedProcess:
    return run_summcheck("check", *args, "--format", "json", cwd=tmp)


def rules_of(result: subprocess.CompletedProcess) -> list[tuple[str, str, int]]:
    return [(f["rule"], f["severity"], f["line"]) for f in json.loads(result.stdout)["findings"]]


def test_summaries_mapping_makes_front_matter_optional(tmp_path):
    project(tmp_path, "Scheme specifications must use lowercase letters (section 3.1).\n",
            front=False)
    (tmp_path / "summcheck.toml").write_text(
        '[summaries."docs/*.md"]\nsource = "docs/rfc3986.txt"\nclaims = "docs/claims.jsonl"\n')
    result = run(tmp_path, "docs/summary.md")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["summaries"][0]["verified"] == 1
    # A folder finds the mapped summary although it has no front matter.
    assert run(tmp_path, "docs").returncode == 0


def test_pyproject_table_select_ignore_severity_and_fail_on(tmp_path):
    project(tmp_path, "A sentence without a locator.\n")
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[project]\nname = "x"\n\n[tool.summcheck]\nignore = ["missing-locator"]\n')
    assert run(tmp_path, "docs/summary.md").returncode == 0
    pyproject.write_text('[tool.summcheck]\nseverity = { SUM101 = "warning" }\n')
    result = run(tmp_path, "docs/summary.md")
    assert result.returncode == 0 and ("SUM101", "warning", 5) in rules_of(result)
    pyproject.write_text('[tool.summcheck]\nseverity = { SUM101 = "warning" }\nfail-on = "warning"\n')
    assert run(tmp_path, "docs/summary.md").returncode == 1
    assert run(tmp_path, "docs/summary.md", "--fail-on", "error").returncode == 0


def test_per_file_ignores_match_globs_relative_to_the_config(tmp_path):
    project(tmp_path, "A sentence without a locator.\n")
    (tmp_path / "summcheck.toml").write_text('[per-file-ignores]\n"docs/*.md" = ["SUM1"]\n')
    assert run(tmp_path, "docs/summary.md").returncode == 0
    (tmp_path / "summcheck.toml").write_text('[per-file-ignores]\n"other/*.md" = ["SUM1"]\n')
    assert run(tmp_path, "docs/summary.md").returncode == 1


def test_closest_config_wins_and_summcheck_toml_beats_pyproject(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.summcheck]\nfail-on = "never"\n')
    nested = tmp_path / "a" / "b"
    nested.mkdir(parents=True)
    assert find_config(nested) == tmp_path / "pyproject.toml"
    (tmp_path / "a" / "summcheck.toml").write_text('fail-on = "info"\n')
    assert find_config(nested) == tmp_path / "a" / "summcheck.toml"
    (nested / "pyproject.toml").write_text('[project]\nname = "no summcheck table"\n')
    assert find_config(nested) == tmp_path / "a" / "summcheck.toml"
    assert load_config(find_config(nested)).fail_on == "info"


@pytest.mark.parametrize("text, key", [
    ('selct = ["SUM1"]\n', "selct"),
    ('fail-on = "sometimes"\n', "fail-on"),
    ('fuzzy-threshold = 140\n', "fuzzy-threshold"),
    ('severity = { SUM101 = "fatal" }\n', "severity.SUM101"),
    ('[summaries."*.md"]\nsorce = "x.txt"\n', "summaries.*.md.sorce"),
    ('[modality.en]\nobliges = ["x"]\n', "modality.en.obliges"),
    ('synthesis-labels = []\n', "synthesis-labels"),
    ("fail-on = \n", "invalid TOML"),
])
def test_invalid_config_is_exit_2_naming_the_key(tmp_path, text, key):
    project(tmp_path, "Scheme specifications must use lowercase letters (section 3.1).\n")
    (tmp_path / "summcheck.toml").write_text(text)
    result = run(tmp_path, "docs/summary.md")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert key in result.stderr and "summcheck.toml" in result.stderr
    with pytest.raises(InputError):
        load_config(tmp_path / "summcheck.toml")


def test_unknown_rule_in_config_is_exit_2(tmp_path):
    project(tmp_path, "Scheme specifications must use lowercase letters (section 3.1).\n")
    (tmp_path / "summcheck.toml").write_text('ignore = ["SUM999"]\n')
    result = run(tmp_path, "docs/summary.md")
    assert result.returncode == 2 and "SUM999" in result.stderr


def test_explicit_config_option_overrides_discovery(tmp_path):
    project(tmp_path, "A sentence without a locator.\n")
    (tmp_path / "strict.toml").write_text('ignore = ["SUM101"]\n')
    assert run(tmp_path, "docs/summary.md").returncode == 1
    assert run(tmp_path, "docs/summary.md", "--config", "strict.toml").returncode == 0
    assert run(tmp_path, "docs/summary.md", "--config", "missing.toml").returncode == 2


def test_synthesis_labels_and_quote_length_options(tmp_path):
    project(tmp_path, "Alles zusammen ergibt ein klares Bild [Fazit].\n",
            records=[dict(RECORD, quote="lowercase letters")])
    (tmp_path / "summcheck.toml").write_text('synthesis-labels = ["[Fazit]"]\n')
    result = run(tmp_path, "docs/summary.md", "--fail-on", "warning")
    # The quote is short (SUM205); its requirement is cited by no sentence (SUM304, info).
    assert result.returncode == 1
    assert rules_of(result) == [("SUM205", "warning", 1), ("SUM304", "info", 1)]
    (tmp_path / "summcheck.toml").write_text(
        'synthesis-labels = ["[Fazit]"]\nmin-quote-words = 2\nmin-quote-chars = 10\n')
    assert run(tmp_path, "docs/summary.md", "--fail-on", "warning").returncode == 0


def test_markdown_suppressions_and_unused_ones_are_reported(tmp_path):
    project(tmp_path, "<!-- summcheck-disable-next-line SUM101 -->\n"
                      "A sentence without a locator.\n"
                      "<!-- summcheck-disable-next-line SUM101 -->\n"
                      "Scheme specifications must use lowercase letters (section 3.1).\n")
    result = run(tmp_path, "docs/summary.md", "--fail-on", "warning")
    assert rules_of(result) == [("SUM100", "warning", 7)]
    # A suppression of a rule that did not run is not reported as unused.
    assert run(tmp_path, "docs/summary.md", "--select", "SUM2,SUM100",
               "--fail-on", "warning").returncode == 0


def test_record_ignore_suppresses_and_an_unused_entry_is_reported(tmp_path):
    short = dict(RECORD, quote="lowercase letters", ignore=["SUM205"])
    project(tmp_path, "Scheme specifications must use lowercase letters (section 3.1).\n",
            records=[short])
    assert run(tmp_path, "docs/summary.md", "--fail-on", "warning").returncode == 0
    project(tmp_path, "Scheme specifications must use lowercase letters (section 3.1).\n",
            records=[dict(RECORD, ignore=["ambiguous-quote"])])
    result = run(tmp_path, "docs/summary.md", "--fail-on", "warning")
    assert rules_of(result) == [("SUM100", "warning", 1)]
