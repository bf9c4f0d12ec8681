"""The web app's server side: the built single-page app (web/ at the repository's root, built
into web/dist here), its configuration, and the demo's one-click sign-in.

The pages are a client of the public GraphQL endpoint like any other (docs/decisions/0070):
nothing here reads or writes product data.
"""

from travel.web.routes import web_routes

__all__ = ["web_routes"]
