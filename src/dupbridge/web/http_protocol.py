"""uvicorn's HTTP protocol (httptools), without the reference cycle it leaves on an upgrade.

uvicorn's ``HttpToolsProtocol`` and its parser refer to each other (the parser calls the
protocol's bound methods). A connection that ends as HTTP breaks that cycle in
``connection_lost``; one that is upgraded to a WebSocket hands its transport to the WebSocket
protocol and leaves the cycle behind, about 15 objects (1.4 KB) that only the cyclic
collector can free. ``dupbridge serve`` freezes whatever survives a collection
(:mod:`dupbridge.web.collector`), so each such cycle would wait for the next whole-heap
collection. :class:`HttpProtocol` drops the parser once the connection is handed over, and
reference counting frees the old protocol at once. ``dupbridge serve`` names it as uvicorn's
``http`` protocol when httptools is installed (the server extra).
"""

from __future__ import annotations

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

__all__ = ["HttpProtocol"]


class HttpProtocol(HttpToolsProtocol):
    """``HttpToolsProtocol`` that lets go of its parser after a WebSocket upgrade."""

    def handle_websocket_upgrade(self) -> None:
        """Hand the connection to the WebSocket protocol, then drop the parser (the cycle)."""
        super().handle_websocket_upgrade()
        self.parser = None  # type: ignore[assignment]
