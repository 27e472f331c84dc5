"""The bundled examples (examples/README.md) give the results summcheck must produce."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from conftest import run_summcheck as run_line

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

CLEAN = ["rfc3986", "fhs"]

DEFECTS = EXAMPLES / "defects"
DEFECT_SUMMARY = DEFECTS / "summary.md"
DEFECT_CLAIMS = DEFECTS / "claims.jsonl"

# (rule, file, line): exactly what examples/README.md promises for examples/defects/.
PLANTED = {
    ("SUM101", DEFECT_SUMMARY, 13),  # no locator, no [synthesis]
    ("SUM102", DEFECT_SUMMARY, 14),  # (p. 44): no page is printed 44
    ("SUM102", DEFECT_SUMMARY, 15),  # (section 5.17) does not exist
    ("SUM103", DEFECT_SUMMARY, 16),  # (p. 16) exists, no record stands there
    ("SUM104", DEFECT_SUMMARY, 17),  # (section )
    ("SUM105", DEFECT_SUMMARY, 18),  # (p. 2): two pages carry the label 2
    ("SUM200", DEFECT_CLAIMS, 4),  # strength "mandatory"
    ("SUM201", DEFECT_CLAIMS, 6),  # fabricated quote
    ("SUM202", DEFECT_CLAIMS, 8),  # p. 31 quote filed under p. 32
    ("SUM205", DEFECT_CLAIMS, 10),  # "subdirectory of /run": short, twice on p. 14
    ("SUM200", DEFECT_CLAIMS, 12),  # "qoute" typo
    ("SUM206", DEFECT_CLAIMS, 13),  # section 3.19 does not exist
}


def run_summcheck(*args: str) -> subprocess.CompletedProcess:
    return run_line(*args, cwd=ROOT)


def json_report(summary: Path) -> tuple[int, dict]:
    proc = run_summcheck("check", str(summary), "--format", "json")
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode in (0, 1), f"exit {proc.returncode}: {proc.stderr}"
    return proc.returncode, json.loads(proc.stdout)


def finding_key(finding: dict) -> tuple[str, Path, int | None]:
    path = Path(finding["path"])
    if not path.is_absolute():
        path = ROOT / path
    return finding["rule"], path.resolve(), finding["line"]


def describe(findings) -> str:
    return "\n".join(f"  {f['rule']} {f['path']}:{f['line']} [{f['severity']}] {f['message']}"
                     for f in findings)


@pytest.mark.parametrize("name", CLEAN)
def test_clean_example_passes(name: str) -> None:
    code, report = json_report(EXAMPLES / name / "summary.md")
    assert report["findings"] == [], "unexpected findings:\n" + describe(report["findings"])
    assert code == 0
    assert report["counts"] == {"error": 0, "warning": 0, "info": 0}


def test_defect_example_reports_exactly_the_planted_findings() -> None:
    code, report = json_report(DEFECT_SUMMARY)
    assert code == 1
    serious = [f for f in report["findings"] if f["severity"] in ("error", "warning")]
    got = {finding_key(f) for f in serious}
    missing = PLANTED - got
    extra = [f for f in serious if finding_key(f) not in PLANTED]
    assert not missing, "planted findings not reported: " + ", ".join(
        f"{r} {p.name}:{l}" for r, p, l in sorted(missing, key=str))
    assert not extra, "findings that were not planted:\n" + describe(extra)
    severities = {f["rule"]: f["severity"] for f in serious}
    assert severities["SUM105"] == "warning" and severities["SUM205"] == "warning"
    assert all(severities[r] == "error" for r in severities if r not in ("SUM105", "SUM205"))


def test_defect_example_text_report_names_files_and_rules() -> None:
    proc = run_summcheck("check", str(DEFECT_SUMMARY), "--format", "text", "--no-color")
    assert proc.returncode == 1, proc.stderr
    out = proc.stdout
    assert "\x1b[" not in out  # --no-color
    assert "summary.md" in out and "claims.jsonl" in out
    for rule in sorted({r for r, _, _ in PLANTED}):
        assert rule in out, f"{rule} missing from the text report"


@pytest.mark.parametrize("name", CLEAN)
def test_python_api_clean(name: str) -> None:
    import summcheck

    report = summcheck.check(EXAMPLES / name / "summary.md")
    assert [(f.rule, str(f.path), f.line, f.message) for f in report.findings] == []


def test_python_api_defects() -> None:
    import summcheck

    report = summcheck.check(DEFECT_SUMMARY)
    got = {(f.rule, Path(f.path).resolve(), f.line)  # relative paths are relative to the cwd
           for f in report.findings if f.severity in ("error", "warning")}
    assert got == PLANTED
