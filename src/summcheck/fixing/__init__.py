"""`--fix` and `--diff`: the edits that are mechanically certain, and where they go.

- `relocate`: the locator that names where a misplaced quote really stands (SUM202's fix).
- `apply`: applying the fixes the rules offer to the claims files, or printing them as a diff.
"""
