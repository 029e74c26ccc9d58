"""A robot declarer's claims (Laws 68A, 68C): every remaining trick, only when it is certain on
every layout of the cards declarer cannot see, with the line stated; robot opponents answer
claims by checking them (Laws 69A, 68D)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dupbridge.core.boards import Board
from dupbridge.core.calls import parse_call
from dupbridge.core.cards import Card
from dupbridge.core.commands import Claim, PlayCard
from dupbridge.core.deal import Deal
from dupbridge.core.explanations import Part, explanation_parts, neutral_explanation
from dupbridge.core.seats import Seat
from dupbridge.core.table import Phase, Table
from dupbridge.core.views import view_for
from dupbridge.robots.claims import certain_claim, claim_holds

#: North holds the top four spades and hearts, the top three diamonds and ♣AK; South none.
NT_DEAL = "N:AKQJ.AKQJ.AKQ.AK T98.T98.JT9.QJT9 5432.5432.5432.2 76.76.876.876543"
#: North holds six top trumps (spades) and the top three hearts and diamonds and ♣A.
TRUMP_DEAL = "N:AKQJT9.AKQ.AKQ.A 876.JT9.JT9.KQJT 2.65432.65432.32 543.87.87.987654"


def _after_first_trick(deal: str, contract: str, lead: str, follows: tuple[str, ...]) -> Table:
    """North declares ``contract`` (passed out by the others); East leads, the others follow."""
    table = Table(Board.numbered(1), Deal.from_pbn(deal))  # North deals board 1
    for call in (contract, "Pass", "Pass", "Pass"):
        turn = table.turn
        assert turn is not None
        table.make_call(turn, parse_call(call))
    for seat, card in zip((Seat.E, Seat.S, Seat.W, Seat.N), (lead, *follows), strict=True):
        table.execute(PlayCard(seat, Card.from_str(card)))
    return table


def _claim(table: Table) -> tuple[int, tuple[Card, ...], list[Part]] | None:
    play = table.play
    assert play is not None
    found = certain_claim(view_for(table, Seat.N), play.plays())
    if found is None:
        return None
    tricks, line, statement = found
    return tricks, line, statement


def test_all_top_winners_are_claimed_in_notrump() -> None:
    """Law 68A: in 7NT North, on lead after the first trick with nothing but top cards,
    claims all thirteen tricks; the line names his twelve cards, highest suit first."""
    table = _after_first_trick(NT_DEAL, "7NT", "CQ", ("C2", "C3", "CA"))
    found = _claim(table)
    assert found is not None
    tricks, line, statement = found
    assert tricks == 13
    assert len(line) == 12
    assert set(line) == set(view_for(table, Seat.N).hands[Seat.N])
    assert str(statement[0][1]["cards"]).startswith("♠A ♠K ♠Q ♠J ♥A")


def test_trumps_are_drawn_first() -> None:
    """Law 68C: in 7♠ with six top trumps against six outstanding, North claims, trumps first
    (a defender must follow to them while he has one, so none is left to ruff with)."""
    table = _after_first_trick(TRUMP_DEAL, "7S", "CK", ("C2", "C4", "CA"))
    found = _claim(table)
    assert found is not None
    tricks, line, statement = found
    assert tricks == 13
    assert [card.suit.name for card in line[:6]] == ["SPADES"] * 6
    assert "trumps" in statement[0][0]


def test_no_claim_when_a_defender_might_ruff() -> None:
    """North holds only top cards, among them three top spades, and South no spade. In 7NT
    he claims; in 7♠, with ten trumps outstanding against his three, a defender might keep a
    trump to ruff a winner, so the robot plays on."""
    deal = "N:AKQ.AKQJ.AKQJ.AK JT98.T98.T98.QJT .5432.5432.65432 765432.76.76.987"
    notrump = _claim(_after_first_trick(deal, "7NT", "CQ", ("C2", "C7", "CA")))
    assert notrump is not None
    assert notrump[0] == 13
    assert _claim(_after_first_trick(deal, "7S", "CQ", ("C2", "C7", "CA"))) is None
    # With hearts trumps, North's three top hearts are fewer than the five outstanding.
    assert _claim(_after_first_trick(TRUMP_DEAL, "7H", "CK", ("C2", "C4", "CA"))) is None


def test_no_claim_with_a_card_that_could_lose() -> None:
    """With ♠8 instead of ♠J, North holds a card that an outstanding spade may beat: he
    claims nothing and plays on."""
    deal = "N:AKQ8.AKQJ.AKQ.AK JT9.T98.JT9.QJT9 5432.5432.5432.2 76.76.876.876543"
    table = _after_first_trick(deal, "7NT", "CQ", ("C2", "C3", "CA"))
    assert _claim(table) is None


def test_no_claim_when_partner_would_take_the_lead() -> None:
    """North's spades are the top ones outstanding but South's singleton ♠A would win North's
    ♠K and leave South on lead with nothing but small cards: no claim."""
    deal = "N:KQJT.AKQJ.AKQ.AK 9876.T98.JT9.QJT A.5432.5432.5432 5432.76.876.9876"
    assert _claim(_after_first_trick(deal, "7NT", "CQ", ("C2", "C6", "CA"))) is None


def test_only_declarer_claims_and_only_when_his_side_leads() -> None:
    """The claim is declarer's (Law 68: dummy does not claim) and made at the start of a trick
    his side leads: in the middle of a trick, or from a defender's view, there is none."""
    table = _after_first_trick(NT_DEAL, "7NT", "CQ", ("C2", "C3", "CA"))
    table.execute(PlayCard(Seat.N, Card.from_str("SA")))
    play = table.play
    assert play is not None
    assert certain_claim(view_for(table, Seat.N), play.plays()) is None
    assert certain_claim(view_for(table, Seat.E), play.plays()) is None


def test_the_statement_is_language_neutral() -> None:
    """The claim's statement is stored as a template with the cards, like an explanation."""
    found = _claim(_after_first_trick(NT_DEAL, "7NT", "CQ", ("C2", "C3", "CA")))
    assert found is not None
    _tricks, line, statement = found
    text = neutral_explanation([(template, values) for template, values in statement])
    parts = explanation_parts(text)
    assert parts is not None
    assert [Card.from_str(word) for word in str(parts[0][1]["cards"]).split()] == list(line)


def test_robot_opponents_accept_a_certain_claim() -> None:
    """Law 69A: East and West, robots, each check North's certain claim from their own view
    (double dummy over the layouts of the cards they cannot see) and accept it."""
    table = _after_first_trick(NT_DEAL, "7NT", "CQ", ("C2", "C3", "CA"))
    found = _claim(table)
    assert found is not None
    table.execute(Claim(Seat.N, found[0]))
    play = table.play
    assert play is not None
    history = play.plays()
    for seat in (Seat.E, Seat.W):
        view = view_for(table, seat)
        assert claim_holds(view, history, Seat.N, found[0], rng=random.Random(1))


def _a_certain_claim(rng: random.Random) -> tuple[Table, int]:
    """A table of random calls and cards at the moment its declarer has a certain claim, and
    the tricks claimed."""
    while True:
        table = Table(Board.numbered(rng.randrange(1, 17)), Deal.random(rng))
        while table.phase is Phase.AUCTION:
            legal = table.legal_calls()
            turn = table.turn
            assert turn is not None
            table.make_call(turn, legal[min(rng.randrange(len(legal)), rng.randrange(3))])
        while table.phase is Phase.PLAY:
            play, declarer, turn = table.play, table.declarer, table.turn
            assert play is not None
            assert declarer is not None
            assert turn is not None
            if turn.side is declarer.side and not play.current_trick:
                found = certain_claim(view_for(table, declarer), play.plays())
                if found is not None:
                    return table, found[0]
            cards = table.legal_cards()
            table.play_card(turn, cards[rng.randrange(len(cards))])


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_a_certain_claim_is_never_disputed_by_robots(seed: int) -> None:
    """Laws 68C, 69A: with the claimer's hand faced, each robot defender sees every card but
    its partner's, so a claim certain on every layout is accepted by both (a dispute would
    stop a table of robots until a Director rules, Law 68D)."""
    rng = random.Random(seed)
    table, tricks = _a_certain_claim(rng)
    play, declarer = table.play, table.declarer
    assert play is not None
    assert declarer is not None
    history = play.plays()
    table.execute(Claim(declarer, tricks))
    for seat in (declarer.next(), declarer.next(3)):
        view = view_for(table, seat)
        assert declarer in view.hands  # faced with the claim
        assert claim_holds(view, history, declarer, tricks, rng=random.Random(seed)), seat
