"""What each participant sees of a table, pinned field by field (issue 19, core/views.py).

A view must never show a card its viewer may not see: his own hand, dummy's once the opening
lead is faced (Law 41D), the cards on the table (the trick in progress, the last trick while
his side has not played to the next, Law 66A), the cards he played himself (declarer also
dummy's), cards lying face up (Laws 24, 50A) and, after play, the whole deal (Law 66D). Every
table is built inside its test (a mutant is activated after the tests are collected).
"""

from __future__ import annotations

from dupbridge import (
    Card,
    Deal,
    Hand,
    Phase,
    Role,
    Seat,
    Side,
    Table,
    Vulnerability,
    parse_call,
    view_for,
)
from dupbridge.core.views import PendingView
from dupbridge.rulings import rulebook_for

PBN = "N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876"
VIEWERS: tuple[Seat | Role, ...] = (*Seat, Role.SPECTATOR, Role.DIRECTOR)


def card(text: str) -> Card:
    return Card.from_str(text)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(card(word) for word in text.split())


def deal() -> Deal:
    return Deal.from_pbn(PBN)


def strict() -> Table:
    return Table(1, deal())


def recording() -> Table:
    return Table(1, deal(), mode="recording", rulebook=rulebook_for("2017"))


def bid(table: Table, text: str) -> None:
    for word in text.split():
        assert table.turn is not None
        table.make_call(table.turn, parse_call(word))


def play(table: Table, text: str) -> None:
    for word in text.split():
        assert table.turn is not None
        table.play_card(table.turn, card(word))


def north_plays_1nt() -> Table:
    """North declares 1NT, South is dummy, East makes the opening lead (Law 41A)."""
    table = strict()
    bid(table, "1NT Pass Pass Pass")
    return table


def without(hand: Hand, text: str) -> Hand:
    return Hand.of(c for c in hand if c not in cards(text))


# East wins the first trick with the ace of hearts and leads the king to the second.
TRICK_1 = "HA H7 H2 H3"


class TestHandsEachViewerSees:
    def test_before_the_opening_lead_only_ones_own(self) -> None:
        """Until the opening lead is faced, dummy's hand is hidden even from declarer (Law
        41D); each player sees his own hand as dealt, a spectator none."""
        table = north_plays_1nt()
        for seat in Seat:
            assert {seat: deal()[seat]} == dict(view_for(table, seat).hands)
        assert {} == dict(view_for(table, Role.SPECTATOR).hands)

    def test_after_the_opening_lead_own_and_dummy(self) -> None:
        """Once the lead is faced everyone sees dummy's remaining cards (Law 41D), and still
        only his own hand besides: never his partner's or an opponent's."""
        table = north_plays_1nt()
        play(table, "HA")
        dummy = deal()[Seat.S]
        for seat in Seat:
            expected = {seat: deal()[seat], Seat.S: dummy}
            if seat is Seat.E:
                expected[Seat.E] = without(deal()[Seat.E], "HA")
            assert expected == dict(view_for(table, seat).hands), seat
        assert {Seat.S: dummy} == dict(view_for(table, Role.SPECTATOR).hands)

    def test_the_cards_still_held(self) -> None:
        """During play a hand shows the cards still held, not the cards dealt."""
        table = north_plays_1nt()
        play(table, TRICK_1 + " HK H8")
        view = view_for(table, Seat.N)
        assert without(deal()[Seat.S], "H7 H8") == view.hands[Seat.S]
        assert without(deal()[Seat.N], "H3") == view.hands[Seat.N]
        assert [Seat.N, Seat.S] == list(view.hands)

    def test_the_director_and_allowed_spectators_see_all(self) -> None:
        """The Director sees every hand; so does a spectator when the organiser allows it;
        a spectator otherwise sees none during the auction."""
        table = strict()
        bid(table, "1NT")
        for view in (
            view_for(table, Role.DIRECTOR),
            view_for(table, Role.SPECTATOR, spectators_see_hands=True),
        ):
            assert {seat: deal()[seat] for seat in Seat} == dict(view.hands)
        assert {} == dict(view_for(table, Role.SPECTATOR).hands)
        assert {Seat.N: deal()[Seat.N]} == dict(view_for(table, Seat.N).hands)

    def test_after_play_everyone_sees_the_deal(self) -> None:
        """After play the cards may be inspected (Law 66D): every view shows all four hands
        (the cards not played, play having ended by a claim) and all the cards played."""
        table = north_plays_1nt()
        play(table, TRICK_1)
        table.claim(Seat.E, 13)
        table.accept_claim(Seat.N)
        assert Phase.FINISHED is table.phase
        for viewer in VIEWERS:
            view = view_for(table, viewer)
            assert {seat: without(deal()[seat], TRICK_1) for seat in Seat} == dict(view.hands)
            assert {seat: (c,) for seat, c in zip(Seat, cards("H3 HA H7 H2"), strict=True)} == dict(
                view.played
            )
            assert 52 == len(view.visible_cards()), viewer


class TestPlayedCardsEachViewerKnows:
    def test_only_the_cards_one_played_oneself(self) -> None:
        """A player knows the cards he played to quitted tricks; declarer also dummy's, since
        he played them (Law 45B); a defender or dummy only his own; a spectator none."""
        table = north_plays_1nt()
        play(table, TRICK_1 + " HK")
        expected = {
            Seat.N: {Seat.N: cards("H3"), Seat.S: cards("H7")},
            Seat.E: {Seat.E: cards("HA")},
            Seat.S: {Seat.S: cards("H7")},
            Seat.W: {Seat.W: cards("H2")},
            Role.SPECTATOR: {},
        }
        for viewer, played in expected.items():
            assert played == dict(view_for(table, viewer).played), viewer

    def test_the_director_knows_every_card_played_in_order(self) -> None:
        """The Director, and a spectator allowed to see the hands, know every card played,
        trick by trick."""
        table = north_plays_1nt()
        play(table, TRICK_1 + " HK H8 H4 HJ")
        expected = {
            Seat.N: cards("H3 HJ"),
            Seat.E: cards("HA HK"),
            Seat.S: cards("H7 H8"),
            Seat.W: cards("H2 H4"),
        }
        assert expected == dict(view_for(table, Role.DIRECTOR).played)
        spectator = view_for(table, Role.SPECTATOR, spectators_see_hands=True)
        assert expected == dict(spectator.played)

    def test_nothing_played_before_play(self) -> None:
        """During the auction no card has been played and none is shown as played."""
        table = strict()
        for viewer in VIEWERS:
            assert {} == dict(view_for(table, viewer).played)


class TestTricksOnTheTable:
    def test_the_current_trick_with_its_players(self) -> None:
        """The trick in progress shows each card with the seat that played it, from the
        leader on, to every viewer."""
        table = north_plays_1nt()
        play(table, TRICK_1 + " HK H8")
        for viewer in VIEWERS:
            view = view_for(table, viewer)
            assert ((Seat.E, card("HK")), (Seat.S, card("H8"))) == view.current_trick

    def test_no_trick_before_play(self) -> None:
        """Before the opening lead there is no trick, current or previous."""
        table = north_plays_1nt()
        for viewer in VIEWERS:
            view = view_for(table, viewer)
            assert () == view.current_trick
            assert view.previous_trick is None

    def test_the_last_trick_until_ones_side_plays_to_the_next(self) -> None:
        """Law 66A: a player may see the last trick until he or his partner has played to
        the next one; after both sides have played, nobody but the Director sees it."""
        table = north_plays_1nt()
        play(table, TRICK_1)
        assert table.play is not None
        last = table.play.tricks[-1]
        for viewer in (*Seat, Role.DIRECTOR):
            assert last == view_for(table, viewer).previous_trick, viewer
        assert () == view_for(table, Seat.N).current_trick
        play(table, "HK")  # East–West have played to the second trick
        for seat in (Seat.E, Seat.W):
            assert view_for(table, seat).previous_trick is None, seat
        for seat in (Seat.N, Seat.S):
            assert last == view_for(table, seat).previous_trick, seat
        play(table, "H8")  # and North–South
        for seat in Seat:
            assert view_for(table, seat).previous_trick is None, seat
        assert last == view_for(table, Role.DIRECTOR).previous_trick
        allowed = view_for(table, Role.SPECTATOR, spectators_see_hands=True)
        assert last == allowed.previous_trick

    def test_a_spectator_without_the_hands_sees_no_quitted_trick(self) -> None:
        """A spectator not allowed to see the hands sees no quitted trick during play."""
        table = north_plays_1nt()
        play(table, TRICK_1)
        assert view_for(table, Role.SPECTATOR).previous_trick is None

    def test_the_last_trick_after_play(self) -> None:
        """Once play is over, every view shows the last trick (Law 66D: the cards may be
        inspected)."""
        table = north_plays_1nt()
        play(table, TRICK_1)
        table.claim(Seat.E, 13)
        table.accept_claim(Seat.N)
        assert table.play is not None
        last = table.play.tricks[-1]
        for viewer in VIEWERS:
            assert last == view_for(table, viewer).previous_trick, viewer


class TestChoicesOnlyForThePlayerToAct:
    def test_calls_for_the_player_to_call(self) -> None:
        """Only the player whose turn it is to call is offered calls (Law 18: after 1NT, Pass,
        double and every bid from 2♣); no one is offered a card during the auction."""
        table = strict()
        bid(table, "1NT")
        for viewer in VIEWERS:
            view = view_for(table, viewer)
            if viewer is Seat.E:
                assert tuple(table.legal_calls()) == view.legal_calls
                assert (parse_call("Pass"), parse_call("X"), parse_call("2C")) == (
                    view.legal_calls[:3]
                )
                assert 2 + 6 * 5 == len(view.legal_calls)
            else:
                assert () == view.legal_calls, viewer
            assert () == view.legal_cards, viewer

    def test_cards_for_the_player_on_lead(self) -> None:
        """The opening leader may lead any card (Law 41A); he alone is offered them."""
        table = north_plays_1nt()
        for viewer in VIEWERS:
            view = view_for(table, viewer)
            expected = tuple(deal()[Seat.E]) if viewer is Seat.E else ()
            assert expected == view.legal_cards, viewer
            assert () == view.legal_calls, viewer
        assert 13 == len(view_for(table, Seat.E).legal_cards)

    def test_declarer_chooses_dummys_card(self) -> None:
        """When dummy is to play, declarer is offered dummy's legal cards (Laws 41D, 45B:
        following suit, 44C), never dummy himself."""
        table = north_plays_1nt()
        play(table, "HA")
        assert Seat.S is table.turn
        for viewer in VIEWERS:
            expected = cards("HT H9 H8 H7") if viewer is Seat.N else ()
            assert expected == view_for(table, viewer).legal_cards, viewer

    def test_declarer_chooses_his_own_card(self) -> None:
        """When declarer himself is to play he is offered his own cards (hearts, Law 44C)."""
        table = north_plays_1nt()
        play(table, "HA H7 H2")
        for viewer in VIEWERS:
            expected = cards("HJ H3") if viewer is Seat.N else ()
            assert expected == view_for(table, viewer).legal_cards, viewer


class TestTheAuctionAsSeen:
    def test_every_call_with_its_alert(self) -> None:
        """Every call shows with its caller and whether it was alerted; the explanation
        shows to the caller's opponents and to the Director or a spectator, never to his
        partner or himself (Law 20F)."""
        table = strict()
        table.make_call(Seat.N, parse_call("1C"), alert=True, explanation="2+ clubs")
        table.make_call(Seat.E, parse_call("1H"))
        table.make_call(Seat.S, parse_call("2C"), alert=True, explanation="a raise")
        for viewer in VIEWERS:
            entries = view_for(table, viewer).auction
            shown = [(e.seat, str(e.call), e.alert, e.explanation) for e in entries]
            sees_ns = viewer in (Seat.E, Seat.W, Role.SPECTATOR, Role.DIRECTOR)
            assert [
                (Seat.N, "1C", True, "2+ clubs" if sees_ns else None),
                (Seat.E, "1H", False, None),
                (Seat.S, "2C", True, "a raise" if sees_ns else None),
            ] == shown, viewer

    def test_recording_mode_shows_the_standing_calls(self) -> None:
        """In recording mode the auction shows the calls that stand: an insufficient bid
        awaiting the next player's choice (Law 27A) does not; the explanations still go to
        the opponents only (Law 20F)."""
        table = recording()
        table.make_call(Seat.N, parse_call("1S"), alert=True, explanation="5+ spades")
        table.make_call(Seat.E, parse_call("1H"))
        assert [(Seat.N, "1S", True, "5+ spades")] == [
            (e.seat, str(e.call), e.alert, e.explanation) for e in view_for(table, Seat.E).auction
        ]
        assert [(Seat.N, "1S", True, None)] == [
            (e.seat, str(e.call), e.alert, e.explanation) for e in view_for(table, Seat.S).auction
        ]

    def test_recording_mode_an_accepted_call_stands(self) -> None:
        """An insufficient bid accepted by the next player stands (Law 27A1) and shows, with
        its alert and, to the opponents, its explanation."""
        table = recording()
        bid(table, "1S")
        table.make_call(Seat.E, parse_call("1H"), alert=True, explanation="natural")
        table.choose(Seat.S, "accept")
        for viewer, explanation in ((Seat.S, "natural"), (Seat.W, None)):
            shown = [
                (e.seat, str(e.call), e.alert, e.explanation)
                for e in view_for(table, viewer).auction
            ]
            assert [(Seat.N, "1S", False, None), (Seat.E, "1H", True, explanation)] == shown

    def test_a_deemed_pass(self) -> None:
        """West, obliged to pass after his partner exposed two cards (Law 24C), is deemed to
        have passed when North calls at his turn (Law 28A): the pass shows, not alerted."""
        table = recording()
        table.expose_cards(Seat.E, cards("HA HK"))
        table.make_call(Seat.N, parse_call("1C"), alert=True, explanation="2+")
        bid(table, "Pass 1D")
        table.make_call(Seat.N, parse_call("1S"), alert=True, explanation="4+")
        shown = [
            (e.seat, str(e.call), e.alert, e.explanation) for e in view_for(table, Seat.E).auction
        ]
        assert [
            (Seat.N, "1C", True, "2+"),
            (Seat.E, "Pass", False, None),
            (Seat.S, "1D", False, None),
            (Seat.W, "Pass", False, None),
            (Seat.N, "1S", True, "4+"),
        ] == shown


def east_exposes_two_hearts() -> Table:
    """East exposes ♥A and ♥K during the auction (Law 24C); they stay face up."""
    table = recording()
    table.expose_cards(Seat.E, cards("HA HK"))
    return table


class TestCardsFaceUp:
    def test_exposed_during_the_auction_shown_to_all(self) -> None:
        """Cards exposed during the auction lie face up (Law 24): every view shows them,
        though they are not in any hand the viewer may see."""
        table = east_exposes_two_hearts()
        for viewer in VIEWERS:
            view = view_for(table, viewer)
            assert {Seat.E: cards("HA HK")} == dict(view.face_up), viewer
            assert set(cards("HA HK")) <= view.visible_cards(), viewer
        assert {} == dict(view_for(strict(), Role.DIRECTOR).face_up)

    def test_penalty_cards_shown_to_all_until_played(self) -> None:
        """East, now a defender, holds both as penalty cards (Laws 24C, 50A), face up; one
        played leaves the other; with none left East shows nothing face up."""
        table = east_exposes_two_hearts()
        bid(table, "1NT Pass Pass Pass")
        assert {Seat.E: cards("HA HK")} == dict(view_for(table, Seat.N).face_up)
        table.choose(Seat.N, "designate_HA")  # Law 51A: declarer designates the card
        play(table, TRICK_1)
        for viewer in VIEWERS:
            assert {Seat.E: cards("HK")} == dict(view_for(table, viewer).face_up), viewer
        play(table, "HK")
        assert {} == dict(view_for(table, Seat.S).face_up)

    def test_a_card_exposed_during_play(self) -> None:
        """A defender's card exposed during play becomes a penalty card (Laws 49, 50A): it
        shows face up to every viewer."""
        table = recording()
        bid(table, "1NT Pass Pass Pass")
        play(table, "HA")
        table.expose_cards(Seat.W, cards("S3"))
        for viewer in VIEWERS:
            assert {Seat.W: cards("S3")} == dict(view_for(table, viewer).face_up), viewer


class TestPendingDecision:
    def test_the_public_part_of_the_decision(self) -> None:
        """While the table waits for a decision every participant sees the ruling, the
        irregularity, the law, who chooses, the options with their explanations and the
        question (Law 10C1), and nothing of the engine's continuation."""
        table = recording()
        bid(table, "1S")
        table.make_call(Seat.E, parse_call("1H"))  # insufficient (Law 27)
        pending = table.pending
        assert pending is not None
        for viewer in VIEWERS:
            shown = view_for(table, viewer).pending
            assert shown is not None
            assert (
                pending.ruling,
                "insufficient_bid",
                "27A1",
                Seat.S,
                ("accept", "refuse"),
                "Does South accept East's insufficient bid 1H?",
                pending.explanations,
                (Seat.S, Seat.E),
            ) == (
                shown.ruling,
                str(shown.irregularity),
                shown.law.code,
                shown.chooser,
                shown.options,
                shown.question,
                shown.explanations,
                shown.callers,
            )
            assert 2 == len(shown.explanations)
            assert shown.explanations[0].endswith("(Law 27A1)")
            assert type(shown) is PendingView

    def test_nothing_pending(self) -> None:
        """With no decision pending the view shows none."""
        assert view_for(recording(), Seat.N).pending is None
        assert view_for(strict(), Seat.N).pending is None


class TestWhatEveryViewShows:
    def test_the_board_and_the_state(self) -> None:
        """Every view names its viewer, the board, dealer and vulnerability (Law 2), the
        phase, the turn, the contract and declarer, and the tricks each side has won."""
        table = north_plays_1nt()
        play(table, TRICK_1 + " HK")
        for viewer in VIEWERS:
            view = view_for(table, viewer)
            assert viewer is view.viewer
            assert (1, Seat.N, Vulnerability.NONE) == (view.board, view.dealer, view.vulnerability)
            assert (Phase.PLAY, Seat.S) == (view.phase, view.turn)
            assert (Seat.N, "1NTN") == (view.declarer, str(view.contract))
            assert {Side.NS: 0, Side.EW: 1} == dict(view.tricks)
            assert view.result is None

    def test_another_board(self) -> None:
        """Board 2: East deals, North-South vulnerable (Law 2)."""
        view = view_for(Table(2, deal()), Seat.W)
        assert (2, Seat.E, Vulnerability.NS) == (view.board, view.dealer, view.vulnerability)
        assert (Phase.AUCTION, Seat.E, None, None) == (
            view.phase,
            view.turn,
            view.contract,
            view.declarer,
        )

    def test_the_result_after_play(self) -> None:
        """After play the view gives declarer's side's tricks and each side's total."""
        table = north_plays_1nt()
        play(table, TRICK_1)
        table.claim(Seat.E, 13)
        table.accept_claim(Seat.N)
        view = view_for(table, Seat.W)
        assert 0 == view.result
        assert {Side.NS: 0, Side.EW: 13} == dict(view.tricks)
        assert view.turn is None

    def test_visible_cards_gathers_every_place(self) -> None:
        """``visible_cards`` is every card the view shows: the hands seen, the cards played,
        the trick in progress, the last trick and the cards face up."""
        table = north_plays_1nt()
        play(table, TRICK_1 + " HK")
        view = view_for(table, Seat.N)
        shown = set(without(deal()[Seat.N], "H3")) | set(without(deal()[Seat.S], "H7"))
        shown |= set(cards(TRICK_1 + " HK"))
        assert shown == view.visible_cards()
        assert 12 + 12 + 5 == len(shown)

    def test_visible_cards_include_the_cards_face_up(self) -> None:
        """A penalty card lying face up is visible to every player (Law 50A), though he
        sees neither its owner's hand nor the card played."""
        table = east_exposes_two_hearts()
        bid(table, "1NT Pass Pass Pass")
        table.choose(Seat.N, "designate_HA")
        play(table, TRICK_1)
        view = view_for(table, Seat.S)
        shown = set(without(deal()[Seat.S], "H7")) | set(cards(TRICK_1 + " HK"))
        assert shown == view.visible_cards()
