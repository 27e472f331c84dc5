"""`summcheck report`: the evidence report as one self-contained HTML file.

Jinja2 renders the page with autoescaping on; every text of the summary, the claims and the
source reaches the page either escaped by it or as JSON data that the page's script shows with
`textContent`. The stylesheet and script are inline and allowed by their hashes alone: the
Content-Security-Policy forbids every network request, inline event handlers and any other
script.
"""
from __future__ import annotations

import base64
import hashlib
from functools import lru_cache
from importlib import resources

from markupsafe import Markup

from .. import __version__
from ..evidence.build import Evidence


@lru_cache(maxsize=1)
def _asset(name: str) -> str:
    return resources.files("summcheck.report").joinpath("templates", name).read_text(encoding="utf-8")


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


def content_security_policy(css: str, js: str) -> str:
    """No network, no plugin, no form; the inline stylesheet and script by hash only, so an
    injected `<script>` or `onerror=` would not run even if it reached the page."""
    return ("default-src 'none'; img-src data:; "
            f"style-src {_sha256(css)}; script-src {_sha256(js)}; "
            "base-uri 'none'; form-action 'none'")


def render_html(evidence: Evidence, summary_html: str) -> str:
    """The report page for one summary."""
    from jinja2 import Environment

    environment = Environment(autoescape=True, keep_trailing_newline=True)
    template = environment.from_string(_asset("report.html.j2"))
    css, js = _asset("report.css"), _asset("report.js")
    data = evidence.data
    return template.render(
        csp=content_security_policy(css, js), version=__version__, title=evidence.title,
        source=data["source"], claims=data["claims"], counts=data["counts"],
        coverage=data["coverage"], drawn_limit=data["drawnLimit"],
        documents=[(d["key"], d["data"]["source"]) for d in data.get("documents", ())],
        # markdown-it's output with raw HTML off: the author's text, escaped by the renderer
        summary_html=Markup(summary_html),
        css=Markup(css), js=Markup(js), data=data)
