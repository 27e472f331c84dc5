"""`summcheck audit MANIFEST`: a corpus of (summary, claims, source) triples checked in shards
of one source each, on a local process pool or on dask, the results streamed to a JSONL file
that a re-run resumes.

    manifest.py  the manifest (JSONL or CSV) → entries
    plan.py      entries → shards, one a source
    shard.py     the pure function that checks one shard (each source loaded once)
    engines.py   where the shards run: in-process, a process pool, dask.distributed
    results.py   the results file: one line an entry, resume
    totals.py    the totals printed at the end
    run.py       the command: all of the above in order
"""
from .run import AuditRequest, run_audit

__all__ = ["AuditRequest", "run_audit"]
