"""The command vocabulary: one typed value per action, one decoder, one dispatcher."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dupbridge.core.calls import Strain, parse_call
from dupbridge.core.cards import Card
from dupbridge.core.command_json import decode_command
from dupbridge.core.commands import (
    COMMAND_TYPES,
    AcceptClaim,
    BidAboveSeven,
    ChooseOption,
    Claim,
    Command,
    CommandError,
    Concede,
    DirectorDecides,
    DrawAttention,
    ExposeCards,
    MakeCall,
    PlayCard,
    RejectClaim,
    Report,
    command_of,
    encode_command,
)
from dupbridge.core.deal import Deal
from dupbridge.core.errors import ActionError, InvalidCallError
from dupbridge.core.seats import Seat
from dupbridge.core.table import Table

DEAL = Deal.from_pbn("N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876")


class TestDecode:
    @pytest.mark.parametrize(
        ("data", "expected"),
        [
            (
                {"seat": "S", "call": "1NT", "alert": True, "explanation": "15-17"},
                MakeCall(Seat.S, parse_call("1NT"), alert=True, explanation="15-17"),
            ),
            ({"type": "call", "seat": "N", "call": "Pass"}, MakeCall(Seat.N, parse_call("Pass"))),
            ({"seat": "E", "card": "SA"}, PlayCard(Seat.E, Card.from_str("SA"))),
            ({"type": "card", "seat": "E", "card": "h2"}, PlayCard(Seat.E, Card.from_str("H2"))),
            ({"seat": "W", "claim": 9, "statement": "all good"}, Claim(Seat.W, 9, "all good")),
            ({"type": "claim", "seat": "W", "tricks": 3}, Claim(Seat.W, 3)),
            ({"seat": "N", "accept_claim": True}, AcceptClaim(Seat.N)),
            ({"seat": "N", "accept_claim": False}, RejectClaim(Seat.N)),
            ({"seat": "N", "reject_claim": True}, RejectClaim(Seat.N)),
            ({"seat": "S", "concede": True}, Concede(Seat.S, None)),
            ({"seat": "S", "concede": 0}, Concede(Seat.S, 0)),
            (
                {"seat": "E", "expose": "SA H2"},
                ExposeCards(Seat.E, (Card.from_str("SA"), Card.from_str("H2"))),
            ),
            ({"seat": "N", "revoke": "E", "trick": 3}, DrawAttention(Seat.N, Seat.E, 3)),
            ({"choose": {"seat": "W", "option": "accept"}}, ChooseOption(Seat.W, "accept")),
            ({"type": "choose", "seat": "W", "option": "refuse"}, ChooseOption(Seat.W, "refuse")),
            ({"director": {"comparable": True}}, DirectorDecides((("comparable", True),))),
            (
                {"seat": "S", "report": "misinformation", "details": {"trick": 5}},
                Report(Seat.S, "misinformation", details=(("trick", 5),)),
            ),
        ],
    )
    def test_record_and_frame_forms(self, data: dict[str, object], expected: Command) -> None:
        """A record action and a web frame with ``type`` decode to the same typed command."""
        assert expected == decode_command(data)

    def test_bid_above_seven_only_when_recording(self) -> None:
        """A bid above seven is a command in recording mode (Law 38), no call otherwise."""
        assert BidAboveSeven(Seat.N, 8, Strain.from_str("S")) == decode_command(
            {"seat": "N", "call": "8S"}, recording=True
        )
        with pytest.raises(InvalidCallError):
            decode_command({"seat": "N", "call": "8S"})

    @pytest.mark.parametrize(
        ("data", "message"),
        [
            ([1, 2], "must be a JSON object"),
            ({"seat": "N"}, "exactly one of"),
            ({"seat": "N", "call": "1C", "card": "SA"}, "this one has call, card"),
            ({"call": "1C"}, "no 'seat'"),
            ({"type": "shout", "seat": "N"}, "unknown command type 'shout'"),
            ({"seat": "N", "claim": "nine"}, "'claim' must be a whole number"),
            ({"seat": "N", "claim": True}, "'claim' must be a whole number"),
            ({"choose": "accept"}, "'choose' needs an object"),
            ({"director": {}}, "'director' needs an object of answers"),
            ({"seat": "N", "continue_play": 1}, "'continue_play' takes the value true"),
            ({"seat": "N", "report": "x", "details": [1]}, "'details' must be an object"),
        ],
    )
    def test_malformed(self, data: object, message: str) -> None:
        """A malformed command is refused with a message naming the field."""
        with pytest.raises(CommandError, match=message):
            decode_command(data)


commands = st.one_of(
    st.builds(
        MakeCall,
        st.sampled_from(list(Seat)),
        st.sampled_from([parse_call(t) for t in ("1C", "3NT", "7S", "Pass", "X", "XX")]),
        st.booleans(),
        st.none() | st.text(max_size=10),
        st.booleans(),
    ),
    st.builds(
        PlayCard,
        st.sampled_from(list(Seat)),
        st.sampled_from([Card.from_str(t) for t in ("SA", "H2", "DT", "CJ")]),
    ),
    st.builds(
        Claim, st.sampled_from(list(Seat)), st.integers(0, 13), st.none() | st.text(max_size=10)
    ),
    st.builds(Concede, st.sampled_from(list(Seat)), st.none() | st.integers(0, 13)),
    st.builds(
        BidAboveSeven,
        st.sampled_from(list(Seat)),
        st.integers(8, 12),
        st.sampled_from(list(Strain)),
    ),
    st.builds(
        DrawAttention,
        st.sampled_from(list(Seat)),
        st.sampled_from(list(Seat)),
        st.none() | st.integers(1, 13),
    ),
    st.builds(ChooseOption, st.sampled_from(list(Seat)), st.text(min_size=1, max_size=8)),
)


@given(commands)
def test_encode_round_trips(command: Command) -> None:
    """Every command's JSON form reads back to an equal command."""
    assert command == decode_command(encode_command(command), recording=True)


def test_every_type_is_dispatched() -> None:
    """The one dispatcher knows every command type of the vocabulary."""
    from dupbridge.core.table import HANDLERS

    assert set(COMMAND_TYPES.values()) == set(HANDLERS)


class TestExecute:
    def test_execute_is_the_method(self) -> None:
        """Executing a command logs the same events as calling the table's method."""
        by_method = Table(1, DEAL)
        by_command = Table(1, DEAL)
        by_method.make_call(Seat.N, parse_call("1NT"), alert=True, explanation="15-17")
        by_command.execute(MakeCall(Seat.N, parse_call("1NT"), alert=True, explanation="15-17"))
        assert by_method.events == by_command.events

    def test_refused_command_changes_nothing(self) -> None:
        """A command out of turn is refused with its law and the log is unchanged (Law 31)."""
        table = Table(1, DEAL)
        before = table.events
        with pytest.raises(ActionError) as caught:
            table.execute(MakeCall(Seat.E, parse_call("1C")))
        assert caught.value.law is not None
        assert before == table.events

    @settings(max_examples=25, deadline=None)
    @given(st.integers(0, 2**32))
    def test_log_round_trips_through_commands(self, seed: int) -> None:
        """A random legal board's action events give back commands that replay it exactly."""
        rng = random.Random(seed)
        table = Table(rng.randint(1, 16), DEAL)
        while table.turn is not None:
            if table.contract is None and not table.is_passed_out and table.play is None:
                calls = list(table.legal_calls())
                table.execute(MakeCall(table.turn, rng.choice(calls[: min(len(calls), 6)])))
            else:
                table.execute(PlayCard(table.turn, rng.choice(list(table.legal_cards()))))
        replayed = Table(table.board, table.deal)
        for event in table.events[1:]:
            if not event.derived:
                replayed.execute(command_of(event))
        assert table.events == replayed.events
