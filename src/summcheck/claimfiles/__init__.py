"""The pieces behind `summcheck.claims`, in the order a claims file meets them.

- `read`: the file's bytes, within a size limit, decoded to text.
- `jsonfmt`, `yamlfmt`: parsing, with duplicate keys noted and the line each record starts on.
- `records`: one parsed record to a `ClaimRecord` (text normalised, locator parsed).
- `validate`: the schema check of one record, its fast path and its messages.
- `wording`: JSON paths and short descriptions of values, for messages.

`summcheck.claims` is the public entry; nothing here is meant to be imported elsewhere.
"""
