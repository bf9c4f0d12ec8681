"""The MCP server: task-shaped tools for AI agents over the public GraphQL API (docs/mcp.md).

A client like any partner: every tool call is a GraphQL request with the caller's credential.
"""
