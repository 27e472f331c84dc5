"""What a run is configured to do.

- `file`: `[tool.summcheck]` in pyproject.toml, or summcheck.toml: the closest one wins.
- `selection`: which rules run (--select/--ignore and the configuration).
- `settings`: the configuration and the command line merged into one run's Options.
"""
