"""The ruling assistant: the rulings engine in the Director's hands at a table (issue 16).

A ruling is a table record in recording mode (docs/table-records.md) kept in the store: the
board (number, dealer, vulnerability), the deal if the cards matter, the Laws' edition and
profile, and what happened, action by action. Every step the Director takes (a call, a card,
a player's choice, his own answer) is applied to a :class:`~dupbridge.core.table.Table`
rebuilt from the record; an action the table refuses is not kept and the Director is told
why, with the law. The record is written before the answer goes back (durable), and it is
exactly what ``dupbridge rule`` and ``dupbridge replay`` read.

The assistant never decides a matter of judgement: the player entitled to a choice chooses
(Law 10C), the Director answers the engine's questions of fact and judgement himself; the
assistant lays out the facts, the options and the laws, and records his decision with his
name and the time.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any

from dupbridge.core.deal import Deal
from dupbridge.core.errors import ActionError, DupbridgeError, NotationError
from dupbridge.core.table import Table
from dupbridge.i18n import LANGUAGES, _, use_language
from dupbridge.rulings.solver import ClaimSolver
from dupbridge.services.director.view import assistant_view
from dupbridge.services.records import RecordError, apply_action, load_record
from dupbridge.store.director import DirectorStore, StoredRuling

__all__ = [
    "PLACEHOLDER_DEAL",
    "Assistant",
    "AssistantError",
    "RulingNotFoundError",
]

#: A valid deal that stands in while the real one is still to be entered (auction rulings
#: need no cards); it is never written into the record (as in ``dupbridge rule``).
PLACEHOLDER_DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"

#: Actions that involve the cards: the deal must be known first.
CARD_KEYS = frozenset(
    {"card", "expose", "revoke", "claim", "concede", "accept_claim", "reject_claim"}
)


class AssistantError(DupbridgeError, ValueError):
    """A step the assistant cannot take, with what was wrong (and the law, if one applies)."""

    def __init__(self, message: str, law: str | None = None) -> None:
        super().__init__(message)
        self.law = law


class RulingNotFoundError(AssistantError):
    """No ruling with that id."""


class StaleStepError(AssistantError):
    """The step was taken on an out-of-date view of the ruling (a second tap, another
    device): nothing was entered."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Assistant:
    """The ruling assistant over the Director's store.

    ``claims`` answers the engine's claim questions (default: double dummy, DDS); ``clock``
    gives the time stamped on the Director's answers.
    """

    def __init__(
        self,
        store: DirectorStore,
        *,
        claims: ClaimSolver | None = None,
        clock: Callable[[], str] = _now,
    ) -> None:
        self._store = store
        self._claims = claims
        self._clock = clock

    # --- starting -------------------------------------------------------------------------

    def start(
        self,
        director: str,
        *,
        board: int,
        deal: str | None = None,
        dealer: str | None = None,
        vulnerability: str | None = None,
        edition: str = "2017",
        profile: str | None = None,
        language: str = "en",
        session_ref: str | None = None,
        table_ref: str | None = None,
    ) -> dict[str, Any]:
        """Open a ruling on one board and return its view.

        Raises:
            AssistantError: naming the field that is wrong (board, deal, edition, ...).
        """
        if language not in LANGUAGES:
            raise AssistantError(
                _("unknown language {lang!r}; dupbridge speaks {known}").format(
                    lang=language, known=", ".join(LANGUAGES)
                )
            )
        record: dict[str, Any] = {"board": board}
        if deal:
            record["deal"] = deal.strip()
        if dealer:
            record["dealer"] = dealer
        if vulnerability:
            record["vulnerability"] = vulnerability
        record["edition"] = edition
        record["mode"] = "recording"
        if profile:
            record["profile"] = profile
        record["actions"] = []
        with use_language(language):
            self._fresh_table(record)  # validates board, deal, edition and profile
        ruling_id = str(uuid.uuid4())
        stored = self._store.add_ruling(
            ruling_id,
            director,
            language,
            record,
            session_ref=session_ref,
            table_ref=table_ref,
        )
        return self._view(stored)

    def open_record(
        self,
        director: str,
        record: Mapping[str, Any],
        *,
        language: str = "en",
        session_ref: str | None = None,
        table_ref: str | None = None,
    ) -> dict[str, Any]:
        """Open a ruling on a table record (an online table's log, a record from ``dupbridge
        rule``): every action must replay in recording mode.

        Raises:
            AssistantError: if the record cannot be read or an action is refused.
        """
        data = {**record, "mode": "recording"}
        with use_language(language):
            self._replay(data)
        stored = self._store.add_ruling(
            str(uuid.uuid4()),
            director,
            language,
            data,
            session_ref=session_ref,
            table_ref=table_ref,
        )
        return self._view(stored)

    # --- reading --------------------------------------------------------------------------

    def get(self, ruling_id: str) -> StoredRuling:
        """The stored ruling.

        Raises:
            RulingNotFoundError: if there is none with that id.
        """
        stored = self._store.ruling(ruling_id)
        if stored is None:
            raise RulingNotFoundError(_("there is no ruling {id!r}").format(id=ruling_id))
        return stored

    def view(self, ruling_id: str) -> dict[str, Any]:
        """What the Director sees of a ruling (docs/director.md, "The assistant's view")."""
        return self._view(self.get(ruling_id))

    def record(self, ruling_id: str) -> dict[str, Any]:
        """The ruling's table record, as ``dupbridge rule`` and ``dupbridge replay`` read it."""
        return self.get(ruling_id).record

    def table(self, ruling_id: str) -> Table:
        """The table after the ruling's actions."""
        stored = self.get(ruling_id)
        with use_language(stored.language):
            return self._replay(stored.record)

    def recent(self, limit: int = 20) -> list[StoredRuling]:
        """The latest rulings, newest first."""
        return self._store.rulings(limit)

    # --- steps ----------------------------------------------------------------------------

    def act(
        self,
        ruling_id: str,
        action: Mapping[str, Any],
        director: str,
        *,
        step: int | None = None,
    ) -> dict[str, Any]:
        """Apply one record action (docs/table-records.md) and keep it.

        A ``director`` answer is stamped with the Director's name and the time unless they
        are given. ``step``, if given, is the number of actions the Director saw.

        Raises:
            StaleStepError: if ``step`` is not the number of actions now.
            AssistantError: if the action is malformed or the table refuses it (the record
                is unchanged; the message names the law when one applies).
        """
        stored = self.get(ruling_id)
        if step is not None and step != len(stored.record.get("actions", [])):
            raise StaleStepError(
                _("the ruling has moved on since step {step}: nothing was entered").format(
                    step=step
                )
            )
        action = dict(action)
        if "director" in action and isinstance(action["director"], Mapping):
            answers = dict(action["director"])
            if director and "name" not in answers:
                answers["name"] = director
            answers.setdefault("time", self._clock())
            action["director"] = answers
        if not stored.record.get("deal") and CARD_KEYS & action.keys():
            raise AssistantError(_("the cards matter now: enter the deal first"))
        with use_language(stored.language):
            table = self._replay(stored.record)
            try:
                apply_action(table, action)
            except ActionError as error:
                raise AssistantError(
                    str(error), None if error.law is None else error.law.code
                ) from None
            except (NotationError, RecordError) as error:
                raise AssistantError(str(error)) from None
        record = {**stored.record, "actions": [*stored.record.get("actions", []), action]}
        self._store.save_record(ruling_id, record)
        self._store.append(f"ruling:{ruling_id}", "entered", director, {"action": action})
        return self.view(ruling_id)

    def choose(self, ruling_id: str, option: str, director: str) -> dict[str, Any]:
        """The player entitled to the pending choice takes ``option`` (Law 10C)."""
        table = self.table(ruling_id)
        pending = table.pending
        if pending is None or pending.chooser is None:
            raise AssistantError(_("no player has a choice to make now"))
        if option not in pending.options:
            raise AssistantError(
                _("{option!r} is not one of the options: {options}").format(
                    option=option, options=", ".join(pending.options)
                ),
                pending.law.code,
            )
        return self.act(
            ruling_id, {"choose": {"seat": pending.chooser.letter, "option": option}}, director
        )

    def answer(self, ruling_id: str, yes: bool, director: str) -> dict[str, Any]:
        """The Director answers the pending question yes or no."""
        table = self.table(ruling_id)
        pending = table.pending
        if pending is None or pending.chooser is not None or pending.options == ("tricks", "line"):
            raise AssistantError(_("there is no yes-or-no question for the Director now"))
        return self.act(ruling_id, {"director": {pending.options[0]: yes}}, director)

    def set_deal(self, ruling_id: str, deal: str) -> dict[str, Any]:
        """Enter the deal (PBN) when the cards come to matter; the record is replayed on it.

        Raises:
            AssistantError: if the deal is unreadable, or an action already taken does not
                fit it (then nothing changes).
        """
        stored = self.get(ruling_id)
        try:
            Deal.from_pbn(deal.strip()).validated()
        except NotationError as error:
            raise AssistantError(_("field 'deal': {error}").format(error=error)) from None
        record = {**stored.record, "deal": deal.strip()}
        with use_language(stored.language):
            self._replay(record)
        self._store.save_record(ruling_id, record)
        return self.view(ruling_id)

    def undo(self, ruling_id: str, director: str = "") -> dict[str, Any]:
        """Take back the last action entered (a mistake in the entry, not a ruling's
        revision: the record is what happened at the table). The audit log keeps both the
        entry and its withdrawal."""
        stored = self.get(ruling_id)
        actions = list(stored.record.get("actions", []))
        if not actions:
            raise AssistantError(_("there is nothing to take back"))
        self._store.save_record(ruling_id, {**stored.record, "actions": actions[:-1]})
        self._store.append(f"ruling:{ruling_id}", "withdrawn", director, {"action": actions[-1]})
        return self.view(ruling_id)

    def log(self, ruling_id: str) -> list[dict[str, Any]]:
        """The audit log of a ruling: every entry and every entry taken back, with the
        Director's name and the time."""
        return [
            {
                "kind": entry.kind,
                "director": entry.director,
                "at": entry.created_at.isoformat(timespec="seconds"),
                "action": entry.payload.get("action"),
            }
            for entry in self._store.log(f"ruling:{ruling_id}")
        ]

    # --- inside ---------------------------------------------------------------------------

    def _fresh_table(self, record: Mapping[str, Any]) -> Table:
        empty = {**record, "actions": []}
        if not empty.get("deal"):
            empty["deal"] = PLACEHOLDER_DEAL
        try:
            return load_record(empty, claims=self._claims)
        except RecordError as error:
            raise AssistantError(str(error)) from None

    def _replay(self, record: Mapping[str, Any]) -> Table:
        table = self._fresh_table(record)
        for index, action in enumerate(record.get("actions", [])):
            try:
                apply_action(table, action)
            except (ActionError, NotationError, RecordError) as error:
                raise AssistantError(
                    _("action {index} of the record is refused: {error}").format(
                        index=index + 1, error=error
                    )
                ) from None
        return table

    def _view(self, stored: StoredRuling) -> dict[str, Any]:
        with use_language(stored.language):
            table = self._replay(stored.record)
            return assistant_view(stored, table)
