"""The README keeps the Quick start, usage and CI set-up; the reference lives in docs/ pages it
links (issue 29). Every link between them lands on a file and a heading that exist."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def _anchors(page: Path) -> set[str]:
    """GitHub's anchors of a page's headings: lower case, punctuation dropped, spaces as -."""
    anchors, fence = set(), False
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fence = not fence
        elif not fence and re.match(r"#+ ", line):
            title = line.lstrip("#").strip().lower()
            anchors.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return anchors


def test_every_link_between_the_readme_and_the_docs_lands():
    checked = 0
    for page in PAGES:
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if target.startswith(("http://", "https://", "mailto:")):
                continue
            file, _, anchor = target.partition("#")
            landing = (page.parent / file).resolve() if file else page
            assert landing.exists(), f"{page.name}: {target}"
            if anchor and landing.suffix == ".md":
                assert anchor in _anchors(landing), f"{page.name}: {target}"
            checked += 1
    assert checked > 20


def test_the_readme_is_the_start_and_links_every_page():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme.splitlines()[2:] and "## Quick start" in readme
    assert len(readme.splitlines()) < 500
    for page in PAGES[1:]:
        assert f"](docs/{page.name})" in readme, page.name
