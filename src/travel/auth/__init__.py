"""Authentication, workspaces, members, API keys and permissions."""
