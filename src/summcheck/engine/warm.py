"""Importing this module loads what checking a summary runs: the engine, the rules, PyMuPDF,
rapidfuzz and the modal lexicons. A pool imports it before its workers start (forked from this
process, or from a fork server that preloads it), so that each worker does not import and
build them again: a worker's first summary otherwise costs half a second more than the rest.
"""
from __future__ import annotations

import sys

from ..language.modality import default_lexicon
from ..rules import all_rules
from . import run  # noqa: F401 - imported for its imports

# PyMuPDF 2's optional helpers stay out, as cli.main keeps them out.
for _optional in ("pymupdf.layout", "pymupdf4llm"):
    sys.modules.setdefault(_optional, None)  # type: ignore[arg-type]
try:
    import pymupdf  # noqa: F401
    from rapidfuzz import fuzz  # noqa: F401
except ImportError:  # a worker that needs them fails on its own, with the usual message
    pass
all_rules()
default_lexicon()
