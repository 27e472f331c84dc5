"""The evidence of a checked summary as a reader sees it: each sentence with its verdict and
the records behind it, each quote in its source context (report.py writes the HTML page)."""
