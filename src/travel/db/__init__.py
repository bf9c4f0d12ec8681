"""Storage: engines, sessions, the declarative base and migrations."""
