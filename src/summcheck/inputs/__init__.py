"""The inputs of a run: which files are summaries, and which files and settings each uses.

- `modes`: the page-number modes and section modes an input may name, and what each input
  of a summary is called in messages;
- `summaries`: whether one file is a summary (its front matter or the configuration says so);
- `walk`: the one folder walk, honouring `.gitignore`, `--exclude` and the configuration's
  `exclude`;
- `resolution`: `SummaryInputs`, a summary's source, claims, structure, page numbers, OCR
  and sections with where each came from, found by the one precedence chain (command line >
  front matter > configuration mapping > the claims file's `source:`), and where they may lie
  (`confine.py`);
- `discovery`: the summaries that named paths stand for (`check PATH…`), and those that
  changed files touch (`--changed`, pre-commit, the GitHub Action).

`settings.CheckRequest` holds the options of `summcheck check` that choose these inputs, as
the command line, the GitHub Action and the Python API give them.

Nothing is imported here: `summcheck --version` and the loaders import the modules they need.
"""
