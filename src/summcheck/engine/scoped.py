"""One pass over a summary of several sources (inputs/documents.py): the summary's sentences
with their locator parts that name this pass's source, and the claim records that quote it.
What names no source, or one the summary does not have, is the first pass's to report."""
from __future__ import annotations

from dataclasses import replace

from ..inputs.documents import Scope
from ..model import (ClaimRecord, ClaimsFile, Locator, LocatorGroup, NamedRecords, RecordError,
                     Summary)


def scoped_summary(summary: Summary, scope: Scope, claims: ClaimsFile) -> Summary:
    """The sentences this pass checks, each with its groups cut to this pass's parts and its
    brackets to the records of this pass (`[C3]` is checked in the pass of C3's source)."""
    owners = {str(r.id): _owner(r, scope) for r in claims.records if r.id is not None}
    sentences = []
    for sentence in summary.sentences:
        groups, mine = [], False
        for group in sentence.groups:
            kept = _group(group, scope)
            if kept is not None:
                groups.append(kept)
                mine = mine or (kept.locator is not None and kept.error is None)
        named = _brackets(sentence.named, scope, owners)
        mine = mine or any(owners.get(i) == scope.key for b in named for i in b.ids)
        located = any(g.locator is not None or g.error for g in sentence.groups) or any(
            owners.get(i) is not None for b in sentence.named for i in b.ids)
        if mine or (scope.first and (not located or groups)):
            sentences.append(replace(sentence, groups=groups, named=named))
    return replace(summary, sentences=sentences)


def _brackets(brackets: tuple[NamedRecords, ...], scope: Scope, owners: dict[str, str | None]
              ) -> tuple[NamedRecords, ...]:
    """The brackets as this pass sees them: the ids of its own records, and in the first pass
    ids no record has (SUM106, told once); another source's records are that pass's."""
    kept = []
    for bracket in brackets:
        ids = tuple(i for i in bracket.ids if owners.get(i) == scope.key
                    or (scope.first and i not in owners))
        if ids:
            kept.append(bracket if ids == bracket.ids else replace(bracket, ids=ids))
    return tuple(kept)


def _group(group: LocatorGroup, scope: Scope) -> LocatorGroup | None:
    """The group as this pass sees it: its parts that name this source; in the first pass,
    also a part naming a source the summary lacks (the resolver says so), and a group whose
    parts name none when no source is the default (a malformed locator, SUM104)."""
    if group.locator is None:
        return group if scope.first else None  # malformed: told once
    parts = [p for p in group.locator.parts if scope.names(p.document)]
    if scope.first:
        parts += [p for p in group.locator.parts
                  if p.document is not None and not scope.known(p.document)]
        if scope.default is None and any(p.document is None for p in group.locator.parts):
            return replace(group, locator=None, error=(
                f"it names no source, and the summary has several "
                f"({', '.join(scope.keys)}): name one ({scope.keys[0]} {group.text}), or mark "
                f"one default in the front matter"))
    if not parts:
        return None
    return replace(group, locator=Locator(tuple(parts), group.locator.text))


def scoped_claims(claims: ClaimsFile, scope: Scope) -> ClaimsFile:
    """The records of this pass: those whose `source` is its key, or that name no source and
    whose locator names it (or names no document, when it is the default). In the first pass
    also those whose `source` is no key of the summary's, made invalid (SUM200)."""
    records = []
    for record in claims.records:
        owner = _owner(record, scope)
        if owner == scope.key:
            records.append(record)
        elif scope.first and owner is None:
            records.append(replace(record, errors=[*record.errors, RecordError(
                "$.source", _no_source(record, scope))]))
    return replace(claims, records=records)


def _owner(record: ClaimRecord, scope: Scope) -> str | None:
    if record.source is not None:
        return next((k for k in scope.keys if k == record.source), None)
    named = {p.document for p in record.locator.parts} if record.locator else set()
    for key in scope.keys:
        if any(d is not None and scope.known(d) and d.casefold() == key.casefold() for d in named):
            return key
    if None in named or not named:
        return scope.default
    return None


def _no_source(record: ClaimRecord, scope: Scope) -> str:
    keys = ", ".join(scope.keys)
    if record.source is not None:
        return f"source {record.source!r} is none of the summary's sources ({keys})"
    return f"names no source of the summary's several ({keys}): add source: KEY"
