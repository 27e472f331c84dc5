"""Option injection (issue 16): wherever summcheck passes paths on, a file named like an option
(`--output=README.md`) stays a file name."""
from __future__ import annotations

import json
import os
from pathlib import Path

from summcheck import action as action_module

RECORD = {"claim": "Packages install below /usr.", "locator": "line 1",
          "quote": "Packages must install their files below /usr.", "strength": "requires"}


def test_the_action_takes_a_path_named_like_an_option_as_a_path(tmp_path, monkeypatch, capsys):
    root = tmp_path / "ws"
    root.mkdir()
    (root / "README.md").write_text("# Project\n", encoding="utf-8")
    (root / "source.txt").write_text("Packages must install their files below /usr.\n",
                                     encoding="utf-8")
    (root / "claims.jsonl").write_text(json.dumps(RECORD) + "\n", encoding="utf-8")
    (root / "--output=README.md").write_text(
        "---\nsource: source.txt\nclaims: claims.jsonl\n---\n\n"
        "Packages must install their files below /usr (line 1).\n", encoding="utf-8")
    monkeypatch.chdir(root)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("INPUT_", "GITHUB_"))}
    env.update({"GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": str(root),
                "GITHUB_EVENT_NAME": "push", "GITHUB_OUTPUT": str(tmp_path / "out.txt"),
                "INPUT_PATHS": "--output=README.md", "INPUT_SARIF_FILE": "",
                "INPUT_JOB_SUMMARY": "false", "INPUT_EXTRA_ARGS": ""})
    code = action_module.main(env)
    out = capsys.readouterr().out
    assert code == 0, out
    assert "Checked --output=README.md" in out
    assert (root / "README.md").read_text(encoding="utf-8") == "# Project\n"
    # nothing written but the evidence report folder, the report named after the summary
    assert sorted(p.name for p in root.iterdir()) == [
        "--output=README.md", "README.md", "claims.jsonl", "source.txt", "summcheck-report"]
    assert sorted(p.name for p in (root / "summcheck-report").iterdir()) == [
        "--output=README.md.html", "index.html"]


def test_the_action_yml_passes_no_path_on_a_command_line():
    text = (Path(__file__).resolve().parents[1] / "action.yml").read_text(encoding="utf-8")
    assert "run: '\"$SUMMCHECK_PYTHON\" -m summcheck.action'" in text  # inputs go by env: only
