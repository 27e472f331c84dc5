#!/usr/bin/env python
"""How well sections are found in documents of every generator this machine has.

    python benchmarks/bench_generators.py [--verbose]

Section trees in four languages and several numbering styles (arabic `1`/`1.1`, a law's
articles, lettered appendices) are rendered through each generator that can run here —
Markdown (ATX, setext, bold article leads), plain text with numbered lines, groff/nroff man
pages (`nroff -man`, bold by overstrike), PDF made with PyMuPDF with an outline and without
one (headings told by their font) — and the sections summcheck finds are scored as
`../shared/corpus/measure.py` scores the corpus: a found section counts when its id is a
ground-truth id at the same place (the line within ±2, or the page). Generators this machine
lacks (groff -ms/-me/-mom, LaTeX, texinfo, Sphinx, asciidoctor, pandoc, LibreOffice,
WeasyPrint) are named as not installed, not scored.

Prints recall and precision per generator and in all; exit status 0.
tests/test_structure_generators.py runs a fixed sample of it.
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from summcheck.sources import load_source  # noqa: E402

LINE_TOLERANCE = 2


@dataclass(frozen=True)
class Node:
    ident: str  # "1", "1.2", "A", "5" (an article)
    title: str
    level: int
    body: str


@dataclass(frozen=True)
class Tree:
    name: str
    language: str
    style: str  # "arabic", "articles", "appendices"
    nodes: tuple[Node, ...]


_BODIES = {
    "en": "This part explains what the rule requires and to whom it applies in practice.",
    "de": "Dieser Teil erklärt, was die Regel verlangt und für wen sie in der Praxis gilt.",
    "es": "Esta parte explica lo que exige la norma y a quién se aplica en la práctica.",
    "pt": "Esta parte explica o que a regra exige e a quem se aplica na prática.",
}
_TITLES = {
    "en": ["Scope", "Definitions", "Obligations", "Records", "Retention", "Deletion", "Audits",
           "Exceptions", "Penalties", "Review"],
    "de": ["Anwendungsbereich", "Begriffe", "Pflichten", "Aufzeichnungen", "Aufbewahrung",
           "Löschung", "Prüfungen", "Ausnahmen", "Sanktionen", "Überprüfung"],
    "es": ["Ámbito", "Definiciones", "Obligaciones", "Registros", "Conservación", "Supresión",
           "Auditorías", "Excepciones", "Sanciones", "Revisión"],
    "pt": ["Âmbito", "Definições", "Obrigações", "Registos", "Conservação", "Eliminação",
           "Auditorias", "Exceções", "Sanções", "Revisão"],
}
ARTICLE_WORDS = {"en": "Article", "de": "Artikel", "es": "Artículo", "pt": "Artigo"}
APPENDIX_WORDS = {"en": "Appendix", "de": "Anhang", "es": "Anexo", "pt": "Anexo"}


def trees() -> list[Tree]:
    out = []
    for language, titles in _TITLES.items():
        body = _BODIES[language]
        arabic = []
        for chapter in range(1, 4):
            arabic.append(Node(str(chapter), titles[chapter - 1], 1, body))
            for sub in range(1, 4):
                arabic.append(Node(f"{chapter}.{sub}", titles[(chapter + sub) % 10], 2, body))
        out.append(Tree(f"{language}-arabic", language, "arabic", tuple(arabic)))
        articles = tuple(Node(str(n), titles[n - 1], 1, body) for n in range(1, 11))
        out.append(Tree(f"{language}-articles", language, "articles", articles))
        appendices = [Node("1", titles[0], 1, body), Node("2", titles[1], 1, body),
                      Node("A", titles[2], 1, body), Node("B", titles[3], 1, body)]
        out.append(Tree(f"{language}-appendices", language, "appendices", tuple(appendices)))
    return out


def heading(tree: Tree, node: Node) -> str:
    """The heading line as a writer of this style sets it."""
    if tree.style == "articles":
        return f"{ARTICLE_WORDS[tree.language]} {node.ident}. {node.title}"
    if node.ident.isalpha():
        return f"{APPENDIX_WORDS[tree.language]} {node.ident}. {node.title}"
    return f"{node.ident} {node.title}"


# ---------------------------------------------------------------- generators
# Each writes the tree into `folder` and returns (path, expected [(ident, line or None,
# page or None)]).

Expected = list[tuple[str, int | None, int | None]]


def _lines_doc(tree: Tree, head: Callable[[Tree, Node], list[str]]) -> tuple[str, Expected]:
    lines: list[str] = []
    expected: Expected = []
    for node in tree.nodes:
        if lines:
            lines.append("")
        expected.append((node.ident, len(lines) + 1, None))
        lines += head(tree, node)
        lines += ["", node.body, ""]
    return "\n".join(lines) + "\n", expected


def markdown_atx(tree: Tree, folder: Path) -> tuple[Path, Expected]:
    text, expected = _lines_doc(tree, lambda t, n: ["#" * (n.level + 1) + " " + heading(t, n)])
    path = folder / "doc.md"
    path.write_text(f"# {tree.name}\n\n" + text, encoding="utf-8")
    return path, [(i, line + 2, p) for i, line, p in expected]


def markdown_setext(tree: Tree, folder: Path) -> tuple[Path, Expected]:
    def head(t: Tree, n: Node) -> list[str]:
        line = heading(t, n)
        if line[:1].isdigit():  # `1. Introduction` over `===`: CommonMark reads a list
            line = line.replace(" ", ". ", 1)
        return [line, ("=" if n.level == 1 else "-") * len(line)]
    text, expected = _lines_doc(tree, head)
    path = folder / "doc.md"
    path.write_text(text, encoding="utf-8")
    return path, expected


def markdown_bold(tree: Tree, folder: Path) -> tuple[Path, Expected] | None:
    if tree.style != "articles":
        return None  # bold leads are how laws set articles
    lines, expected = [], []
    for node in tree.nodes:
        expected.append((node.ident, len(lines) + 1, None))
        lines += [f"**{ARTICLE_WORDS[tree.language]} {node.ident}.** {node.body}", ""]
    path = folder / "doc.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path, expected


def plain_text(tree: Tree, folder: Path) -> tuple[Path, Expected]:
    text, expected = _lines_doc(tree, lambda t, n: [heading(t, n)])
    path = folder / "doc.txt"
    path.write_text(text, encoding="utf-8")
    return path, expected


def nroff_man(tree: Tree, folder: Path) -> tuple[Path, Expected] | None:
    if shutil.which("groff") is None:
        return None
    source = [f".TH {tree.name.upper()} 7", ".SH NAME", f"{tree.name} \\- generated"]
    for node in tree.nodes:
        source += [(".SH " if node.level == 1 else ".SS ") + heading(tree, node), node.body]
    (folder / "doc.7").write_text("\n".join(source) + "\n", encoding="utf-8")
    # What `man` writes to a file: UTF-8 input read by preconv (-k), bold by overstrike.
    done = subprocess.run(["groff", "-k", "-Tutf8", "-man", str(folder / "doc.7")],
                          capture_output=True, check=False,
                          env={"GROFF_NO_SGR": "1", "PATH": "/usr/bin:/bin"})
    if done.returncode != 0:
        return None
    path = folder / "doc.txt"
    path.write_bytes(done.stdout)
    printed = [line for line in done.stdout.decode("utf-8").split("\n")]
    expected = []
    for node in tree.nodes:
        wanted = heading(tree, node)
        at = next((k + 1 for k, line in enumerate(printed)
                   if _unstruck(line).strip() == wanted), None)
        expected.append((node.ident, at, None))
    return path, expected


def _unstruck(line: str) -> str:
    out = []
    for c in line:
        if c == "\b":
            out.pop() if out else None
        else:
            out.append(c)
    return "".join(out)


def _pdf(tree: Tree, folder: Path, outline: bool) -> tuple[Path, Expected] | None:
    try:
        import pymupdf
    except ImportError:
        return None
    doc = pymupdf.open()
    toc, expected = [], []
    for number, node in enumerate(tree.nodes, start=1):
        page = doc.new_page()
        size = 16 if node.level == 1 else 13
        # A running header and a folio on every page: furniture, never headings.
        page.insert_text((72, 40), f"{tree.name} {number}", fontsize=9, fontname="helv")
        page.insert_text((300, 800), str(number), fontsize=9, fontname="helv")
        page.insert_text((72, 72), heading(tree, node), fontsize=size, fontname="hebo")
        y = 110.0
        for _ in range(6):
            page.insert_text((72, y), node.body, fontsize=10, fontname="helv")
            y += 16
        toc.append([node.level, heading(tree, node), number])
        expected.append((node.ident, None, number))
    if outline:
        doc.set_toc(toc)
    path = folder / "doc.pdf"
    doc.save(path)
    doc.close()
    return path, expected


def pdf_outline(tree: Tree, folder: Path):
    return _pdf(tree, folder, outline=True)


def pdf_fonts(tree: Tree, folder: Path):
    return _pdf(tree, folder, outline=False)


GENERATORS: dict[str, Callable[[Tree, Path], tuple[Path, Expected] | None]] = {
    "markdown ATX": markdown_atx,
    "markdown setext": markdown_setext,
    "markdown bold articles": markdown_bold,
    "plain text": plain_text,
    "groff -man (nroff output)": nroff_man,
    "PDF with outline (PyMuPDF)": pdf_outline,
    "PDF by fonts (PyMuPDF)": pdf_fonts,
}
#: Generators of other documents that this machine may lack: (generator, what it needs: a
#: program, or a groff macro package).
ELSEWHERE = [("groff -ms/-me/-mom", "tmac:s"), ("LaTeX", "pdflatex"), ("texinfo", "makeinfo"),
             ("Sphinx", "sphinx-build"), ("asciidoctor", "asciidoctor"), ("pandoc", "pandoc"),
             ("LibreOffice", "soffice"), ("WeasyPrint", "weasyprint")]


def _installed(need: str) -> bool:
    if need.startswith("tmac:"):
        return any(Path("/usr/share/groff").glob(f"*/tmac/{need[5:]}.tmac"))
    return shutil.which(need) is not None


@dataclass
class Score:
    expected: int = 0
    found: int = 0
    listed: int = 0
    misses: list[str] | None = None

    @property
    def recall(self) -> float:
        return self.found / self.expected if self.expected else 1.0

    @property
    def precision(self) -> float:
        return self.found / self.listed if self.listed else 1.0


def score(path: Path, expected: Expected, into: Score) -> None:
    source = load_source(path)
    found = []
    for section in source.sections:
        page = source.page_of(section.span.start)
        found.append((section.ident, section.line, page.number if page else None))
    into.expected += len(expected)
    into.listed += len(found)
    left = list(found)
    for ident, line, page in expected:
        match = next((f for f in left if f[0] == ident and (
            (line is not None and abs(f[1] - line) <= LINE_TOLERANCE)
            or (line is None and page is not None and f[2] == page))), None)
        if match is None:
            (into.misses if into.misses is not None else []).append(f"{path.parent.name}:{ident}")
        else:
            into.found += 1
            left.remove(match)


def run(generators: list[str] | None = None) -> dict[str, Score]:
    results: dict[str, Score] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, generate in GENERATORS.items():
            if generators is not None and name not in generators:
                continue
            result = Score(misses=[])
            for tree in trees():
                folder = Path(tmp) / name.replace(" ", "_").replace("/", "_") / tree.name
                folder.mkdir(parents=True)
                made = generate(tree, folder)
                if made is not None:
                    score(made[0], made[1], result)
            if result.expected:
                results[name] = result
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--verbose", "-v", action="store_true", help="list the misses")
    args = parser.parse_args(argv)
    results = run()
    total = Score()
    for name, result in results.items():
        total.expected += result.expected
        total.found += result.found
        total.listed += result.listed
        print(f"{name:<28} recall {result.recall:6.1%}  precision {result.precision:6.1%}  "
              f"({result.found} of {result.expected}, {result.listed} listed)")
        if args.verbose and result.misses:
            print("    missing: " + ", ".join(result.misses[:20]))
    print(f"{'all':<28} recall {total.recall:6.1%}  precision {total.precision:6.1%}")
    for name, need in ELSEWHERE:
        if not _installed(need):
            print(f"{name:<28} not installed ({need})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
