"""A viewer's frame: the events he may see after ``since`` and his view at the head
(``services.wire``), and the same encoded as JSON once for every socket that shares it.

The web layer sends every socket its viewer's frame after each change. The four seats each
need their own, but all the kibitzers of a table (and a seat's second tab, or a seat in two
languages' worth of sockets) share one: :func:`encoded_frame` keeps the texts built at the
table's head, by viewer, ``since``, language and release, and builds a missing one once.
Both are called under the table's lock (a command being stored has changed the table but
not yet the log).
"""

from __future__ import annotations

import json
from typing import Any

from dupbridge.i18n import use_language
from dupbridge.services.live import LiveTable
from dupbridge.services.wire import KIBITZER, Viewer, project_events, table_view, withheld_view

__all__ = ["build_frame", "encoded_frame"]


def build_frame(live: LiveTable, viewer: Viewer, since: int, *, released: bool) -> dict[str, Any]:
    """The frame that brings ``viewer`` from event ``since`` to the head (a withheld view for
    a kibitzer whose board is not ``released``: nothing of the hands, no events)."""
    if viewer is KIBITZER and not released:
        return {
            "type": "update",
            "since": since,
            "seq": live.head,
            "events": [],
            "view": withheld_view(live.table),
            "online": {},
        }
    after = live.settings.explanations_after_board
    return {
        "type": "update",
        "since": since,
        "seq": live.head,
        "events": project_events(
            live.rows_since(since), viewer, finished=live.finished, explanations_after_board=after
        ),
        "view": table_view(live.table, viewer, explanations_after_board=after),
        "online": live.online_state() if viewer is not KIBITZER else {},
    }


def encoded_frame(
    live: LiveTable, viewer: Viewer, since: int, lang: str, *, released: bool
) -> tuple[int, bool, str]:
    """The frame of :func:`build_frame` in ``lang``, as compact JSON: (its seq, whether the view
    is withheld, the text), built at most once per head for each (viewer, since, language,
    release)."""
    head, texts = live.frame_texts
    if head != live.head:
        texts = {}
        live.frame_texts = (live.head, texts)
    key = (viewer, since, lang, released)
    known = texts.get(key)
    if known is None:
        with use_language(lang):
            frame = build_frame(live, viewer, since, released=released)
        text = json.dumps(frame, separators=(",", ":"))
        known = texts[key] = (bool(frame["view"]["withheld"]), text)
    return live.head, known[0], known[1]
