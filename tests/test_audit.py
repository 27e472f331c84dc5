"""`summcheck audit MANIFEST` on the shipped examples: each result line is what `check
--format json` gives for that summary alone, the work is sharded by source (each source loaded
once), a killed or interrupted run resumes to the same file, bad manifests stop before any work,
and the dask engine gives the local pool's results byte for byte."""
from __future__ import annotations

import csv
import hashlib
import hmac
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from summcheck.audit import engines as audit_engines
from summcheck.audit.results import compact_json
from summcheck.terminal.interrupt import Interrupted

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"

#: 9 triples over 3 sources (rfc3986.txt, its copy in rfc-b/, fhs-3.0.pdf): front matter alone,
#: claims and source named, one summary against another's claims or source.
ENTRIES = [
    {"summary": "rfc3986/summary.md"},
    {"summary": "fhs/summary.md"},
    {"summary": "defects/summary.md"},
    {"summary": "rfc-b/summary.md"},
    {"summary": "rfc3986/summary.md", "claims": "rfc-b/claims.jsonl",
     "source": "rfc3986/rfc3986.txt"},
    {"summary": "defects/summary.md", "claims": "fhs/claims.jsonl"},
    {"summary": "fhs/summary.md", "claims": "defects/claims.jsonl"},
    {"summary": "rfc-b/summary.md", "source": "rfc-b/rfc3986.txt",
     "claims": "rfc3986/claims.jsonl"},
    {"summary": "rfc3986/summary.md", "source": "fhs/fhs-3.0.pdf"},
]
SOURCES = {"corpus/rfc3986/rfc3986.txt": [0, 4], "corpus/fhs/fhs-3.0.pdf": [1, 2, 5, 6, 8],
           "corpus/rfc-b/rfc3986.txt": [3, 7]}


def build_corpus(root: Path, entries: list[dict] = ENTRIES) -> Path:
    """root/corpus/ with the examples and root/corpus/manifest.jsonl; returns the manifest."""
    corpus = root / "corpus"
    for name in ("rfc3986", "defects", "fhs"):
        shutil.copytree(EXAMPLES / name, corpus / name)
    shutil.copytree(EXAMPLES / "rfc3986", corpus / "rfc-b")
    manifest = corpus / "manifest.jsonl"
    manifest.write_text("".join(json.dumps(e) + "\n" for e in entries), encoding="utf-8")
    return manifest


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    """The folder holding corpus/ (the runs' working folder); the inputs are never changed."""
    root = tmp_path_factory.mktemp("audit")
    build_corpus(root)
    return root


def expected_line(root: Path, entry: dict, run_line) -> str:
    """The result line for `entry`: `check SUMMARY [--claims] [--source] --format json`."""
    args = ["check", f"corpus/{entry['summary']}"]
    for key in ("claims", "source"):
        if key in entry:
            args += [f"--{key}", f"corpus/{entry[key]}"]
    result = run_line(*args, "--format", "json", cwd=root)
    assert result.code in (0, 1), result.stderr
    key = {k: entry.get(k) for k in ("summary", "claims", "source")}
    return key, compact_json(result.stdout)


@pytest.fixture(scope="module")
def expected(corpus) -> list[tuple[dict, str]]:
    from conftest import run_summcheck

    return [expected_line(corpus, entry, run_summcheck) for entry in ENTRIES]


def lines_of(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="ascii").splitlines()]


def user_key() -> bytes:
    """The secret key the runs sign their results with (conftest: the session's own)."""
    return Path(os.environ["SUMMCHECK_KEY_FILE"]).read_bytes()


def tag_of(body: str) -> str:
    """The tag a results line without it (`body`) gets: its HMAC-SHA256 under the user's key."""
    return hmac.new(user_key(), b"summcheck audit results line\0" + body.encode("ascii"),
                    hashlib.sha256).hexdigest()


def assert_matches_check(output: Path, expected) -> None:
    """Each line is the entry's key and check's JSON report, byte for byte, in manifest order,
    and the tag of the rest under the user's key."""
    text = output.read_text(encoding="ascii")
    assert text.endswith("\n") and text.count("\n") == len(expected)
    for line, (key, report) in zip(text.splitlines(), expected):
        value = json.loads(line)
        assert value["entry"] == key
        settings, inputs = json.dumps(value["settings"]), json.dumps(value["inputs"])
        body = (f'{{"entry":{json.dumps(key, separators=(",", ":"))},'
                f'"settings":{settings},"inputs":{inputs},"report":{report}}}')
        assert line == f'{body[:-1]},"tag":"{tag_of(body)}"}}'


def audit(run_line, root: Path, *args: str):
    return run_line("audit", "corpus/manifest.jsonl", *args, cwd=root)


# ---------------------------------------------------------------- results


def test_the_local_pool_gives_each_summary_the_report_check_gives_it(corpus, expected, run_line,
                                                                      tmp_path):
    pooled = audit(run_line, corpus, "-o", str(tmp_path / "pool.jsonl"), "--jobs", "2")
    assert pooled.code == 1, pooled.stderr  # the defects example has errors
    assert pooled.stderr == ""
    assert_matches_check(tmp_path / "pool.jsonl", expected)
    assert_totals(pooled.stdout, expected)
    alone = audit(run_line, corpus, "-o", str(tmp_path / "one.jsonl"), "--jobs", "1")
    assert (tmp_path / "one.jsonl").read_bytes() == (tmp_path / "pool.jsonl").read_bytes()
    assert alone.stdout == pooled.stdout and alone.code == pooled.code


def test_the_cache_serves_an_audit_and_no_cache_keeps_none(corpus, expected, run_line,
                                                            tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("SUMMCHECK_CACHE_DIR", str(folder))
    audit(run_line, corpus, "-o", str(tmp_path / "off.jsonl"), "--jobs", "1", "--no-cache")
    assert not folder.exists() or not any(folder.glob("*.source"))
    audit(run_line, corpus, "-o", str(tmp_path / "on.jsonl"), "--jobs", "1")
    assert any(folder.glob("*.source"))  # the FHS PDF's text, kept for the next run
    warm = audit(run_line, corpus, "-o", str(tmp_path / "warm.jsonl"), "--jobs", "1")
    assert warm.code == 1
    for name in ("on.jsonl", "warm.jsonl"):
        assert (tmp_path / name).read_bytes() == (tmp_path / "off.jsonl").read_bytes()
    assert_matches_check(tmp_path / "warm.jsonl", expected)


def test_a_resumed_run_checks_again_what_changed_since_and_what_could_not_be_checked(
        corpus, expected, run_line, tmp_path):
    output = tmp_path / "out.jsonl"
    first = audit(run_line, corpus, "-o", str(output), "--jobs", "1", "--no-cache")
    assert first.code == 1
    claims = corpus / "corpus" / "rfc3986" / "claims.jsonl"
    original = claims.read_bytes()
    try:
        claims.write_bytes(original.replace(b"may represent", b"may NOT represent", 1))
        edited = audit(run_line, corpus, "-o", str(output), "--jobs", "1", "--no-cache")
        alone = run_line("check", "corpus/rfc3986/summary.md", "--format", "json", "--no-cache",
                         cwd=corpus)
        line = next(v for v in lines_of(output)
                    if v["entry"] == {"summary": "rfc3986/summary.md", "claims": None, "source": None})
        assert line["report"]["findings"] == json.loads(alone.stdout)["findings"] != []
        assert edited.code == 1
    finally:
        claims.write_bytes(original)
    audit(run_line, corpus, "-o", str(output), "--jobs", "1", "--no-cache")
    assert_matches_check(output, expected)


def assert_totals(text: str, expected) -> None:
    """The totals count the findings of `expected` by rule and by source, in order."""
    rules: dict[str, int] = {}
    for _key, report in expected:
        for finding in json.loads(report)["findings"]:
            rules[finding["rule"]] = rules.get(finding["rule"], 0) + 1
    rule_rows = [line.split() for line in text.split("\n\n")[0].splitlines()[1:]]
    assert [(code, int(count)) for code, _name, count in rule_rows] == sorted(rules.items())
    header, *lines = text.split("\n\n")[1].splitlines()
    # The last column counts summaries that could not be checked, not error findings.
    assert header.split() == ["source", "summaries", "findings", "unchecked"]
    source_rows = [line.split() for line in lines]
    assert [row[0] for row in source_rows] == sorted(SOURCES)
    for source, summaries, findings, unchecked in source_rows:
        indices = SOURCES[source]
        assert int(summaries) == len(indices) and int(unchecked) == 0
        assert int(findings) == sum(len(json.loads(expected[i][1])["findings"]) for i in indices)
    total = sum(rules.values())
    assert text.splitlines()[-1].startswith(f"9 summaries over 3 sources: {total} findings (")


def test_a_csv_manifest_gives_the_same_results_as_the_jsonl_one(corpus, expected, run_line,
                                                                tmp_path):
    table = corpus / "corpus" / "manifest.csv"
    with open(table, "w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["summary", "claims", "source"])
        for entry in ENTRIES:
            writer.writerow([entry["summary"], entry.get("claims", ""),
                             entry.get("source", "")])
    try:
        run_line("audit", "corpus/manifest.csv", "-o", str(tmp_path / "csv.jsonl"), "-j", "1",
                 cwd=corpus)
    finally:
        table.unlink()
    assert_matches_check(tmp_path / "csv.jsonl", expected)  # the keys are the same strings


def test_a_summary_that_cannot_be_checked_is_exit_2_with_its_line(tmp_path, run_line):
    manifest = build_corpus(tmp_path, [{"summary": "rfc3986/summary.md"},
                                       {"summary": "fhs/summary.md",
                                        "claims": "fhs/summary.md"}])
    (tmp_path / "corpus" / "broken.md").write_text("---\nsource: fhs/fhs-3.0.pdf\nclaims: "
                                                   "gone.jsonl\n---\n\nText (p. 1).\n")
    with open(manifest, "a", encoding="utf-8") as handle:
        handle.write(json.dumps({"summary": "broken.md"}) + "\n")
    result = run_line("audit", "corpus/manifest.jsonl", "-j", "1", cwd=tmp_path)
    assert result.code == 2
    lines = lines_of(tmp_path / "corpus" / "manifest.results.jsonl")
    assert [bool(line["report"]["errors"]) for line in lines] == [False, True, True]
    assert "summcheck: error: corpus/broken.md: claims file corpus/gone.jsonl not found" \
        in result.stderr.splitlines()
    assert "3 summaries over 2 sources (2 could not be checked): " in result.stdout


# ---------------------------------------------------------------- sharding


def test_each_source_is_loaded_once_for_its_shard(corpus, run_line, tmp_path, monkeypatch):
    import summcheck.sources as sources

    loaded: list[str] = []
    real = sources._load

    def counting(path, *args, **kwargs):
        loaded.append(Path(path).as_posix())
        return real(path, *args, **kwargs)

    monkeypatch.setattr(sources, "_load", counting)
    ran: list[list[str]] = []
    real_shard = audit_engines.run_shard

    def shard(jobs, options, *args):
        ran.append([job.summary.as_posix() for job in jobs])
        return real_shard(jobs, options, *args)

    monkeypatch.setattr(audit_engines, "run_shard", shard)
    result = audit(run_line, corpus, "-o", str(tmp_path / "r.jsonl"), "-j", "1")
    assert result.code == 1
    assert sorted(loaded) == sorted(SOURCES)  # each once, for 9 summaries
    summaries = [f"corpus/{e['summary']}" for e in ENTRIES]
    assert ran == [[summaries[i] for i in indices] for indices in SOURCES.values()]


# ---------------------------------------------------------------- resume


def test_an_interrupted_run_resumes_to_the_file_of_an_uninterrupted_one(
        corpus, expected, run_line, tmp_path, monkeypatch):
    output = tmp_path / "r.jsonl"
    real_shard = audit_engines.run_shard
    calls: list[int] = []

    def interrupted_at_the_second(jobs, options, *args):
        calls.append(len(jobs))
        if len(calls) == 2:
            raise Interrupted("SIGINT")  # what Ctrl-C raises (summcheck.interrupt)
        return real_shard(jobs, options, *args)

    monkeypatch.setattr(audit_engines, "run_shard", interrupted_at_the_second)
    first = audit(run_line, corpus, "-o", str(output), "-j", "1")
    assert first.code == 2 and first.stderr == "summcheck: interrupted\n"
    assert len(lines_of(output)) == len(SOURCES["corpus/rfc3986/rfc3986.txt"])
    with open(output, "a", encoding="ascii") as handle:  # as if killed while writing a line
        handle.write('{"entry":{"summary":"fhs/summary.md","claims":null,"sou')

    calls.clear()
    monkeypatch.setattr(audit_engines, "run_shard", lambda jobs, options, *args: (
        calls.append(len(jobs)), real_shard(jobs, options, *args))[1])
    resumed = audit(run_line, corpus, "-o", str(output), "-j", "1")
    assert resumed.code == 1
    assert resumed.stderr == f"summcheck: resuming {output}: 1 of 3 shards already done\n"
    assert calls == [5, 2]  # the fhs and rfc-b shards; the first is not run again
    assert_matches_check(output, expected)
    again = audit(run_line, corpus, "-o", str(output), "-j", "1")
    assert calls == [5, 2] and again.stdout == resumed.stdout and again.stderr == ""
    fresh = audit(run_line, corpus, "-o", str(output), "-j", "1", "--fresh")
    assert calls == [5, 2, 2, 5, 2] and fresh.stdout == resumed.stdout
    assert_matches_check(output, expected)


def test_a_shard_that_fails_leaves_the_others_done_and_a_rerun_finishes(
        corpus, expected, run_line, tmp_path, monkeypatch):
    output = tmp_path / "r.jsonl"
    real_shard = audit_engines.run_shard

    def failing_fhs(jobs, options, *args):
        if any("fhs" in job.summary.as_posix() for job in jobs):
            raise RuntimeError("worker lost")
        return real_shard(jobs, options, *args)

    monkeypatch.setattr(audit_engines, "run_shard", failing_fhs)
    failed = audit(run_line, corpus, "-o", str(output), "-j", "1")
    assert failed.code == 2
    assert ("summcheck: error: the shard of corpus/fhs/fhs-3.0.pdf failed (RuntimeError: "
            "worker lost); its entries have no results: run the same command again to retry"
            in failed.stderr)
    assert len(lines_of(output)) == 4
    monkeypatch.setattr(audit_engines, "run_shard", real_shard)
    assert audit(run_line, corpus, "-o", str(output), "-j", "1").code == 1
    assert_matches_check(output, expected)


KILLED_RUN = """
import sys, time
from summcheck.audit import engines
real, calls = engines.run_shard, []
def shard(jobs, options, *args):
    calls.append(1)
    if len(calls) == 2:
        time.sleep(120)  # killed here, the first shard's lines written
    return real(jobs, options, *args)
engines.run_shard = shard
from summcheck.cli import main
sys.argv = ["summcheck", "audit", "corpus/manifest.jsonl", "-o", sys.argv[1], "-j", "1"]
main()
"""


@pytest.mark.integration
def test_a_run_killed_midway_resumes_to_the_same_file(corpus, expected, run_line, tmp_path):
    output = tmp_path / "r.jsonl"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    child = subprocess.Popen([sys.executable, "-c", KILLED_RUN, str(output)], cwd=corpus,
                             env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while not (output.exists() and output.read_bytes().count(b"\n") == 2):
            assert child.poll() is None, child.stderr.read()
            assert time.monotonic() < deadline
            time.sleep(0.05)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stderr.close()
    assert child.returncode == -signal.SIGKILL
    resumed = audit(run_line, corpus, "-o", str(output), "-j", "2")
    assert resumed.code == 1
    assert "1 of 3 shards already done" in resumed.stderr
    assert_matches_check(output, expected)


def test_a_results_file_of_something_else_is_exit_2_until_fresh(corpus, run_line, tmp_path):
    output = tmp_path / "r.jsonl"
    output.write_text('{"not": "ours"}\n', encoding="utf-8")
    result = audit(run_line, corpus, "-o", str(output), "-j", "1")
    assert result.code == 2
    assert result.stderr == (f"summcheck: error: {output}: line 1: not a line of summcheck "
                             f"audit results; pass --fresh to start over, or name another "
                             f"--output\n")
    assert output.read_text() == '{"not": "ours"}\n'
    other = audit(run_line, corpus, "-o", str(output), "-j", "1", "--fresh", "--select", "SUM2")
    assert other.code == 1
    changed = audit(run_line, corpus, "-o", str(output), "-j", "1")
    assert changed.code == 2 and "written by a run with other settings" in changed.stderr


def forged(line: str, how: str, other_key: bytes) -> str:
    """`line` with its summary's findings deleted, as a pull request could commit it: without
    a tag, with the tag it had, or with one made by another user's key."""
    value = json.loads(line)
    value["report"]["findings"] = []
    value["report"]["counts"] = {"error": 0, "warning": 0, "info": 0}
    tag = value.pop("tag", None)
    body = json.dumps(value, separators=(",", ":"))
    if how == "tag kept":
        value["tag"] = tag
    elif how == "another key's tag":
        value["tag"] = hmac.new(other_key, b"summcheck audit results line\0" + body.encode(),
                                hashlib.sha256).hexdigest()
    return json.dumps(value, separators=(",", ":")) + "\n"


@pytest.mark.parametrize("how", ["untagged", "tag kept", "another key's tag"])
def test_a_resumed_audit_checks_again_a_results_line_summcheck_did_not_write(
        tmp_path, run_line, monkeypatch, how):
    """A results file committed with a summary's findings deleted: the line's tag is not
    summcheck's for it, so the summary is checked again and its findings are back."""
    manifest = build_corpus(tmp_path, [{"summary": "defects/summary.md"},
                                       {"summary": "rfc3986/summary.md"}])
    output = manifest.with_name("manifest.results.jsonl")
    assert run_line("audit", manifest, "-j", "1", cwd=tmp_path).code == 1
    written = output.read_text(encoding="ascii")
    lines = written.splitlines(keepends=True)
    assert json.loads(lines[0])["report"]["findings"]
    output.write_text(forged(lines[0], how, b"k" * 32) + lines[1], encoding="ascii")
    ran: list[list[str]] = []
    real_shard = audit_engines.run_shard
    monkeypatch.setattr(audit_engines, "run_shard", lambda jobs, options, *args: (
        ran.append([job.summary.name for job in jobs]), real_shard(jobs, options, *args))[1])
    again = run_line("audit", manifest, "-j", "1", cwd=tmp_path)
    assert again.code == 1, again.stdout  # not 0 over the deleted findings
    assert ran == [["summary.md"]] and "1 of 2 shards already done" in again.stderr
    assert output.read_text(encoding="ascii") == written  # the line made anew, the same bytes


def test_results_committed_by_another_user_are_all_checked_again(tmp_path, run_line,
                                                                   monkeypatch):
    manifest = build_corpus(tmp_path, [{"summary": "rfc3986/summary.md"},
                                       {"summary": "rfc-b/summary.md"}])
    output = manifest.with_name("manifest.results.jsonl")
    assert run_line("audit", manifest, "-j", "1", cwd=tmp_path).code == 0
    theirs = output.read_bytes()
    monkeypatch.setenv("SUMMCHECK_KEY_FILE", str(tmp_path / "mine" / "key"))  # another user
    ran: list[int] = []
    real_shard = audit_engines.run_shard
    monkeypatch.setattr(audit_engines, "run_shard", lambda jobs, options, *args: (
        ran.append(len(jobs)), real_shard(jobs, options, *args))[1])
    mine = run_line("audit", manifest, "-j", "1", cwd=tmp_path)
    assert mine.code == 0 and ran == [1, 1] and mine.stderr == ""
    assert [line["report"] for line in lines_of(output)] == [
        json.loads(line)["report"] for line in theirs.splitlines()]
    assert output.read_bytes() != theirs  # the same reports, tagged with this user's key
    assert (tmp_path / "mine" / "key").stat().st_mode & 0o777 == 0o600
    assert run_line("audit", manifest, "-j", "1", cwd=tmp_path).code == 0 and ran == [1, 1]


def test_without_a_key_an_audit_runs_and_a_resumed_one_checks_everything_again(
        tmp_path, run_line, monkeypatch):
    """No key can be made (here: its folder would be a file), as in a read-only home: the run
    does not fail, its lines carry no tag, and resuming checks every entry again."""
    (tmp_path / "home").write_text("a file, not a folder\n", encoding="utf-8")
    monkeypatch.setenv("SUMMCHECK_KEY_FILE", str(tmp_path / "home" / "summcheck" / "key"))
    manifest = build_corpus(tmp_path, [{"summary": "rfc3986/summary.md"},
                                       {"summary": "defects/summary.md"}])
    output = manifest.with_name("manifest.results.jsonl")
    first = run_line("audit", manifest, "-j", "1", cwd=tmp_path)
    assert first.code == 1 and first.stderr == ""
    written = output.read_bytes()
    assert [line["tag"] for line in lines_of(output)] == [None, None]
    ran: list[int] = []
    real_shard = audit_engines.run_shard
    monkeypatch.setattr(audit_engines, "run_shard", lambda jobs, options, *args: (
        ran.append(len(jobs)), real_shard(jobs, options, *args))[1])
    again = run_line("audit", manifest, "-j", "1", cwd=tmp_path)
    assert again.code == 1 and again.stderr == "" and ran == [1, 1]
    assert output.read_bytes() == written


@pytest.mark.parametrize("line", ["[" * 100_000 + "]" * 100_000,
                                  '{"entry":' + '{"a":' * 100_000])
def test_a_results_line_nested_too_deeply_is_exit_2_naming_it(corpus, run_line, tmp_path,
                                                               monkeypatch, line):
    """As any other line that is no results line: the file and the line, never a traceback."""
    output = tmp_path / "r.jsonl"
    assert audit(run_line, corpus, "-o", str(output), "-j", "1").code == 1
    first = output.read_text(encoding="ascii").splitlines(keepends=True)[0]
    output.write_text(first + line + "\n", encoding="ascii")
    monkeypatch.setattr(audit_engines, "run_shard", no_work)
    result = audit(run_line, corpus, "-o", str(output), "-j", "1")
    assert (result.code, result.stderr) == (
        2, f"summcheck: error: {output}: line 2: not a line of summcheck audit results; pass "
           f"--fresh to start over, or name another --output\n")


# ---------------------------------------------------------------- manifest errors


def no_work(*args):
    raise RuntimeError("work started")


@pytest.mark.parametrize("name, text, message", [
    ("m.jsonl", '{"summary": "rfc3986/summary.md"}\n{"summary": \n',
     "m.jsonl: line 2: not valid JSON (Expecting value)"),
    ("m.jsonl", '\n["rfc3986/summary.md"]\n', "m.jsonl: line 2: not a JSON object "
                                     '({"summary": ..., "claims": ..., "source": ...})'),
    ("m.jsonl", '{"summary": "rfc3986/summary.md"}\n\n{"claims": "fhs/claims.jsonl"}\n',
     "m.jsonl: line 3: no summary"),
    ("m.jsonl", '{"summary": "rfc3986/summary.md", "src": "x"}\n',
     "m.jsonl: line 1: unknown key 'src' (the keys are summary, claims, source, sources)"),
    ("m.jsonl", '{"summary": "rfc3986/summary.md"}\n{"summary": "fhs/summary.md"}\n'
                '{"summary": "fhs/missing.md"}\n',
     "m.jsonl: line 3: summary corpus/fhs/missing.md not found"),
    ("m.jsonl", '{"summary": "fhs/summary.md", "source": "https://example.org/fhs.pdf"}\n',
     "m.jsonl: line 1: source 'https://example.org/fhs.pdf' is a URL; an audit reads local "
     "files only (fetch the files first)"),
    ("m.jsonl", '{"summary": "fhs/summary.md"}\n{"summary": "fhs/summary.md"}\n',
     "m.jsonl: line 2: the same entry as line 1"),
    ("m.csv", "claims,source\nfhs/claims.jsonl,fhs/fhs-3.0.pdf\n",
     "m.csv: line 1: no summary column"),
    ("m.csv", "summary,claims\nfhs/summary.md,\nfhs/summary.md,fhs/claims.jsonl,x\n",
     "m.csv: line 3: 3 fields where the header names 2"),
    ("m.csv", "summary,claims\nfhs/summary.md,fhs/nothing.jsonl\n",
     "m.csv: line 2: claims corpus/fhs/nothing.jsonl not found"),
    ("m.txt", "summary\nfhs/summary.md\n\n", None),  # sniffed as CSV: fine
    ("m.jsonl", "", "m.jsonl: the manifest lists no summary"),
    ("m.jsonl", '{"summary": "fhs/summary.md"}\n' + "[" * 100_000 + "]" * 100_000 + "\n",
     "m.jsonl: line 2: not valid JSON (nested too deeply)"),
    ("m.jsonl", '{"summary": "fhs/summary.md", "source": ' + '{"a":' * 100_000 + "\n",
     "m.jsonl: line 1: not valid JSON (nested too deeply)"),
    # only line feeds end a line: a form feed (or U+2028) does not shift the numbers
    ("m.jsonl", '\f\n{"summary": "fhs/nothing.md"}\n',
     "m.jsonl: line 2: summary corpus/fhs/nothing.md not found"),
])
def test_a_bad_manifest_line_is_exit_2_naming_it_before_any_work(corpus, run_line, tmp_path,
                                                                 monkeypatch, name, text,
                                                                 message):
    manifest = corpus / "corpus" / name
    manifest.write_text(text, encoding="utf-8")
    output = tmp_path / "r.jsonl"
    monkeypatch.setattr(audit_engines, "run_shard", no_work)
    try:
        result = run_line("audit", f"corpus/{name}", "-o", str(output), cwd=corpus)
    finally:
        manifest.unlink()
    if message is None:
        assert result.code == 2 and "work started" in result.stderr  # the manifest was read
        return
    assert (result.code, result.stderr) == (2, f"summcheck: error: corpus/{message}\n")
    assert result.stdout == "" and not output.exists()


SECRET = "GITHUB_TOKEN=ghs_not_for_any_report\nThe characters slash and question mark.\n"


@pytest.mark.parametrize("key, value, shown, why", [
    ("source", "../secret.txt", "secret.txt", "outside"),
    ("claims", "../secret.txt", "secret.txt", "outside"),
    ("summary", "../secret.txt", "secret.txt", "outside"),
    ("source", "{root}/secret.txt", "{root}/secret.txt", "outside"),
    ("source", "/etc/passwd", "/etc/passwd", "outside"),
    ("source", "rfc3986/notes.txt", "corpus/rfc3986/notes.txt", "outside"),  # a symlink out
    ("source", "/proc/self/environ", "/proc/self/environ", "special"),
])
def test_a_manifest_naming_a_file_outside_its_folder_is_exit_2_before_reading_it(
        corpus, run_line, tmp_path, monkeypatch, key, value, shown, why):
    """A manifest is confined as front matter is: below its folder (or its git work tree's
    top), no special file; the line is named, and nothing of the file reaches any output."""
    (corpus / "secret.txt").write_text(SECRET, encoding="utf-8")
    link = corpus / "corpus" / "rfc3986" / "notes.txt"
    link.symlink_to(corpus / "secret.txt")
    entry = {"summary": "rfc3986/summary.md", "claims": "rfc3986/claims.jsonl"}
    entry[key] = value.format(root=corpus)
    manifest = corpus / "corpus" / "m.jsonl"
    manifest.write_text('{"summary": "fhs/summary.md"}\n' + json.dumps(entry) + "\n",
                        encoding="utf-8")
    output = tmp_path / "r.jsonl"
    monkeypatch.setattr(audit_engines, "run_shard", no_work)
    try:
        result = run_line("audit", "corpus/m.jsonl", "-o", str(output), cwd=corpus)
    finally:
        manifest.unlink()
        link.unlink()
    assert result.code == 2 and result.stdout == "" and not output.exists()
    where = f"summcheck: error: corpus/m.jsonl: line 2: {key} {shown.format(root=corpus)} "
    if why == "outside":
        assert result.stderr == (f"{where}lies outside the manifest's folder "
                                 f"{os.path.realpath(corpus / 'corpus')} (after following "
                                 f"symlinks); pass --allow-outside on the command line to "
                                 f"allow it\n")
    else:
        assert result.stderr == f"{where}not read: it is a special file under /proc\n"
    assert "ghs_not_for_any_report" not in result.stderr


def test_allow_outside_on_the_command_line_lets_a_manifest_name_a_file_outside(tmp_path,
                                                                              run_line):
    manifest = build_corpus(tmp_path / "a", [{"summary": "rfc3986/summary.md",
                                             "source": "../outside/rfc3986.txt"}])
    (tmp_path / "a" / "outside").mkdir()
    shutil.copy(EXAMPLES / "rfc3986" / "rfc3986.txt", tmp_path / "a" / "outside")
    refused = run_line("audit", manifest, "-j", "1", cwd=tmp_path)
    assert refused.code == 2 and "lies outside the manifest's folder" in refused.stderr
    (tmp_path / "a" / "summcheck.toml").write_text("allow-outside = true\n", encoding="utf-8")
    ignored = run_line("audit", manifest, "-j", "1", cwd=tmp_path)
    assert ignored.code == 2  # only the flag opens it, and the run says so
    assert "allow-outside = true is ignored" in ignored.stderr.splitlines()[0]
    allowed = run_line("audit", manifest, "-j", "1", "--allow-outside", cwd=tmp_path)
    assert allowed.code == 0, allowed.stderr
    [line] = lines_of(manifest.with_name("manifest.results.jsonl"))
    assert line["report"]["summaries"][0]["source"] == "a/outside/rfc3986.txt"


def test_a_manifest_may_name_files_anywhere_in_its_git_work_tree(tmp_path, run_line):
    """The root is the manifest's folder and the top of the work tree it is in, as for a
    summary's front matter."""
    corpus = build_corpus(tmp_path).parent
    lists = corpus / "lists"
    lists.mkdir()
    (lists / "m.jsonl").write_text('{"summary": "../rfc3986/summary.md"}\n', encoding="utf-8")
    refused = run_line("audit", "corpus/lists/m.jsonl", "-j", "1", cwd=tmp_path)
    assert refused.code == 2 and refused.stderr.startswith(
        "summcheck: error: corpus/lists/m.jsonl: line 1: summary corpus/rfc3986/summary.md lies "
        "outside the manifest's folder")
    (corpus / ".git").mkdir()
    allowed = run_line("audit", "corpus/lists/m.jsonl", "-j", "1", cwd=tmp_path)
    assert allowed.code == 0 and allowed.stderr == ""


@pytest.mark.parametrize("value", [".git/config", "rfc3986/config.txt"])
@pytest.mark.parametrize("flag", [[], ["--allow-outside"]])
def test_a_manifest_never_reads_inside_a_git_folder_even_with_allow_outside(
        tmp_path, run_line, monkeypatch, value, flag):
    manifest = build_corpus(tmp_path, [{"summary": "rfc3986/summary.md", "source": value}])
    corpus = manifest.parent
    (corpus / ".git").mkdir()
    (corpus / ".git" / "config").write_text('[http]\n\textraheader = AUTHORIZATION: basic '
                                            'c2VjcmV0\n', encoding="utf-8")
    (corpus / "rfc3986" / "config.txt").symlink_to(corpus / ".git" / "config")
    monkeypatch.setattr(audit_engines, "run_shard", no_work)
    result = run_line("audit", "corpus/manifest.jsonl", *flag, cwd=tmp_path)
    assert result.code == 2 and result.stdout == ""
    [message] = result.stderr.splitlines()
    assert message.startswith(f"summcheck: error: corpus/manifest.jsonl: line 1: source "
                              f"corpus/{value} ")
    assert "inside a .git folder" in message and "c2VjcmV0" not in message
    assert not manifest.with_name("manifest.results.jsonl").exists()


def test_results_that_are_no_regular_file_are_exit_2(corpus, run_line, tmp_path):
    fifo = tmp_path / "results.fifo"
    os.mkfifo(fifo)
    result = run_line("audit", "corpus/manifest.jsonl", "-o", str(fifo), cwd=corpus)
    assert result.code == 2 and "not a regular file" in result.stderr


def test_the_results_never_overwrite_an_input(corpus, run_line):
    result = audit(run_line, corpus, "-o", "corpus/fhs/claims.jsonl")
    assert result.code == 2
    assert "refusing to write the results over the claims file of corpus/fhs/summary.md" \
        in result.stderr


def test_address_needs_the_dask_engine(corpus, run_line, tmp_path):
    result = audit(run_line, corpus, "-o", str(tmp_path / "r.jsonl"), "--address", "h:1")
    assert result.code == 2
    assert result.stderr == ("summcheck: error: --address names a dask scheduler: pass "
                             "--engine dask with it\n")


def test_the_dask_engine_without_the_extra_names_it(corpus, run_line, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if not installed
    result = audit(run_line, corpus, "-o", str(tmp_path / "r.jsonl"), "--engine", "dask")
    assert (result.code, result.stderr) == (
        2, "summcheck: error: --engine dask needs dask.distributed, which is not installed: "
           "pip install 'summcheck[distributed]'\n")
    assert not (tmp_path / "r.jsonl").exists()


# ---------------------------------------------------------------- dask


@pytest.fixture(scope="module")
def pool_results(corpus, tmp_path_factory) -> bytes:
    from conftest import run_summcheck

    output = tmp_path_factory.mktemp("pool") / "r.jsonl"
    assert run_summcheck("audit", "corpus/manifest.jsonl", "-o", output, "-j", "2",
                         cwd=corpus).code == 1
    return output.read_bytes()


@pytest.mark.integration
def test_the_dask_engine_on_a_local_cluster_gives_the_pool_results(corpus, pool_results,
                                                                   run_line, tmp_path):
    pytest.importorskip("distributed")
    result = audit(run_line, corpus, "-o", str(tmp_path / "r.jsonl"), "--engine", "dask",
                   "--jobs", "2")
    assert result.code == 1, result.stderr
    assert (tmp_path / "r.jsonl").read_bytes() == pool_results


@pytest.mark.integration
def test_the_dask_engine_runs_on_the_scheduler_at_address(corpus, pool_results, run_line,
                                                          tmp_path):
    distributed = pytest.importorskip("distributed")
    import logging

    # Started from another folder than the audit's: the workers read the paths from there.
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, silence_logs=logging.ERROR) as cluster:
        address = cluster.scheduler_address
        result = audit(run_line, corpus, "-o", str(tmp_path / "r.jsonl"), "--engine", "dask",
                       "--address", address)
        assert result.code == 1, result.stderr
        assert (tmp_path / "r.jsonl").read_bytes() == pool_results
        with distributed.Client(cluster) as client:
            assert len(client.scheduler_info()["workers"]) == 2
