"""What one run is told: the CLI, the configuration and the API fill `Options`."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..config.file import Config
from ..inputs.resolution import ResolvedInputs
from ..language.modality import Lexicon
from ..model import FuzzySettings, Severity
from ..rules import all_rules
from ..config.selection import RuleSelection

if TYPE_CHECKING:
    from ..inputs.documents import DocumentSource, Scope
    from ..sources.cache import SourceCache


@dataclass
class Options:
    source: Path | None = None
    claims: Path | None = None
    ocr: bool | None = None
    page_numbers: str | None = None
    sections: str | None = None  # auto | outline | text | markdown
    structure: Path | None = None  # a sidecar file that states the source's sections
    selection: RuleSelection = field(default_factory=RuleSelection)
    severity: dict[str, Severity] = field(default_factory=dict)  # code → severity override
    synthesis_labels: list[str] | None = None
    rule_options: dict[str, Any] = field(default_factory=dict)  # the rules' CONF keys → value
    lexicon: Lexicon | None = None  # modal lexicons with the project's additions
    config: Config = field(default_factory=Config)
    cache: "SourceCache | None" = None  # loaded sources (sources.cache); None: load each anew
    # The files a commit or pull request changed (`--changed`, the Action), as inputs.path_key
    # gives them; None: not known. A summary whose source is among them gets SUM110.
    changed_files: frozenset[Path] | None = None
    # Whether each summary's report lists its verified quotes with their places: only the
    # JSON report prints them, and on a long source they are thousands (time and memory).
    quotes: bool = True
    # A summary of several sources is checked one source at a time (inputs/documents.py):
    # this pass's source key and what it checks. None: the summary's only source.
    scope: "Scope | None" = None
    # The sources of a summary of several, named apart from its front matter (an audit
    # manifest's `sources`); None: as its front matter names them.
    documents: "tuple[DocumentSource, ...] | None" = None
    # Each summary's inputs, resolved once for the run (inputs.resolution.ResolvedInputs).
    resolved_inputs: ResolvedInputs = field(default_factory=ResolvedInputs, repr=False,
                                            compare=False)

    @property
    def max_elided_chars(self) -> int:
        """How far a fragment of an elided quotation may stand after the one before (SUM201)."""
        return self._rule_values()["max_elided_chars"]

    @property
    def fuzzy(self) -> FuzzySettings:
        """How quotes are matched on OCR sources, from the options of SUM203 and SUM205."""
        values = self._rule_values()
        return FuzzySettings(threshold=values["fuzzy_threshold"],
                             min_words=values["min_quote_words"],
                             min_chars=values["min_quote_chars"])

    def _rule_values(self) -> dict[str, Any]:
        """Every rule option as configured, else its default, by keyword."""
        return {key: value for rule in all_rules()
                for key, value in rule.keywords(self.rule_options).items()}
