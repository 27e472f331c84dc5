"""The optional stage before the check: chunks → extract → merge → draft, and the importers.

Data flows one way, as in the checker: a loaded source is cut into `chunks` along its
structure; a provider (`summcheck.providers`) proposes claims per chunk; `extract` turns its
citations into records through `citations` (offsets → the tightest locator) and keeps only
records that `verify` finds where they say, with the checker's own matcher; `merge` removes
duplicates and orders by the document's emphasis; `draft` writes a summary from merged records
and runs the checker over it before it is written. Only `extract` and `draft` need a model;
everything that needs the `anthropic` SDK imports it when it runs.
"""
