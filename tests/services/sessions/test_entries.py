"""Entries: the club's allow-list, the partnership desk (a single left over gets a robot
partner), player numbers registered for sign-in with the session's PIN, substitutes."""

from __future__ import annotations

from pathlib import Path

import pytest

from dupbridge.services.access import AccessError, AccessStore
from dupbridge.services.sessions import SessionConfig, SessionError
from dupbridge.store import make_engine
from tests.async_run import run_async
from tests.services.sessions.harness import harness


def test_allow_list_desk_sign_in_and_substitutes(tmp_path: Path) -> None:
    async def main() -> None:
        async with harness(tmp_path) as h:
            engine = make_engine(h.url)
            access = AccessStore(engine)
            h.sessions.registrar = access
            config = SessionConfig(name="Members only", allow_list=("101", "102", "103", "104",
                                   "105", "106", "107", "108"))  # fmt: skip
            session_id, pin = h.sessions.create(config, pin="9753")
            assert pin == "9753"
            with pytest.raises(SessionError, match="not on the club's list"):
                h.sessions.add_pair(session_id, ("Guest", "Member"), ("999", "101"))
            assert h.sessions.store.entries(session_id) == []
            assert h.sessions.add_pair(session_id, ("Ann", "Bob"), ("101", "102")) == 1
            assert h.sessions.add_pair(session_id, ("Cid", "Dee"), ("103", "104")) == 2
            assert h.sessions.add_single(session_id, "Eva", "105") is None  # waits at the desk
            assert h.sessions.view(session_id).desk == (("Eva", "105"),)
            assert h.sessions.add_single(session_id, "Fay", "106") == 3  # paired with Eva
            assert h.sessions.add_single(session_id, "Gus", "107") is None
            # players sign in with the PIN and their number: pair 3's are 5 and 6
            player = access.sign_in_player(session_id, "9753", 6)
            assert player.name == "Fay"
            with pytest.raises(AccessError):
                access.sign_in_player(session_id, "0000", 6)
            await h.sessions.start(session_id)
            entries = {e.number: e for e in h.sessions.store.entries(session_id)}
            assert entries[4].names[0] == "Gus"  # the single left over got a robot partner
            assert 8 in h.sessions.config(session_id).robot_players
            h.sessions.substitute(session_id, 3, "Sue")
            entries = {e.number: e for e in h.sessions.store.entries(session_id)}
            assert entries[2].names == ("Sue", "Dee")
            assert access.sign_in_player(session_id, "9753", 3).name == "Sue"
            engine.dispose()

    run_async(main())
