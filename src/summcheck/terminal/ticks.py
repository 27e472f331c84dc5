"""How far a long step of the summary being checked has got: pages extracted, records
matched. The step says it (`tick`); a progress bar listening (`listening`) shows it, and with
none listening a tick costs one global read. One listener at a time, in the process that
checks (a worker of `--jobs` has none)."""
from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterator, TypeVar

Listener = Callable[[str, int, int], None]  # (unit, done, total)
T = TypeVar("T")

_listener: Listener | None = None


def tick(unit: str, done: int, total: int) -> None:
    """`done` of `total` `unit` (pages, records) are through the step."""
    if _listener is not None:
        _listener(unit, done, total)


def counted(items: list[T], unit: str, every: int = 25) -> Iterator[T]:
    """The items, a tick after each `every` of them and after the last."""
    if _listener is None:
        yield from items
        return
    total = len(items)
    for done, item in enumerate(items, 1):
        yield item
        if done % every == 0 or done == total:
            tick(unit, done, total)


@contextmanager
def listening(listener: Listener) -> Iterator[None]:
    global _listener
    before, _listener = _listener, listener
    try:
        yield
    finally:
        _listener = before


