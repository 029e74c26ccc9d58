"""uvicorn's HTTP protocol as ``dupbridge serve`` uses it (``dupbridge.web.http_protocol``):
after a WebSocket upgrade the old HTTP protocol is freed by reference counting alone, with no
cycle left for the garbage collector (which ``dupbridge serve`` mostly keeps frozen)."""

from __future__ import annotations

import asyncio
import gc
import weakref
from typing import Any

import pytest

pytest.importorskip("httptools", reason="httptools is in the server extra")

from uvicorn.config import Config
from uvicorn.server import ServerState

from dupbridge.web.http_protocol import HttpProtocol
from tests.async_run import run_async

UPGRADE = (
    b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
)


class Transport:
    """Just enough of an asyncio transport for uvicorn's protocols."""

    def __init__(self) -> None:
        self.protocol: Any = None
        self.written: list[bytes] = []

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"sockname": ("127.0.0.1", 8000), "peername": ("127.0.0.1", 50000)}.get(
            name, default
        )

    def set_protocol(self, protocol: Any) -> None:
        self.protocol = protocol

    def write(self, data: bytes) -> None:
        self.written.append(data)

    def is_closing(self) -> bool:
        return False

    def close(self) -> None:
        pass

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """An ASGI app that accepts a WebSocket and waits for it to close."""
    if scope["type"] == "websocket":
        await receive()
        await send({"type": "websocket.accept"})
        await receive()


async def upgrade_one() -> tuple[weakref.ref[HttpProtocol], Transport]:
    config = Config(app, ws="websockets-sansio", lifespan="off", log_level="warning")
    config.load()
    http = HttpProtocol(config=config, server_state=ServerState(), app_state={})
    transport = Transport()
    http.connection_made(transport)  # type: ignore[arg-type]
    http.data_received(UPGRADE)
    await asyncio.sleep(0.05)  # the WebSocket side answers the handshake
    return weakref.ref(http), transport


def test_the_http_protocol_is_freed_without_the_collector_after_an_upgrade() -> None:
    gc.collect()
    gc.disable()  # only reference counting from here
    try:
        old, transport = run_async(upgrade_one())
        assert transport.protocol is not None  # handed over to the WebSocket protocol
        assert type(transport.protocol).__name__.startswith("WebSocket")
        assert b"101 Switching Protocols" in b"".join(transport.written)
        assert old() is None  # no cycle kept the HTTP protocol alive
    finally:
        gc.enable()
