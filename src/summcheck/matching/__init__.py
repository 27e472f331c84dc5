"""Finding quotes in a source: pure functions and plain data, no findings.

- `normalize`: the folding of the normalized level, with the map back to original offsets;
- `exact`: the exact and normalized search (`Matcher`), at a locator and anywhere;
- `nearest`: the passage closest to a quote that stands nowhere (SUM201);
- `ocr`: fuzzy matching on OCR sources, at a locator and anywhere;
- `critical`: what a fuzzy match says otherwise (a number, a negation, a modal verb);
- `lookalikes`: how OCR could have read a word (`fi1e` for `file`);
- `fuzzy/`: the fuzzy aligner (`index` of seeds, rough `windows`, exact `boundaries`).
"""
