"""Bad input while a ruling is pending: one clear error each, the table unchanged (DESIGN §2.4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from dupbridge import Card, Deal, ImpossibleActionError, Seat, Table, parse_call
from dupbridge.core.calls import Strain
from dupbridge.core.errors import ActionError, IrregularityError
from dupbridge.core.table import Phase
from dupbridge.rulings import rulebook_for

DEAL = Deal.from_pbn("N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876")


def table_with_insufficient_bid(edition: str = "2017", profile: str | None = None) -> Table:
    """North 1S, East 1H: the insufficient bid waits for South's choice (Law 27A1)."""
    table = Table(
        1, DEAL, edition=edition, mode="recording", rulebook=rulebook_for(edition, profile)
    )
    table.make_call(Seat.N, parse_call("1S"))
    table.make_call(Seat.E, parse_call("1H"))
    return table


def state(table: Table) -> tuple[Any, ...]:
    rec = table.recording
    assert rec is not None
    return (
        table.events,
        table.phase,
        table.pending,
        tuple(table.legal_calls()),
        tuple(rec.standing),
        dict(rec.obligations),
        tuple(rec.lead_rights),
    )


def refused(table: Table, action: Callable[[], object], fragment: str) -> ActionError:
    before = state(table)
    with pytest.raises(ActionError) as raised:
        action()
    assert fragment in str(raised.value)
    assert before == state(table)
    return raised.value


class TestPendingChoice:
    def test_option_not_on_offer(self) -> None:
        """Law 10C1: only the options the Director explained may be chosen."""
        table = table_with_insufficient_bid()
        error = refused(table, lambda: table.choose(Seat.S, "cancel"), "'cancel' is not on offer")
        assert "accept, refuse" in str(error)
        assert error.law is not None
        assert "27A1" == error.law.code

    def test_choice_by_the_wrong_player(self) -> None:
        """Law 27A1: the choice is the offender's LHO's (South), not West's nor the offender's."""
        table = table_with_insufficient_bid()
        refused(table, lambda: table.choose(Seat.W, "accept"), "the choice is South's")
        refused(table, lambda: table.choose(Seat.E, "refuse"), "the choice is South's")

    def test_director_cannot_answer_a_players_choice(self) -> None:
        """Law 10C2: the player chooses; the Director only explains."""
        table = table_with_insufficient_bid()
        refused(table, lambda: table.director(accept=True), "South's")

    def test_call_while_pending(self) -> None:
        """Law 9B2: no player acts until the Director has explained the rectification
        (except a call the Laws give a meaning to, e.g. acceptance by the LHO, 27A1)."""
        table = table_with_insufficient_bid()
        error = refused(table, lambda: table.make_call(Seat.W, parse_call("2C")), "Law 9B2")
        assert "9B2" == (error.law.code if error.law else None)

    def test_card_while_pending(self) -> None:
        """Law 9B2: nothing happens while a ruling is pending, a card shown included."""
        table = table_with_insufficient_bid()
        refused(table, lambda: table.play_card(Seat.W, Card.from_str("S3")), "9B2")
        refused(table, lambda: table.expose_cards(Seat.W, [Card.from_str("S3")]), "9B2")
        refused(table, lambda: table.change_call(Seat.N, parse_call("2S")), "9B2")
        refused(table, lambda: table.report(Seat.W, "misinformation"), "9B2")

    def test_choose_with_nothing_pending(self) -> None:
        """Law 10C1: there is no option without an irregularity."""
        table = Table(1, DEAL, mode="recording", rulebook=rulebook_for())
        refused(table, lambda: table.choose(Seat.N, "accept"), "no pending ruling")


class TestDirectorQuestion:
    def director_question(self) -> Table:
        table = table_with_insufficient_bid()
        table.choose(Seat.S, "refuse")
        table.make_call(Seat.E, parse_call("2D"))
        assert table.pending is not None
        assert ("same_denominations",) == table.pending.options
        return table

    def test_player_cannot_answer_the_directors_question(self) -> None:
        """Law 23A: comparability and the like are the Director's judgement."""
        table = self.director_question()
        refused(table, lambda: table.choose(Seat.S, "same_denominations"), "Director must answer")

    def test_question_not_asked(self) -> None:
        """The Director answers the question asked (27B1(a)), not another."""
        table = self.director_question()
        refused(table, lambda: table.director(comparable=True), "was asked 'same_denominations'")

    def test_answer_is_yes_or_no(self) -> None:
        """A judgement question takes true or false."""
        table = self.director_question()
        refused(table, lambda: table.director(same_denominations="maybe"), "true or false")

    def test_empty_answer(self) -> None:
        """An answer with no content is refused."""
        table = self.director_question()
        refused(table, table.director, "must answer 'same_denominations'")


class TestOtherRefusals:
    def test_change_of_call_after_partner_called(self) -> None:
        """Law 25A4: no change once partner has called."""
        table = Table(1, DEAL, mode="recording", rulebook=rulebook_for())
        for seat, call in ((Seat.N, "1H"), (Seat.E, "Pass"), (Seat.S, "2H")):
            table.make_call(seat, parse_call(call))
        refused(table, lambda: table.change_call(Seat.N, parse_call("1S")), "Law 25A4")

    def test_review_that_is_not_open(self) -> None:
        """The Director decides the reviews the rulings opened, no other."""
        table = Table(1, DEAL, mode="recording", rulebook=rulebook_for())
        refused(table, lambda: table.director(review="27D", score_stands=True), "no open review")

    def test_weighting_left_to_a_committee_in_sweden(self) -> None:
        """Swedish 2007 Law 12C1: only an appeals committee may weight an assigned score."""
        table = table_with_insufficient_bid("2007", "sweden")
        table.choose(Seat.S, "refuse")
        table.make_call(Seat.E, parse_call("2H"))
        table.director(not_artificial=True)
        weighted = {
            "assigned": [
                {"contract": "2HE", "tricks": 8, "weight": "1/2"},
                {"contract": "2HE", "tricks": 7, "weight": "1/2"},
            ]
        }
        refused(
            table,
            lambda: table.director(review="27D", adjusted_score=weighted),
            "only an appeals committee may weight",
        )

    def test_weights_must_add_up(self) -> None:
        """Law 12C1(c): the weights of an assigned score make one whole."""
        table = table_with_insufficient_bid()
        table.choose(Seat.S, "accept")
        bad = {"assigned": [{"contract": "1HE", "tricks": 7, "weight": "1/2"}]}
        refused(table, lambda: table.director(adjusted_score=bad), "add up to 1")

    def test_strict_mode_refuses_rulings(self) -> None:
        """Strict mode keeps refusing irregularities; it has no rulings."""
        table = Table(1, DEAL)
        with pytest.raises(IrregularityError, match="Law 24"):
            table.expose_cards(Seat.N, [Card.from_str("SA")])
        with pytest.raises(ImpossibleActionError, match="strict mode"):
            table.choose(Seat.N, "accept")
        with pytest.raises(IrregularityError, match="Law 38"):
            table.bid_above_seven(Seat.N, 8, Strain.SPADES)
        assert Phase.AUCTION is table.phase
        assert 1 == len(table.events)

    def test_recording_needs_a_rulebook(self) -> None:
        """Recording mode cannot rule without the rules of rectification."""
        with pytest.raises(ValueError, match="needs a rulebook"):
            Table(1, DEAL, mode="recording")
        with pytest.raises(ValueError, match="2007 Laws but the table plays 2017"):
            Table(1, DEAL, mode="recording", rulebook=rulebook_for("2007"))
