"""A small test client of the protocol: create a table, send commands, read frames."""

from __future__ import annotations

import itertools
from typing import Any

import httpx
from fastapi.testclient import TestClient

from dupbridge.core.deal import Deal
from dupbridge.core.table import Table
from dupbridge.services.wire import KIBITZER, Viewer, table_view, withheld_view

_KEYS = itertools.count()


def new_key() -> str:
    """A fresh idempotency key."""
    return f"k{next(_KEYS)}"


def create(client: TestClient, deal: str, **extra: Any) -> dict[str, Any]:
    """Create a table from a PBN deal; the answer has the table id and the seat tokens."""
    response = client.post("/tables", json={"deal": deal, **extra})
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def command(
    kind: str, seat: str, expected_seq: int, key: str | None = None, **fields: Any
) -> dict[str, Any]:
    """A command frame."""
    return {
        "type": kind,
        "seat": seat,
        "expected_seq": expected_seq,
        "key": key or new_key(),
        **fields,
    }


def expected_view(table: Table, viewer: Viewer, *, released: bool = True) -> dict[str, Any]:
    """What ``core.views`` says ``viewer`` may see of ``table`` (withheld for a kibitzer
    whose board is not released)."""
    if viewer is KIBITZER and not released:
        return withheld_view(table)
    return table_view(table, viewer, explanations_after_board=False)


def reference(deal: str, board: int = 1) -> Table:
    """The reference table the test plays alongside the server."""
    return Table(board, Deal.from_pbn(deal))


def start_session(client: httpx.Client, name: str) -> str:
    """A pairs session of four pairs (one board a round) that the signed-in Director's
    ``client`` creates and starts over the management pages: its id. A ``TestClient`` is an
    ``httpx.Client``, so the same steps serve the app in process and a live server."""
    made = client.post("/manage/sessions", data={"name": name, "pin": "2468",
                                                  "boards_per_round": "1"})  # fmt: skip
    assert made.status_code == 303, made.text
    session_id = str(made.headers["location"]).split("/")[-1].split("?")[0]
    for k in range(1, 5):
        added = client.post(f"/manage/sessions/{session_id}/pairs",
                            data={"first": f"Anna {k}", "second": f"Bo {k}"})  # fmt: skip
        assert added.status_code == 303, added.text
    assert client.post(f"/manage/sessions/{session_id}/start").status_code == 303
    return session_id
