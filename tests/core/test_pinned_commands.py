"""The command vocabulary, pinned form by form (issue 19, core/commands.py).

Every entry point (table records, the CLI, the web, replay) reads actions through these
decoders, so each form must give the one command it names, with every default, and each
refusal must name the field in words. Every value is built inside the test (a mutant is
activated after the tests are collected).
"""

from __future__ import annotations

import pytest

from dupbridge.core.calls import Strain, parse_call
from dupbridge.core.cards import Card
from dupbridge.core.command_json import decode_command
from dupbridge.core.commands import (
    RECORD_KEYS,
    AcceptClaim,
    BidAboveSeven,
    ChangeCall,
    ChooseOption,
    Claim,
    Command,
    CommandError,
    Concede,
    ContinuePlay,
    DirectorDecides,
    DrawAttention,
    ExposeCards,
    MakeCall,
    ObjectToConcession,
    PlayCard,
    RejectClaim,
    Report,
    WithdrawAgreement,
    command_of,
    encode_command,
)
from dupbridge.core.errors import InvalidCallError
from dupbridge.core.events import (
    AgreementWithdrawn,
    AttentionDrawn,
    AuctionEnded,
    BidAboveSevenMade,
    CallChanged,
    CallMade,
    CardPlayed,
    CardsExposed,
    ClaimAccepted,
    ClaimMade,
    ClaimRejected,
    Conceded,
    ConcessionObjected,
    DirectorAnswered,
    InformationReported,
    OptionChosen,
    PlayContinued,
)
from dupbridge.core.seats import Seat

KNOWN = (
    "call, card, claim, accept_claim, reject_claim, concede, above_seven, expose, change, "
    "report, revoke, continue_play, object_concession, withdraw_agreement, choose, director"
)


def card(text: str) -> Card:
    return Card.from_str(text)


def refusal(data: object, *, recording: bool = False) -> str:
    with pytest.raises(CommandError) as caught:
        decode_command(data, recording=recording)
    return str(caught.value)


class TestCommandsOfLoggedActions:
    def test_each_action_event_gives_its_command(self) -> None:
        """Replay feeds each logged action back as the command that made it, every field
        kept (a call's alert, explanation and simultaneity, Laws 20, 33)."""
        pairs: list[tuple[object, Command]] = [
            (CallMade(1, Seat.N, parse_call("1NT"), True, "15-17", True),
             MakeCall(Seat.N, parse_call("1NT"), True, "15-17", True)),
            (CardPlayed(2, Seat.E, card("SA")), PlayCard(Seat.E, card("SA"))),
            (ClaimMade(3, Seat.S, 9, "trumps"), Claim(Seat.S, 9, "trumps")),
            (ClaimAccepted(4, Seat.W), AcceptClaim(Seat.W)),
            (ClaimRejected(4, Seat.E), RejectClaim(Seat.E)),
            (Conceded(5, Seat.N, 2), Concede(Seat.N, 2)),
            (BidAboveSevenMade(6, Seat.E, 8, Strain.SPADES),
             BidAboveSeven(Seat.E, 8, Strain.SPADES)),
            (CardsExposed(7, Seat.W, (card("H2"),), True),
             ExposeCards(Seat.W, (card("H2"),), True)),
            (CallChanged(8, Seat.S, parse_call("2C")), ChangeCall(Seat.S, parse_call("2C"))),
            (AttentionDrawn(9, Seat.N, Seat.E, 3, "after_play"),
             DrawAttention(Seat.N, Seat.E, 3, "after_play")),
            (PlayContinued(10, Seat.E), ContinuePlay(Seat.E)),
            (ConcessionObjected(11, Seat.S), ObjectToConcession(Seat.S)),
            (AgreementWithdrawn(12, Seat.W), WithdrawAgreement(Seat.W)),
            (OptionChosen(13, Seat.S, "accept"), ChooseOption(Seat.S, "accept")),
        ]  # fmt: skip
        for event, command in pairs:
            assert command == command_of(event), event  # type: ignore[arg-type]

    def test_a_report_with_its_particulars(self) -> None:
        """A report's particulars, stored as JSON text, come back as sorted pairs; none
        stored is none."""
        event = InformationReported(5, Seat.S, "misinformation", "no alert", Seat.W,
                                    '{"trick": 5, "call": "2C"}')  # fmt: skip
        assert Report(
            Seat.S, "misinformation", "no alert", Seat.W, (("call", "2C"), ("trick", 5))
        ) == command_of(event)
        assert Report(Seat.S, "tricks_disputed") == command_of(
            InformationReported(5, Seat.S, "tricks_disputed")
        )

    def test_the_directors_answers(self) -> None:
        """The Director's answers come back as sorted pairs (Laws 81-85)."""
        command = command_of(DirectorAnswered(6, '{"weighted": false, "comparable": true}'))
        assert DirectorDecides((("comparable", True), ("weighted", False))) == command
        assert isinstance(command, DirectorDecides)
        assert {"comparable": True, "weighted": False} == command.answers_map

    def test_no_command_for_what_the_table_announces(self) -> None:
        """A derived event records no action: it is refused, named."""
        with pytest.raises(ValueError, match=r"^not an action event: AuctionEnded\(seq=3"):
            command_of(AuctionEnded(3, None))


class TestWhichAction:
    def test_no_object(self) -> None:
        """An action is a JSON object."""
        assert "an action must be a JSON object" == refusal([1, 2])
        assert "an action must be a JSON object" == refusal("call")

    def test_an_unknown_type(self) -> None:
        """A ``type`` that names no command is refused with the known ones."""
        assert f"unknown command type 'shout'; known: {KNOWN}" == refusal(
            {"type": "shout", "seat": "N"}
        )
        assert f"unknown command type 1; known: {KNOWN}" == refusal({"type": 1, "seat": "N"})

    def test_none_or_two_action_keys(self) -> None:
        """A record action has exactly one action key (``above_seven`` is written as a
        call, so it is none of them)."""
        keys = ", ".join(RECORD_KEYS)
        assert "above_seven" not in RECORD_KEYS
        assert f"an action needs exactly one of {keys}; this one has none" == refusal({"seat": "N"})
        assert f"an action needs exactly one of {keys}; this one has call, card" == refusal(
            {"seat": "N", "card": "SA", "call": "1C"}
        )
        assert f"an action needs exactly one of {keys}; this one has none" == refusal(
            {"seat": "N", "above_seven": True}
        )

    def test_no_seat(self) -> None:
        """Every action but a choice and the Director's answers names its seat."""
        assert "the action has no 'seat'" == refusal({"call": "1C"})
        assert "the action has no 'seat'" == refusal({"type": "card", "card": "SA"})


class TestCalls:
    def test_a_plain_call(self) -> None:
        """A call without alert, explanation or simultaneity has none."""
        command = decode_command({"seat": "E", "call": "Pass"})
        assert MakeCall(Seat.E, parse_call("Pass"), False, None, False) == command
        assert isinstance(command, MakeCall)
        assert (False, None, False) == (command.alert, command.explanation, command.simultaneous)

    def test_every_field(self) -> None:
        """The alert, the explanation (as text) and simultaneity (Laws 20, 33) are kept."""
        assert MakeCall(Seat.S, parse_call("2C"), True, "5", True) == decode_command(
            {"seat": "S", "call": "2C", "alert": 1, "explanation": 5, "simultaneous": True}
        )

    def test_above_seven_in_recording_mode(self) -> None:
        """Only in recording mode is more than seven a bid above seven (Law 38), spaces and
        suit symbols allowed; seven or less written oddly stays no call."""
        assert BidAboveSeven(Seat.N, 9, Strain.NOTRUMP) == decode_command(
            {"seat": "N", "call": " 9 nt "}, recording=True
        )
        assert BidAboveSeven(Seat.N, 8, Strain.SPADES) == decode_command(
            {"seat": "N", "call": "8♠"}, recording=True
        )
        with pytest.raises(InvalidCallError):
            decode_command({"seat": "N", "call": "07S"}, recording=True)
        with pytest.raises(InvalidCallError):
            decode_command({"seat": "N", "call": "nonsense"}, recording=True)
        with pytest.raises(InvalidCallError):
            decode_command({"seat": "N", "call": "8S"})

    def test_above_seven_as_a_frame(self) -> None:
        """A web frame names the level and strain; the level must be a number."""
        assert BidAboveSeven(Seat.W, 8, Strain.HEARTS) == decode_command(
            {"type": "above_seven", "seat": "W", "level": 8, "strain": "H"}
        )
        assert "'level' must be a whole number, not '8'" == refusal(
            {"type": "above_seven", "seat": "W", "level": "8", "strain": "H"}
        )
        assert "'level' must be a whole number, not True" == refusal(
            {"type": "above_seven", "seat": "W", "level": True, "strain": "H"}
        )

    def test_above_seven_without_level_or_strain(self) -> None:
        """A bid above seven (Law 38) names both its level and its strain; a frame that
        leaves one out is refused naming it."""
        assert "the 'above_seven' action has no 'level'" == refusal(
            {"type": "above_seven", "seat": "W", "strain": "H"}
        )
        assert "the 'above_seven' action has no 'strain'" == refusal(
            {"type": "above_seven", "seat": "W", "level": 8}
        )
        assert "the 'above_seven' action has no 'strain'" == refusal(
            {"type": "above_seven", "seat": "W", "level": 8, "strain": None}
        )

    def test_a_changed_call(self) -> None:
        """A changed call (Law 25) as a record or as a frame."""
        assert ChangeCall(Seat.N, parse_call("2H")) == decode_command({"seat": "N", "change": "2H"})
        assert ChangeCall(Seat.N, parse_call("X")) == decode_command(
            {"type": "change", "seat": "N", "call": "X"}
        )


class TestPlayActions:
    def test_a_card(self) -> None:
        """A card by its text."""
        assert PlayCard(Seat.W, card("DT")) == decode_command({"seat": "W", "card": "d10"})

    def test_claims(self) -> None:
        """A claim's tricks (Law 68A) from ``claim`` or ``tricks``, with its statement."""
        assert Claim(Seat.N, 9, None) == decode_command({"seat": "N", "claim": 9})
        assert Claim(Seat.N, 10, "1") == decode_command(
            {"seat": "N", "claim": 9, "tricks": 10, "statement": 1}
        )
        assert "'claim' must be a whole number of tricks, not 'nine'" == refusal(
            {"seat": "N", "claim": "nine"}
        )
        assert "'claim' must be a whole number of tricks, not True" == refusal(
            {"seat": "N", "claim": True}
        )

    def test_a_frame_without_its_value(self) -> None:
        """A frame names its action by ``type``; left without the value the action needs
        (the claimed tricks, Law 68A; the kind of a report; the card...), it is refused
        with the action and the field named, never read as some other value."""
        assert "the 'claim' action has no 'tricks' (or 'claim')" == refusal(
            {"type": "claim", "seat": "N"}
        )
        assert "the 'claim' action has no 'tricks' (or 'claim')" == refusal(
            {"type": "claim", "seat": "N", "tricks": None}
        )
        assert "the 'report' action has no 'kind' (or 'report')" == refusal(
            {"type": "report", "seat": "S"}
        )
        assert "the 'report' action has no 'kind' (or 'report')" == refusal(
            {"seat": "S", "report": None}
        )
        assert "the 'call' action has no 'call'" == refusal({"type": "call", "seat": "S"})
        assert "the 'card' action has no 'card'" == refusal({"type": "card", "seat": "S"})
        assert "the 'card' action has no 'card'" == refusal({"seat": "S", "card": None})
        assert "the 'expose' action has no 'cards' (or 'expose')" == refusal(
            {"type": "expose", "seat": "S"}
        )
        assert "the 'change' action has no 'call' (or 'change')" == refusal(
            {"type": "change", "seat": "S"}
        )
        assert "the 'revoke' action has no 'offender' (or 'revoke')" == refusal(
            {"type": "revoke", "seat": "S"}
        )

    def test_a_stray_empty_key_is_not_the_value(self) -> None:
        """Only the action key (or its named field) gives the value: a key "" is ignored."""
        assert PlayCard(Seat.S, card("SA")) == decode_command(
            {"type": "card", "seat": "S", "card": "SA", "": "HK"}
        )

    def test_a_frame_value_under_its_action_key(self) -> None:
        """A frame may give its value under the action key itself, as a record does."""
        assert Claim(Seat.N, 9, None) == decode_command({"type": "claim", "seat": "N", "claim": 9})
        assert Report(Seat.S, "misinformation") == decode_command(
            {"type": "report", "seat": "S", "report": "misinformation"}
        )

    def test_concessions(self) -> None:
        """A concession of all the remaining tricks or of some (Law 68B)."""
        assert Concede(Seat.S, None) == decode_command({"type": "concede", "seat": "S"})
        assert Concede(Seat.S, None) == decode_command({"seat": "S", "concede": None})
        assert Concede(Seat.S, 3) == decode_command({"seat": "S", "concede": True, "tricks": 3})
        assert "'concede' must be a whole number of tricks, not 'all'" == refusal(
            {"seat": "S", "concede": "all"}
        )
        assert "'concede' must be a whole number of tricks, not False" == refusal(
            {"seat": "S", "concede": False}
        )

    def test_answers_to_a_claim(self) -> None:
        """Accepting (Law 69A) or rejecting (68D) a claim; ``false`` says the other."""
        assert AcceptClaim(Seat.E) == decode_command({"type": "accept_claim", "seat": "E"})
        assert RejectClaim(Seat.E) == decode_command({"type": "reject_claim", "seat": "E"})
        assert AcceptClaim(Seat.E) == decode_command({"seat": "E", "reject_claim": False})
        assert AcceptClaim(Seat.E) == decode_command({"seat": "E", "accept_claim": 0})
        assert RejectClaim(Seat.E) == decode_command({"seat": "E", "reject_claim": 0})

    def test_flags(self) -> None:
        """Continuing play (Law 68D2(b)), objecting to a concession (68B2) and withdrawing
        an agreement (69B, 71) take the value true in a record, nothing in a frame."""
        for key, cls in (
            ("continue_play", ContinuePlay),
            ("object_concession", ObjectToConcession),
            ("withdraw_agreement", WithdrawAgreement),
        ):
            assert cls(Seat.W) == decode_command({"seat": "W", key: True})
            assert cls(Seat.W) == decode_command({"type": key, "seat": "W"})
            assert cls(Seat.W) == decode_command({"type": key, "seat": "W", key: "yes"})
            assert f"'{key}' takes the value true" == refusal({"seat": "W", key: 1})


class TestRecordingModeReports:
    def test_exposed_cards(self) -> None:
        """Exposed cards (Laws 24, 48-50) as text or a list, deliberately or not (50B)."""
        assert ExposeCards(Seat.E, (card("SA"), card("H2")), False) == decode_command(
            {"seat": "E", "expose": "SA H2"}
        )
        assert ExposeCards(Seat.E, (card("SA"),), True) == decode_command(
            {"type": "expose", "seat": "E", "cards": ["SA"], "deliberate": True}
        )
        assert ExposeCards(Seat.E, (card("C3"), card("D4")), False) == decode_command(
            {"seat": "E", "expose": ["C3", "D4"]}
        )

    def test_reports(self) -> None:
        """A report's kind, facts (none is empty), the seat it is against and its sorted
        particulars."""
        assert Report(Seat.S, "misinformation", "", None, ()) == decode_command(
            {"seat": "S", "report": "misinformation", "facts": None}
        )
        assert Report(
            Seat.S, "defective_trick", "four cards", Seat.E, (("a", 1), ("trick", 5))
        ) == decode_command(
            {"type": "report", "seat": "S", "kind": "defective_trick", "facts": "four cards",
             "against": "E", "details": {"trick": 5, "a": 1}}
        )  # fmt: skip
        assert "'details' must be an object, e.g. {\"trick\": 5}" == refusal(
            {"seat": "S", "report": "x", "details": "trick 5"}
        )

    def test_attention_to_a_revoke(self) -> None:
        """Attention drawn to a revoke (Laws 61-64): the offender, the trick, when."""
        assert DrawAttention(Seat.N, Seat.E, None, "") == decode_command(
            {"seat": "N", "revoke": "E", "when": None}
        )
        assert DrawAttention(Seat.N, Seat.W, 4, "after_play") == decode_command(
            {"type": "revoke", "seat": "N", "offender": "W", "trick": 4, "when": "after_play"}
        )
        assert "'trick' must be a whole number, not '4'" == refusal(
            {"seat": "N", "revoke": "E", "trick": "4"}
        )


class TestChoicesAndTheDirector:
    def test_a_choice(self) -> None:
        """A choice (Law 10C) as its own object or as a frame's fields, in text."""
        assert ChooseOption(Seat.W, "1") == decode_command(
            {"type": "choose", "seat": "w", "option": 1}
        )
        message = "'choose' needs an object with 'seat' and 'option'"
        assert message == refusal({"choose": "accept"})
        assert message == refusal({"choose": {"seat": "W"}})
        assert message == refusal({"choose": {"option": "accept"}})
        assert message == refusal({"type": "choose", "seat": "W"})

    def test_the_directors_answers(self) -> None:
        """The Director's answers, sorted, from ``director`` or a frame's ``answers``."""
        assert DirectorDecides((("a", 1), ("b", 2))) == decode_command(
            {"type": "director", "answers": {"b": 2, "a": 1}}
        )
        message = "'director' needs an object of answers, e.g. {\"comparable\": true}"
        assert message == refusal({"director": {}})
        assert message == refusal({"director": ["comparable"]})
        assert message == refusal({"type": "director"})


class TestEncoding:
    def test_calls_and_cards(self) -> None:
        """A call with only the fields that are set; a card; each form reads back."""
        plain = MakeCall(Seat.N, parse_call("1NT"))
        assert {"type": "call", "seat": "N", "call": "1NT"} == encode_command(plain)
        full = MakeCall(Seat.N, parse_call("1NT"), True, "", True)
        assert {"type": "call", "seat": "N", "call": "1NT", "alert": True, "explanation": "",
                "simultaneous": True} == encode_command(full)  # fmt: skip
        assert {"type": "card", "seat": "E", "card": "SA"} == encode_command(
            PlayCard(Seat.E, card("SA"))
        )
        for command in (plain, full):
            assert command == decode_command(encode_command(command))

    def test_claims_and_concessions(self) -> None:
        """A claim with its statement when there is one; a concession of all as true."""
        assert {"type": "claim", "seat": "S", "claim": 9} == encode_command(Claim(Seat.S, 9))
        assert {"type": "claim", "seat": "S", "claim": 9, "statement": ""} == encode_command(
            Claim(Seat.S, 9, "")
        )
        assert {"type": "concede", "seat": "S", "concede": True} == encode_command(Concede(Seat.S))
        assert {"type": "concede", "seat": "S", "concede": 0} == encode_command(Concede(Seat.S, 0))

    def test_recording_mode_actions(self) -> None:
        """A bid above seven by level and strain letter; exposed cards, deliberately or not;
        a changed call; a report with what is set; a revoke with its trick and when."""
        assert {"type": "above_seven", "seat": "E", "level": 8, "strain": "NT"} == (
            encode_command(BidAboveSeven(Seat.E, 8, Strain.NOTRUMP))
        )
        assert {"type": "expose", "seat": "W", "expose": ["SA", "H2"]} == encode_command(
            ExposeCards(Seat.W, (card("SA"), card("H2")))
        )
        assert {"type": "expose", "seat": "W", "expose": ["SA"], "deliberate": True} == (
            encode_command(ExposeCards(Seat.W, (card("SA"),), True))
        )
        assert {"type": "change", "seat": "N", "change": "Pass"} == encode_command(
            ChangeCall(Seat.N, parse_call("Pass"))
        )
        assert {"type": "report", "seat": "S", "report": "misinformation", "facts": ""} == (
            encode_command(Report(Seat.S, "misinformation"))
        )
        report = Report(Seat.S, "defective_trick", "x", Seat.E, (("trick", 5),))
        assert {"type": "report", "seat": "S", "report": "defective_trick", "facts": "x",
                "against": "E", "details": {"trick": 5}} == encode_command(report)  # fmt: skip
        assert {"type": "revoke", "seat": "N", "revoke": "E"} == encode_command(
            DrawAttention(Seat.N, Seat.E)
        )
        revoke = DrawAttention(Seat.N, Seat.E, 0, "after_round")
        assert {"type": "revoke", "seat": "N", "revoke": "E", "trick": 0,
                "when": "after_round"} == encode_command(revoke)  # fmt: skip
        for command in (report, revoke):
            assert command == decode_command(encode_command(command))

    def test_choices_answers_and_flags(self) -> None:
        """A choice, the Director's answers as an object, and a flag as true."""
        assert {"type": "choose", "seat": "S", "option": "accept"} == encode_command(
            ChooseOption(Seat.S, "accept")
        )
        assert {"type": "director", "answers": {"comparable": True}} == encode_command(
            DirectorDecides((("comparable", True),))
        )
        assert {"type": "accept_claim", "seat": "E", "accept_claim": True} == encode_command(
            AcceptClaim(Seat.E)
        )
        assert {"type": "continue_play", "seat": "E", "continue_play": True} == encode_command(
            ContinuePlay(Seat.E)
        )
