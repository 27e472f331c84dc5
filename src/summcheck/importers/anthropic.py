"""`summcheck import anthropic`: a saved Messages API response → SUMMARY.md + its records.

Each text block that carries citations becomes one sentence of the summary (each sentence of
it, if the block holds several, carries the locator), and each of its citations one record:
the quote is the cited text, the locator the tightest one around where the citation says it
stands. `char_location` offsets count code points into the document as it was sent, the
source file decoded as UTF-8 (a byte order mark included, which summcheck's loading drops);
`page_location` pages are 1-based physical pages, end exclusive; `content_block_location`
names blocks of a custom-content document, which the response does not hold, so such a
citation is placed where its cited text stands in the source, when it stands there once.
Cited text that disagrees with the source at the cited place is reported; the record keeps
the provider's text, so `summcheck check` reports it too. Text blocks without citations are
left out (and counted).
"""
from __future__ import annotations

from pathlib import Path

from ..files import read_input
from ..matching.exact import Matcher
from ..matching.normalize import FoldedQuote
from ..model import InputError, SourceDocument, Span
from ..pipeline.citations import locator_for_span, pages_span, sent_to_loaded
from ..pipeline.records_out import relative_to_file, render_claims
from ..pipeline.verify import implied_strength
from ..providers.anthropic import parse_claim_line
from ..sources import MAX_BYTES, load_source
from ..text_split import mask_inline, split_sentences
from . import ImportResult, read_json, refuse_surrogates, with_locator


def claims_path_for(summary: Path) -> Path:
    """`SUMMARY.md` → `SUMMARY.claims.jsonl` beside it."""
    return summary.with_name(f"{summary.stem}.claims.jsonl")


def import_anthropic(response: Path, source: Path, output: Path, *, document_index: int = 0,
                     page_numbers: str = "auto", prefer: str = "tightest") -> ImportResult:
    """The summary and records of `response` (the caller writes them)."""
    data = read_json(response, "response")
    base = "$.content"
    if isinstance(data, dict) and not isinstance(data.get("content"), list) \
            and isinstance(data.get("response"), dict):
        data = data["response"]  # a file that saved the request beside the response
        base = "$.response.content"
    if not isinstance(data, dict) or not isinstance(data.get("content"), list):
        raise InputError(f"{response}: not a Messages API response (no \"content\" list)")
    doc = load_source(source, page_numbers=page_numbers)
    shift = None
    if doc.kind != "pdf":
        sent = read_input(source, MAX_BYTES, "source document").decode("utf-8", errors="replace")
        shift = sent_to_loaded(sent, doc.text, str(source))
    placer = _Placer(doc, shift, document_index, page_numbers, prefer)
    claims_file = claims_path_for(output)
    result = ImportResult([])
    uncited = 0
    paragraphs = []
    for number, block in enumerate(data["content"], 1):
        if not isinstance(block, dict) or block.get("type") != "text":
            continue
        text = block.get("text") if isinstance(block.get("text"), str) else ""
        citations = [c for c in block.get("citations") or [] if isinstance(c, dict)]
        if not citations:
            uncited += bool(text.strip())
            continue
        # Its texts become the summary and its records: a text that no UTF-8 file can hold
        # is this input's fault, said before anything is written.
        refuse_surrogates(block, str(response), f"{base}[{number - 1}]")
        claim, strength_tag, topic = parse_claim_line(" ".join(text.split()))
        if not claim:
            result.problems.append(f"text block {number}: cited, but holds no text")
            continue
        locators = []
        first_record = True
        for k, citation in enumerate(citations, 1):
            where = f"text block {number}, citation {k}"
            placed = placer.place(citation, where, result)
            if placed is None:
                continue
            locator, kind = placed
            quote = citation.get("cited_text") if isinstance(citation.get("cited_text"), str) else ""
            record = {"id": f"a{len(result.records) + 1}", "claim": claim, "locator": locator,
                      "quote": quote.strip(),
                      "strength": implied_strength(quote) or "states"}
            if topic:
                record["topic"] = topic
            if not first_record:  # one claim backed by several passages, not a duplicate
                record["ignore"] = ["SUM301"]
            record.update({"x-cited-by": kind, "x-text-block": number})
            result.records.append(record)
            locators.append(locator)
            first_record = False
        if not locators:
            continue
        locator = "; ".join(dict.fromkeys(locators))
        sentences = _sentences(claim)
        result.sentences.extend(sentences)
        paragraphs.append(" ".join(with_locator(s, locator) for s in sentences))
    if uncited:
        result.problems.append(f"{uncited} text block{'s' * (uncited != 1)} without citations "
                               f"left out (no place in the source backs them)")
    import yaml

    front = yaml.safe_dump({"source": relative_to_file(source, output),
                            "claims": relative_to_file(claims_file, output)},
                           sort_keys=False, allow_unicode=True, width=1000)
    note = (f"<!-- Imported by `summcheck import anthropic` from {response.name}: one sentence "
            f"per cited text block, locators from the citations. -->")
    body = "\n\n".join(paragraphs)
    result.summary_text = f"---\n{front}---\n\n{note}\n\n{body}\n" if body else f"---\n{front}---\n\n{note}\n"
    result.claims_text = render_claims(claims_file, result.records)
    return result


def _sentences(text: str) -> list[str]:
    _, scan, _ = mask_inline(text)
    return [text[a:b] for a, b in split_sentences(scan)] or [text]


class _Placer:
    """A citation → (locator, kind), reporting what cannot be placed or disagrees."""

    def __init__(self, doc: SourceDocument, shift: int | None, document_index: int,
                 page_numbers: str, prefer: str) -> None:
        self.doc, self.shift, self.document_index = doc, shift, document_index
        self.page_numbers, self.prefer = page_numbers, prefer
        self.matcher = Matcher(doc)

    def place(self, citation: dict, where: str, result: ImportResult) -> tuple[str, str] | None:
        kind = citation.get("type")
        quote = citation.get("cited_text") if isinstance(citation.get("cited_text"), str) else ""
        index = citation.get("document_index", 0)
        if index != self.document_index:
            result.problems.append(f"{where}: cites document {index}, not the source "
                                   f"(document {self.document_index}); left out")
            return None
        if not quote.strip():
            result.problems.append(f"{where}: gives no cited text; left out")
            return None
        folded = FoldedQuote.of(quote)
        if kind == "char_location":
            span = self._chars(citation, where, result)
        elif kind == "page_location":
            span = self._pages(citation, where, result)
        elif kind == "content_block_location":
            span = self._by_text(folded, quote, where, result)
        else:
            result.problems.append(f"{where}: a {kind!s} citation names no place in a document; left out")
            return None
        if span is None:
            return None
        hits = self.matcher.find_in(folded, (span,), quote, 1)
        if hits:
            span = hits[0].span
        elif kind != "content_block_location":
            own = " ".join(self.doc.text[span.start:span.end].split())
            result.disagreements.append(
                f"{where}: the cited text {_short(quote)} does not stand at the cited place, "
                f"which reads {_short(own)}")
        place = locator_for_span(self.doc, span, page_numbers=self.page_numbers, prefer=self.prefer)
        if place is None:
            result.problems.append(f"{where}: no locator resolves around characters "
                                   f"{span.start}–{span.end}; left out")
            return None
        return place.locator, str(kind)

    def _chars(self, citation: dict, where: str, result: ImportResult) -> Span | None:
        if self.shift is None:
            result.problems.append(f"{where}: a char_location citation of a PDF source; left out")
            return None
        start, end = citation.get("start_char_index"), citation.get("end_char_index")
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (start, end)):
            result.problems.append(f"{where}: char_location without whole-number offsets; left out")
            return None
        start, end = max(0, start + self.shift), end + self.shift
        if not start < end <= len(self.doc.text):
            result.problems.append(f"{where}: characters {start}–{end} lie outside the source "
                                   f"({len(self.doc.text):,} characters); left out")
            return None
        return Span(start, end)

    def _pages(self, citation: dict, where: str, result: ImportResult) -> Span | None:
        first, end = citation.get("start_page_number"), citation.get("end_page_number")
        span = pages_span(self.doc, first, end) if all(
            isinstance(v, int) and not isinstance(v, bool) for v in (first, end)) else None
        if span is None:
            result.problems.append(f"{where}: pages {first}–{end} (end exclusive) are not pages "
                                   f"of the source ({len(self.doc.pages)}); left out")
        return span

    def _by_text(self, folded: FoldedQuote, quote: str, where: str,
                 result: ImportResult) -> Span | None:
        hits = self.matcher.find_anywhere([(folded, quote)])[0]
        if len(hits) != 1:
            result.problems.append(f"{where}: a content_block_location citation whose text stands "
                                   f"{'nowhere' if not hits else 'more than once'} in the source; "
                                   f"left out")
            return None
        return hits[0].span


def _short(text: str) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= 70 else text[:67] + "…")
