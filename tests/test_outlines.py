"""Golden outlines: the sections detected in every document of tests/outlines/.

Each folder holds one source document and `expected.json`, the outline summcheck detected when
it was last accepted. A change to section detection that changes an outline fails here with
the difference (missing, extra, moved ids); when the change is intended, accept it with

    python tools/refresh_outlines.py          # then review `git diff tests/outlines`

The accepted outlines are also scored against ground truth (as /work/shared/corpus/measure.py
scores `summcheck outline`): the corpus's NAME.structure.json for the documents copied from the
structure corpus (skipped when the corpus is absent), the folder's own NAME.structure.json for
the licence texts and the generated PDFs. Each must reach recall and precision >= 0.90.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("refresh_outlines", REPO / "tools" / "refresh_outlines.py")
outlines = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("refresh_outlines", outlines)
_spec.loader.exec_module(outlines)

THRESHOLD = 0.90
FOLDERS = outlines.folders()
CORPUS_FOLDERS = [f for f in FOLDERS if outlines.corpus_derived(f)]
OWN_TRUTH_FOLDERS = [f for f in FOLDERS
                     if (f / (outlines.source_of(f).stem + outlines.TRUTH_SUFFIX)).is_file()]


def _ids(folders: list[Path]) -> list[str]:
    return [f.name for f in folders]


def _expected(folder: Path) -> list[dict]:
    rows = outlines.read_expected(folder)
    if rows is None:
        pytest.fail(f"{folder.name}: no expected.json; run python tools/refresh_outlines.py "
                    f"{folder.name}", pytrace=False)
    return rows


@pytest.mark.parametrize("folder", FOLDERS, ids=_ids(FOLDERS))
def test_outline_matches_expected(folder: Path) -> None:
    expected = _expected(folder)
    actual = outlines.outline_rows(outlines.source_of(folder))
    diff = outlines.diff_outline(expected, actual)
    if diff:
        pytest.fail(f"{folder.name}: detected outline differs from expected.json "
                    f"({len(expected)} expected, {len(actual)} detected)\n"
                    + "\n".join("  " + line for line in diff)
                    + f"\n  intended? python tools/refresh_outlines.py {folder.name}",
                    pytrace=False)


def _assert_scores(folder: Path, truth: dict, where: str) -> None:
    r = outlines.score(truth, _expected(folder))
    if r["recall"] >= THRESHOLD and r["precision"] >= THRESHOLD:
        return
    lines = [f"{folder.name} against {where}: recall {r['recall']:.1%}, precision "
             f"{r['precision']:.1%} (expected {r['expected']}, listed {r['listed']}, "
             f"found at the right place {r['hits']}; both must be >= {THRESHOLD:.0%})"]
    for label, items in (("missing", r["missing"]), ("spurious", r["spurious"])):
        if items:
            shown = "; ".join(f"{s['id']} ({'p. ' + str(s['page']) if s.get('page') else ''}"
                              f"{', ' if s.get('page') and s.get('line') else ''}"
                              f"{'line ' + str(s['line']) if s.get('line') else ''})"
                              for s in items[:12])
            more = f" ... and {len(items) - 12} more" if len(items) > 12 else ""
            lines.append(f"  {label} {len(items)}: {shown}{more}")
    pytest.fail("\n".join(lines), pytrace=False)


@pytest.mark.parametrize("folder", CORPUS_FOLDERS, ids=_ids(CORPUS_FOLDERS))
def test_golden_outline_against_corpus_truth(folder: Path) -> None:
    if not outlines.CORPUS.is_dir():
        pytest.skip(f"structure corpus not found at {outlines.CORPUS}")
    truth, where = outlines.truth_of(folder)
    if truth is None:
        pytest.skip(f"no ground truth for {outlines.source_of(folder).name} in {outlines.CORPUS}")
    _assert_scores(folder, truth, where)


@pytest.mark.parametrize("folder", OWN_TRUTH_FOLDERS, ids=_ids(OWN_TRUTH_FOLDERS))
def test_golden_outline_against_own_truth(folder: Path) -> None:
    truth, where = outlines.truth_of(folder)
    _assert_scores(folder, truth, where)


def test_every_folder_holds_one_source_and_is_documented() -> None:
    readme = (REPO / "tests" / "outlines" / "README.md").read_text(encoding="utf-8")
    assert FOLDERS
    for folder in FOLDERS:
        source = outlines.source_of(folder)  # raises unless exactly one
        assert f"`{folder.name}/`" in readme, f"{folder.name} is not described in tests/outlines/README.md"
        assert source.stat().st_size < 600_000, f"{source} is too large for the golden tree"
    total = sum(p.stat().st_size for p in (REPO / "tests" / "outlines").rglob("*") if p.is_file())
    assert total < 4_300_000, f"tests/outlines holds {total} bytes; keep it near 4 MB"


def test_copied_sources_are_verbatim() -> None:
    copies = [(f, outlines.CORPUS / outlines.source_of(f).name) for f in CORPUS_FOLDERS]
    copies += [(outlines.OUTLINES / folder, origin)
               for folder, (_name, origin) in outlines.LICENCE_FILES.items()]
    checked = 0
    for folder, origin in copies:
        if not origin.is_file():
            continue
        ours = outlines.source_of(folder).read_bytes()
        assert hashlib.sha256(ours).digest() == hashlib.sha256(origin.read_bytes()).digest(), (
            f"{folder.name}: differs from {origin}")
        checked += 1
    if not checked:
        pytest.skip("neither the corpus nor /usr/share/common-licenses is present")


@pytest.mark.parametrize("name", sorted(outlines.SYNTHETIC))
def test_generated_pdf_matches_its_generator(name: str, tmp_path: Path) -> None:
    """The committed PDF is what tools/refresh_outlines.py builds (text, labels, outline),
    and its ground truth is the one the generator states."""
    import pymupdf

    built, truth = outlines.synthetic_pdf(name, tmp_path)
    committed = outlines.OUTLINES / name / built.name
    assert committed.is_file(), "run python tools/refresh_outlines.py --regenerate-pdfs"
    own = json.loads((committed.parent / (committed.stem + outlines.TRUTH_SUFFIX)).read_text(
        encoding="utf-8"))
    assert own == truth, f"{name}: ground truth differs from the generator's; --regenerate-pdfs"
    if built.read_bytes() == committed.read_bytes():
        return
    # Another PyMuPDF may write other bytes: compare what the loader reads.
    with pymupdf.open(built) as a, pymupdf.open(committed) as b:
        assert a.page_count == b.page_count
        assert [p.get_text() for p in a] == [p.get_text() for p in b], f"{name}: page text differs"
        assert [p.get_label() for p in a] == [p.get_label() for p in b]
        def toc(doc):
            return [(e[0], e[1], e[2], round(e[3]["to"].y, 1)) for e in doc.get_toc(simple=False)]

        assert toc(a) == toc(b), f"{name}: outline differs"
