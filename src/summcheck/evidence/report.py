"""One summary's evidence report, from its files to the finished HTML page. A summary of
several sources gets one panel per document: each source's evidence is built from its own
pass (engine/run.inspect_documents) and the page switches between them."""
from __future__ import annotations

from pathlib import Path

from ..engine.options import Options
from ..engine.run import inspect_documents, inspect_summary, merged_verdicts
from ..inputs.documents import SeveralSources
from ..report.html import render_html
from .build import Evidence, build, counts
from .summary_html import render_summary


def evidence_report(summary: Path, options: Options) -> tuple[str, Evidence]:
    """The HTML page of `summary`'s evidence and the data it shows; an input that cannot be
    read raises InputError, as `check` reports it."""
    try:
        findings, _, analysis = inspect_summary(summary, options)
    except SeveralSources as several:
        return _several(summary, options, several)
    evidence = build(analysis, findings)
    verdicts = [sentence["verdict"] for sentence in evidence.data["sentences"]]
    page = render_html(evidence, render_summary(summary, analysis.summary.sentences, verdicts))
    return page, evidence


def _several(summary: Path, options: Options, several: SeveralSources) -> tuple[str, Evidence]:
    """The page of a summary of several sources: the summary once, with every sentence any
    pass checked, and each document's evidence numbered by those sentences."""
    passes = inspect_documents(summary, options, several.documents)
    verdicts = merged_verdicts(passes)
    order = sorted(verdicts)
    number = {at: n for n, at in enumerate(order)}
    sentence_at = {}
    present: dict[tuple[int, int], list[str]] = {}
    for scope, _, _, analysis in passes:
        for result in analysis.sentences:
            at = (result.sentence.line, result.sentence.column)
            sentence_at.setdefault(at, result.sentence)
            present.setdefault(at, []).append(scope.key)
    documents = []
    for scope, findings, _, analysis in passes:
        data = build(analysis, findings).data
        documents.append({"key": scope.key, "data": _numbered(data, order, number, verdicts,
                                                               present)})
    first = documents[0]["data"]
    # The page's frame: what its header shows of the whole; each document's data is its own.
    data = {"summary": first["summary"], "claims": first["claims"], "source": None,
            "coverage": {"unit": first["coverage"]["unit"]},
            "drawnLimit": next((d["data"]["drawnLimit"] for d in documents
                                if d["data"]["drawnLimit"]), None),
            "counts": counts([{"verdict": verdicts[at]} for at in order],
                             [r for d in documents for r in d["data"]["records"]],
                             [f for d in documents for f in d["data"]["findings"]]),
            "documents": documents}
    evidence = Evidence(data, first["summary"])
    html = render_summary(summary, [sentence_at[at] for at in order],
                          [verdicts[at] for at in order])
    return render_html(evidence, html), evidence


def _numbered(data: dict, order: list, number: dict, verdicts: dict, present: dict) -> dict:
    """One document's data with its sentences numbered as the page numbers them: a sentence
    this document's pass did not check stands as a stub naming the documents that did."""
    local = [number[(s["line"], s["column"])] for s in data["sentences"]]
    sentences: list[dict] = [
        {"line": line, "column": column, "text": "", "verdict": verdicts[(line, column)],
         "locators": [], "parts": [], "bound": None, "findings": [],
         "elsewhere": present[(line, column)]} for line, column in order]
    for own, sentence in zip(local, data["sentences"]):
        sentences[own] = sentence
    for finding in data["findings"]:
        if finding["sentence"] is not None:
            finding["sentence"] = local[finding["sentence"]]
    for cells in (data["coverage"]["cells"], data["coverage"]["sections"]):
        for cell in cells:
            cell["sentences"] = [local[n] for n in cell["sentences"]]
    return {**data, "sentences": sentences}
