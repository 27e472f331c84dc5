"""Browser tests (a package, so that its conftest is `browser.conftest`, not a second
top-level `conftest` module shadowing tests/conftest.py for `from conftest import ...`)."""
