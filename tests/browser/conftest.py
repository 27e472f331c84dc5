"""Real-browser test machinery: Debian's Chromium driven by Playwright's sync API.

Every test in this folder is marked `integration` here (`pytest_collection_modifyitems`), so the
default `python -m pytest -q` leaves them out and `python -m pytest -q -m integration` (as
`.ci/run` does) runs them. They skip, with the reason printed, when Playwright is not installed
or `/usr/bin/chromium` is missing; nothing here downloads a browser (`playwright install` is
never run: the browser is Debian's `chromium` package).

Fixtures
  chromium       (session)  the launched headless `Browser`
  page_log       (function) what every page of the test logged: console errors, uncaught page
                            errors, CSP violations, and requests that tried to leave the machine
  new_page       (function) `new_page(**context_options) -> Page`: a page in a fresh context
                            (e.g. `new_page(color_scheme="dark", viewport={...})`)
  page           (function) `new_page()`: light colour scheme
  page_dark      (function) `new_page(color_scheme="dark")`
  open_report    (function) `open_report(page, path) -> Page`: load a local file by file:// URL
  axe_violations (function) `axe_violations(page, impacts=("serious", "critical")) -> list[dict]`

A test fails (in its call phase, by `pytest_runtest_call` below; what arrives later, as an
error at new_page's teardown) when any of its pages logged a
console error, threw an uncaught error, violated its Content Security Policy or made a request
other than file:, data:, blob: or about: (those are aborted before they reach the network: the
report under test must be self-contained). A test that provokes one on purpose takes it out of
the log with `page_log.take()` (and asserts on what it took) or tolerates it with
`page_log.allow(regex)`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

import pytest

CHROMIUM = Path("/usr/bin/chromium")
_HERE = Path(__file__).resolve().parent

# Any URL but these is aborted by the context's route and recorded as an escape attempt.
_LOCAL_URL = re.compile(r"^(?!(?:file|data|blob|about):)", re.IGNORECASE)

# Reports CSP violations in a structured form as well (the console text is for people). It is
# added through DevTools (an init script and a binding), which the page's CSP does not govern.
_CSP_BINDING = "__browserTestCspViolation"
_CSP_LISTENER = f"""
document.addEventListener('securitypolicyviolation', (e) => {{
  window.{_CSP_BINDING}({{
    directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample,
    disposition: e.disposition, source: e.sourceFile, line: e.lineNumber,
  }});
}}, true);
"""


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # This hook sees the whole session's items, not only this folder's: mark just ours. It runs
    # before pytest's own `-m` deselection (tryfirst; conftest hooks come before the built-in
    # plugins' anyway), so `-m "not integration"` leaves these out.
    for item in items:
        if _HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.integration)


@pytest.hookimpl(trylast=True)
def pytest_runtest_call(item: pytest.Item) -> None:
    # Runs after the test function returned (trylast: after pytest's own runner called it; a
    # test that raised never gets here), so what its pages logged fails the test itself rather
    # than erroring at teardown. What arrives later is still caught by new_page's teardown.
    log = item.stash.get(_LOG_KEY, None)
    if log is not None:
        log.check()


@dataclass
class PageLog:
    """What the test's pages logged; anything left in it (neither taken nor allowed) when the
    test function returns fails the test."""

    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    csp_violations: list[dict[str, Any]] = field(default_factory=list)
    escaped_requests: list[str] = field(default_factory=list)
    _allowed: list[re.Pattern[str]] = field(default_factory=list, repr=False)
    _pages: list[Any] = field(default_factory=list, repr=False)

    def allow(self, pattern: str) -> None:
        """Tolerate console and page errors matching `pattern` (re.search) for this test.
        CSP violations and escaped requests are never tolerated this way: take() them."""
        self._allowed.append(re.compile(pattern))

    def take(self, *pages: Any) -> "PageLog":
        """Everything logged so far, as a new PageLog; this log starts empty again. The
        `pages` given are settled first (settle()), so what they just did is in it."""
        for page in pages:
            settle(page)
        taken = PageLog(list(self.console_errors), list(self.page_errors),
                        list(self.csp_violations), list(self.escaped_requests))
        self.console_errors.clear()
        self.page_errors.clear()
        self.csp_violations.clear()
        self.escaped_requests.clear()
        return taken

    def check(self) -> None:
        """Fail the test if anything not taken or allowed is in the log (and then empty it,
        so that one problem is reported once)."""
        for page in self._pages:
            if not page.is_closed():
                try:
                    settle(page)
                except Exception as error:  # a crashed or hung page: say so, with the rest
                    self.page_errors.append(f"the page did not answer: {error}")
        problems = self.problems()
        if problems:
            self.take()
            pytest.fail(f"the page logged {len(problems)} error(s):\n  " + "\n  ".join(problems),
                        pytrace=False)

    def problems(self) -> list[str]:
        def unexpected(messages: Iterable[str]) -> list[str]:
            return [m for m in messages if not any(p.search(m) for p in self._allowed)]

        return ([f"console error: {m}" for m in unexpected(self.console_errors)]
                + [f"uncaught page error: {m}" for m in unexpected(self.page_errors)]
                + [f"CSP violation: {v}" for v in self.csp_violations]
                + [f"request that would leave the machine (aborted): {u}"
                   for u in self.escaped_requests])


def _sync_playwright():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("Playwright is not installed: pip install -e '.[test]' "
                    "(the browser tests need it)")
    return sync_playwright


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """Debian's Chromium, headless, for the whole session (one per xdist worker)."""
    sync_playwright = _sync_playwright()
    if not CHROMIUM.exists():
        pytest.skip(f"Chromium not found at {CHROMIUM}: apt-get install chromium "
                    "(the browser tests need it)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True)
        try:
            yield browser
        finally:
            browser.close()


_LOG_KEY = pytest.StashKey["PageLog"]()


@pytest.fixture
def page_log(request: pytest.FixtureRequest) -> PageLog:
    """What this test's pages logged (every page that new_page, page and page_dark open)."""
    log = PageLog()
    request.node.stash[_LOG_KEY] = log
    return log


@pytest.fixture
def new_page(chromium: Any, page_log: PageLog) -> Iterator[Callable[..., Any]]:
    """`new_page(**context_options)`: a page in a new browser context (Playwright's
    `Browser.new_context` options: color_scheme, viewport, reduced_motion, locale, ...), logging
    into `page_log`. Every context is closed, and the log checked, after the test."""
    contexts: list[Any] = []

    def make(**context_options: Any) -> Any:
        context = chromium.new_context(**context_options)
        contexts.append(context)

        def escape(route: Any) -> None:
            page_log.escaped_requests.append(route.request.url)
            route.abort("blockedbyclient")

        context.route(_LOCAL_URL, escape)
        context.expose_binding(_CSP_BINDING,
                               lambda _source, violation: page_log.csp_violations.append(violation))
        context.add_init_script(_CSP_LISTENER)
        page = context.new_page()
        page_log._pages.append(page)
        page.on("console", lambda msg: page_log.console_errors.append(_describe(msg))
                if msg.type == "error" else None)
        page.on("pageerror", lambda error: page_log.page_errors.append(str(error)))
        page.on("crash", lambda _page: page_log.page_errors.append("the page crashed"))
        return page

    yield make
    try:
        page_log.check()  # what arrived after the test's own check (pytest_runtest_call)
    finally:
        for context in contexts:
            context.close()


def settle(page: Any) -> None:
    """Let what the page has queued reach the log: a task's turn in the page (a CSP
    violation's event is queued as a task) and a round trip, after which Playwright has
    dispatched every console, page-error and binding event that the page sent before it."""
    page.evaluate("() => new Promise((resolve) => setTimeout(resolve, 0))")


def _describe(msg: Any) -> str:
    location = msg.location or {}
    where = f" ({location['url']}:{location.get('lineNumber', 0)})" if location.get("url") else ""
    return f"{msg.text}{where}"


@pytest.fixture
def page(new_page: Callable[..., Any]) -> Any:
    """A page in a new light-scheme context (`prefers-color-scheme: light`)."""
    return new_page(color_scheme="light")


@pytest.fixture
def page_dark(new_page: Callable[..., Any]) -> Any:
    """A page in a new dark-scheme context (`prefers-color-scheme: dark`)."""
    return new_page(color_scheme="dark")


def open_report_at(page: Any, path: Path | str) -> Any:
    """Load the local file `path` in `page` (file:// URL), waiting for its load event."""
    page.goto(Path(path).resolve().as_uri(), wait_until="load")
    return page


@pytest.fixture
def open_report() -> Callable[[Any, Path | str], Any]:
    """`open_report(page, path) -> page`: load a local file by its file:// URL."""
    return open_report_at


def axe_scan(page: Any, impacts: Iterable[str] = ("serious", "critical")) -> list[dict[str, Any]]:
    """axe-core's violations on the page whose impact is one of `impacts` (axe's impacts:
    minor, moderate, serious, critical). Each is axe's violation dict: id, impact, help,
    helpUrl, nodes (each with target and html)."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)  # injects axe.min.js with page.evaluate: the page's CSP allows it
    wanted = set(impacts)
    return [v for v in results.response["violations"] if v.get("impact") in wanted]


@pytest.fixture
def axe_violations() -> Callable[..., list[dict[str, Any]]]:
    """`axe_violations(page, impacts=("serious", "critical")) -> list[dict]`."""
    try:
        import axe_playwright_python  # noqa: F401
    except ImportError:
        pytest.skip("axe-playwright-python is not installed: pip install -e '.[test]'")
    return axe_scan
