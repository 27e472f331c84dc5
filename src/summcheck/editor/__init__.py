"""The editor: a language server over the check engine (session, features, server)."""
