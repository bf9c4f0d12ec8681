"""The workspace app: the travel product embedded in a partner platform's page, its users
signed in by the platform (docs/embedding.md, docs/decisions/0092-workspace-app.md)."""
