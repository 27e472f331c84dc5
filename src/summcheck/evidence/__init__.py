"""The evidence of a checked summary as a reader sees it: each sentence with its verdict and
the records behind it, each quote in its source context (report.py writes the HTML page).

For every kept occurrence of a verified record's quote, the evidence report and the JSON
report (`"quotes"` of each summary) show its place (`places.QuotePlace`): the page as a
locator cites it and the physical pages it spans, the lines of the text as loaded, and W3C
Web Annotation selectors over that text — a TextQuoteSelector (the quote with up to 32 code
points either side) and a TextPositionSelector (code-point offsets) — that find the quote
again in that text.
"""
