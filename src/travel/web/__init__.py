"""The web app served on the web port (and at `/` of the API port)."""

from __future__ import annotations

from pathlib import Path

from starlette.staticfiles import StaticFiles

STATIC = Path(__file__).parent / "static"


def static_app() -> StaticFiles:
    return StaticFiles(directory=STATIC, html=True)
