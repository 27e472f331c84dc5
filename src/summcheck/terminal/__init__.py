"""What a person at a terminal sees and does while a run lasts.

- `display`: text from an input made fit to print on one line.
- `interrupt`: SIGINT and SIGTERM end a run the same way.
- `progress`: the progress bar; `ticks`: how far a long step has got, for it.
"""
