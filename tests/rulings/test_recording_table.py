"""The recording-mode Table and its views: the core mechanics the rulings drive."""

from __future__ import annotations

import pytest

from dupbridge import Card, Deal, Phase, Role, Seat, Table, parse_call, view_for
from dupbridge.core.events import CallMade, IrregularityFlagged, Rectified
from dupbridge.core.rectify import Oblige, Pend
from dupbridge.rulings import rulebook_for, rulings_of

DEAL = Deal.from_pbn("N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876")


def recording(edition: str = "2017") -> Table:
    return Table(1, DEAL, edition=edition, mode="recording", rulebook=rulebook_for(edition))


def calls(table: Table, text: str) -> None:
    for word in text.split():
        turn = table.turn
        assert turn is not None
        table.make_call(turn, parse_call(word))


class TestEventLog:
    def test_irregular_call_is_logged_and_flagged(self) -> None:
        """DESIGN §2.6: the irregular call is an event, followed by the flag naming the law
        and the pending decision (Law 9B2: the table is in DIRECTOR)."""
        table = recording()
        calls(table, "1S")
        events = table.make_call(Seat.E, parse_call("1H"))
        assert isinstance(events[0], CallMade)
        flag = events[1]
        assert isinstance(flag, IrregularityFlagged)
        assert ("insufficient_bid", "27") == (flag.irregularity, flag.law.code)
        assert isinstance(events[-1], Rectified)
        assert isinstance(events[-1].effect, Pend)
        assert Phase.DIRECTOR is table.phase

    def test_replay_needs_the_rulebook(self) -> None:
        """A recording-mode log replays with its rulebook; without one it is refused."""
        table = recording()
        calls(table, "1S")
        table.make_call(Seat.E, parse_call("1H"))
        table.choose(Seat.S, "refuse")
        copy = Table.replay(table.events, rulebook_for())
        assert table.events == copy.events
        assert table.pending == copy.pending
        with pytest.raises(ValueError, match="needs a rulebook"):
            Table.replay(table.events)

    def test_strict_mode_log_has_no_rules(self) -> None:
        """Strict mode is as before: no rule set in the log, no recorder."""
        table = Table(1, DEAL)
        assert table.recording is None
        assert table.events[0].rules is None  # type: ignore[attr-defined]

    def test_forced_pass_is_an_effect(self) -> None:
        """The obligation to pass is a logged effect; legal_calls then offers only Pass."""
        table = recording()
        calls(table, "1H")
        table.expose_cards(Seat.E, [Card.from_str("HA")])  # Law 24B: West passes next turn
        assert any(isinstance(e, Rectified) and isinstance(e.effect, Oblige) for e in table.events)
        calls(table, "Pass Pass")
        assert Seat.W is table.turn
        assert ["Pass"] == [str(c) for c in table.legal_calls()]


class TestViews:
    def test_standing_auction_and_face_up_cards(self) -> None:
        """Views show the calls that stand (the cancelled call is gone) and the cards lying
        face up (Law 24) to every seat."""
        table = recording()
        calls(table, "1S")
        table.make_call(Seat.E, parse_call("1H"))
        table.choose(Seat.S, "refuse")
        table.make_call(Seat.E, parse_call("2H"))
        table.director(same_denominations=True)
        table.expose_cards(Seat.S, [Card.from_str("DA")])
        for viewer in (Seat.N, Seat.W, Role.SPECTATOR):
            view = view_for(table, viewer)
            assert ["1S", "2H"] == [str(entry.call) for entry in view.auction]
        view = view_for(table, Seat.W)
        assert {Seat.S: (Card.from_str("DA"),)} == view.face_up

    def test_pending_shows_to_all(self) -> None:
        """Law 10C1: the Director explains the options to the table."""
        table = recording()
        calls(table, "1S")
        table.make_call(Seat.E, parse_call("1H"))
        view = view_for(table, Seat.N)
        assert view.pending is not None
        assert ("accept", "refuse") == view.pending.options
        assert () == view.legal_calls


class TestRulingRecord:
    def test_ruling_record_holds_the_story(self) -> None:
        """A ruling records the irregularity, the laws applied with the edition, the options
        offered and who chose what, the rectification, the reviews."""
        table = recording("2007")
        calls(table, "1S")
        table.make_call(Seat.E, parse_call("1H"))
        table.choose(Seat.S, "refuse")
        table.make_call(Seat.E, parse_call("2D"))
        table.director(same_meaning=False, name="Per", time="19:05")
        (ruling,) = rulings_of(table)
        data = ruling.to_json()
        assert ("insufficient_bid", "E", "2007") == (
            data["irregularity"],
            data["offender"],
            data["edition"],
        )
        assert ["accept", "refuse"] == data["decisions"][0]["options"]
        assert "refuse" == data["decisions"][0]["answer"]
        assert {"same_meaning": False} == data["decisions"][1]["answer"]
        assert {"27B", "27B2", "16D", "26", "23"} <= set(data["laws"])
        assert ["23"] == data["reviews"]
        assert ("Per", "19:05") == (data["director"], data["time"])
        assert ruling.closed


class TestObligations:
    def test_a_newer_repeat_duty_replaces_an_older_one(self) -> None:
        """Laws 31A1, 32A1: a player must repeat the call the latest ruling names; an older
        duty to repeat another call lapses (two at once could never both be met)."""
        from dupbridge.core.calls import DOUBLE, PASS
        from dupbridge.core.lawref import LawRef
        from dupbridge.core.rectify import Duty, Obligation, Oblige, Span

        table = Table(1, DEAL, mode="recording", rulebook=rulebook_for("2017"))
        rec = table.recording
        assert rec is not None
        law = LawRef.parse("31A1", "2017")
        rec._apply([Oblige(Seat.N, Obligation(Duty.REPEAT, Span.NEXT_TURN, law, DOUBLE, 1))])
        rec._apply([Oblige(Seat.N, Obligation(Duty.REPEAT, Span.NEXT_TURN, law, PASS, 2))])
        assert [PASS] == [o.call for o in rec.obligations[Seat.N]]
        assert [PASS] == list(table.legal_calls())
