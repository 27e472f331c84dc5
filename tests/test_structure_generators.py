"""A fixed sample of benchmarks/bench_generators.py: section trees in four languages (arabic
numbering, a law's articles, lettered appendices) rendered as setext Markdown, bold article
leads, groff man pages as `man` prints them (bold by overstrike) and PDFs told by their fonts;
every section is found at its place and nothing else is."""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import bench_generators  # noqa: E402

SAMPLE = ["markdown setext", "markdown bold articles", "PDF by fonts (PyMuPDF)"]
if shutil.which("groff"):
    SAMPLE.append("groff -man (nroff output)")


@pytest.mark.parametrize("generator", SAMPLE)
def test_every_section_of_each_generator_is_found(generator):
    score = bench_generators.run([generator])[generator]
    assert score.expected >= 40
    assert (score.found, score.listed) == (score.expected, score.expected), score.misses
