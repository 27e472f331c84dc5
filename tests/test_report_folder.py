"""The evidence report folder's file names and index (summcheck.evidence.folder): names that an
artifact upload accepts and an unzip on any system keeps apart, and an index page that shows
every name as text."""
from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import unquote

import pytest

from summcheck.evidence.folder import (
    INDEX,
    FolderEntry,
    Skipped,
    _unique,
    index_page,
    report_name,
    safe_component,
    unsafe_folder,
)

ARTIFACT_FORBIDDEN = set('":<>|*?\r\n')  # upload-artifact's invalidArtifactFilePathCharacters


@pytest.mark.parametrize("summary, name", [
    ("docs/a/summary.md", "docs/a/summary.md.html"),
    ("summary.md", "summary.md.html"),
    (".github/notes/summary.md", "%2Egithub/notes/summary.md.html"),
    ("docs/.hidden.md", "docs/%2Ehidden.md.html"),
    ("../outside/summary.md", "%2E%2E/outside/summary.md.html"),
    ('a "b" c?.md', "a %22b%22 c%3F.md.html"),
    ("100%.md", "100%25.md.html"),
    ("dir./x.md", "dir%2E/x.md.html"),
    ("back\\slash.md", "back%5Cslash.md.html"),
    ("line\nbreak.md", "line%0Abreak.md.html"),
    ("r\u00e9sum\u00e9.md", "r\u00e9sum\u00e9.md.html"),
    ("bad\udcff.md", "bad%FF.md.html"),  # a non-UTF-8 byte of the name, as os.fsdecode gives it
])
def test_report_names(tmp_path, summary, name):
    assert report_name(tmp_path / summary, tmp_path) == name


def test_report_names_are_safe_for_an_artifact_and_one_to_one(tmp_path):
    tricky = ["a.md", "a%2E.md", ".a.md", "%2Ea.md", "a:b.md", "a%3Ab.md", "..", "x/..",
              "%", "%25", "a\udc80", "a%80", "\ud800x", "%uD800x", "con.md", " lead.md",
              "trail .md", "tab\t.md", "del\x7f.md", "a|b*c<d>e.md"]
    names = [report_name(tmp_path / t, tmp_path) for t in tricky]
    assert len(set(names)) == len(names), names
    for name in names:
        assert not set(name) & ARTIFACT_FORBIDDEN and "\\" not in name, name
        assert not any(part.startswith(".") or part in ("", ".", "..")
                       for part in name.split("/")), name
        name.encode("utf-8")  # every name is valid UTF-8


def test_safe_component_leaves_ordinary_names_alone():
    assert safe_component("summary-2024_v1.md") == "summary-2024_v1.md"
    assert safe_component("with space.md") == "with space.md"


def test_unique_names_differ_case_insensitively_and_never_take_the_index():
    taken = {INDEX}
    assert [_unique(n, taken) for n in ("a.md.html", "A.md.html", "a.md.html", "index.html")] == [
        "a.md.html", "A.md~2.html", "a.md~3.html", "index~2.html"]


def test_index_escapes_every_name_and_links_by_encoded_href():
    hostile = '<script>alert(1)</script> "x" %41 & .md'
    entries = [FolderEntry(hostile, "dir/%3Cscript%3E.md.html",
                           {"sentences": 3, "backed": 2, "findings": 1})]
    page = index_page(entries, [Skipped("b<i>.md", "cause <b>bold</b>")])
    assert "<script" not in page and "<b>" not in page and "<i>" not in page
    assert html.escape(hostile) in page
    (href,) = re.findall(r'<a href="([^"]+)"', page)
    assert unquote(html.unescape(href)) == "dir/%3Cscript%3E.md.html"
    assert "default-src 'none'" in html.unescape(page)
    assert "No report (1)" in page


def test_unsafe_folder(tmp_path):
    workspace = tmp_path / "ws"
    (workspace / "plain").mkdir(parents=True)
    (workspace / "plain/old.html").write_text("x", encoding="utf-8")
    assert unsafe_folder(workspace / "plain", workspace) is None
    assert unsafe_folder(workspace / "new", workspace) is None
    assert unsafe_folder(tmp_path / "elsewhere", workspace) is None  # runner.temp, say
    assert "is the workspace" in unsafe_folder(workspace, workspace)
    assert "is the workspace" in unsafe_folder(tmp_path, workspace)
    (workspace / "out").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    assert "out of the workspace" in unsafe_folder(workspace / "out" / "reports", workspace)
    (workspace / "plain/link").symlink_to(Path("/etc/passwd"))
    assert "holds link" in unsafe_folder(workspace / "plain", workspace)
