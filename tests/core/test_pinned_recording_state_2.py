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
    ``W!DJ`` cards exposed (``E!HA,CA``), ``S:H7`` a card played, ``E?lowest`` a choice."""
    table = Table(
        1, Deal.from_pbn(pbn), edition=edition, mode="recording", rulebook=rulebook_for(edition)
    )
    for action in actions.split():
        if "=" in action:
            seat, call = action.split("=")
            table.make_call(Seat.from_str(seat), parse_call(call))
        elif "!" in action:
            seat, card = action.split("!")
            table.expose_cards(
                Seat.from_str(seat), tuple(Card.from_str(c) for c in card.split(","))
            )
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


#: North holds thirteen diamonds; East AKQJ.AKQJ..AKQJT, South T987.T987..98765,
#: West 65432.65432..432.
ALL_DIAMONDS = "N:..AKQJT98765432. AKQJ.AKQJ..AKQJT T987.T987..98765 65432.65432..432"
#: As PBN, but South holds 7654.T987.AKQJ2 (no club) and West 3.6542.43.JT9876.
NO_CLUB = "N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQJ2. 3.6542.43.JT9876"
#: East declares 1NT; South leads C5, dummy plays C2 and South leads S7 to the next trick
#: before his partner North has played (Law 57A).
SOUTH_LEADS_EARLY = "N=Pass E=1NT S=Pass W=Pass N=Pass S:C5 W:C2 S:S7"
#: In PBN or NO_CLUB, East wins the first trick with HA and leads CA; North plays C2 before
#: his partner South (Law 57A).
NORTH_PLAYS_EARLY = ONE_NOTRUMP + " E:CA N:C2"
THIRTEEN_DIAMONDS = [f"D{rank}" for rank in "AKQJT98765432"]


class TestUnableToComplyHePlaysAnyCard:
    def test_a_suit_required_that_he_does_not_hold(self) -> None:
        """Laws 57A3, 57B and 59: North, void in clubs, is required to play a heart, which
        he does not hold either: he may play any card (all his diamonds)."""
        table = table_after(SOUTH_LEADS_EARLY + " E?require_hearts", pbn=ALL_DIAMONDS)
        assert (Phase.PLAY, Seat.N) == (table.phase, table.turn)
        assert THIRTEEN_DIAMONDS == legal(table)

    def test_a_suit_forbidden_that_is_all_he_holds(self) -> None:
        """Laws 57A4, 57B and 59: North, void in clubs, may not play a diamond, but holds
        nothing else: he may play any card, so any diamond."""
        table = table_after(SOUTH_LEADS_EARLY + " E?prohibit_diamonds", pbn=ALL_DIAMONDS)
        assert (Phase.PLAY, Seat.N) == (table.phase, table.turn)
        assert THIRTEEN_DIAMONDS == legal(table)

    def test_a_suit_forbidden_that_he_does_not_hold(self) -> None:
        """Law 57A4: a prohibition of a suit North does not hold leaves him every card."""
        table = table_after(SOUTH_LEADS_EARLY + " E?prohibit_hearts", pbn=ALL_DIAMONDS)
        assert THIRTEEN_DIAMONDS == legal(table)


class TestTwoPrematurePlaysToOneTrick:
    """North plays early twice to the same trick (each card a major penalty card): each
    time declarer chooses South's card (Law 57A), and both choices bind South."""

    def test_a_suit_required_then_the_lowest(self) -> None:
        """Law 44C comes first: South holds clubs, so the heart required (57A3) cannot be
        obeyed (Law 59); the second choice, his lowest club (57A2), binds him."""
        table = table_after(NORTH_PLAYS_EARLY + " E?require_hearts")
        assert ["CJ", "CT"] == legal(table)
        table.play_card(Seat.N, Card.from_str("C3"))
        table.choose(Seat.E, "lowest")
        assert (Phase.PLAY, Seat.S) == (table.phase, table.turn)
        assert ["CT"] == legal(table)

    def test_the_highest_then_a_suit_required(self) -> None:
        """South holds no club: the highest club (57A1) cannot be obeyed and he may play any
        card (57B); after North's second early card declarer requires a heart (57A3),
        which binds him."""
        table = table_after(NORTH_PLAYS_EARLY + " E?highest", pbn=NO_CLUB)
        everything = ["S7", "S6", "S5", "S4", "HT", "H9", "H8", "DA", "DK", "DQ", "DJ", "D2"]
        assert everything == legal(table)
        table.play_card(Seat.N, Card.from_str("C3"))
        table.choose(Seat.E, "require_hearts")
        assert (Phase.PLAY, Seat.S) == (table.phase, table.turn)
        assert ["HT", "H9", "H8"] == legal(table)


class TestPenaltyCardsComeAfterFollowingSuit:
    def test_a_designated_card_he_cannot_play_now(self) -> None:
        """Laws 24 and 50: East shows HA and CA during the auction, two major penalty cards;
        on lead he may play either, and declarer designates CA (Law 51A). West leads H2 out
        of turn instead and declarer accepts the lead (Law 54; the Director finds he saw no
        card of dummy, 54C). East must now follow suit (Law 44C): CA cannot be played, and
        the heart he must play is his major penalty card HA (Law 50D1)."""
        table = table_after("N=1H E!HA,CA E=Pass S=Pass W=Pass")
        pending = table.pending
        assert pending is not None
        assert ("designate_HA", "designate_CA") == pending.options
        table.choose(Seat.N, "designate_CA")
        assert (Seat.E, ["CA"]) == (table.turn, legal(table))
        table.play_card(Seat.W, Card.from_str("H2"))
        table.director(dummy_seen=False)
        table.choose(Seat.N, "accept")
        assert (Seat.N, ["HJ", "H3"]) == (table.turn, legal(table))
        table.play_card(Seat.N, Card.from_str("H3"))
        assert (Phase.PLAY, Seat.E) == (table.phase, table.turn)
        assert ["HA"] == legal(table)

    def test_a_minor_penalty_card_before_the_other_spot_cards(self) -> None:
        """Laws 50B and 50C: North drops D8 by accident, a minor penalty card (a card below
        honour rank). When diamonds are led he may play it or an honour (DT), but no other
        diamond below honour rank (D9) until he has played D8."""
        table = table_after(ONE_NOTRUMP + " N!D8")
        rec = table.recording
        assert rec is not None
        assert {Seat.N: {Card.from_str("D8"): False}} == rec.penalty
        for seat, card in [("E", "D5"), ("S", "DK"), ("W", "D2")]:
            table.play_card(Seat.from_str(seat), Card.from_str(card))
        assert (Phase.PLAY, Seat.N) == (table.phase, table.turn)
        assert ["DT", "D8"] == legal(table)


class TestCardsOnlyForThePlayerToPlay:
    def test_none_in_the_auction(self) -> None:
        """Law 41: play begins after the auction; during it nobody has a card to play."""
        table = table_after("N=Pass E=1NT")
        assert Phase.AUCTION is table.phase
        assert [(), ()] == [table.legal_cards(), table.legal_cards(Seat.S)]

    def test_only_the_player_to_play_has_cards(self) -> None:
        """Law 44: the player whose turn it is plays; the others have no card to play now
        (asked about by name, out of turn, they have none)."""
        table = table_after(ONE_NOTRUMP)
        everything = ["SJ", "ST", "S9", "S8", "HK", "HQ", "D7", "D6", "D5", "CA", "CK", "CQ"]
        assert (Phase.PLAY, Seat.E) == (table.phase, table.turn)
        assert everything == legal(table)
        assert everything == [str(card) for card in table.legal_cards(Seat.E)]
        for seat in (Seat.S, Seat.W, Seat.N):
            assert () == table.legal_cards(seat)

    def test_none_while_a_claim_awaits_its_answer(self) -> None:
        """Law 68D: after a claim play ceases; no card is legal until it is settled."""
        table = table_after(ONE_NOTRUMP)
        table.claim(Seat.E, 9)
        assert Phase.PLAY is table.phase
        assert table.pending_claim is not None
        assert [(), ()] == [table.legal_cards(), table.legal_cards(Seat.E)]

    def test_none_while_a_ruling_is_pending(self) -> None:
        """Law 9B2: while declarer chooses after North's premature play (Law 57A), nobody
        plays, not even South, who plays next once declarer has chosen."""
        table = table_after(NORTH_PLAYS_EARLY)
        assert Phase.DIRECTOR is table.phase
        assert [(), ()] == [table.legal_cards(), table.legal_cards(Seat.S)]
