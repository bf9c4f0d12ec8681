"""The GraphQL layer: schema assembly, request context, document cache and HTTP endpoint."""
