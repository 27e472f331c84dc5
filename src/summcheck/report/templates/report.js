"use strict";
(function () {
  // Every text below comes from the summary, the claims or the source: it is set with
  // textContent, never parsed as HTML.
  const bundle = JSON.parse(document.getElementById("evidence-data").textContent);
  // A summary of several sources has one panel of evidence per document (`documents`), each
  // numbering the summary's sentences alike; a summary of one is that one panel.
  const documents = bundle.documents || [{ key: null, data: bundle }];
  let data = documents[0].data;
  let shownDocument = -1;
  const detail = document.getElementById("detail-body");
  const sentences = Array.from(document.querySelectorAll(".sentence"));
  let currentSentence = -1;
  let currentFinding = -1;

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.append(typeof child === "string" ? document.createTextNode(child) : child);
    }
    return node;
  }

  function definitions(pairs) {
    const list = el("dl");
    for (const [term, value] of pairs) {
      if (value === null || value === undefined || value === "") continue;
      list.append(el("dt", { text: term }), el("dd", {}, value));
    }
    return list;
  }

  // ------------------------------------------------------------------ source views

  function textView(view) {
    const passage = el("div", { class: "passage", role: "group", tabindex: "0", "aria-label": "Source passage, " + view.where });
    // The gutter as wide as the passage's longest line number: 12345 on one line.
    const digits = Math.max(3, ...view.lines.map((line) => String(line.n).length));
    passage.style.setProperty("--digits", String(digits));
    for (const line of view.lines) {
      const row = el("span", { class: "ln" }, el("span", { class: "no", "aria-hidden": "true", text: String(line.n) }));
      row.append(el("span", { class: "visually-hidden", text: "line " + line.n + ": " }));
      // A line shown whole and unmarked is in data.lines, once for every view that shows it.
      for (const [text, marked] of line.parts || [[data.lines[line.n], false]]) {
        row.append(marked === "elided"
          ? el("s", { class: "elided", title: "left out by the quote's elision", text: text })
          : marked ? el("mark", { class: "quote", text: text }) : document.createTextNode(text));
      }
      passage.append(row);
    }
    return passage;
  }

  function pageFigure(uri, width, height, alt, boxes, top, bottom) {
    // An image with the quote's boxes over it; boxes are fractions of the whole page, the
    // image shows the part of the page from `top` to `bottom`.
    const frame = el("div", { class: "page-view" });
    frame.append(el("img", { src: uri, width: width, height: height, alt: alt }));
    for (const [x0, y0, x1, y1] of boxes) {
      const mark = el("div", { class: "highlight", "aria-hidden": "true" });
      mark.style.left = (x0 * 100) + "%";
      mark.style.top = ((y0 - top) / (bottom - top) * 100) + "%";
      mark.style.width = ((x1 - x0) * 100) + "%";
      mark.style.height = ((y1 - y0) / (bottom - top) * 100) + "%";
      frame.append(mark);
    }
    return frame;
  }

  function pdfView(view) {
    const box = el("div", { class: "pdf-view" });
    for (const shown of view.pages) {
      const image = data.pages[String(shown.page)];
      if (!image) continue;
      const name = "page " + image.label + (image.label !== String(shown.page) ? " (physical " + shown.page + ")" : "");
      const whole = pageFigure(image.uri, image.width, image.height,
        "The whole of " + name + (shown.boxes.length ? ", the quote highlighted" : ""), shown.boxes, 0, 1);
      whole.classList.add("whole");
      const caption = el("div", { class: "view-tools" }, el("span", { text: name[0].toUpperCase() + name.slice(1) }));
      if (shown.band) {
        const band = shown.band;
        const passage = pageFigure(band.uri, band.width, band.height,
          "The passage of " + name + ", the quote highlighted", shown.boxes, band.top, band.bottom);
        passage.classList.add("band");
        // At its rendered size (legible), scrolled sideways to the quote where the panel is
        // narrower than the page.
        const scroller = el("div", { class: "band-scroll", tabindex: "0", role: "group", "aria-label": "The passage of " + name }, passage);
        const left = Math.min(...shown.boxes.map((b) => b[0]));
        requestAnimationFrame(() => { scroller.scrollLeft = Math.max(0, left * band.width - 24); });
        whole.hidden = true;
        const toggle = el("button", { type: "button", class: "whole-page", "aria-pressed": "false", text: "Show the whole page" });
        toggle.addEventListener("click", () => {
          const showWhole = whole.hidden;
          whole.hidden = !showWhole;
          scroller.hidden = showWhole;
          toggle.setAttribute("aria-pressed", String(showWhole));
          toggle.textContent = showWhole ? "Show the passage only" : "Show the whole page";
        });
        caption.append(toggle);
        box.append(scroller);
      }
      box.append(whole, caption);
    }
    return box;
  }

  function diffView(view) {
    const out = el("p", { class: "diff" });
    for (const [text, side] of view.diff) {
      if (side === "quote") out.append(el("del", { class: "quote-only", title: "only in the quote", text: text }));
      else if (side === "source") out.append(el("ins", { class: "source-only", title: "only in the source", text: text }));
      else out.append(text);
    }
    return out;
  }

  function viewBlock(view, record) {
    const block = el("div", { class: "view " + view.kind, "data-kind": view.kind });
    let heading = view.label + (view.where ? " — " + view.where : "");
    if (view.level) heading += " (" + view.level + (view.score !== null && view.score !== undefined ? ", score " + view.score : "") + ")";
    block.append(el("h4", { text: heading }));
    if (view.kind === "closest") {
      block.append(el("p", { class: "hint", text: "Struck through: only in the quote; underlined: only in the source (similarity " + view.score + ")." }), diffView(view));
      return block;
    }
    if (view.level === "fuzzy") {
      block.append(definitions([["Quote", record.quote], ["OCR text", view.text]]));
    }
    if (view.view === "text") block.append(textView(view));
    else if (view.view === "pdf") block.append(pdfView(view));
    return block;
  }

  // ------------------------------------------------------------------ who backs what

  // The data names no (sentence, record) pair: a summary of hundreds of sentences citing a
  // page where thousands of records stand would be a page of sentences × records. A record
  // backs a locator part when one of its quote's places (`at`) lies inside one of the part's
  // spans, or when the part names it (`extra`), as summcheck found it (evidence/build.py);
  // the lists are found here when they are shown.
  let places = []; // [start, end, record] for every place of a verified quote, by start

  function indexPlaces() {
    places = [];
    data.records.forEach((r, i) => r.at.forEach(([start, end]) => places.push([start, end, i])));
    places.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  }

  function firstPlaceFrom(offset) {
    let lo = 0, hi = places.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (places[mid][0] < offset) lo = mid + 1; else hi = mid;
    }
    return lo;
  }

  function eachBacker(part, visit) {
    // A record may be visited more than once (two places inside, or inside two spans).
    for (const [lo, hi] of part.spans) {
      for (let i = firstPlaceFrom(lo); i < places.length && places[i][0] < hi; i++) {
        if (places[i][1] <= hi) visit(places[i][2]);
      }
    }
    if (part.extra !== null) data.extra[part.extra].forEach(visit);
  }

  function partRecords(part) {
    const found = new Set();
    eachBacker(part, (i) => found.add(i));
    return Array.from(found).sort((a, b) => a - b);
  }

  function sentenceRecords(index) {
    // The records the sentence rests on: named, or sharing its content (`bound`, failing ones
    // included); else each part's records in the claims file's order, a record once.
    const s = data.sentences[index];
    if (s.bound !== null) return data.extra[s.bound].slice();
    const found = new Set();
    for (const part of s.parts) partRecords(part).forEach((i) => found.add(i));
    return Array.from(found);
  }

  function backs(record, part) {
    const at = data.records[record].at;
    if (part.spans.some(([lo, hi]) => at.some(([start, end]) => lo <= start && start < hi && end <= hi))) return true;
    return part.extra !== null && data.extra[part.extra].includes(record);
  }

  function restsOn(s, record) {
    if (s.bound !== null) return data.extra[s.bound].includes(record);
    return s.parts.some((part) => backs(record, part));
  }

  function eachRecordOf(s, visit) {
    if (s.bound !== null) data.extra[s.bound].forEach(visit);
    else s.parts.forEach((part) => eachBacker(part, visit));
  }

  function citingSentences(record) {
    const found = [];
    data.sentences.forEach((s, n) => { if (restsOn(s, record)) found.push(n); });
    return found;
  }

  // For the claim table: how many sentences each record backs and the first few of them, in
  // one pass over the parts (a full list per record would hold every pair again).
  const CITED_SHOWN = 5;
  let citations = null;

  function citationIndex() {
    if (citations) return citations;
    const count = new Int32Array(data.records.length);
    const first = data.records.map(() => []);
    const seen = new Int32Array(data.records.length).fill(-1);
    data.sentences.forEach((s, n) => eachRecordOf(s, (i) => {
      if (seen[i] === n) return;
      seen[i] = n;
      count[i] += 1;
      if (first[i].length < CITED_SHOWN) first[i].push(n);
    }));
    citations = { count: count, first: first };
    return citations;
  }

  // A long list of record cards (a sentence may stand on thousands) is shown a batch at a
  // time, the rest a click away, so that opening a sentence stays quick.
  const CARDS_AT_ONCE = 50;

  function appendCards(holder, indexes, differing) {
    let shown = 0;
    const more = el("button", { type: "button", class: "more-records" });
    const next = () => {
      const batch = indexes.slice(shown, shown + CARDS_AT_ONCE).map((i) => recordCard(i, differing));
      more.before(...batch);
      if (shown) { // a later batch: reading goes on at its first card
        batch[0].setAttribute("tabindex", "-1");
        batch[0].focus();
      }
      shown += batch.length;
      const left = indexes.length - shown;
      if (left > 0) more.textContent = "Show " + Math.min(left, CARDS_AT_ONCE) + " more records (" + shown + " of " + indexes.length + " shown)";
      else more.remove();
    };
    more.addEventListener("click", next);
    holder.append(more);
    next();
  }

  // ------------------------------------------------------------------ detail panel

  function findingItem(index) {
    const f = data.findings[index];
    return el("li", {}, el("span", { class: "sev " + f.severity, text: f.severity }),
      el("strong", { text: f.rule + " " + f.name }), " " + f.message,
      el("span", { class: "hint", text: " (" + f.path + (f.line ? ":" + f.line : "") + ")" }));
  }

  function marked(tag, text, words) {
    // `text` with the first occurrence of each of `words` in a <mark class="differs">.
    const node = el(tag, { class: "quote-text" });
    const spans = [];
    for (const word of words) {
      const at = word ? text.indexOf(word) : -1;
      if (at >= 0 && !spans.some(([a, b]) => at < b && a < at + word.length)) spans.push([at, at + word.length]);
    }
    spans.sort((a, b) => a[0] - b[0]);
    let last = 0;
    for (const [a, b] of spans) {
      node.append(document.createTextNode(text.slice(last, a)));
      node.append(el("mark", { class: "differs", text: text.slice(a, b) }));
      last = b;
    }
    node.append(document.createTextNode(text.slice(last)));
    return node;
  }

  function recordCard(index, differing) {
    const r = data.records[index];
    const card = el("article", { class: "card record", "data-record": index, "aria-label": "Claim record" + (r.id ? " " + r.id : "") + " at line " + r.line });
    card.append(el("h3", { text: (r.id ? r.id + ": " : "") + r.claim }));
    card.append(definitions([
      ["Locator", r.locator], ["Strength", r.strength], ["Topic", r.topic],
      ["Verdict", r.match], ["Claims file", data.claims ? data.claims + ":" + r.line : null],
    ]));
    card.append(marked("blockquote", r.quote, differing || []));
    if (r.critical.length) card.append(el("p", { class: "verdict finding", text: "Says otherwise: " + r.critical.join("; ") }));
    if (r.findings.length) {
      const list = el("ul", { class: "finding-list" });
      r.findings.forEach((i) => list.append(findingItem(i)));
      card.append(list);
    }
    r.views.forEach((view) => card.append(viewBlock(view, r)));
    return card;
  }

  function showSentence(index, focus) {
    if (index < 0 || index >= data.sentences.length) return;
    currentSentence = index;
    sentences.forEach((node) => {
      const on = Number(node.dataset.sentence) === index;
      node.classList.toggle("current", on);
      node.setAttribute("aria-pressed", String(on));
      if (on) node.setAttribute("aria-current", "true"); else node.removeAttribute("aria-current");
    });
    let s = data.sentences[index];
    if (s.elsewhere && documents.length > 1) {
      // A sentence citing another document: its evidence is in that document's panel.
      useDocument(documents.findIndex((d) => d.key === s.elsewhere[0]));
      s = data.sentences[index];
    }
    const node = sentences.find((n) => Number(n.dataset.sentence) === index);
    if (node && focus) { node.focus(); node.scrollIntoView({ block: "nearest" }); }
    detail.replaceChildren();
    const card = el("article", { class: "card sentence-detail", "data-sentence": index });
    card.append(el("h3", { text: "Sentence at line " + s.line }));
    // The words a faithfulness finding (SUM401-SUM404) names, highlighted on both sides.
    const differing = s.findings.map((i) => data.findings[i].differs).filter((d) => d);
    card.append(marked("p", s.text, differing.map((d) => d[0])));
    card.append(definitions([
      ["Verdict", el("span", { class: "verdict " + s.verdict, text: s.verdict })],
      ["Locators", s.locators.join("; ") || "none"],
      ["Summary", data.summary + ":" + s.line + ":" + s.column],
    ]));
    for (const part of s.parts) {
      if (!part.resolved) card.append(el("p", { class: "verdict finding", text: part.locator + ": " + (part.problem || "not in the source") }));
      else if (!part.backed && part.unrelated) card.append(el("p", { class: "verdict finding", text: part.locator + ": the verified records there share no word or number with the sentence" }));
      else if (!part.backed) card.append(el("p", { class: "verdict unbacked", text: part.locator + ": no verified claim record stands there" }));
    }
    if (s.findings.length) {
      const list = el("ul", { class: "finding-list" });
      s.findings.forEach((i) => list.append(findingItem(i)));
      card.append(list);
    }
    detail.append(card);
    const records = sentenceRecords(index);
    if (records.length) {
      detail.append(el("h3", { text: "Claim records behind it (" + records.length + ")" }));
      appendCards(detail, records, differing.map((d) => d[1]));
    }
    // Where no record backs a part: the records that cite its place and failed (a misplaced
    // or fabricated quote, an unreadable record), which is what the author has to fix.
    const failing = new Set();
    for (const part of s.parts) if (part.citing !== null && part.citing !== undefined) data.extra[part.citing].forEach((i) => failing.add(i));
    records.forEach((i) => failing.delete(i));
    if (failing.size) {
      detail.append(el("h3", { text: "Records that cite this place but do not back it (" + failing.size + ")" }));
      appendCards(detail, Array.from(failing).sort((a, b) => a - b), []);
    }
    if (!focus) bringIntoView();
  }

  function bringIntoView() {
    // Tapped in a narrow window, the evidence is below the summary, out of sight: bring it
    // up. Beside the summary (a wide window) it is in sight already and nothing moves.
    const panel = document.getElementById("detail");
    const box = panel.getBoundingClientRect();
    if (box.top >= window.innerHeight || box.bottom <= 0) panel.scrollIntoView({ block: "start" });
  }

  function showRecord(index) {
    detail.replaceChildren(recordCard(index));
    const citedBy = citingSentences(index);
    if (citedBy.length) {
      const list = el("p", { class: "hint" }, "Cited by the sentences at lines ");
      citedBy.forEach((s, i) => {
        const go = el("button", { type: "button", text: String(data.sentences[s].line) });
        go.addEventListener("click", () => showSentence(s, true));
        list.append(i ? ", " : "", go);
      });
      detail.append(list);
    }
    document.querySelectorAll("#claim-table tbody tr").forEach((row) => row.classList.toggle("current", Number(row.dataset.record) === index));
    // Opened from the findings or the claim table, below the panel: bring the panel to view.
    const panel = document.getElementById("detail");
    panel.scrollIntoView({ block: "start" });
    panel.focus({ preventScroll: true });
  }

  function showFinding(index) {
    const f = data.findings[index];
    currentFinding = index;
    document.querySelectorAll("#finding-list li").forEach((li) => {
      const on = Number(li.dataset.finding) === index;
      li.classList.toggle("current", on);
      const button = li.querySelector("button");
      if (button) { if (on) button.setAttribute("aria-current", "true"); else button.removeAttribute("aria-current"); }
    });
    if (f.sentence !== null) showSentence(f.sentence, true);
    else if (f.record !== null) showRecord(f.record);
    else {
      detail.replaceChildren(el("ul", { class: "finding-list" }, findingItem(index)));
      document.getElementById("detail").scrollIntoView({ block: "start" });
    }
  }

  // ------------------------------------------------------------------ lists and tables

  function visibleFindings() {
    const severity = document.getElementById("filter-severity").value;
    const rule = document.getElementById("filter-rule").value;
    return data.findings.map((f, i) => i).filter((i) =>
      (!severity || data.findings[i].severity === severity) && (!rule || data.findings[i].rule === rule));
  }

  function renderFindings() {
    const list = document.getElementById("finding-list");
    list.replaceChildren();
    const shown = visibleFindings();
    for (const i of shown) {
      const f = data.findings[i];
      const button = el("button", { type: "button" }, el("span", { class: "sev " + f.severity, text: f.severity }),
        f.rule + " " + f.name + ": " + f.message + " (" + f.path + (f.line ? ":" + f.line : "") + ")");
      button.addEventListener("click", () => showFinding(i));
      list.append(el("li", { "data-finding": i, class: i === currentFinding ? "current" : "" }, button));
    }
    if (!shown.length) list.append(el("li", { text: data.findings.length ? "No finding matches the filters." : "No findings." }));
  }

  function fillSelect(id, values) {
    const select = document.getElementById(id);
    select.value = "";
    while (select.options.length > 1) select.remove(1);
    for (const value of Array.from(new Set(values)).sort()) select.append(el("option", { value: value, text: value }));
  }

  const sortState = { key: "line", ascending: true };

  function renderClaims() {
    const topic = document.getElementById("filter-topic").value;
    const strength = document.getElementById("filter-strength").value;
    const verdict = document.getElementById("filter-verdict").value;
    const rows = data.records.map((r, i) => i).filter((i) => {
      const r = data.records[i];
      return (!topic || (r.topic || "(none)") === topic) && (!strength || r.strength === strength) && (!verdict || r.match === verdict);
    });
    const key = sortState.key;
    const cited = citationIndex();
    const value = (i) => {
      const r = data.records[i];
      if (key === "cited") return cited.count[i];
      if (key === "line") return r.line || 0;
      return String(r[key] === null || r[key] === undefined ? "" : r[key]).toLowerCase();
    };
    rows.sort((a, b) => {
      const x = value(a), y = value(b);
      const order = x < y ? -1 : x > y ? 1 : a - b;
      return sortState.ascending ? order : -order;
    });
    const body = document.querySelector("#claim-table tbody");
    body.replaceChildren();
    for (const i of rows) {
      const r = data.records[i];
      const open = el("button", { type: "button", class: "open-record", "aria-label": "Show the evidence of the record at line " + r.line, text: String(r.line) });
      open.addEventListener("click", () => showRecord(i));
      const citedCell = el("td", {});
      const appendCiting = (list) => list.forEach((s, n) => {
        const go = el("button", { type: "button", "aria-label": "Show the sentence at line " + data.sentences[s].line, text: String(data.sentences[s].line) });
        go.addEventListener("click", () => showSentence(s, true));
        citedCell.append(n ? " " : "", go);
      });
      appendCiting(cited.first[i]);
      if (cited.count[i] > cited.first[i].length) {
        // The rest on request: a record on a page every sentence cites is cited by them all.
        const rest = cited.count[i] - cited.first[i].length;
        const all = el("button", { type: "button", class: "more-cited", "aria-label": "Show all " + cited.count[i] + " sentences that cite the record at line " + r.line, text: "+" + rest + " more" });
        all.addEventListener("click", () => {
          citedCell.replaceChildren();
          appendCiting(citingSentences(i));
          const firstButton = citedCell.querySelector("button");
          if (firstButton) firstButton.focus();
        });
        citedCell.append(" ", all);
      }
      body.append(el("tr", { "data-record": i }, el("td", {}, open), el("td", { text: r.topic || "" }),
        el("td", { text: r.claim }), el("td", { text: r.strength }), el("td", { text: r.locator }),
        el("td", { text: r.quote }), el("td", { class: r.verified ? "verdict backed" : "verdict finding", text: r.match }), citedCell));
    }
    document.querySelectorAll("#claim-table th").forEach((th) => {
      const button = th.querySelector("button");
      if (button && button.dataset.sort === key) th.setAttribute("aria-sort", sortState.ascending ? "ascending" : "descending");
      else th.removeAttribute("aria-sort");
    });
  }

  function renderStrip(strip, cells) {
    strip.replaceChildren();
    const most = Math.max(1, ...cells.map((c) => c.verified + c.cited));
    cells.forEach((cell) => {
      const weight = cell.verified + cell.cited;
      const level = weight === 0 ? 0 : Math.min(4, 1 + Math.floor(3 * weight / most));
      const gap = cell.uncitedRequires || cell.uncitedNormative;
      const name = cell.title + ": " + cell.verified + " verified claims, " + cell.cited + " cited sentences" +
        (cell.uncitedRequires ? ", " + cell.uncitedRequires + " requires claims no sentence cites" : "") +
        (cell.uncitedNormative ? ", normative (states requirements) and cited by no sentence" : "");
      const button = el("button", { type: "button", class: "cell c" + level + (gap ? " req" : ""), title: name, "aria-label": name },
        el("span", { class: "cell-label", "aria-hidden": "true", text: cell.label }),
        gap ? el("span", { class: "req-mark", "aria-hidden": "true", text: "!" }) : null);
      button.addEventListener("click", () => {
        detail.replaceChildren(el("h3", { text: cell.title }), el("p", { text: name + "." }));
        if (cell.sentences.length) {
          const list = el("p", {}, "Sentences: ");
          cell.sentences.forEach((s, n) => {
            const go = el("button", { type: "button", text: "line " + data.sentences[s].line });
            go.addEventListener("click", () => showSentence(s, true));
            list.append(n ? " " : "", go);
          });
          detail.append(list);
        }
        const cited = citationIndex();
        appendCards(detail, cell.records.filter((i) => data.records[i].strength === "requires" && !cited.count[i]));
      });
      strip.append(el("li", {}, button));
    });
  }

  function renderCoverage() {
    renderStrip(document.getElementById("coverage-strip"), data.coverage.cells);
    const sections = data.coverage.sections;
    const holder = document.getElementById("coverage-sections");
    holder.parentElement.hidden = !sections.length;
    renderStrip(holder, sections);
  }

  // ------------------------------------------------------------------ events

  sentences.forEach((node) => {
    const index = Number(node.dataset.sentence);
    node.addEventListener("click", () => showSentence(index, false));
    node.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); showSentence(index, false); }
    });
  });

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target && (target.tagName === "SELECT" || target.tagName === "INPUT" || target.tagName === "TEXTAREA")) return;
    if (event.key === "j" || event.key === "k") {
      const next = currentSentence + (event.key === "j" ? 1 : -1);
      showSentence(Math.max(0, Math.min(data.sentences.length - 1, next)), true);
    } else if (event.key === "n" || event.key === "p") {
      const shown = visibleFindings();
      if (!shown.length) return;
      const at = shown.indexOf(currentFinding);
      const next = at === -1 ? (event.key === "n" ? 0 : shown.length - 1)
        : Math.max(0, Math.min(shown.length - 1, at + (event.key === "n" ? 1 : -1)));
      showFinding(shown[next]);
    }
  });

  for (const id of ["filter-severity", "filter-rule"]) document.getElementById(id).addEventListener("change", renderFindings);
  for (const id of ["filter-topic", "filter-strength", "filter-verdict"]) document.getElementById(id).addEventListener("change", renderClaims);
  document.querySelectorAll("#claim-table th button").forEach((button) => button.addEventListener("click", () => {
    const key = button.dataset.sort;
    sortState.ascending = sortState.key === key ? !sortState.ascending : true;
    sortState.key = key;
    renderClaims();
  }));

  const themes = ["auto", "light", "dark"];
  const toggle = document.getElementById("theme-toggle");
  toggle.addEventListener("click", () => {
    const now = document.documentElement.dataset.theme || "auto";
    const next = themes[(themes.indexOf(now) + 1) % themes.length];
    if (next === "auto") delete document.documentElement.dataset.theme; else document.documentElement.dataset.theme = next;
    toggle.textContent = "Theme: " + next;
  });

  function useDocument(index) {
    // Show the evidence of one document of the summary: its findings, claims and coverage.
    if (index < 0 || index === shownDocument) return;
    shownDocument = index;
    data = documents[index].data;
    citations = null;
    currentFinding = -1;
    indexPlaces();
    document.querySelectorAll("button.document").forEach((button) =>
      button.setAttribute("aria-pressed", String(Number(button.dataset.document) === index)));
    document.getElementById("coverage-pages").textContent = data.coverage.unit === "page" ? "Pages" : "Lines";
    fillSelect("filter-rule", data.findings.map((f) => f.rule));
    fillSelect("filter-topic", data.records.map((r) => r.topic || "(none)"));
    fillSelect("filter-strength", data.records.map((r) => r.strength).filter(Boolean));
    fillSelect("filter-verdict", data.records.map((r) => r.match));
    renderFindings();
    renderClaims();
    renderCoverage();
  }

  document.querySelectorAll("button.document").forEach((button) => button.addEventListener("click", () => {
    useDocument(Number(button.dataset.document));
    detail.replaceChildren(el("p", { class: "hint", text: "The evidence of " + documents[shownDocument].key + " (" + data.source + "): choose a sentence, a finding or a claim." }));
  }));

  useDocument(0);
})();
