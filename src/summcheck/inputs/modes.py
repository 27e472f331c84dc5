"""The settings a summary's inputs may take, named once."""
from __future__ import annotations

from ..structure import SECTION_MODES

#: How a PDF's pages are cited: by their printed labels when it has them (auto), always by
#: label, or by physical page number.
PAGE_NUMBER_MODES = ("auto", "label", "physical")

#: What each input of a summary is called in messages.
ROLES = {"summary": "summary", "source": "source", "claims": "claims file",
         "structure": "structure file"}

__all__ = ["PAGE_NUMBER_MODES", "SECTION_MODES", "ROLES"]
