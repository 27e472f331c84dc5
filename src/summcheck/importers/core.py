"""The import core every importer goes through: what another tool wrote, mapped by a provider
module to `Passage`s and `Citation`s, becomes a summary and claim records here.

The rules it keeps, whatever the provider:

- Every sentence of the other tool's answer reaches the summary. A sentence no citation
  places carries no locator, so `summcheck check` reports it (SUM101) like any unsupported
  sentence. Only text that carries no claim is left out: white space, a Markdown heading, and
  an uncited lead-in line that only introduces what follows (it ends with a colon).
- A sentence whose citations all name documents that were not given is left out: it is backed
  elsewhere, and giving that document as a further `--source` checks it too.
- A citation that cannot be placed (offsets of the wrong type, reversed, outside the source; a
  page the source lacks) keeps its sentence, which takes no locator from it, and becomes a
  record with the provider's cited text and no locator (`x-not-placed` says why), which
  `check` reports. Cited text that does not stand where the citation places it is kept as
  the provider wrote it: `check` reports it where it stands.
- What was left out or not placed is listed in the written summary (an HTML comment) and in
  the import's messages; the verdict is `check`'s.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..matching.exact import Matcher
from ..matching.normalize import FoldedQuote
from ..model import SourceDocument, Span
from ..pipeline.citations import locator_for_span
from ..pipeline.records_out import relative_to_file, render_claims
from ..pipeline.verify import implied_strength
from ..summary.split import mask_inline, split_sentences

# A claim line as summcheck's own extraction prompt asks for it: `- [requires | topic] claim`.
_TAG = re.compile(r"(?:[-*•]|\d{1,4}[.)])?[ \t]*\[[ \t]*([A-Za-z]+)[ \t]*(?:\|[ \t]*([^\]\n]*?))?[ \t]*\][ \t]*")
_BULLET = re.compile(r"(?:[-*•+]|\d{1,4}[.)])[ \t]+")
_HEADING = re.compile(r"#{1,6}(?:[ \t]|$)")


@dataclass(frozen=True)
class Citation:
    """One citation as a provider module read it."""

    where: str  # how messages name it: "text block 2, citation 1"
    kind: str  # the provider's kind of place (char_location, page_location, …)
    quote: str  # the provider's cited text
    document: int = 0  # which document of the request it cites
    span: Span | None = None  # where it places its text, in that source as loaded
    not_placed: str | None = None  # why it names no place there (span is None)
    verbatim: bool = True  # its text must stand at `span`: a disagreement is reported if not
    document_name: str | None = None  # how messages name a document not given (a file name)


@dataclass(frozen=True)
class Item:
    """Something the import left out or could not place, and why."""

    where: str
    reason: str

    def line(self) -> str:
        return f"{self.where}: {self.reason}"


@dataclass
class Written:
    """One summary and its claims file, for one source (a claims file alone: no summary)."""

    source: Path
    summary_path: Path | None
    claims_path: Path
    sentences: list[str] = field(default_factory=list)
    records: list[dict] = field(default_factory=list)
    summary_text: str = ""
    claims_text: str = ""


@dataclass
class Outcome:
    """What an import writes and reports."""

    written: list[Written]
    left_out: list[Item] = field(default_factory=list)  # text that carries no claim, or backed elsewhere
    not_placed: list[Item] = field(default_factory=list)  # citations that name no place
    disagreements: list[Item] = field(default_factory=list)  # cited text ≠ the source there
    notes: list[str] = field(default_factory=list)  # what else the reader should know

    def messages(self) -> list[str]:
        """Every line the import prints besides what it wrote."""
        return ([f"left out: {i.line()}" for i in self.left_out]
                + [f"not placed: {i.line()}" for i in self.not_placed]
                + [f"disagrees: {i.line()}" for i in self.disagreements] + self.notes)

    def totals(self, written: list[Written]) -> str:
        """`wrote S.md (3 sentences) and S.claims.jsonl (4 records); 1 citation disagrees…`"""
        parts = [f"wrote {w.summary_path} ({count(len(w.sentences), 'sentence')}) and "
                 f"{w.claims_path} ({count(len(w.records), 'record')})"
                 if w.summary_path is not None else
                 f"wrote {w.claims_path} ({count(len(w.records), 'record')})" for w in written]
        tail = []
        if self.left_out:
            tail.append(f"{count(len(self.left_out), 'item')} left out")
        if self.not_placed:
            tail.append(f"{count(len(self.not_placed), 'citation')} not placed")
        if self.disagreements:
            n = len(self.disagreements)
            tail.append(f"{count(n, 'citation')} {'disagrees' if n == 1 else 'disagree'} with "
                        f"the source")
        text = "; ".join(parts)
        if tail:
            listed = "listed in the summary" if any(w.summary_path for w in written) else \
                "listed above"
            text += "; " + ", ".join(tail) + f" ({listed}; summcheck check judges it)"
        return text


def count(n: int, noun: str) -> str:
    """`1 sentence`, `2 sentences`."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


@dataclass(frozen=True)
class Passage:
    """A stretch of the other tool's answer (a text block), with the citations it carries."""

    where: str
    text: str
    citations: tuple[Citation, ...] = ()


@dataclass
class Source:
    """A source given to the import: the document it is in the request, and its summary's
    files."""

    document: int
    path: Path
    doc: SourceDocument
    summary_path: Path
    claims_path: Path
    matcher: Matcher = field(init=False)

    def __post_init__(self) -> None:
        self.matcher = Matcher(self.doc)


@dataclass
class _Sentence:
    text: str
    citations: list[Citation]
    paragraph: int  # sentences of one paragraph of the answer share it
    topic: str | None = None  # from a `[strength | topic]` tag of its line


def import_answer(passages: list[Passage], sources: list[Source], *, tool: str, origin: str,
                  page_numbers: str = "auto", prefer: str = "tightest",
                  unplaced: list[Item] | None = None) -> Outcome:
    """The summaries and records of an answer: one summary a source that backs a sentence
    (the first source's summary also holds the sentences no citation places). `unplaced`:
    what the provider module found it cannot place before any sentence was read (a segment
    whose offsets do not land on its text)."""
    outcome = Outcome([Written(s.path, s.summary_path, s.claims_path) for s in sources],
                      not_placed=list(unplaced or ()))
    by_document = {s.document: i for i, s in enumerate(sources)}
    sentences = _sentences(passages, outcome)
    placed: dict[tuple[int, str], tuple[str, Span] | None] = {}
    # By source: (paragraph of the answer, its sentences as the summary writes them).
    paragraphs: list[list[tuple[int, list[str]]]] = [[] for _ in sources]
    for sentence in sentences:
        given = [c for c in sentence.citations if c.document in by_document]
        if sentence.citations and not given:
            documents = ", ".join(sorted({c.document_name or str(c.document)
                                          for c in sentence.citations}))
            outcome.left_out.append(Item(_short(sentence.text), f"backed only by document "
                                         f"{documents}, which was not given; give it with a "
                                         f"further --source to check it too"))
            continue
        for citation in sentence.citations:
            if citation.document not in by_document:
                _once(outcome.left_out, Item(citation.where, _elsewhere(
                    citation.document_name or str(citation.document))))
        targets = sorted({by_document[c.document] for c in given}) or [0]
        for target in targets:
            source, written = sources[target], outcome.written[target]
            locators = []
            for citation in (c for c in given if by_document[c.document] == target):
                key = (target, citation.where)
                if key not in placed:
                    placed[key] = _place(citation, source, outcome, page_numbers, prefer)
                    written.records.append(_record(citation, sentence, placed[key], written))
                else:
                    _extend_claim(written.records, citation, sentence)
                if placed[key] is not None:
                    locators.append(placed[key][0])
            written.sentences.append(sentence.text)
            chunks = paragraphs[target]
            if not chunks or chunks[-1][0] != sentence.paragraph:
                chunks.append((sentence.paragraph, []))
            chunks[-1][1].append(_with_locator(sentence.text,
                                               "; ".join(dict.fromkeys(locators))))
    _mark_repeated_claims(outcome)
    for i, (source, written) in enumerate(zip(sources, outcome.written)):
        body = "\n\n".join(" ".join(texts) for _, texts in paragraphs[i])
        written.summary_text = _summary_text(source, written, body, outcome, tool, origin)
        written.claims_text = render_claims(written.claims_path, written.records)
    return outcome


def place_citation(citation: Citation, doc: SourceDocument, matcher: Matcher,
                   page_numbers: str, prefer: str) -> tuple[tuple[str, Span] | None, str | None, str | None]:
    """((locator, span), None, disagreement) for a placed citation; (None, why, None) for one
    that names no place (it stands nowhere the grammar can name)."""
    if citation.span is None:
        return None, citation.not_placed or "names no place in the source", None
    span = citation.span
    disagreement = None
    hits = matcher.find_in(FoldedQuote.of(citation.quote), (span,), citation.quote, 1)
    if hits:
        span = hits[0].span
    elif citation.verbatim:
        own = " ".join(doc.text[span.start:span.end].split())
        disagreement = (f"the text {_short(citation.quote)} does not stand at the place given "
                        f"(characters {span.start}–{span.end}), which reads {_short(own)}")
    place = locator_for_span(doc, span, page_numbers=page_numbers, prefer=prefer)
    if place is None:
        return None, (f"no locator resolves around characters {span.start}–{span.end}"), None
    return (place.locator, span), None, disagreement


def _place(citation: Citation, source: Source, outcome: Outcome, page_numbers: str,
           prefer: str) -> tuple[str, Span] | None:
    found, why, disagreement = place_citation(citation, source.doc, source.matcher,
                                              page_numbers, prefer)
    if why is not None:
        outcome.not_placed.append(Item(citation.where, why + "; its sentence takes no locator "
                                       "from it, its record none"))
    if disagreement is not None:
        outcome.disagreements.append(Item(citation.where, disagreement))
    return found


def not_placed_record(record: dict, why: str) -> dict:
    """A record of a citation or extraction that names no place: no locator, and why."""
    record.pop("locator", None)
    record["x-not-placed"] = why
    return record


def _record(citation: Citation, sentence: _Sentence, placed: tuple[str, Span] | None,
            written: Written) -> dict:
    quote = citation.quote.strip()
    record = {"id": f"a{len(written.records) + 1}", "claim": sentence.text,
              "locator": placed[0] if placed else None, "quote": quote,
              "strength": implied_strength(quote) or "states"}
    if sentence.topic:
        record["topic"] = sentence.topic
    record["x-cited-by"] = citation.kind
    record["x-citation"] = citation.where
    if placed is None:
        not_placed_record(record, citation.not_placed or "names no place in the source")
    return record


def _extend_claim(records: list[dict], citation: Citation, sentence: _Sentence) -> None:
    """A citation that backs several sentences: its record's claim is all of them."""
    for record in records:
        if record.get("x-citation") == citation.where:
            record["claim"] = f"{record['claim']} {sentence.text}"
            return


def _mark_repeated_claims(outcome: Outcome) -> None:
    """One claim backed by several passages is no duplicate claim (SUM301)."""
    for written in outcome.written:
        seen: set[str] = set()
        for record in written.records:
            if "locator" not in record:
                continue  # an invalid record: SUM301 never reads it
            if record["claim"] in seen:
                record["ignore"] = ["SUM301"]
            seen.add(record["claim"])


def _sentences(passages: list[Passage], outcome: Outcome) -> list[_Sentence]:
    """The answer's sentences in order, each with the citations of the passages it overlaps;
    what carries no claim is listed in `outcome.left_out`."""
    pieces: list[str] = []
    owners: list[tuple[int, int, Passage]] = []
    pos = 0
    for passage in passages:
        if pieces and _ends_sentence(pieces[-1]) and passage.text[:1].strip():
            pieces.append(" ")  # passages written as sentences of their own, no space between
            pos += 1
        owners.append((pos, pos + len(passage.text), passage))
        pieces.append(passage.text)
        pos += len(passage.text)
    text = "".join(pieces)
    found: list[_Sentence] = []
    paragraph = 0
    line_start = 0
    blank_before = True
    for raw_line in text.split("\n"):
        start, end = line_start, line_start + len(raw_line)
        line_start = end + 1
        cited = _citations_in(owners, start, end)
        stripped = raw_line.strip()
        if not stripped:
            if not blank_before:
                paragraph += 1
            blank_before = True
            continue
        blank_before = False
        where = _where(owners, start, end)
        if _HEADING.match(stripped) and not cited:
            outcome.left_out.append(Item(where, f"a Markdown heading ({_short(stripped)})"))
            continue
        lead = len(raw_line) - len(raw_line.lstrip())
        tag = _TAG.match(raw_line, lead) or _BULLET.match(raw_line, lead)
        body_start = tag.end() if tag else lead
        if _HEADING.match(stripped):
            body_start = lead + len(_HEADING.match(stripped).group())
        body = raw_line[body_start:]
        if stripped.endswith(":") and not cited:
            outcome.left_out.append(Item(where, f"a lead-in that introduces what follows "
                                         f"({_short(stripped)})"))
            continue
        topic = None
        if tag is not None and tag.re is _TAG and tag.group(2):
            topic = " ".join(tag.group(2).split()) or None
        _, scan, _ = mask_inline(body)
        spans = split_sentences(scan) or [(0, len(body))]
        for a, b in spans:
            words = " ".join(body[a:b].split())
            if not words:
                continue
            found.append(_Sentence(words, _citations_in(owners, start + body_start + a,
                                                        start + body_start + b), paragraph,
                                   topic))
    return found


def _ends_sentence(text: str) -> bool:
    return bool(re.search(r"[.!?:][\"'”’»)\]]*\Z", text))


def _citations_in(owners: list[tuple[int, int, Passage]], start: int, end: int) -> list[Citation]:
    """The citations of the passages that hold a character of [start, end), in order."""
    found: list[Citation] = []
    for first, last, passage in owners:
        if first < end and start < last and passage.text[max(start, first) - first:
                                                          min(end, last) - first].strip():
            found.extend(passage.citations)
    return found


def _where(owners: list[tuple[int, int, Passage]], start: int, end: int) -> str:
    """The passage a line of the answer begins in, as messages name it."""
    return next((p.where for first, last, p in owners if first <= start < last),
                owners[-1][2].where if owners else "the answer")


def _elsewhere(document: str) -> str:
    return (f"cites document {document}, which was not given; give it with a further --source "
            f"to check it too")


def _once(items: list[Item], item: Item) -> None:
    if item not in items:
        items.append(item)


def _with_locator(sentence: str, locator: str) -> str:
    """`sentence` with `(locator)` before its final punctuation; unchanged without one."""
    if not locator:
        return sentence
    from . import with_locator

    return with_locator(sentence, locator)


def _summary_text(source: Source, written: Written, body: str, outcome: Outcome, tool: str,
                  origin: str) -> str:
    import yaml

    front = yaml.safe_dump({"source": relative_to_file(source.path, written.summary_path),
                            "claims": relative_to_file(written.claims_path,
                                                       written.summary_path)},
                           sort_keys=False, allow_unicode=True, width=1000)
    lines = [f"Imported by `summcheck import {tool}` from {origin}: every sentence of the "
             f"answer, each with the locators of the citations that place it (a sentence "
             f"without one is unsupported)."]
    for title, items in (("Left out", outcome.left_out), ("Not placed", outcome.not_placed),
                         ("Disagrees with the source", outcome.disagreements)):
        if items:
            lines.append(f"{title}:")
            lines += [f"- {_comment_safe(i.line())}" for i in items]
    note = "<!--\n" + "\n".join(lines) + "\n-->"
    return f"---\n{front}---\n\n{note}\n" + (f"\n{body}\n" if body else "")


def _comment_safe(text: str) -> str:
    """Text on one line that cannot end the HTML comment it stands in."""
    return " ".join(text.split()).replace("-->", "--\u2060>").replace("--!>", "--!\u2060>")


def _short(text: str) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= 70 else text[:67] + "…")


def answer_passages(text: str, spans: list[tuple[int, int, tuple[Citation, ...]]],
                    name: str = "segment") -> list[Passage]:
    """An answer given as one text and the cited spans of it (code points, end exclusive;
    Gemini's grounding supports, Cohere's citations) as passages: the text cut at every span's
    ends, each piece with the citations of the spans that cover it. Overlapping spans share
    their pieces; text no span covers is a passage without citations."""
    cuts = sorted({0, len(text), *(max(0, min(len(text), s)) for s, _, _ in spans),
                   *(max(0, min(len(text), e)) for _, e, _ in spans)})
    passages = []
    for a, b in zip(cuts, cuts[1:]):
        covering = [(n, c) for n, (s, e, c) in enumerate(spans, 1) if s <= a and b <= e]
        citations = tuple(c for _, cs in covering for c in cs)
        where = (f"{name} {covering[0][0]}" if covering else
                 f"the answer's characters {a}–{b}")
        passages.append(Passage(where, text[a:b], citations))
    return passages


def place_by_text(quote: str, source: Source) -> tuple[Span | None, str | None]:
    """Where a cited chunk's text stands in the source, when it stands there once (a
    provider that names no offsets into the document: Gemini's retrieved contexts, Cohere's
    documents); else why it cannot be placed."""
    hits = source.matcher.find_anywhere([(FoldedQuote.of(quote), quote)])[0]
    if len(hits) == 1:
        return hits[0].span, None
    return None, (f"its text stands {'nowhere' if not hits else 'more than once'} in the "
                  f"source")


def whole(*values: object) -> bool:
    """Whether every value is a whole number (a JSON integer, not a boolean)."""
    return all(isinstance(v, int) and not isinstance(v, bool) for v in values)


def misses_its_text(answer: str, start: int, end: int, said: object) -> str | None:
    """Why a provider's span of the answer is not where it says (its own `text` is not
    answer[start:end], white space aside), or None: such a span backs nothing, never moved."""
    if not isinstance(said, str) or " ".join(said.split()) == " ".join(answer[start:end].split()):
        return None
    return (f"reads {' '.join(answer[start:end].split())[:60]!r}, not its text "
            f"{' '.join(said.split())[:60]!r}")
