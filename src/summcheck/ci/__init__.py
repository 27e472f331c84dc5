"""What a repository keeps so that CI judges only what changed and trusts what it reads.

- `baseline`: adopt the gate on findings that already exist, and fail only on new ones.
- `pinning`: `summcheck pin`, a source pinned to the sha256 of its bytes.
"""
