"""The folders say the flow (issue 29): each concept has one home, found from the folder names
alone, and the package root holds only the entry points and the shared data model."""
from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "summcheck"


def test_the_package_root_holds_only_entry_points_and_the_model():
    modules = {path.stem for path in PACKAGE.glob("*.py")}
    assert modules == {"__init__", "__main__", "action", "api", "core", "model"}


def test_each_concept_has_a_folder_of_its_name():
    folders = {path.name for path in PACKAGE.iterdir()
               if path.is_dir() and (path / "__init__.py").is_file()}
    for concept in ("inputs", "summary", "claims", "sources", "structure", "locators",
                    "matching", "analysis", "rules", "engine", "report", "fixing", "language",
                    "config", "files", "terminal"):
        assert concept in folders, concept
    # Every folder says in its own words what lives in it.
    for folder in folders:
        assert (PACKAGE / folder / "__init__.py").read_text(encoding="utf-8").startswith('"""'), folder
