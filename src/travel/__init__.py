"""Travel marketplace: a multi-tenant GraphQL API."""

__version__ = "0.1.0"
