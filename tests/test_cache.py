"""The cache of loaded sources (sources/cache/): hits, misses, invalidation on each key part,
corrupt and forged entries, concurrent writers, a folder that cannot be written, and a report
byte for byte the same with and without it."""
from __future__ import annotations

import json
import multiprocessing
import os
import pickle
import shutil
import subprocess
import zlib
from pathlib import Path

import pytest
from cache_files import git, read_entry, write_entry
from conftest import run_summcheck
from pdf_builder import make_pdf

import summcheck.sources
import summcheck.sources.pdf
from summcheck.sources import load_source
from summcheck.sources import cache as cache_module
from summcheck.sources.cache import FOLDER_NAME, MAGIC, SourceCache

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples"

# ---------------------------------------------------------------- inputs

# A PDF with an outline (its fonts are read lazily, by the structure stage) and numbered
# headings; section 2.1 stands on page 3.
PAGES = [
    "1 Introduction\nThis guide explains how keys are handled.\nIt is short.",
    "2 Storage\nKeys are kept in one place.\nThe place is chosen by the operator.",
    "2.1 Encryption\nKeys at rest must be encrypted with a strong cipher.\n2.1.1 Ciphers\nAES.",
    "2.2 Rotation\nKeys should be rotated every ninety days.\nOld keys are destroyed.",
    "3 Audit\nEvery access to a key is logged.\nLogs are kept for a year.",
]
TOC = [[1, "1 Introduction", 1], [1, "2 Storage", 2], [2, "2.1 Encryption", 3],
       [2, "2.2 Rotation", 4], [1, "3 Audit", 5]]
LABELS = [{"startpage": 0, "prefix": "", "style": "D", "firstpagenum": 1}]
RECORDS = [
    {"claim": "Keys at rest are encrypted.", "locator": "section 2.1",
     "quote": "Keys at rest must be encrypted with a strong cipher.", "strength": "requires"},
    {"claim": "Keys are rotated.", "locator": "p. 4",
     "quote": "Keys should be rotated every ninety days.", "strength": "recommends"},
    {"claim": "Fabricated.", "locator": "p. 5",
     "quote": "Keys may be shared freely with anyone who asks.", "strength": "states"},
]
SUMMARY = ("---\nsource: guide.pdf\nclaims: claims.jsonl\n---\n\n# Keys\n\n"
           "Keys at rest must be encrypted (section 2.1).\n"
           "Keys should be rotated every ninety days (p. 4).\n"
           "Keys may be shared freely (p. 5).\n")
FABRICATED = RECORDS[2]["quote"]


def write_case(folder: Path, *, pages=PAGES, summary: str = SUMMARY) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    make_pdf(folder / "guide.pdf", list(pages), labels=LABELS, toc=TOC)
    (folder / "claims.jsonl").write_text("".join(json.dumps(r) + "\n" for r in RECORDS),
                                         encoding="utf-8")
    (folder / "summary.md").write_text(summary, encoding="utf-8")
    (folder / "summcheck.toml").write_text("", encoding="utf-8")
    return folder


class Spy:
    """Counts PDF extractions (sources.pdf.load_pdf) and structure detections."""

    def __init__(self, monkeypatch) -> None:
        self.extractions = 0
        self.structures = 0
        real_load, real_find = summcheck.sources.pdf.load_pdf, summcheck.sources.find_structure

        def load_pdf(*args, **kwargs):
            self.extractions += 1
            return real_load(*args, **kwargs)

        def find_structure(*args, **kwargs):
            self.structures += 1
            return real_find(*args, **kwargs)

        monkeypatch.setattr(summcheck.sources.pdf, "load_pdf", load_pdf)
        monkeypatch.setattr(summcheck.sources, "find_structure", find_structure)

    def counts(self) -> tuple[int, int]:
        return self.extractions, self.structures


@pytest.fixture
def spy(monkeypatch):
    return Spy(monkeypatch)


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """The cache folder of the tests (SUMMCHECK_CACHE_DIR)."""
    path = tmp_path / "cache"
    monkeypatch.setenv("SUMMCHECK_CACHE_DIR", str(path))
    return path


def check_json(cwd: Path, *args: str) -> bytes:
    result = run_summcheck("check", "summary.md", "--format", "json", *args, cwd=cwd)
    assert result.returncode in (0, 1), result.stderr
    return result.stdout_bytes


def entries(folder: Path, suffix: str = "") -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir()
                  if p.name.endswith((".source", ".structure")) and p.name.endswith(suffix))




def load(path: Path, folder: Path | None, **options):
    doc = load_source(path, cache=SourceCache(folder, named=True) if folder is not None else None, **options)
    doc.structure  # noqa: B018 - found (or read) now
    return doc


def same_document(a, b) -> None:
    assert (a.kind, a.text, a.pages, a.has_labels, a.ocr, a.notes, a.outline, a.body_font) == \
        (b.kind, b.text, b.pages, b.has_labels, b.ocr, b.notes, b.outline, b.body_font)
    assert a.structure == b.structure


# ---------------------------------------------------------------- hit and miss


def test_second_run_reuses_the_source_and_reports_the_same_bytes(tmp_path, folder, spy):
    case = write_case(tmp_path / "case")
    uncached = check_json(case, "--no-cache")
    assert spy.counts() == (1, 1) and not folder.exists()
    cold = check_json(case)
    assert spy.counts() == (2, 2)
    assert sorted(p.suffix for p in entries(folder)) == [".source", ".structure"]
    warm = check_json(case)
    assert spy.counts() == (2, 2), "the warm run extracted or detected again"
    assert uncached == cold == warm
    report = json.loads(warm)
    assert {f["rule"] for f in report["findings"]} == {"SUM201", "SUM103"}  # the fabricated one


@pytest.mark.parametrize("example", ["fhs", "rfc3986", "defects"])
def test_bundled_examples_report_the_same_bytes_cold_warm_and_uncached(example, tmp_path,
                                                                       folder, spy):
    shutil.copytree(EXAMPLES, tmp_path / "examples")  # defects/ uses fhs/'s PDF
    (tmp_path / "summcheck.toml").write_text("", encoding="utf-8")  # the repository's root
    case = tmp_path / "examples" / example
    uncached = check_json(case, "--no-cache")
    cold = check_json(case)
    before = spy.counts()
    warm = check_json(case)
    assert uncached == cold == warm
    assert spy.counts() == before  # nothing extracted nor detected on the warm run
    assert entries(folder)


def test_folder_beside_the_configuration_file_else_the_current_folder(tmp_path, monkeypatch):
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    monkeypatch.delenv("SUMMCHECK_CACHE_DIR", raising=False)
    git(tmp_path, "init", "-q")  # an unnamed folder is written (and read) only in a work tree
    case = write_case(tmp_path / "case")
    check_json(case)
    assert entries(case / FOLDER_NAME)
    assert (case / FOLDER_NAME / ".gitignore").read_text().strip().endswith("*")
    (case / "summcheck.toml").unlink()
    shutil.rmtree(case / FOLDER_NAME)
    work = tmp_path / "elsewhere"
    work.mkdir()
    run_summcheck("check", str(case / "summary.md"), cwd=work)
    assert entries(work / FOLDER_NAME) and not (case / FOLDER_NAME).exists()


def test_no_cache_and_configuration_and_api_write_nothing(tmp_path, folder, spy):
    case = write_case(tmp_path / "case")
    check_json(case, "--no-cache")
    assert not folder.exists()
    (case / "summcheck.toml").write_text("cache = false\n", encoding="utf-8")
    check_json(case)
    assert not folder.exists()
    result = run_summcheck("table", "summary.md", "--format", "json", "--no-cache", cwd=case)
    assert result.returncode == 0 and not folder.exists()
    (case / "summcheck.toml").write_text("", encoding="utf-8")
    import summcheck

    summcheck.check(case / "summary.md", cache=False)
    assert not folder.exists()
    summcheck.check(case / "summary.md")
    assert entries(folder)
    (case / "summcheck.toml").write_text("cache = 'no'\n", encoding="utf-8")
    result = run_summcheck("check", "summary.md", cwd=case)
    assert result.returncode == 2 and "cache: must be true or false" in result.stderr


def test_structure_found_later_on_a_hit_reads_fonts_and_joins_the_entry(tmp_path, folder, spy):
    pages_only = SUMMARY.replace("(section 2.1)", "(p. 3)")
    case = write_case(tmp_path / "case", summary=pages_only)
    (case / "claims.jsonl").write_text("".join(json.dumps({**r, "locator": "p. 3"}) + "\n"
                                               for r in RECORDS[:1]), encoding="utf-8")
    check_json(case)
    assert spy.counts() == (1, 0)  # no section cited: the structure is never found
    assert [p.suffix for p in entries(folder)] == [".source"]
    opened = []
    real_reader = summcheck.sources.pdf._font_reader

    def reader(data, first_lines):
        read = real_reader(data, first_lines)
        return lambda pages: opened.append(list(pages)) or read(pages)

    summcheck.sources.pdf._font_reader = reader
    try:
        (case / "claims.jsonl").write_text("".join(json.dumps(r) + "\n" for r in RECORDS),
                                           encoding="utf-8")
        (case / "summary.md").write_text(SUMMARY, encoding="utf-8")
        warm = check_json(case)
    finally:
        summcheck.sources.pdf._font_reader = real_reader
    assert spy.counts() == (1, 1) and opened, "the structure stage read no fonts on the hit"
    assert sorted(p.suffix for p in entries(folder)) == [".source", ".structure"]
    assert warm == check_json(case, "--no-cache")
    assert check_json(case) == warm and spy.counts() == (2, 2)  # (the --no-cache run)


def test_summaries_of_one_source_extract_it_once_in_a_run(tmp_path, folder, spy):
    case = write_case(tmp_path / "case")
    (case / "second.md").write_text(SUMMARY.replace("# Keys", "# More keys"), encoding="utf-8")
    result = run_summcheck("check", "summary.md", "second.md", "--no-cache", cwd=case)
    assert result.returncode == 1, result.stderr
    assert spy.counts() == (1, 1)


def test_the_cache_of_a_run_pickles_as_its_folder(tmp_path, folder):
    case = write_case(tmp_path / "case")
    cache = SourceCache(folder, named=True)
    load_source(case / "guide.pdf", cache=cache).structure  # noqa: B018
    copy = pickle.loads(pickle.dumps(cache))
    assert copy.folder == folder and not copy._docs
    from summcheck.config.settings import CheckRequest

    request = CheckRequest([case / "summary.md"])
    options = request.options(request.settings())
    assert pickle.loads(pickle.dumps(options)).cache.folder == folder


# ---------------------------------------------------------------- invalidation


def _pdf(tmp_path: Path, pages=PAGES) -> Path:
    return make_pdf(tmp_path / "guide.pdf", list(pages), labels=LABELS, toc=TOC)


def _sidecar(tmp_path: Path, ident: str) -> Path:
    path = tmp_path / "guide.sections.yaml"
    path.write_text(f"sections:\n  - {{id: '{ident}', page: 3}}\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("change, extracts, detects", [
    ("source bytes", True, True),
    ("library version", True, True),
    ("summcheck version", True, True),
    ("page-numbers", True, True),
    ("ocr", True, True),
    ("sections", False, True),  # the text is the same: only the structure is found again
    ("sidecar content", False, True),
])
def test_each_key_part_invalidates(change, extracts, detects, tmp_path, folder, spy,
                                   monkeypatch):
    pdf = _pdf(tmp_path)
    options: dict = {"sections": "outline"}
    if change == "sidecar content":
        options = {"structure": _sidecar(tmp_path, "2.1")}
    first = load(pdf, folder, **options)
    assert load(pdf, folder, **options).structure == first.structure
    assert spy.counts() == (1, 1)
    if change == "source bytes":
        _pdf(tmp_path, PAGES[:-1] + ["3 Audit\nEvery access to a key is logged twice."])
    elif change == "library version":
        real = cache_module.keys.library_version
        monkeypatch.setattr(cache_module.keys, "library_version", lambda kind: real(kind) + " next")
    elif change == "summcheck version":
        monkeypatch.setattr(cache_module.keys, "summcheck_version", lambda: "99.0")
    elif change == "page-numbers":
        options["page_numbers"] = "physical"
    elif change == "ocr":
        options["ocr"] = True
    elif change == "sections":
        options["sections"] = "text"
    else:
        _sidecar(tmp_path, "2.9")
    again = load(pdf, folder, **options)
    assert spy.counts() == (1 + extracts, 1 + detects)
    load(pdf, folder, **options)
    assert spy.counts() == (1 + extracts, 1 + detects)  # and that is cached in turn
    same_document(again, load(pdf, None, **options))  # what an uncached load gives


def test_a_text_source_caches_its_structure_keyed_by_its_bytes(tmp_path, folder, spy):
    source = tmp_path / "rfc3986.txt"
    shutil.copy(EXAMPLES / "rfc3986" / "rfc3986.txt", source)
    first = load(source, folder)
    assert load(source, folder).structure == first.structure and spy.counts() == (0, 1)
    assert [p.suffix for p in entries(folder)] == [".structure"]  # its text is the file itself
    source.write_text(source.read_text(encoding="utf-8").replace("1.1.  Overview",
                                                                 "1.1.  Outline"),
                      encoding="utf-8")
    changed = load(source, folder)
    assert spy.counts() == (0, 2) and changed.structure == load_source(source).structure


# ---------------------------------------------------------------- corrupt entries


def _truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])


def _garbage(path: Path) -> None:
    path.write_bytes(os.urandom(500))


def _wrong_shape(path: Path) -> None:
    write_entry(path, {"format": 1, "text": 7, "pages": "many"})


def _spans_out_of_range(path: Path) -> None:
    value = read_entry(path)
    if "pages" in value:
        value["pages"][-1][2] = len(value["text"]) + 40
    else:
        value["sections"][0][3] = 10 ** 9
    write_entry(path, value)


def _wrong_types(path: Path) -> None:
    value = read_entry(path)
    if "pages" in value:
        value["pages"][0][1] = True
        value["fonts"] = [["1", 11, "yes", 0, 0]]
    else:
        value["decisions"] = [[1, 1, "x", "1", "kept", 3]]
    write_entry(path, value)


def _pages_out_of_order(path: Path) -> None:
    value = read_entry(path)
    if "pages" in value:
        value["pages"][0], value["pages"][1] = value["pages"][1], value["pages"][0]
    else:
        value["method"] = None
    write_entry(path, value)


def _a_page_past_the_text(path: Path) -> None:
    value = read_entry(path)
    if "pages" in value:  # the last page ends the text; one more page after it
        end = len(value["text"])
        value["pages"].append([None, end + 1, end + 1])
    else:
        value["sections"] = "all of them"
    write_entry(path, value)


def _another_sources_entry(path: Path) -> None:
    value = read_entry(path)
    if "source" in value:
        value["source"]["sha256"] = "0" * 64
    else:
        value["key"] = "0" * 64
    write_entry(path, value)


@pytest.mark.parametrize("damage", [_truncate, _garbage, _wrong_shape, _spans_out_of_range,
                                    _wrong_types, _pages_out_of_order, _a_page_past_the_text,
                                    _another_sources_entry])
@pytest.mark.parametrize("suffix", [".source", ".structure"])
def test_a_corrupt_entry_is_ignored_and_rebuilt(damage, suffix, tmp_path, folder, spy):
    pdf = _pdf(tmp_path)
    fresh = load(pdf, None)
    load(pdf, folder)
    extractions, structures = spy.counts()
    (entry,) = entries(folder, suffix)
    damage(entry)
    again = load(pdf, folder)
    same_document(again, fresh)
    if suffix == ".source":
        assert spy.extractions == extractions + 1
    else:
        assert spy.counts() == (extractions, structures + 1)
    rebuilt = read_entry(entry)  # a valid entry again
    assert rebuilt["key"] == entry.stem
    load(pdf, folder)
    assert spy.counts() == (extractions + (suffix == ".source"),
                            structures + (suffix == ".structure"))


def test_an_entry_that_decompresses_without_end_is_corrupt(tmp_path, folder, spy):
    pdf = _pdf(tmp_path)
    fresh = load(pdf, None)
    load(pdf, folder)
    (entry,) = entries(folder, ".source")
    entry.write_bytes(MAGIC + zlib.compress(b"[" * 100_000)[:-4])
    same_document(load(pdf, folder), fresh)
    entry.write_bytes(MAGIC + zlib.compress(b"[" * 100_000))  # deep nesting: no crash
    same_document(load(pdf, folder), fresh)
    assert spy.extractions == 4


# ---------------------------------------------------------------- concurrency


def _write_many(pdf: str, folder: str, barrier, rounds: int) -> None:
    barrier.wait()
    for _ in range(rounds):
        cache = SourceCache(Path(folder), named=True)
        load_source(Path(pdf), cache=cache).structure  # noqa: B018
        entry = next(Path(folder).glob("*.source"))
        cache._write(entry.name, read_entry(entry))


def _two_writers(pdf: Path, folder: Path, rounds: int) -> list:
    """The exit codes of two processes that load `pdf` through `folder` `rounds` times,
    starting together."""
    try:
        context = multiprocessing.get_context("fork")
    except ValueError:
        pytest.skip("no fork here")
    barrier = context.Barrier(2)
    workers = [context.Process(target=_write_many, args=(str(pdf), str(folder), barrier, rounds))
               for _ in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
    return [worker.exitcode for worker in workers]


def test_two_processes_writing_one_entry_at_once_leave_one_valid_entry(tmp_path, folder):
    pdf = _pdf(tmp_path)
    load(pdf, folder)  # so that both write (and read) the same entries from the start
    assert _two_writers(pdf, folder, rounds=15) == [0, 0]
    assert sorted(p.suffix for p in entries(folder)) == [".source", ".structure"]
    assert not [p for p in folder.iterdir() if p.name.startswith(".tmp-")]
    cache = SourceCache(folder, named=True)
    for entry in entries(folder):
        assert cache._read(entry.name) is not None
    same_document(load(pdf, folder), load_source(pdf))


def test_two_cold_runs_at_once_both_succeed(tmp_path, folder):
    pdf = _pdf(tmp_path)
    assert _two_writers(pdf, folder, rounds=1) == [0, 0]
    same_document(load(pdf, folder), load_source(pdf))


# ---------------------------------------------------------------- trust


def _forge(entry: Path, quote: str) -> None:
    """Make the cached text of page 5 hold `quote` (a forgery that passes every check but
    the trust in its folder)."""
    value = read_entry(entry)
    text, pages = value["text"], value["pages"]
    start, end = pages[4][1], pages[4][2]
    page = text[start:end] + "\n" + quote + "\n"
    value["text"] = text[:start] + page + text[end:]
    pages[4][2] = start + len(page)
    write_entry(entry, value)


def test_a_forged_entry_is_not_trusted_once_git_tracks_it(tmp_path, monkeypatch, spy):
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    monkeypatch.delenv("SUMMCHECK_CACHE_DIR", raising=False)
    case = write_case(tmp_path / "repo")
    git(case, "init", "-q")
    honest = json.loads(check_json(case))
    assert "SUM201" in {f["rule"] for f in honest["findings"]}
    (entry,) = entries(case / FOLDER_NAME, ".source")
    _forge(entry, FABRICATED)
    for outcome in (case / FOLDER_NAME).glob("*.outcome"):
        outcome.unlink()  # else the honest outcome is reused, the source not even loaded
    # Untracked, as a run of summcheck leaves it, the forgery is believed (this is what the
    # defence stands against) …
    forged = json.loads(check_json(case))
    assert "SUM201" not in {f["rule"] for f in forged["findings"]}
    # … but a pull request can only bring it in committed: then the folder is not read.
    git(case, "add", "-f", f"{FOLDER_NAME}/{entry.name}")
    before = spy.extractions
    assert json.loads(check_json(case)) == honest
    assert spy.extractions == before + 1
    assert read_entry(entry)["text"].count(FABRICATED) == 1  # not overwritten: tracked


def test_a_symlinked_cache_folder_is_not_trusted(tmp_path, monkeypatch, spy):
    case = write_case(tmp_path / "case")
    real = tmp_path / "real-cache"
    monkeypatch.setenv("SUMMCHECK_CACHE_DIR", str(real))
    honest = check_json(case)
    (entry,) = entries(real, ".source")
    _forge(entry, FABRICATED)
    link = tmp_path / "link"
    link.symlink_to(real, target_is_directory=True)
    monkeypatch.setenv("SUMMCHECK_CACHE_DIR", str(link))
    assert check_json(case) == honest


def test_a_symlinked_entry_is_not_read(tmp_path, folder, spy):
    pdf = _pdf(tmp_path)
    load(pdf, folder)
    (entry,) = entries(folder, ".source")
    moved = tmp_path / "elsewhere.source"
    entry.rename(moved)
    entry.symlink_to(moved)
    load(pdf, folder)
    assert spy.extractions == 2


# ---------------------------------------------------------------- a folder that cannot be written


def test_a_read_only_cache_folder_does_not_fail_the_run(tmp_path, folder, spy):
    if os.geteuid() == 0:
        pytest.skip("root writes into a read-only folder")
    case = write_case(tmp_path / "case")
    expected = check_json(case, "--no-cache")
    folder.mkdir()
    folder.chmod(0o555)
    try:
        assert check_json(case) == expected
        assert entries(folder) == []
    finally:
        folder.chmod(0o755)


@pytest.mark.parametrize("errno_name", ["EROFS", "ENOSPC", "EACCES"])
def test_a_failing_write_does_not_fail_the_run(errno_name, tmp_path, folder, spy, monkeypatch):
    import errno

    case = write_case(tmp_path / "case")
    expected = check_json(case, "--no-cache")

    def refuse(*args, **kwargs):
        raise OSError(getattr(errno, errno_name), os.strerror(getattr(errno, errno_name)))

    monkeypatch.setattr(cache_module.store.tempfile, "mkstemp", refuse)
    result = run_summcheck("check", "summary.md", "--format", "json", cwd=case)
    assert result.returncode == 1 and result.stdout_bytes == expected and not result.stderr
    assert entries(folder) == []


def test_a_cache_folder_path_through_a_file_does_not_fail_the_run(tmp_path, monkeypatch, spy):
    case = write_case(tmp_path / "case")
    expected = check_json(case, "--no-cache")
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    for named in (blocker, blocker / "cache"):
        monkeypatch.setenv("SUMMCHECK_CACHE_DIR", str(named))
        assert check_json(case) == expected
    assert blocker.read_text() == "not a folder"


def test_the_folder_keeps_a_bounded_number_of_entries(tmp_path, folder, monkeypatch):
    monkeypatch.setattr(cache_module.store, "MAX_ENTRIES", 3)
    for n in range(4):
        source = tmp_path / f"s{n}.txt"
        source.write_text(f"1. One\nText {n}.\n2. Two\nMore.\n", encoding="utf-8")
        load(source, folder)
    assert len(entries(folder)) == 3


def test_the_action_passes_no_cache_from_extra_args():
    from summcheck.action import _parse_extra_args
    from summcheck.config.settings import CheckRequest

    assert _parse_extra_args(["--no-cache"]) == {"cache": False}
    assert CheckRequest(**_parse_extra_args(["--no-cache"])).cache is False


_PROBE = """
import sys
from summcheck import cli
sys.argv = ["summcheck", "check", "summary.md", "--format", "json"]
try:
    cli.main()
except SystemExit:
    pass
print("pymupdf" in sys.modules, file=sys.stderr)
"""


@pytest.mark.integration
def test_a_warm_run_does_not_even_import_pymupdf(tmp_path, folder):
    import sys

    case = write_case(tmp_path / "case")
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    runs = [subprocess.run([sys.executable, "-c", _PROBE], cwd=case, env=env,
                           capture_output=True, text=True, timeout=120) for _ in range(2)]
    assert [r.stderr.strip().splitlines()[-1] for r in runs] == ["True", "False"]
    assert runs[0].stdout == runs[1].stdout


def test_git_is_asked_from_the_top_of_the_work_tree_as_a_hook_runs_it(tmp_path, monkeypatch):
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    from summcheck.sources.cache import folder_trusted

    git(tmp_path, "init", "-q")
    cache = tmp_path / "docs" / FOLDER_NAME
    cache.mkdir(parents=True)
    (cache / "x.source").write_bytes(b"")
    (tmp_path / "docs" / "sub").mkdir()
    # What git exports to a pre-commit hook, relative to the top of the work tree.
    monkeypatch.setenv("GIT_DIR", ".git")
    monkeypatch.setenv("GIT_INDEX_FILE", ".git/index")
    monkeypatch.chdir(tmp_path / "docs" / "sub")
    assert folder_trusted(Path("..") / FOLDER_NAME)
    git(tmp_path, "add", "-f", "docs/.summcheck_cache/x.source")
    assert not folder_trusted(Path("..") / FOLDER_NAME)
    assert folder_trusted(tmp_path / "docs" / "sub")  # tracks nothing itself
    monkeypatch.setenv("PATH", str(tmp_path / "no-git-here"))
    assert not folder_trusted(tmp_path / "docs" / "sub")  # git cannot be asked: not trusted


def test_outside_a_git_work_tree_an_unnamed_folder_is_not_even_made(tmp_path, monkeypatch, spy):
    """What no later run would read is not written: outside a git work tree the folder beside
    the configuration is never believed, so the run neither makes it nor builds an entry for
    it (an outcome, a loaded source), and one run's summaries still share the source."""
    import summcheck.engine.outcomes as outcomes

    monkeypatch.delenv("SUMMCHECK_CACHE_DIR", raising=False)
    case = write_case(tmp_path / "case")
    (case / "second.md").write_text(SUMMARY, encoding="utf-8")
    before = sorted(p.name for p in case.iterdir())
    built = []
    real_outcome, real_write = outcomes.outcome_entry, cache_module.write_entry
    monkeypatch.setattr(outcomes, "outcome_entry",
                        lambda *args: built.append("outcome") or real_outcome(*args))
    monkeypatch.setattr(cache_module, "write_entry",
                        lambda *args: built.append("written") or real_write(*args))
    result = run_summcheck("check", "summary.md", "second.md", "--format", "json", cwd=case)
    assert result.returncode == 1, result.stderr
    assert {f["rule"] for f in json.loads(result.stdout)["findings"]} == {"SUM201", "SUM103"}
    assert sorted(p.name for p in case.iterdir()) == before  # no .summcheck_cache/
    assert built == []
    assert spy.extractions == 1  # the two summaries share one load (the memo)
    assert not SourceCache.for_run(case).stores
    named = tmp_path / "named" / "cache"  # a folder the user names is believed: it is used
    monkeypatch.setenv("SUMMCHECK_CACHE_DIR", str(named))
    assert SourceCache.for_run(case).stores and not (tmp_path / "named").exists()
    run_summcheck("check", "summary.md", cwd=case)
    assert entries(named) and {"outcome", "written"} <= set(built)


def test_outside_a_git_work_tree_only_a_named_folder_is_believed(tmp_path, monkeypatch):
    """An archive of a pull request may bring a forged `.summcheck_cache/`; with no git to
    ask, only the folder SUMMCHECK_CACHE_DIR names is read."""
    from summcheck.sources.cache import folder_trusted

    monkeypatch.chdir(tmp_path)
    shipped = tmp_path / FOLDER_NAME
    shipped.mkdir()
    assert not folder_trusted(shipped)
    assert folder_trusted(shipped, named=True)
    monkeypatch.delenv("SUMMCHECK_CACHE_DIR", raising=False)
    assert not SourceCache.for_run(tmp_path).named
    monkeypatch.setenv("SUMMCHECK_CACHE_DIR", str(shipped))
    assert SourceCache.for_run(tmp_path).named
    assert pickle.loads(pickle.dumps(SourceCache.for_run(tmp_path))).named
