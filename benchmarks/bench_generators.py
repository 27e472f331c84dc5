#!/usr/bin/env python
"""How well sections are found in documents of every generator this machine has.

    python benchmarks/bench_generators.py [--verbose] [--keep DIR]

Section trees in four languages and several numbering styles (arabic `1`/`1.1`, a law's
articles, lettered appendices) are rendered through each generator that can run here —
Markdown (ATX, setext, bold article leads), plain text with numbered lines, groff/nroff man
pages (`nroff -man`, bold by overstrike), PDF made with PyMuPDF with an outline and without
one (headings told by their font); groff -ms, -me and -mom, each to PDF (`-Tpdf`) and to
nroff text (`-Tutf8`, bold by overstrike); LaTeX (pdflatex, twice) in the article, report
(with a table of contents), book (likewise), two-column article and abnTeX2 classes; texinfo as
`makeinfo --plaintext` (a contents listing first) and `texi2pdf`; Sphinx's text builder and
its single-page HTML printed by WeasyPrint; asciidoctor HTML printed by WeasyPrint; pandoc
Markdown to PDF through pdflatex (with `--toc`), to plain text, and to DOCX printed by
LibreOffice; hand-written HTML printed by WeasyPrint with its outline (bookmarks from h1–h6)
and without one. Generators number the headings themselves where they can; a law's articles
(and, where a generator has no letters, appendices) are written out. Every tree goes through
every generator (about a minute and a half in all, LaTeX and LibreOffice the bulk). The
sections summcheck finds are scored as `../shared/corpus/measure.py` scores the corpus: a
found section counts when its id is a ground-truth id at the same place (the line within ±2,
or the page), the ground truth read from the rendered output, never from summcheck.
Generators this machine lacks are named as not installed, not scored; `--keep DIR` keeps the
documents (DIR/<generator>/<tree>/).

Prints recall and precision per generator and in all; exit status 0.
tests/test_structure_generators.py runs a fixed sample of it.
"""
from __future__ import annotations

import argparse
import functools
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import unicodedata
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


# ------------------------------------------------ generators of the wider world
# Each returns None when its program is missing or fails (a non-zero exit, a timeout, no
# output), so the benchmark runs anywhere. The expected places are read from the rendered
# output, never from summcheck: a text's line (`_text_expected`), a PDF's page
# (`_pdf_expected`). Where a generator numbers headings itself it prints the numbers; where it
# cannot number as the tree does (a law's articles, and lettered appendices in mom, Sphinx and
# DOCX) the heading is written out, unnumbered.

#: A section's body paragraph is set this many times: text enough that PDFs run over pages
#: and the two-column class fills columns.
PARAGRAPHS = 3
TIMEOUT = 120  # seconds for one run of one program
LATEX_LANGUAGES = {"en": "english", "de": "ngerman", "es": "spanish", "pt": "portuguese"}

#: Each heading as the generator prints it: (ident, the number it prints — or None when the
#: writer wrote the heading out —, the title — or the whole heading when written out).
Printed = list[tuple[str, str | None, str]]


def _numbered(node: Node) -> tuple[str, str | None, str]:
    return node.ident, node.ident, node.title


def _written(tree: Tree, node: Node) -> tuple[str, str | None, str]:
    return node.ident, None, heading(tree, node)


def _program(name: str) -> str | None:
    """The program's path: on PATH, or beside this interpreter (a venv not activated)."""
    found = shutil.which(name)
    if found is None and (Path(sys.executable).parent / name).exists():
        found = str(Path(sys.executable).parent / name)
    return found


def _run(args: list[str], folder: Path, env: dict[str, str] | None = None) -> bytes | None:
    """The program's standard output, or None when it fails or outlasts TIMEOUT."""
    environment = dict(os.environ if env is None else env, TMPDIR=str(folder))
    try:
        # A session of its own, so that a timeout ends its children too (soffice.bin, pdftex).
        process = subprocess.Popen(args, cwd=folder, env=environment, stdin=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   start_new_session=True)
    except OSError:
        return None
    try:
        out, _ = process.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except OSError:
            pass
        process.communicate()
        return None
    return out if process.returncode == 0 else None


#: Accents TeX's CM fonts set beside the letter (`L¨oschung`, `Art´ıculo`, `^Ambito`, `c~oes`).
_SPACING_ACCENTS = "¨´`ˆ˜¸˘˙˚˝˛ˇ^~"
#: What follows a heading in a table of contents: dotted leaders, a page number.
_LEADERS_OR_FOLIO = re.compile(r"(?:\.\s*)*(?:\d+|[ivxlc]+)?")


def _fold(text: str) -> str:
    """Text as compared: accents and ligatures dropped, white space collapsed."""
    text = "".join(c for c in text if c not in _SPACING_ACCENTS).replace("ı", "i")
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(text.split())


def _heads(line: str, following: str, number: str | None, title: str) -> int:
    """How many lines the heading takes from `line` on: 1, 2 (`following` too) or 0."""
    line, following, title = _fold(line), _fold(following), _fold(title)
    if number is None:  # written out: on its line, or broken over two
        if line == title:
            return 1
        return 2 if line and following and f"{line} {following}" == title else 0
    # The number as printed: `1`, `1.` (ms, Sphinx), `A:` (asciidoctor), `1,` (makeinfo in
    # Portuguese), after a label (`Kapitel 1`, `Anhang A`); the title on its line or alone
    # on the next.
    lead = rf"(?:\w+ )?{re.escape(number)}[.:,]?"
    if re.fullmatch(rf"{lead} {re.escape(title)}", line):
        return 1
    return 2 if re.fullmatch(lead, line) and following == title else 0


def _places(lines: list[str], number: str | None, title: str) -> list[tuple[int, int]]:
    """(first, last) index of the lines of every place the heading stands."""
    places = []
    for k, line in enumerate(lines):
        taken = _heads(line, lines[k + 1] if k + 1 < len(lines) else "", number, title)
        if taken:
            places.append((k, k + taken - 1))
    return places


def _text_expected(text: str, printed: Printed) -> Expected:
    """Each heading's line, 1-based on lines split at "\\n" (as summcheck counts them), compared
    without overstrike: the last place it stands, for a contents listing (makeinfo's) comes
    before the text and text outputs repeat no heading after it."""
    lines = [_unstruck(line) for line in text.split("\n")]
    expected: Expected = []
    for ident, number, title in printed:
        places = _places(lines, number, title)
        expected.append((ident, places[-1][0] + 1 if places else None, None))
    return expected


def _pdf_expected(path: Path, printed: Printed) -> Expected | None:
    """Each heading's page: the first that prints its number and title other than as an entry
    of a table of contents (one followed by leaders or a page number). A heading no page
    prints stays expected, on no page: a miss."""
    try:
        import pymupdf
        with pymupdf.open(path) as doc:
            pages = [page.get_text().split("\n") for page in doc]
    except Exception:  # no PyMuPDF, or the generator wrote no readable PDF: not scored
        return None
    expected: Expected = []
    for ident, number, title in printed:
        page = next((n for n, lines in enumerate(pages, start=1)
                     for _, last in _places(lines, number, title)
                     if not (last + 1 < len(lines) and _fold(lines[last + 1])
                             and _LEADERS_OR_FOLIO.fullmatch(_fold(lines[last + 1])))), None)
        expected.append((ident, None, page))
    return expected


def _made(path: Path | None, expected: Expected | None) -> tuple[Path, Expected] | None:
    if path is None or expected is None or not path.exists():
        return None
    return path, expected


# groff's document macro packages: ms, me, mom --------------------------------------------

def _ms(tree: Tree) -> tuple[list[str], Printed]:
    source, printed = [".TL", tree.name], []
    for node in tree.nodes:
        if tree.style == "articles":
            source += [".SH", heading(tree, node)]
            printed.append(_written(tree, node))
        else:
            if node.ident == "A":  # ms numbers in register H1; letters by its format
                source += [".nr H1 0", ".af H1 A"]
            source += [f".NH {node.level}", node.title]
            printed.append(_numbered(node))
        source += [".PP", node.body] * PARAGRAPHS
    return source, printed


def _me(tree: Tree) -> tuple[list[str], Printed]:
    source, printed = [".(l C", f'.b "{tree.name}"', ".)l"], []
    for node in tree.nodes:
        if tree.style == "articles":
            source.append(f'.uh "{heading(tree, node)}"')
            printed.append(_written(tree, node))
        elif node.ident == "A":  # me numbers in register $1; letters by its format
            source += [".af $1 A", f'.sh 1 "{node.title}" 1']
            printed.append(_numbered(node))
        else:
            source.append(f'.sh {node.level} "{node.title}"')
            printed.append(_numbered(node))
        source += [".pp", node.body] * PARAGRAPHS
    return source, printed


def _mom(tree: Tree) -> tuple[list[str], Printed]:
    source, printed = [f'.TITLE "{tree.name}"', ".PRINTSTYLE TYPESET"], []
    if tree.style != "articles":
        source += [".HEADING_STYLE 1 NUMBER", ".HEADING_STYLE 2 NUMBER"]
    source.append(".START")
    for node in tree.nodes:
        if tree.style == "articles" or node.ident.isalpha():
            if node.ident == "A":  # mom numbers in arabic only: appendices written out
                source.append(".HEADING_STYLE 1 NO_NUMBER")
            source.append(f'.HEADING 1 "{heading(tree, node)}"')
            printed.append(_written(tree, node))
        else:
            source.append(f'.HEADING {node.level} "{node.title}"')
            printed.append(_numbered(node))
        source += [".PP", node.body] * PARAGRAPHS
    return source, printed


def _groff(tree: Tree, folder: Path, macros: str, pdf: bool) -> tuple[Path, Expected] | None:
    groff = _program("groff")
    if groff is None or not _installed(f"tmac:{macros}"):
        return None
    source, printed = {"s": _ms, "e": _me, "om": _mom}[macros](tree)
    (folder / "doc.roff").write_text("\n".join(source) + "\n", encoding="utf-8")
    # -Kutf8 rather than -k alone: preconv guesses a short file's encoding, and guesses
    # Latin-1 for one with a single umlaut. Text: bold by overstrike, as nroff_man.
    out = _run([groff, "-Kutf8", f"-m{macros}", "-Tpdf" if pdf else "-Tutf8", "doc.roff"],
               folder, env={"GROFF_NO_SGR": "1", "PATH": os.environ.get("PATH", "/usr/bin:/bin")})
    if not out:
        return None
    path = folder / ("doc.pdf" if pdf else "doc.txt")
    path.write_bytes(out)
    if pdf:
        return _made(path, _pdf_expected(path, printed))
    return path, _text_expected(out.decode("utf-8", "replace"), printed)


# LaTeX ----------------------------------------------------------------------------------

def _latex_source(tree: Tree, documentclass: str, chapters: bool, contents: bool,
                  babel: bool) -> tuple[str, Printed]:
    commands = ["\\chapter", "\\section"] if chapters else ["\\section", "\\subsection"]
    source = [f"\\documentclass{documentclass}", "\\usepackage[T1]{fontenc}",
              "\\usepackage[utf8]{inputenc}", "\\usepackage{lmodern}"]  # Type 1, not bitmaps
    if babel:  # TeX Live's babel has ini files for every language, ldf files for few
        source.append("\\usepackage[english]{babel}")
        if tree.language != "en":
            source.append(f"\\babelprovide[import,main]{{{LATEX_LANGUAGES[tree.language]}}}")
    source += [f"\\title{{{tree.name}}}", "\\author{}", "\\date{}", "\\begin{document}",
               "\\maketitle"] + (["\\tableofcontents"] if contents else [])
    printed: Printed = []
    for node in tree.nodes:
        if tree.style == "articles":  # LaTeX numbers no articles: written out, unnumbered
            source.append(f"\\section*{{{heading(tree, node)}}}")
            printed.append(_written(tree, node))
        else:
            source += ["\\appendix"] if node.ident == "A" else []
            source.append(f"{commands[node.level - 1]}{{{node.title}}}")
            printed.append(_numbered(node))
        source += ["", *[node.body, ""] * PARAGRAPHS]
    return "\n".join(source + ["\\end{document}"]) + "\n", printed


def _latex(tree: Tree, folder: Path, documentclass: str, chapters: bool,
           contents: bool) -> tuple[Path, Expected] | None:
    pdflatex = _program("pdflatex")
    if pdflatex is None:
        return None
    for babel in (True, False):  # the tree's language where this TeX has it, else English
        source, printed = _latex_source(tree, documentclass, chapters, contents, babel)
        (folder / "doc.tex").write_text(source, encoding="utf-8")
        args = [pdflatex, "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape",
                "doc.tex"]
        if all(_run(args, folder) is not None for _ in range(2)):  # the 2nd sets the contents
            return _made(folder / "doc.pdf", _pdf_expected(folder / "doc.pdf", printed))
    return None


def latex_article(tree: Tree, folder: Path):
    return _latex(tree, folder, "{article}", chapters=False, contents=False)


def latex_report(tree: Tree, folder: Path):
    return _latex(tree, folder, "{report}", chapters=True, contents=True)


def latex_book(tree: Tree, folder: Path):
    return _latex(tree, folder, "{book}", chapters=True, contents=True)


def latex_twocolumn(tree: Tree, folder: Path):
    return _latex(tree, folder, "[twocolumn]{article}", chapters=False, contents=False)


def latex_abntex2(tree: Tree, folder: Path):
    """abnTeX2, the class of Brazilian theses and reports (ABNT norms; memoir underneath)."""
    return _latex(tree, folder, "[12pt,a4paper,english]{abntex2}", chapters=True, contents=True)


# texinfo --------------------------------------------------------------------------------

def _texinfo_source(tree: Tree) -> tuple[str, Printed]:
    source = ["\\input texinfo", "@setfilename doc.info", f"@documentlanguage {tree.language}",
              "@documentencoding UTF-8", f"@settitle {tree.name}", "", "@titlepage",
              f"@title {tree.name}", "@end titlepage", "@contents", "", "@ifnottex",
              "@node Top", f"@top {tree.name}", "@end ifnottex", ""]
    printed: Printed = []
    for number, node in enumerate(tree.nodes, start=1):
        source.append(f"@node n{number}")
        if tree.style == "articles":  # texinfo numbers no articles: written out, unnumbered
            source.append(f"@unnumbered {heading(tree, node)}")
            printed.append(_written(tree, node))
        else:
            command = "@appendix" if node.ident.isalpha() else (
                "@chapter" if node.level == 1 else "@section")
            source.append(f"{command} {node.title}")
            printed.append(_numbered(node))
        source += ["", *[node.body, ""] * PARAGRAPHS]
    return "\n".join(source + ["@bye"]) + "\n", printed


def _texinfo(tree: Tree, folder: Path, program: str, options: list[str],
             output: str) -> tuple[Path, Printed] | None:
    """The tree as texinfo, through `program` into folder/`output`; None where it fails."""
    found = _program(program)
    if found is None:
        return None
    source, printed = _texinfo_source(tree)
    (folder / "doc.texi").write_text(source, encoding="utf-8")
    path = folder / output
    if _run([found, *options, "-o", output, "doc.texi"], folder) is None or not path.exists():
        return None
    return path, printed


def texinfo_text(tree: Tree, folder: Path) -> tuple[Path, Expected] | None:
    made = _texinfo(tree, folder, "makeinfo", ["--plaintext", "--no-split"], "doc.txt")
    if made is None:
        return None
    path, printed = made
    return path, _text_expected(path.read_text(encoding="utf-8", errors="replace"), printed)


def texinfo_pdf(tree: Tree, folder: Path) -> tuple[Path, Expected] | None:
    made = _texinfo(tree, folder, "texi2pdf", ["--batch", "--quiet"], "doc.pdf")
    return None if made is None else _made(made[0], _pdf_expected(*made))


# Sphinx, asciidoctor, WeasyPrint --------------------------------------------------------

def _weasyprint(html: Path, folder: Path) -> Path | None:
    """`html` as WeasyPrint prints it (bookmarks from h1–h6 by default), local files only."""
    weasyprint = _program("weasyprint")
    if weasyprint is None:
        return None
    pdf = folder / "doc.pdf"
    done = _run([weasyprint, "--quiet", "--allowed-protocols", "file", str(html), str(pdf)],
                folder)
    return pdf if done is not None and pdf.exists() else None


def _sphinx(tree: Tree, folder: Path, builder: str) -> tuple[Path, Printed] | None:
    """The Sphinx project built by `builder`: the text builder's body.txt, or singlehtml's
    index.html. Sections numbered by a `:numbered:` toctree; Sphinx numbers in arabic only,
    so articles and appendices are written out under a plain toctree."""
    sphinx = _program("sphinx-build")
    if sphinx is None:
        return None
    project = folder / "project"
    project.mkdir(exist_ok=True)
    (project / "conf.py").write_text(f"project = {tree.name!r}\nlanguage = {tree.language!r}\n",
                                     encoding="utf-8")
    numbered = tree.style == "arabic"
    toctree = [".. toctree::"] + (["   :numbered:"] if numbered else []) + ["", "   body"]
    (project / "index.rst").write_text("\n".join(
        [tree.name, "=" * len(tree.name), "", *toctree]) + "\n", encoding="utf-8")
    body, printed = [], []
    for node in tree.nodes:
        text = node.title if numbered else heading(tree, node)
        body += [text, ("=" if node.level == 1 else "-") * len(text), ""]
        body += [node.body, ""] * PARAGRAPHS
        printed.append(_numbered(node) if numbered else _written(tree, node))
    (project / "body.rst").write_text("\n".join(body), encoding="utf-8")
    out = folder / builder
    if _run([sphinx, "-q", "-b", builder, str(project), str(out)], folder) is None:
        return None
    path = out / ("body.txt" if builder == "text" else "index.html")
    return (path, printed) if path.exists() else None


def sphinx_text(tree: Tree, folder: Path) -> tuple[Path, Expected] | None:
    built = _sphinx(tree, folder, "text")
    if built is None:
        return None
    return built[0], _text_expected(built[0].read_text(encoding="utf-8"), built[1])


def sphinx_pdf(tree: Tree, folder: Path) -> tuple[Path, Expected] | None:
    built = _sphinx(tree, folder, "singlehtml")
    pdf = None if built is None else _weasyprint(built[0], folder)
    return None if pdf is None else _made(pdf, _pdf_expected(pdf, built[1]))


def asciidoctor_pdf(tree: Tree, folder: Path) -> tuple[Path, Expected] | None:
    asciidoctor = _program("asciidoctor")
    if asciidoctor is None:
        return None
    # `:sectnums:` numbers in arabic and [appendix] sections as "Appendix A:"; it numbers
    # no articles, so a law's are written out with the numbering off.
    source = [f"= {tree.name}", f":lang: {tree.language}",
              f":appendix-caption: {APPENDIX_WORDS[tree.language]}", ":webfonts!:"]
    source += [":sectnums:", ""] if tree.style != "articles" else [""]
    printed: Printed = []
    for node in tree.nodes:
        if tree.style == "articles":
            source.append(f"== {heading(tree, node)}")
            printed.append(_written(tree, node))
        else:
            source += ["[appendix]"] if node.ident.isalpha() else []
            source.append("=" * (node.level + 1) + " " + node.title)
            printed.append(_numbered(node))
        source += ["", *[node.body, ""] * PARAGRAPHS]
    (folder / "doc.adoc").write_text("\n".join(source), encoding="utf-8")
    if _run([asciidoctor, "-o", "doc.html", "doc.adoc"], folder) is None:
        return None
    pdf = _weasyprint(folder / "doc.html", folder)
    return None if pdf is None else _made(pdf, _pdf_expected(pdf, printed))


def _weasyprint_hand(tree: Tree, folder: Path, outline: bool) -> tuple[Path, Expected] | None:
    """Hand-written HTML, the numbers in the headings; a folio on every page."""
    style = ["@page { size: A4; margin: 2cm; @bottom-center { content: counter(page) } }",
             "body { font-family: serif; font-size: 11pt }", ".title { font-size: 22pt }"]
    if not outline:
        style.append("h1, h2 { bookmark-level: none }")
    html = [f'<!DOCTYPE html><html lang="{tree.language}"><head><meta charset="utf-8">',
            f"<title>{tree.name}</title><style>{' '.join(style)}</style></head><body>",
            f'<p class="title">{tree.name}</p>']
    for node in tree.nodes:
        html.append(f"<h{node.level}>{heading(tree, node)}</h{node.level}>")
        html += [f"<p>{node.body}</p>"] * PARAGRAPHS
    (folder / "doc.html").write_text("\n".join(html + ["</body></html>"]), encoding="utf-8")
    pdf = _weasyprint(folder / "doc.html", folder)
    printed = [_written(tree, node) for node in tree.nodes]
    return None if pdf is None else _made(pdf, _pdf_expected(pdf, printed))


def weasyprint_outline(tree: Tree, folder: Path):
    return _weasyprint_hand(tree, folder, outline=True)


def weasyprint_plain(tree: Tree, folder: Path):
    return _weasyprint_hand(tree, folder, outline=False)


# pandoc, LibreOffice ---------------------------------------------------------------------

def _pandoc_markdown(tree: Tree, numbers: str) -> tuple[str, Printed]:
    """Pandoc's Markdown. `numbers`: "written" (every heading written out), "latex" (pandoc
    numbers; raw `\\appendix` letters the appendices) or "docx" (pandoc numbers in arabic
    only; appendices and articles written out, `{.unnumbered}`)."""
    source = ["---", f'title: "{tree.name}"', f"lang: {tree.language}", "---", ""]
    printed: Printed = []
    for node in tree.nodes:
        marks = "#" * node.level
        if numbers == "written":
            source.append(f"{marks} {heading(tree, node)}")
            printed.append(_written(tree, node))
        elif tree.style == "articles" or (numbers == "docx" and node.ident.isalpha()):
            source.append(f"{marks} {heading(tree, node)} {{.unnumbered}}")
            printed.append(_written(tree, node))
        else:
            source += ["\\appendix", ""] if node.ident == "A" else []
            source.append(f"{marks} {node.title}")
            printed.append(_numbered(node))
        source += ["", *[node.body, ""] * PARAGRAPHS]
    return "\n".join(source), printed


def pandoc_pdf(tree: Tree, folder: Path) -> tuple[Path, Expected] | None:
    pandoc = _program("pandoc")
    if pandoc is None or _program("pdflatex") is None:
        return None
    source, printed = _pandoc_markdown(tree, "latex")
    (folder / "doc.md").write_text(source, encoding="utf-8")
    args = [pandoc, "doc.md", "--number-sections", "--toc", "--pdf-engine=pdflatex",
            "-o", "doc.pdf"]
    if _run(args, folder) is None:
        return None
    return _made(folder / "doc.pdf", _pdf_expected(folder / "doc.pdf", printed))


def pandoc_plain(tree: Tree, folder: Path) -> tuple[Path, Expected] | None:
    pandoc = _program("pandoc")
    if pandoc is None:
        return None
    # The plain writer prints no section numbers (pandoc 2.17, --number-sections or not):
    # the numbers are written into the headings.
    source, printed = _pandoc_markdown(tree, "written")
    (folder / "doc.md").write_text(source, encoding="utf-8")
    if _run([pandoc, "doc.md", "--standalone", "-t", "plain", "-o", "doc.txt"], folder) is None:
        return None
    path = folder / "doc.txt"
    if not path.exists():
        return None
    return path, _text_expected(path.read_text(encoding="utf-8"), printed)


def libreoffice_pdf(tree: Tree, folder: Path) -> tuple[Path, Expected] | None:
    pandoc, soffice = _program("pandoc"), _program("soffice")
    if pandoc is None or soffice is None:
        return None
    source, printed = _pandoc_markdown(tree, "docx")
    (folder / "doc.md").write_text(source, encoding="utf-8")
    if _run([pandoc, "doc.md", "--number-sections", "-o", "doc.docx"], folder) is None:
        return None
    # A profile of its own: no clash with a LibreOffice already running, nothing in $HOME.
    args = [soffice, f"-env:UserInstallation={(folder / 'profile').as_uri()}", "--headless",
            "--norestore", "--nolockcheck", "--convert-to", "pdf", "--outdir", str(folder),
            "doc.docx"]
    if _run(args, folder) is None:
        return None
    return _made(folder / "doc.pdf", _pdf_expected(folder / "doc.pdf", printed))


GENERATORS: dict[str, Callable[[Tree, Path], tuple[Path, Expected] | None]] = {
    "markdown ATX": markdown_atx,
    "markdown setext": markdown_setext,
    "markdown bold articles": markdown_bold,
    "plain text": plain_text,
    "groff -man (nroff output)": nroff_man,
    "PDF with outline (PyMuPDF)": pdf_outline,
    "PDF by fonts (PyMuPDF)": pdf_fonts,
    "groff -ms (nroff output)": functools.partial(_groff, macros="s", pdf=False),
    "groff -ms (PDF)": functools.partial(_groff, macros="s", pdf=True),
    "groff -me (nroff output)": functools.partial(_groff, macros="e", pdf=False),
    "groff -me (PDF)": functools.partial(_groff, macros="e", pdf=True),
    "groff -mom (nroff output)": functools.partial(_groff, macros="om", pdf=False),
    "groff -mom (PDF)": functools.partial(_groff, macros="om", pdf=True),
    "LaTeX article": latex_article,
    "LaTeX report": latex_report,
    "LaTeX book": latex_book,
    "LaTeX two-column article": latex_twocolumn,
    "LaTeX abnTeX2": latex_abntex2,
    "texinfo (makeinfo text)": texinfo_text,
    "texinfo (texi2pdf)": texinfo_pdf,
    "Sphinx (text builder)": sphinx_text,
    "Sphinx (HTML, WeasyPrint)": sphinx_pdf,
    "asciidoctor (WeasyPrint)": asciidoctor_pdf,
    "pandoc (LaTeX PDF)": pandoc_pdf,
    "pandoc (plain text)": pandoc_plain,
    "LibreOffice (pandoc DOCX)": libreoffice_pdf,
    "WeasyPrint with outline": weasyprint_outline,
    "WeasyPrint without outline": weasyprint_plain,
}
#: What each family of generators needs — a program, or a groff macro package — so that the
#: ones this machine lacks are named, not silently left out.
ELSEWHERE = [("groff", "groff"), ("groff -ms", "tmac:s"), ("groff -me", "tmac:e"),
             ("groff -mom", "tmac:om"), ("LaTeX", "pdflatex"), ("texinfo (text)", "makeinfo"),
             ("texinfo (PDF)", "texi2pdf"),
             ("Sphinx", "sphinx-build"), ("asciidoctor", "asciidoctor"), ("pandoc", "pandoc"),
             ("LibreOffice", "soffice"), ("WeasyPrint", "weasyprint")]


def _installed(need: str) -> bool:
    if need.startswith("tmac:"):
        return any(Path("/usr/share/groff").glob(f"*/tmac/{need[5:]}.tmac"))
    return _program(need) is not None


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


def score(path: Path, expected: Expected, into: Score, label: str | None = None) -> None:
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
            # "(unplaced)": the harness found the heading nowhere in the output.
            unplaced = " (unplaced)" if line is None and page is None else ""
            (into.misses if into.misses is not None else []).append(
                f"{label or path.parent.name}:{ident}{unplaced}")
        else:
            into.found += 1
            left.remove(match)


def run(generators: list[str] | None = None, keep: Path | None = None) -> dict[str, Score]:
    """Score each generator (all, or those named); `keep`: write the documents there (one
    folder per generator and tree) instead of into a temporary folder."""
    results: dict[str, Score] = {}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) if keep is None else keep
        for name, generate in GENERATORS.items():
            if generators is not None and name not in generators:
                continue
            result = Score(misses=[])
            for tree in trees():
                folder = root / re.sub(r"[^\w.+-]+", "_", name).strip("_") / tree.name
                if folder.exists():
                    shutil.rmtree(folder)
                folder.mkdir(parents=True)
                made = generate(tree, folder)
                if made is not None:
                    score(made[0], made[1], result, tree.name)
            if result.expected:
                results[name] = result
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--verbose", "-v", action="store_true", help="list the misses")
    parser.add_argument("--keep", type=Path, metavar="DIR",
                        help="write the generated documents into DIR and keep them")
    args = parser.parse_args(argv)
    results = run(keep=args.keep)
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
