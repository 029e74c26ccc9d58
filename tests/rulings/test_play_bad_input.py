"""Bad input during the play and after it: one clear error each, the table unchanged."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from dupbridge import Card, Deal, Seat, Table, parse_call
from dupbridge.core.errors import ActionError
from dupbridge.rulings import rulebook_for

DEAL = Deal.from_pbn("N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876")
VOID = Deal.from_pbn("N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQJ2. 3.6542.43.JT9876")


def in_play(edition: str = "2017", deal: Deal = DEAL, cards: str = "S:H7 W:H2 N:H3 E:HA") -> Table:
    """1NT by East (South leads), then ``cards`` played."""
    table = Table(1, deal, edition=edition, mode="recording", rulebook=rulebook_for(edition))
    for seat, call in (("N", "Pass"), ("E", "1NT"), ("S", "Pass"), ("W", "Pass"), ("N", "Pass")):
        table.make_call(Seat.from_str(seat), parse_call(call))
    for item in cards.split():
        seat, card = item.split(":")
        table.play_card(Seat.from_str(seat), Card.from_str(card))
    return table


def state(table: Table) -> tuple[Any, ...]:
    rec = table.recording
    assert rec is not None
    return (
        table.events,
        table.phase,
        table.pending,
        table.result,
        table.declarer,
        tuple(table.legal_cards()),
        {seat: dict(cards) for seat, cards in rec.penalty.items()},
        tuple(str(r.to_json()) for r in rec.revokes),
        tuple(rec.queue),
        dict(rec.committed),
        dict(rec.transfers),
    )


def refused(table: Table, action: Callable[[], object], fragment: str) -> ActionError:
    before = state(table)
    with pytest.raises(ActionError) as raised:
        action()
    assert fragment in str(raised.value)
    assert before == state(table)
    return raised.value


def card(text: str) -> Card:
    return Card.from_str(text)


class TestRevokes:
    def test_no_such_revoke(self) -> None:
        """Law 61A: attention drawn to a revoke that did not happen is refused."""
        table = in_play()
        refused(table, lambda: table.draw_attention(Seat.E, Seat.N), "North has made no revoke")

    def test_no_revoke_on_that_trick(self) -> None:
        """Law 61A: a revoke named by trick must be on that trick."""
        table = in_play(cards="S:H7 W:H2 N:H3 E:HA E:CA S:CJ W:C6 N:D8")
        refused(table, lambda: table.draw_attention(Seat.E, Seat.N, trick=1), "on trick 1")
        refused(table, lambda: table.draw_attention(Seat.E, Seat.N, trick=14), "1 to 13")

    def test_when_after_play_is_for_after_play(self) -> None:
        """Laws 64B4, 64B5 concern attention drawn after play: not during it."""
        table = in_play(cards="S:H7 W:H2 N:H3 E:HA E:CA S:CJ W:C6 N:D8")
        refused(table, lambda: table.draw_attention(Seat.E, Seat.N, when="after_round"), "'when'")

    def test_before_any_card(self) -> None:
        """Law 61A: no revoke can have happened before the opening lead."""
        table = in_play(cards="")
        refused(table, lambda: table.draw_attention(Seat.E, Seat.N), "no play yet")


class TestCards:
    def test_card_not_held(self) -> None:
        """A card the player does not hold is impossible, not irregular."""
        table = in_play()
        refused(table, lambda: table.play_card(Seat.E, card("S2")), "does not hold S2")

    def test_card_by_another_player_while_declarer_chooses(self) -> None:
        """Law 9B2: while declarer decides on a lead out of turn, only the next hand's card
        (an acceptance, Law 53A) and the proper lead (53B) are taken."""
        table = in_play(cards="S:H7 W:H2 N:H3 E:HA N:SA")
        refused(table, lambda: table.play_card(Seat.S, card("S7")), "Law 9B2")

    def test_option_not_on_offer_in_law_57(self) -> None:
        """Law 57A3: declarer names *another* suit than the suit led."""
        table = in_play(deal=VOID, cards="S:H7 W:H2 N:H3 E:HA E:CA N:C2")
        refused(table, lambda: table.choose(Seat.E, "require_clubs"), "not on offer")
        refused(table, lambda: table.choose(Seat.S, "highest"), "the choice is East's")

    def test_card_played_early_must_be_played(self) -> None:
        """Law 57C3: declarer's premature card is played at his turn; no other card."""
        table = in_play(deal=VOID, cards="S:H7 W:H2 N:H3 E:HA E:CA W:C6 S:D2")
        refused(table, lambda: table.play_card(Seat.W, card("C7")), "must be played now")

    def test_penalty_card_exposed_again(self) -> None:
        """Law 50A: a penalty card already lies face up; it cannot be exposed again."""
        table = in_play(cards="S:DA W:D2 N:D8 E:D5")
        table.expose_cards(Seat.N, [card("SA")])
        table.choose(Seat.E, "no_restriction")
        refused(table, lambda: table.expose_cards(Seat.N, [card("SA")]), "already a penalty card")


class TestClaims:
    def test_play_cannot_continue_under_2007(self) -> None:
        """2007 Law 68D: play ceases after a claim; continuing by agreement is 2017 only."""
        table = in_play("2007")
        table.claim(Seat.E, 10)
        refused(table, lambda: table.continue_play(Seat.N), "play ceases after a claim")

    def test_claimer_cannot_ask_to_continue(self) -> None:
        """Law 68D2(b): continuation is at the non-claiming side's request."""
        table = in_play()
        table.claim(Seat.E, 10)
        refused(table, lambda: table.continue_play(Seat.W), "only the side that did not claim")

    def test_nothing_to_continue(self) -> None:
        """Law 68D: without a claim there is nothing to continue."""
        table = in_play()
        refused(table, lambda: table.continue_play(Seat.N), "while a claim awaits")

    def test_objection_needs_partners_concession(self) -> None:
        """Law 68B2: only a defender's partner objects, and at once."""
        table = in_play()
        refused(table, lambda: table.object_to_concession(Seat.S), "at once")
        table.concede(Seat.E, 1)
        refused(table, lambda: table.object_to_concession(Seat.W), "at once")

    def test_nothing_to_withdraw(self) -> None:
        """Laws 69B, 71: only an agreement or a concession can be withdrawn."""
        table = in_play()
        refused(table, lambda: table.withdraw_agreement(Seat.N), "nothing to withdraw")

    def test_directors_tricks_in_range(self) -> None:
        """Law 70: the Director's trick count lies between the tricks won and those plus the
        tricks left; it is a whole number; he is asked for tricks or a line."""
        table = in_play()
        table.claim(Seat.E, 10)
        table.reject_claim(Seat.S)
        refused(table, lambda: table.director(tricks=0), "from 1 to 13")
        refused(table, lambda: table.director(tricks="ten"), "whole number")
        refused(table, lambda: table.director(tricks=True), "whole number")
        refused(table, lambda: table.director(comparable=True), "'tricks'")
        refused(table, lambda: table.director(line="S2"), "still holds")
        refused(table, lambda: table.director(line="SA", unstated="normal"), "best or worst")
        refused(table, lambda: table.choose(Seat.E, "accept"), "Director must answer")


class TestReports:
    def test_unknown_report(self) -> None:
        """Only the reports the Laws give a procedure for are taken."""
        table = in_play()
        refused(table, lambda: table.report(Seat.N, "hesitation"), "unknown report")

    def test_defective_trick_needs_a_completed_trick(self) -> None:
        """Law 67B: a defective trick is one already completed."""
        table = in_play()
        refused(
            table,
            lambda: table.report(Seat.N, "defective_trick", against=Seat.W, details={"trick": 2}),
            "completed trick",
        )
        refused(
            table,
            lambda: table.report(Seat.N, "defective_trick", details={"trick": 1}),
            "'against'",
        )

    def test_tricks_disputed_after_play(self) -> None:
        """Law 79A: the tricks won are agreed once play is over."""
        table = in_play()
        refused(table, lambda: table.report(Seat.N, "tricks_disputed"), "Law 79A")

    def test_dummy_warning_only_when_declarer_leads(self) -> None:
        """Law 43B2(a) concerns the hand declarer leads from."""
        table = in_play(cards="S:H7")
        refused(table, lambda: table.report(Seat.W, "dummy_warned_wrong_hand"), "43B2(a)")

    def test_wrong_board_cards_need_a_call(self) -> None:
        """Law 15A concerns a call made with cards from a wrong board."""
        table = in_play()
        refused(
            table,
            lambda: table.report(Seat.S, "cards_from_wrong_board", against=Seat.N),
            "Law 15A",
        )

    def test_details_must_be_data(self) -> None:
        """Report details are plain data (a JSON object)."""
        table = in_play()
        refused(
            table,
            lambda: table.report(Seat.S, "missing_card", against=Seat.N, details={"x": object()}),
            "plain data",
        )
