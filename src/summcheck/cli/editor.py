"""`summcheck server`: the language server editors start (editor/server.py)."""
from __future__ import annotations


def server() -> None:
    """Speak the Language Server Protocol on standard input and output: live findings as you
    type, quick fixes, the source on hover, locators that jump to the page."""
    from ..editor.server import serve

    serve()
