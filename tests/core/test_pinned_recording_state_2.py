"""The cards a recording-mode table allows under the rectifications in force, as mutation
testing found them unpinned (issue 19, core/recording_state.py): declarer's choice for the
offender's partner's card after a premature lead or play (Law 57A, with 44C and 59 first).

Every table is built inside its test (a mutant is activated after the tests are collected).
"""

from __future__ import annotations

from dupbridge import Card, Deal, Phase, Seat, Table, parse_call
from dupbridge.rulings import rulebook_for

#: North AKQ2.J3.T98.5432, East JT98.AKQ.765.AKQ, South 7654.T987.AKQ.JT,
#: West 3.6542.J432.9876.
PBN = "N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876"


def table_after(actions: str, edition: str = "2017", pbn: str = PBN) -> Table:
    """A recording-mode table for board 1 (North deals) after ``actions``: ``N=1H`` a call,
    ``W!DJ`` a card exposed, ``S:H7`` a card played, ``E?lowest`` a choice."""
    table = Table(
        1, Deal.from_pbn(pbn), edition=edition, mode="recording", rulebook=rulebook_for(edition)
    )
    for action in actions.split():
        if "=" in action:
            seat, call = action.split("=")
            table.make_call(Seat.from_str(seat), parse_call(call))
        elif "!" in action:
            seat, card = action.split("!")
            table.expose_cards(Seat.from_str(seat), (Card.from_str(card),))
        elif "?" in action:
            seat, option = action.split("?")
            table.choose(Seat.from_str(seat), option)
        else:
            seat, card = action.split(":")
            table.play_card(Seat.from_str(seat), Card.from_str(card))
    return table


def legal(table: Table) -> list[str]:
    """The cards the player to play may play now, as text."""
    return [str(card) for card in table.legal_cards()]


#: East declares 1NT; South leads H7 and East wins the first trick with HA.
ONE_NOTRUMP = "N=Pass E=1NT S=Pass W=Pass N=Pass S:H7 W:H2 N:H3 E:HA"


class TestDeclarersChoiceBindsOnlyTheOffendersPartner:
    def test_dummy_plays_freely_before_the_restricted_defender(self) -> None:
        """Law 57A: South, having followed to East's CA, leads DA to the next trick before
        his partner North has played: declarer chooses North's card, here the lowest club.
        Dummy, who plays first, is not bound by it; North then has only C2."""
        table = table_after(ONE_NOTRUMP + " E:CA S:CT S:DA")
        pending = table.pending
        assert pending is not None
        assert Seat.E is pending.chooser
        table.choose(Seat.E, "lowest")
        assert (Phase.PLAY, Seat.W) == (table.phase, table.turn)
        assert ["C9", "C8", "C7", "C6"] == legal(table)
        table.play_card(Seat.W, Card.from_str("C9"))
        assert Seat.N is table.turn
        assert ["C2"] == legal(table)

    def test_a_lead_prohibition_in_force_does_not_hide_it(self) -> None:
        """Law 50D2: West's DJ, exposed during the auction, is a major penalty card and
        declarer North forbids East, on lead, to lead diamonds (the card goes back to
        West's hand). East leads HA and, after dummy's H7, leads CA before his partner has
        played (Law 57A): declarer's choice of West's lowest heart binds West although
        East's prohibition still stands before it."""
        table = table_after("N=1H W!DJ E=Pass S=Pass W=Pass N?prohibit_diamonds E:HA S:H7")
        assert ["H6", "H5", "H4", "H2"] == legal(table)
        table.play_card(Seat.E, Card.from_str("CA"))
        table.choose(Seat.N, "lowest")
        assert (Phase.PLAY, Seat.W) == (table.phase, table.turn)
        assert ["H2"] == legal(table)
