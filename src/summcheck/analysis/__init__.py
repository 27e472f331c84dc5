"""What the checks found, before any rule judges it: the facts of one summary's check.

- `facts`: every locator resolved and every quote matched (`Analysis`, `RecordResult`,
  `SentenceResult`): the facts the rules read.
- `binding`: which records each sentence rests on, the one decision every rule and report reads.
- `verdicts`: what a checked summary amounts to, sentence by sentence (the evidence report, the
  editor).
- `marks`: what a finding points at, for a report to underline.
"""
