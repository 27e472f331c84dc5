"""Where claims and drafts come from: the Anthropic Messages API (`anthropic`, the official SDK,
imported when it runs) or any local program (`command`). Both give `base.ExtractReply` and
`base.DraftReply`; nothing here verifies anything: the pipeline does, the same for both."""
from __future__ import annotations

PROVIDERS = ("anthropic", "command")
