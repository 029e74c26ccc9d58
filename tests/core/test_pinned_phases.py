"""Pinned behaviour of core/phases.py: the phases of a board, the commands each takes and the
transitions between them (DESIGN §2.4; issue 19, mutation testing)."""

from __future__ import annotations

import pytest

from dupbridge.core.phases import (
    ACCEPTS,
    MODES,
    TRANSITIONS,
    WHILE_CLAIM_PENDING,
    Mode,
    Phase,
    command_name,
    phase_name,
)
from dupbridge.i18n import use_language


class TestPhases:
    def test_values(self) -> None:
        """A phase is written as its value, in this order."""
        assert ["auction", "play", "director", "finished"] == [str(phase) for phase in Phase]
        assert Phase.PLAY is Phase("play")

    def test_hash_by_identity(self) -> None:
        """A phase hashes by identity, so it keys dicts and sets as itself."""
        assert hash(Phase.AUCTION) == object.__hash__(Phase.AUCTION)
        assert {Phase.AUCTION: 1}[Phase("auction")] == 1

    def test_modes(self) -> None:
        """Strict (online) and recording (with a Director), in that order."""
        assert ("strict", "recording") == MODES
        assert "recording" == Mode.RECORDING

    def test_accepts(self) -> None:
        """The auction takes calls; play takes cards, claims (Law 68A), concessions (68B)
        and answers to a claim; the Director's ruling and the end of the board take none."""
        assert frozenset({"make_call"}) == ACCEPTS[Phase.AUCTION]
        assert (
            frozenset({"play_card", "claim", "concede", "accept_claim", "reject_claim"})
            == ACCEPTS[Phase.PLAY]
        )
        assert frozenset() == ACCEPTS[Phase.DIRECTOR] == ACCEPTS[Phase.FINISHED]
        assert frozenset({"accept_claim", "reject_claim"}) == WHILE_CLAIM_PENDING

    def test_transitions(self) -> None:
        """Exactly these moves, and staying put: the auction never reopens once play has
        begun except through a ruling; the Director may be called from anywhere (Law 9B);
        a finished board may go back to play (Laws 69B, 71) or to the Director."""
        moves = {(a, b) for a, b in TRANSITIONS if a is not b}
        expected = {
            ("auction", "play"),
            ("auction", "finished"),
            ("auction", "director"),
            ("play", "director"),
            ("play", "finished"),
            ("director", "auction"),
            ("director", "play"),
            ("director", "finished"),
            ("finished", "director"),
            ("finished", "play"),
        }
        assert expected == {(a.value, b.value) for a, b in moves}
        assert all((phase, phase) in TRANSITIONS for phase in Phase)
        assert 14 == len(TRANSITIONS)


class TestNames:
    COMMANDS = ("make_call", "play_card", "claim", "concede", "accept_claim", "reject_claim")

    def test_command_names_in_english(self) -> None:
        """Verb phrases that complete "{seat} cannot ..."."""
        assert [
            "call",
            "play a card",
            "claim",
            "concede",
            "accept a claim",
            "reject a claim",
        ] == [command_name(command) for command in self.COMMANDS]

    def test_command_names_translated_in_their_context(self) -> None:
        """Translated in the context "command" (a verb, not the noun "call")."""
        with use_language("pl"):
            assert [
                "zgłosić zapowiedzi",
                "zagrać karty",
                "deklarować",
                "zrzec się lew",
                "przyjąć deklaracji",
                "odrzucić deklaracji",
            ] == [command_name(command) for command in self.COMMANDS]

    def test_unknown_command(self) -> None:
        """Only the commands a phase accepts have names."""
        with pytest.raises(KeyError):
            command_name("expose")

    def test_phase_names(self) -> None:
        """Readable names of the phases, translated."""
        assert ["auction", "play", "Director's ruling", "end of the board"] == [
            phase_name(phase) for phase in Phase
        ]
        with use_language("pl"):
            assert ["licytacja", "rozgrywka", "Decyzja sędziego", "koniec rozdania"] == [
                phase_name(phase) for phase in Phase
            ]
