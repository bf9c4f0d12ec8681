"""Discovery: ranked, typo-tolerant search across kinds on each database's own engine
(docs/decisions/0088-discovery.md)."""
