"""The browser table: static pages (plain ES modules, no build step) served by ``cardtable serve``.

The page speaks the server's HTTP API and table socket like any other client
(docs/server.md); it holds no rules: it shows the seat's ``view``, the events as the seat saw
them, and offers exactly the server's ``legal`` moves. docs/web.md says how to play.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

STATIC = Path(__file__).parent / "static"
"""The page's files, shipped inside the package."""


def mount_pages(app: FastAPI) -> None:
    """Serve the lobby at ``/``, a table at ``/tables/{id}`` and the files under ``/static``."""
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/tables/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "index.html")
