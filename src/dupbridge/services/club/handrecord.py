"""The evening's hand record: double dummy computed once, at upload, when the file has none.

A result far from double dummy is flagged for the Director (see
:meth:`~dupbridge.services.club.evening.Evening.check`). Dealing programs usually write the
double-dummy tables into the hand record; when a file has only the deals, the tables are
solved here, once, by :mod:`dupbridge.analysis.dd` (the only place the solver is used), and
written into the stored PBN text as ``DoubleDummyTricks`` tags.
"""

from __future__ import annotations

from dupbridge.core.errors import DupbridgeError
from dupbridge.formats import pbn
from dupbridge.i18n import _
from dupbridge.services.club.evening import EntryError, hand_record

__all__ = ["with_double_dummy"]


def with_double_dummy(text: str) -> str:
    """``text`` (a PBN hand record) with a ``DoubleDummyTricks`` tag on every valid deal
    that has neither that tag nor an ``OptimumResultTable``; the text itself when nothing
    is missing.

    Raises:
        EntryError: if the text is not a PBN hand record with deals.
    """
    if not hand_record(text):
        raise EntryError(_("no deals in this file (expected a PBN hand record)"))
    try:
        games = pbn.loads(text, source="hand-record.pbn")
    except DupbridgeError as error:
        raise EntryError(str(error)) from None
    missing = [
        game
        for game in games
        if game.deal is not None
        and game.deal.is_valid()
        and game.double_dummy_tricks is None
        and game.table("OptimumResultTable") is None
    ]
    if not missing:
        return text
    from dupbridge.analysis.dd import dd_tables  # noqa: PLC0415 - the solver, only when needed

    tables = dd_tables(game.deal for game in missing if game.deal is not None)
    for game, table in zip(missing, tables, strict=True):
        game["DoubleDummyTricks"] = table.to_pbn()
    return pbn.dumps(games)
