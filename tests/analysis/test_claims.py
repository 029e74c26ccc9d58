"""Claim checks for the Director (Laws 68-71): double dummy from here, and stated lines."""

from __future__ import annotations

import random

import pytest

from dupbridge.analysis import _solver, claim_position
from dupbridge.analysis.claims import (
    ClaimCheckError,
    Position,
    Unstated,
    card_tricks,
    check_line,
    check_table_claim,
    claim_tricks,
)
from dupbridge.core.calls import parse_call
from dupbridge.core.cards import Card, Suit, suit_mask
from dupbridge.core.deal import Deal
from dupbridge.core.play import Play
from dupbridge.core.seats import Seat, Side
from dupbridge.core.table import Table
from tests.analysis.claims_reference import exhaustive_check_line
from tests.analysis.ddsfile import DDSCase

C = Card.from_str

#: Spades are trumps; South (declarer) on lead; West still holds the last trump, the S2.
TRUMP_ENDING = Deal.from_pbn("N:-.-.-.432 -.-.432.- A.AK.-.- 2.-.65.-")
#: No trumps; South on lead with SK SQ HA; dummy's SA 2 can block the spades.
BLOCK_ENDING = Deal.from_pbn("N:A2.-.2.- -.-.543.- KQ.A.-.- -.-.-.432")
#: The same, turned so that East, a defender, claims and West is his partner.
DEFENCE_ENDING = Deal.from_pbn("N:-.-.-.432 KQ.A.-.- -.-.543.- A2.-.2.-")


def cards(text: str) -> list[Card]:
    return [C(word) for word in text.split()]


def random_play(rng: random.Random, tricks_left: int, extra: int = 0) -> Play:
    """A deal played at random until ``tricks_left`` tricks remain (plus ``extra`` cards)."""
    deal = Deal.from_index(rng.randrange(2**90))
    trump = None if rng.random() < 0.25 else Suit(rng.randrange(4))
    play = Play(deal, Seat(rng.randrange(4)), trump)
    for _ in range(4 * (13 - tricks_left) + extra):
        seat = play.turn
        assert seat is not None
        play.play(seat, rng.choice(list(play.legal_cards())))
    return play


@pytest.mark.oracle
class TestOracle:
    def test_card_scores_equal_dds_fut_lines(self, dds_cases: list[DDSCase]) -> None:
        """Every FUT line of list100.txt: the opening leader's score with each card."""
        for case in dds_cases:
            trump = case.strain.suit
            assert case.fut == card_tricks(case.deal, trump, case.leader), f"line {case.line}"

    def test_tricks_from_the_start_equal_the_table(self, dds_cases: list[DDSCase]) -> None:
        """Before the opening lead, declarer's tricks from here are the TABLE's number."""
        for case in dds_cases:
            declarer = case.leader.rho
            tricks = claim_tricks(case.deal, case.strain.suit, case.leader)
            assert case.table[case.strain, declarer] == tricks[declarer.side]
            assert 13 == tricks[Side.NS] + tricks[Side.EW]


class TestPosition:
    def test_from_play(self) -> None:
        """A play's position: cards held, trumps, who led, the trick in progress."""
        play = random_play(random.Random(1), 9, extra=2)
        position = Position.from_play(play)
        assert 9 == position.tricks_left
        assert 2 == len(position.trick)
        assert play.turn == position.turn
        assert position == position.validated()

    @pytest.mark.parametrize(
        ("remaining", "trick", "message"),
        [
            ("N:A.-.-.- K.-.-.- Q.-.-.- -.-.-.-", ("SA",), "SA is in more than one place"),
            ("N:A.-.-.- K.-.-.- Q.-.-.- J2.-.-.-", (), "do not fit together"),
            ("N:-.-.-.- -.-.-.- -.-.-.- -.-.-.-", ("SA", "SK", "SQ", "SJ"), "at most three"),
            ("N:-.-.-.2 A.-.-.- Q.-.-.- J.-.-.-", ("SK", "SK"), "played twice"),
            ("N:-.-.-.2 AK.-.-.- Q2.-.-.- J.-.-.-", ("CA", "HA"), "still holds a C"),
        ],
    )
    def test_impossible_positions(
        self, remaining: str, trick: tuple[str, ...], message: str
    ) -> None:
        """A position that cannot arise in play is one clear error."""
        position = Position(Deal.from_pbn(remaining), None, Seat.W, tuple(map(C, trick)))
        with pytest.raises(ClaimCheckError, match=message):
            position.validated()


class TestClaimTricks:
    @pytest.mark.parametrize("seed", range(12))
    def test_mid_trick_positions(self, seed: int) -> None:
        """From any point, even mid-trick, the two sides' tricks add up to those left."""
        rng = random.Random(seed)
        play = random_play(rng, rng.randrange(1, 10), extra=rng.randrange(4))
        position = Position.from_play(play)
        tricks = claim_tricks(position.remaining, position.trump, position.leader, position.trick)
        assert position.tricks_left == tricks[Side.NS] + tricks[Side.EW]
        best = card_tricks(position.remaining, position.trump, position.leader, position.trick)
        assert set(best) == set(play.legal_cards())
        assert tricks[position.turn.side] == max(best.values())

    @pytest.mark.parametrize("seed", range(30))
    def test_exhaustive_search_agrees_with_dds(
        self, seed: int, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Our own search of a small ending gives DDS's answer (best play, no line)."""
        monkeypatch.setattr(claim_position, "SMALL_ENDING", 13)
        rng = random.Random(100 + seed)
        play = random_play(rng, rng.randrange(1, 6), extra=rng.randrange(4))
        position = Position.from_play(play)
        dd = claim_tricks(position.remaining, position.trump, position.leader, position.trick)
        declarer = play.declarer
        check = check_line(
            position.remaining,
            position.trump,
            position.leader,
            position.trick,
            declarer=declarer,
            claimer=declarer,
            line=[],
            tricks=0,
        )
        assert dd[declarer.side] == check.assured

    def test_no_tricks_left(self) -> None:
        """With every card played, nobody takes anything more."""
        empty = Deal.from_pbn("N:-.-.-.- -.-.-.- -.-.-.- -.-.-.-")
        assert {Side.NS: 0, Side.EW: 0} == claim_tricks(empty, None, Seat.N)


class TestCheckLine:
    def test_drawing_the_last_trump_first_holds(self) -> None:
        """Drawing the outstanding trump, then cashing hearts, wins all three (Law 70C)."""
        check = check_line(
            TRUMP_ENDING, Suit.SPADES, Seat.S, (), declarer=Seat.S, claimer=Seat.S,
            line=cards("SA HA HK"), tricks=3,
        )  # fmt: skip
        assert check.holds
        assert 3 == check.assured
        assert () == check.refutation

    def test_forgetting_the_outstanding_trump_fails(self) -> None:
        """Cashing hearts with a trump still out loses a ruff (Law 70C): 2 of 3."""
        check = check_line(
            TRUMP_ENDING, Suit.SPADES, Seat.S, (), declarer=Seat.S, claimer=Seat.S,
            line=cards("HA HK SA"), tricks=3,
        )  # fmt: skip
        assert not check.holds
        assert 2 == check.assured
        assert [(Seat.S, C("HA")), (Seat.W, C("S2"))] == list(check.refutation[:2])

    def test_careless_unstated_play_can_block_a_suit(self) -> None:
        """Best play unblocks dummy's SA; careless play of it can cost a trick (Law 70A)."""
        kwargs = {"declarer": Seat.S, "claimer": Seat.S, "line": cards("HA SK SQ"), "tricks": 3}
        best = check_line(BLOCK_ENDING, None, Seat.S, (), unstated="best", **kwargs)
        worst = check_line(BLOCK_ENDING, None, Seat.S, (), unstated="worst", **kwargs)
        assert (True, 3) == (best.holds, best.assured)
        assert (False, 2) == (worst.holds, worst.assured)
        # The careless play: dummy throws the S2 on the HA, and the SA then blocks the suit.
        assert (Seat.N, C("S2")) == worst.refutation[2]

    def test_defenders_partner_may_not_be_relied_on(self) -> None:
        """A defender's claim: partner's careless discard is held against it (Law 70D2)."""
        kwargs = {"declarer": Seat.S, "claimer": Seat.E, "line": cards("HA SK SQ"), "tricks": 3}
        best = check_line(DEFENCE_ENDING, None, Seat.E, (), unstated="best", **kwargs)
        worst = check_line(DEFENCE_ENDING, None, Seat.E, (), unstated="worst", **kwargs)
        assert best.holds
        assert (False, 2) == (worst.holds, worst.assured)
        assert (Seat.W, C("S2")) == worst.refutation[2]

    def test_a_named_card_is_not_discarded(self) -> None:
        """A line card is led, follows suit or ruffs; it is never thrown as a discard."""
        check = check_line(
            TRUMP_ENDING, Suit.SPADES, Seat.S, (), declarer=Seat.S, claimer=Seat.S,
            line=cards("HA HK SA"), tricks=2,
        )  # fmt: skip
        # After the ruff West leads a diamond: South ruffs with the SA rather than discard HK.
        assert check.holds

    @pytest.mark.parametrize("seed", range(20))
    def test_refutation_is_a_legal_play_that_defeats_the_claim(self, seed: int) -> None:
        """Played out, the refutation is legal and leaves the claimer short even double dummy."""
        rng = random.Random(500 + seed)
        play = random_play(rng, rng.randrange(2, 8))
        position = Position.from_play(play)
        declarer = play.declarer
        dd = claim_tricks(position.remaining, position.trump, position.leader, position.trick)
        claimer = declarer if dd[declarer.side] < position.tricks_left else declarer.lho
        claimed = dd[claimer.side] + 1  # one more than double dummy allows
        line = list(position.remaining[claimer])[:2]
        check = check_line(
            position.remaining, position.trump, position.leader, position.trick,
            declarer=declarer, claimer=claimer, line=line, tricks=claimed,
        )  # fmt: skip
        assert not check.holds
        won_before = play.tricks_won(claimer.side)
        for seat, card in check.refutation:
            play.play(seat, card)
        won = play.tricks_won(claimer.side) - won_before
        if play.is_complete:
            assert won < claimed
        else:
            rest = Position.from_play(play)
            later = claim_tricks(rest.remaining, rest.trump, rest.leader, rest.trick)
            assert won + later[claimer.side] < claimed

    @pytest.mark.parametrize(
        ("kwargs", "message"),
        [
            ({"line": cards("D5")}, "West holds it"),
            ({"line": cards("SA SA")}, "names SA twice"),
            ({"line": cards("SK")}, "it has been played"),
            ({"claimer": Seat.N}, "dummy may not claim"),
            ({"tricks": 4}, "impossible with 3 left"),
            ({"tricks": -1}, "impossible"),
            ({"unstated": "careless"}, "'best' or 'worst'"),
        ],
    )
    def test_bad_claims(self, kwargs: dict[str, object], message: str) -> None:
        """An impossible claim or line is one clear error naming what is wrong."""
        arguments: dict[str, object] = {
            "declarer": Seat.S, "claimer": Seat.S, "line": [], "tricks": 3,
        }  # fmt: skip
        arguments.update(kwargs)
        with pytest.raises(ClaimCheckError, match=message):
            check_line(TRUMP_ENDING, Suit.SPADES, Seat.S, (), **arguments)  # type: ignore[arg-type]

    def test_worst_case_search_is_limited(self) -> None:
        """Searching every careless play is limited to small endings, with a clear error."""
        play = random_play(random.Random(3), 9)
        position = Position.from_play(play)
        with pytest.raises(ClaimCheckError, match="limited to 6 tricks"):
            check_line(
                position.remaining, position.trump, position.leader, position.trick,
                declarer=play.declarer, claimer=play.declarer, line=[], tricks=1,
                unstated="worst",
            )  # fmt: skip


class TestTableClaim:
    def make_table(self, cards_played: int = 28) -> Table:
        deal = Deal.from_pbn(
            "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
        )
        table = Table(4, deal)  # West deals
        for call in ("1S", "Pass", "2S", "Pass", "Pass", "Pass"):
            table.make_call(table.turn or Seat.N, parse_call(call))
        play = "CT C4 CA CJ H8 H4 HK H9 D5 DA D9 D2 S7 S5 S2 SQ D8 D4 DQ D3 H3 HA H6 H7 C3 C8 CQ C2"
        for card in cards(play)[:cards_played]:
            seat = table.turn
            assert seat is not None
            table.play_card(seat, card)
        return table

    def test_claim_at_a_table(self) -> None:
        """The Director sees tricks won, double dummy from here and both line checks."""
        table = self.make_table()
        play = table.play
        assert play is not None
        won = play.tricks_won(Side.EW)
        dd = claim_tricks(*self.position_args(table))
        total = won + dd[Side.EW]
        check = check_table_claim(table, Seat.W, total)
        assert won == check.won
        assert dd == check.double_dummy
        assert check.best is not None
        assert check.best.holds
        assert check.worst is not None
        assert check.worst.assured <= check.best.assured
        assert total - won == check.claimed_from_here
        trumps = {card for card in play.hand(Seat.N) if card.suit is Suit.SPADES}
        trumps |= {card for card in play.hand(Seat.S) if card.suit is Suit.SPADES}
        assert trumps == set(check.outstanding_trumps)

    @staticmethod
    def position_args(table: Table) -> tuple[Deal, Suit | None, Seat, tuple[Card, ...]]:
        assert table.play is not None
        position = Position.from_play(table.play)
        return position.remaining, position.trump, position.leader, position.trick

    def test_worst_case_only_in_small_endings(self) -> None:
        """With more than six tricks left, only the best-play check is made."""
        check = check_table_claim(self.make_table(cards_played=20), Seat.W, 8)
        assert check.best is not None
        assert check.worst is None

    def test_no_play_no_claim(self) -> None:
        """A table still in the auction has no claim to check."""
        with pytest.raises(ClaimCheckError, match="no play in progress"):
            check_table_claim(Table(1, self.make_table().deal), Seat.S, 7)


def winners(position: Position, seat: Seat) -> list[Card]:
    """The cards of ``seat`` that are the highest left in their suit, top down (a line that
    cashes them, as the benchmark's typical claim does)."""
    alive = 0
    for _seat, hand in position.remaining:
        alive |= hand.mask
    own = position.remaining[seat].mask
    return [
        card
        for card in position.remaining[seat]
        if not alive & ~own & suit_mask(card.suit) & ~((2 << card.index) - 1)
    ]


class TestAgainstExhaustiveSearch:
    @pytest.mark.parametrize("seed", range(6))
    def test_same_answers(self, seed: int) -> None:
        """The pruned search assures the same tricks, with the same refutation, as the
        exhaustive search on 50 random positions a seed (Law 70 best and worst readings)."""
        rng = random.Random(9000 + seed)
        for _ in range(50):
            play = random_play(rng, rng.randrange(1, 8), extra=rng.randrange(4))
            position = Position.from_play(play)
            declarer = play.declarer
            claimer = rng.choice((declarer, declarer, declarer.lho, declarer.rho))
            seats = (declarer, declarer.partner) if claimer is declarer else (claimer,)
            if rng.random() < 0.5 and not position.trick and position.leader in seats:
                line = winners(position, position.leader)
            else:
                held = [card for seat in seats for card in position.remaining[seat]]
                rng.shuffle(held)
                line = held[: rng.randrange(min(4, len(held)) + 1)]
            args = (position.remaining, position.trump, position.leader, position.trick)
            dd = claim_tricks(*args)[claimer.side]
            tricks = min(position.tricks_left, max(0, dd + rng.choice((-1, 0, 0, 1))))
            modes: tuple[Unstated, ...] = ("best", "worst")
            for unstated in modes[: 2 if position.tricks_left <= 4 else 1]:
                check = check_line(
                    *args, declarer=declarer, claimer=claimer, line=line, tricks=tricks,
                    unstated=unstated,
                )  # fmt: skip
                expected = exhaustive_check_line(
                    *args, claimer=claimer, line=line, tricks=tricks, unstated=unstated
                )
                assert expected == (check.assured, check.refutation), (
                    f"{position.remaining.to_pbn()} {position.trump} {position.leader} "
                    f"{position.trick} {claimer} {line} {tricks} {unstated}"
                )


class TestPlayAnalyser:
    @pytest.mark.parametrize("seed", range(4))
    def test_agrees_with_solving_each_position(self, seed: int) -> None:
        """Double dummy after random plays from a position, as the claim search asks it,
        equals solving the position reached (short of the last trick)."""
        rng = random.Random(7000 + seed)
        for _ in range(25):
            play = random_play(rng, rng.randrange(2, 10), extra=rng.randrange(4))
            start = Position.from_play(play)
            analyser = _solver.PlayAnalyser(
                [hand.mask for hand in start.remaining.hands],
                start.trump,
                start.leader,
                start.trick,
            )
            declarer = start.leader.side.opponents  # DDS counts for the side not leading
            won_before = play.tricks_won(declarer)
            cards: list[int] = []
            for _ in range(rng.randrange(4 * start.tricks_left - len(start.trick) - 4)):
                seat = play.turn
                assert seat is not None
                card = rng.choice(list(play.legal_cards()))
                play.play(seat, card)
                cards.append(card.index)
            now = Position.from_play(play)
            later = claim_tricks(now.remaining, now.trump, now.leader, now.trick)[declarer]
            expected = play.tricks_won(declarer) - won_before + later
            assert expected == analyser.tricks_after(cards)[-1]
