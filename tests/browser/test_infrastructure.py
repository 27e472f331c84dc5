"""The browser-test machinery (conftest.py) proven on a small static page written here: a
Content-Security-Policy meta tag that allows one inline script and one inline style by their
sha256 hashes and nothing else, the way `summcheck report` pages are built. What the policy
must block (an inline `onclick=`, an unhashed script, a `style=` attribute, a remote image) is
on a separate "hostile" variant, so the clean page also proves the fixtures' no-error check
passes on a well-formed page."""
from __future__ import annotations

import base64
import hashlib
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

SCRIPT = textwrap.dedent("""
    document.getElementById("toggle").addEventListener("click", function () {
      var state = document.getElementById("state");
      var shown = state.textContent === "hidden";
      state.textContent = shown ? "shown" : "hidden";
      this.setAttribute("aria-pressed", shown ? "true" : "false");
    });
    """)

STYLE = textwrap.dedent("""
    :root { color-scheme: light dark; }
    body { margin: 2rem; font: 16px/1.5 sans-serif; background: #ffffff; color: #1a1a1a; }
    @media (prefers-color-scheme: dark) {
      body { background: #121212; color: #e8e8e8; }
    }
    """)

REMOTE_IMAGE = "http://example.invalid/x.png"
RED = "rgb(255, 0, 0)"


def csp_hash(source: str) -> str:
    """The CSP source expression for an inline element's exact text."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(source.encode("utf-8")).digest()).decode() + "'"


def write_page(directory: Path, *, hostile: bool = False) -> Path:
    policy = (f"default-src 'none'; script-src {csp_hash(SCRIPT)}; "
              f"style-src {csp_hash(STYLE)}; img-src data:")
    extra = ""
    if hostile:
        extra = textwrap.dedent(f"""
            <button id="inline" type="button" onclick="document.body.dataset.inline = 'ran'">inline handler</button>
            <p id="styled" style="color: {RED}">style attribute</p>
            <img id="remote" src="{REMOTE_IMAGE}" alt="a remote image">
            <script>document.body.dataset.unhashed = "ran";</script>
            """)
    html = textwrap.dedent("""\
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="{policy}">
        <title>Browser infrastructure check</title>
        <style>{style}</style>
        </head>
        <body>
        <main>
        <h1>Browser infrastructure check</h1>
        <button id="toggle" type="button" aria-pressed="false">Toggle</button>
        <p id="state">hidden</p>
        <img id="local" alt="a one-pixel image" src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==">
        {extra}
        </main>
        <script>{script}</script>
        </body>
        </html>
        """).format(policy=policy, style=STYLE, script=SCRIPT, extra=extra)
    path = directory / ("hostile.html" if hostile else "clean.html")
    path.write_text(html, encoding="utf-8")
    return path


def test_hashed_script_runs_on_a_clean_page(page, open_report, page_log, tmp_path):
    open_report(page, write_page(tmp_path))
    assert page.text_content("#state") == "hidden"
    page.click("#toggle")
    assert page.text_content("#state") == "shown"
    assert page.get_attribute("#toggle", "aria-pressed") == "true"
    page.click("#toggle")
    assert page.text_content("#state") == "hidden"
    assert page.evaluate("document.getElementById('local').naturalWidth") == 1
    log = page_log.take(page)
    assert (log.console_errors, log.page_errors, log.csp_violations) == ([], [], [])


def test_csp_blocks_inline_handler_unhashed_script_and_style_attribute(page, open_report,
                                                                       page_log, tmp_path):
    open_report(page, write_page(tmp_path, hostile=True))
    page.click("#inline")
    assert page.evaluate("document.body.dataset.inline") is None, "the onclick= handler ran"
    assert page.evaluate("document.body.dataset.unhashed") is None, "the unhashed script ran"
    assert page.eval_on_selector("#styled", "e => getComputedStyle(e).color") != RED
    page.click("#toggle")  # the hashed script still runs beside them
    assert page.text_content("#state") == "shown"

    log = page_log.take(page)
    directives = sorted(v["directive"] for v in log.csp_violations)
    assert directives == ["img-src", "script-src-attr", "script-src-elem", "style-src-attr"]
    assert all(v["disposition"] == "enforce" for v in log.csp_violations)
    # Each violation is also a console error (what a person sees in DevTools).
    assert len(log.console_errors) == 4
    assert all("Content Security Policy" in m for m in log.console_errors)
    assert log.page_errors == [] and log.escaped_requests == []


def test_remote_image_is_blocked_without_reaching_the_network(page, open_report, page_log,
                                                              tmp_path):
    failed: list[tuple[str, str | None]] = []
    page.on("requestfailed", lambda request: failed.append((request.url, request.failure)))
    open_report(page, write_page(tmp_path, hostile=True))
    assert page.evaluate("document.getElementById('remote').naturalWidth") == 0
    log = page_log.take(page)
    assert {"directive": "img-src", "blocked": REMOTE_IMAGE} in [
        {k: v[k] for k in ("directive", "blocked")} for v in log.csp_violations]
    # CSP stopped it before any request went out: the context's network guard saw nothing.
    assert log.escaped_requests == []
    # Playwright names the reason "csp" (1.65); older releases (1.41) leave it empty.
    assert [url for url, _ in failed] == [REMOTE_IMAGE]
    assert all((why or "csp").lower() == "csp" for _, why in failed), failed


def test_network_guard_aborts_what_no_csp_stops(page, open_report, page_log, tmp_path):
    path = tmp_path / "no-csp.html"
    path.write_text(f'<!doctype html><html lang="en"><title>t</title><img src="{REMOTE_IMAGE}" alt="r">',
                    encoding="utf-8")
    open_report(page, path)
    log = page_log.take(page)
    assert log.escaped_requests == [REMOTE_IMAGE]
    assert log.csp_violations == []
    assert any("ERR_BLOCKED_BY_CLIENT" in m for m in log.console_errors)


def test_dark_scheme_changes_the_background(page, page_dark, open_report, tmp_path):
    path = write_page(tmp_path)
    background = "getComputedStyle(document.body).backgroundColor"
    light = open_report(page, path).evaluate(background)
    dark = open_report(page_dark, path).evaluate(background)
    assert light == "rgb(255, 255, 255)"  # the hashed <style> applied
    assert dark == "rgb(18, 18, 18)"
    assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") is False
    assert page_dark.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") is True


def test_screenshot_is_written(page, page_dark, open_report, tmp_path):
    path = write_page(tmp_path)
    for name, each in (("light", page), ("dark", page_dark)):
        shot = tmp_path / f"{name}.png"
        open_report(each, path).screenshot(path=str(shot), full_page=True)
        data = shot.read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 1000


def test_axe_finds_no_serious_or_critical_violation(page, page_dark, open_report,
                                                    axe_violations, tmp_path):
    path = write_page(tmp_path)
    for each in (page, page_dark):
        open_report(each, path)
        assert axe_violations(each) == []
        assert axe_violations(each, impacts=("minor", "moderate", "serious", "critical")) == []


def test_axe_reports_a_critical_violation(page, open_report, axe_violations, tmp_path):
    # The scan is not vacuous: an image without alt text is axe's `image-alt`, impact critical.
    path = tmp_path / "bad.html"
    path.write_text('<!doctype html><html lang="en"><title>t</title><main><h1>t</h1>'
                    '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">', encoding="utf-8")
    open_report(page, path)
    found = axe_violations(page)
    assert [(v["id"], v["impact"]) for v in found] == [("image-alt", "critical")]
    assert found[0]["nodes"][0]["target"] == ["img"]
    assert axe_violations(page, impacts=("minor",)) == []


def test_page_error_is_recorded(page, open_report, page_log, tmp_path):
    open_report(page, write_page(tmp_path))
    page.evaluate("setTimeout(() => { throw new Error('boom from the page'); }, 0)")
    page.evaluate("console.error('logged by the page')")
    log = page_log.take(page)
    assert any("boom from the page" in m for m in log.page_errors)
    assert any("logged by the page" in m for m in log.console_errors)


def test_unexpected_errors_fail_the_test(chromium, tmp_path):
    """The fixtures' check, end to end: a copy of this conftest in a separate pytest run, with
    a test that leaves a page error in the log, one that takes it, one that reaches out.
    (`chromium`: skip where the inner run could only skip.)"""
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / "conftest.py").write_text((Path(__file__).parent / "conftest.py").read_text())
    (suite / "pytest.ini").write_text("[pytest]\nmarkers =\n    integration: browser\n")
    (suite / "test_errors.py").write_text(textwrap.dedent("""
        def test_left_in_log(page):
            page.evaluate("setTimeout(() => { throw new Error('left in the log'); }, 0)")

        def test_taken(page, page_log):
            page.evaluate("setTimeout(() => { throw new Error('taken'); }, 0)")
            assert len(page_log.take(page).page_errors) == 1

        def test_remote_fetch(page):
            page.set_content('<img src="https://example.invalid/y.png" alt="y">')
        """))
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "-p", "no:xdist", "-m", "integration", str(suite)],
                         cwd=suite, capture_output=True, text=True, timeout=120)
    out = run.stdout + run.stderr
    assert run.returncode == 1, out
    assert "2 failed, 1 passed" in out, out
    assert "FAILED test_errors.py::test_left_in_log" in out, out
    assert "FAILED test_errors.py::test_remote_fetch" in out, out
    assert "ERROR" not in out, out  # failed in the call phase, not at teardown
    assert "uncaught page error: left in the log" in out, out
    assert "request that would leave the machine (aborted): https://example.invalid/y.png" in out, out


def test_missing_chromium_skips_with_the_reason(tmp_path):
    """Without /usr/bin/chromium (here: the copied conftest pointed elsewhere) every browser
    test skips, naming the package to install; the run itself passes."""
    pytest.importorskip("playwright.sync_api")
    suite = tmp_path / "suite"
    suite.mkdir()
    conftest = (Path(__file__).parent / "conftest.py").read_text()
    assert 'CHROMIUM = Path("/usr/bin/chromium")' in conftest
    (suite / "conftest.py").write_text(
        conftest.replace('CHROMIUM = Path("/usr/bin/chromium")',
                         f'CHROMIUM = Path({str(tmp_path / "no-chromium")!r})'))
    (suite / "pytest.ini").write_text("[pytest]\nmarkers =\n    integration: browser\n")
    (suite / "test_skips.py").write_text("def test_needs_a_page(page):\n    raise AssertionError\n")
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider",
                          "-p", "no:xdist", "-m", "integration", str(suite)],
                         cwd=suite, capture_output=True, text=True, timeout=120)
    out = run.stdout + run.stderr
    assert run.returncode == 0, out
    assert "1 skipped" in out, out
    assert "apt-get install chromium (the browser tests need it)" in out, out
