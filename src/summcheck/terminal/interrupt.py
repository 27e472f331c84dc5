"""SIGINT and SIGTERM end a run the same way, for the command line and the action alike: the
stack unwinds (temporary files are removed, the PDF extraction child is stopped) and the entry
point prints one line and exits 2."""
from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import Iterator

#: The signals that end a run with "summcheck: interrupted" and exit 2.
INTERRUPTING = (signal.SIGINT, signal.SIGTERM)


class Interrupted(BaseException):
    """SIGINT or SIGTERM arrived. It unwinds the stack as KeyboardInterrupt does, but passes
    through typer, which turns a KeyboardInterrupt into a silent exit 130."""

    def cause(self) -> str:
        """`interrupted`, naming the signal when it was not Ctrl-C (`interrupted (SIGTERM)`)."""
        return "interrupted" + ("" if str(self) in ("", "SIGINT") else f" ({self})")


def _interrupt(signum: int, frame: object) -> None:
    # One interruption is enough: a second signal must not cut the cleanup of the first short.
    for each in INTERRUPTING:
        signal.signal(each, signal.SIG_IGN)
    raise Interrupted(signal.Signals(signum).name)


@contextmanager
def interruptions_raised() -> Iterator[None]:
    """Within the block, SIGINT and SIGTERM raise Interrupted; afterwards the caller's handlers
    are back (an entry point called in-process, as by the tests, leaves them as they were).
    Only the main thread may set handlers: elsewhere the caller's stay in force."""
    previous: dict[int, object] = {}
    if threading.current_thread() is threading.main_thread():
        for signum in INTERRUPTING:
            handler = signal.signal(signum, _interrupt)
            if handler is not None:  # None: set outside Python, and not restorable from here
                previous[signum] = handler
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)  # type: ignore[arg-type]
