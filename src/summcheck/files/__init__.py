"""Files: what may be read and written, and how.

- `reading`: reading an input safely (missing, special, unreadable, too big).
- `confine`: which files a run may read.
- `output`: where a report may be written (never over an input).
- `lines`: what a line is, in the files whose lines summcheck names.
- `git`: the one way summcheck runs git.
- `signing`: the per-user key that tells a file summcheck wrote from one it did not.
"""
