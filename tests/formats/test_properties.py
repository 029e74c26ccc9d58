"""Property tests: any deal and any board record the core can produce survives dump -> load.

Tables are played by Hypothesis through the core Table (every call and card legal by the
Laws), with alerts, explanations and, sometimes, a claim accepted part-way through play
(Laws 68-69); the record is written as PBN and as LIN and read back.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dupbridge.core.boards import Board
from dupbridge.core.calls import Strain
from dupbridge.core.cards import Card
from dupbridge.core.deal import DEAL_COUNT, Deal
from dupbridge.core.errors import ActionError
from dupbridge.core.play import Play
from dupbridge.core.seats import SEATS, Seat
from dupbridge.core.table import Phase, Table
from dupbridge.formats import dlm, dup, lin, pbn
from dupbridge.formats.records import BoardRecord

deals = st.integers(0, DEAL_COUNT - 1).map(Deal.from_index)
names = st.text(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_~", min_size=1, max_size=12
)
words = st.text("abcdefghijklmnopqrstuvwxyz0123456789+-!?.:;()'&/<>=#\"\\", min_size=1, max_size=8)
explanations = st.lists(words, min_size=1, max_size=5).map(" ".join)


@st.composite
def played_tables(draw: st.DrawFn) -> tuple[Table, dict[Seat, str]]:
    """A table played by random legal calls and cards, perhaps ended by a claim."""
    board = Board.numbered(draw(st.integers(1, 64)))
    table = Table(board, draw(deals))
    pass_weight = draw(st.floats(0.4, 0.9))
    while table.phase is Phase.AUCTION:
        legal = table.legal_calls()
        if draw(st.floats(0, 1)) < pass_weight:
            call = legal[0]
        else:
            call = legal[draw(st.integers(0, len(legal) - 1))]
        alert = draw(st.booleans())
        explanation = draw(st.one_of(st.none(), explanations))
        seat = table.turn
        assert seat is not None
        table.make_call(seat, call, alert=alert, explanation=explanation)
    stop = draw(st.integers(0, 53))
    while table.phase is Phase.PLAY:
        play = table.play
        assert play is not None
        if play.cards_played >= stop and not play.current_trick and play.cards_played < 52:
            won = play.tricks_won(play.declarer.side)
            left = 13 - len(play.tricks)
            table.claim(play.declarer, draw(st.integers(won, won + left)))
            table.accept_claim(play.declarer.lho)
            break
        legal_cards = table.legal_cards()
        seat = table.turn
        assert seat is not None
        table.play_card(seat, legal_cards[draw(st.integers(0, len(legal_cards) - 1))])
    players = {seat: draw(names) for seat in SEATS if draw(st.booleans())}
    return table, players


def _essentials(record: BoardRecord) -> tuple[object, ...]:
    return (
        record.board,
        record.dealer,
        record.vulnerability,
        record.deal,
        record.players,
        record.contract,
        record.passed_out,
        record.play,
        record.claim,
        record.result,
    )


FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class TestPbn:
    @FAST
    @given(played_tables())
    def test_board_record_survives(self, played: tuple[Table, dict[Seat, str]]) -> None:
        """Deal, calls, alerts, explanations, cards, claim and result survive PBN.

        PBN has no alert flag: an explained call is written with a note and reads back
        alerted (the one difference, docs/formats.md).
        """
        table, players = played
        record = BoardRecord.from_table(table, players=players, info={"Event": "Property"})
        (game,) = pbn.loads(pbn.dumps([pbn.Game.from_record(record)]))
        assert [] == game.errors
        again = game.to_record()
        assert _essentials(record) == _essentials(again)
        assert [(c.call, c.alert or bool(c.explanation), c.explanation) for c in record.calls] == [
            (c.call, c.alert, c.explanation) for c in again.calls
        ]
        assert "Property" == again.info_value("Event")

    @FAST
    @given(played_tables())
    def test_replay_through_the_table(self, played: tuple[Table, dict[Seat, str]]) -> None:
        """The record read back from PBN replays at a core table to the same result."""
        table, _players = played
        (game,) = pbn.loads(pbn.dumps([pbn.Game.from_table(table)]))
        replayed = game.to_record().to_table()
        assert (table.contract, table.result, table.phase) == (
            replayed.contract,
            replayed.result,
            replayed.phase,
        )

    @settings(max_examples=300, deadline=None)
    @given(deals, st.integers(1, 200))
    def test_any_deal(self, deal: Deal, board: int) -> None:
        """Any deal is written and read back as the same deal (Law 2 markings too)."""
        (game,) = pbn.loads(pbn.dumps([pbn.Game.from_deal(deal, board=board)]))
        assert (deal, board, Board.numbered(board).dealer) == (game.deal, game.board, game.dealer)
        assert [] == game.problems


class TestLin:
    @FAST
    @given(played_tables())
    def test_board_record_survives(self, played: tuple[Table, dict[Seat, str]]) -> None:
        """LIN keeps everything the record holds: alerts and explanations apart."""
        table, players = played
        record = BoardRecord.from_table(table, players=players)
        (board,) = lin.loads(lin.dumps([record]))
        assert () == board.errors
        assert _essentials(record) == _essentials(board.record)
        assert record.calls == board.record.calls

    @FAST
    @given(st.lists(played_tables(), min_size=1, max_size=3))
    def test_vugraph_form(self, played: list[tuple[Table, dict[Seat, str]]]) -> None:
        """Several boards in the vugraph form, open and closed rooms, read back the same."""
        records = [
            replace(BoardRecord.from_table(table), info=(("Room", room),))
            for (table, _names), room in zip(played, ["Open", "Closed", "Open"], strict=False)
        ]
        boards = lin.loads(lin.dumps(records, vugraph=True))
        assert [_essentials(r) for r in records] == [_essentials(b.record) for b in boards]


class TestDealingMachines:
    @settings(max_examples=100, deadline=None)
    @given(st.lists(deals, min_size=1, max_size=20), st.integers(1, 60))
    def test_dup_and_dlm(self, many: list[Deal], first: int) -> None:
        """Consecutive boards of any deals survive .dup and .dlm."""
        records = [BoardRecord(board=first + i, deal=deal) for i, deal in enumerate(many)]
        assert many == [r.deal for r in dup.loads(dup.dumps(records), strict=True)]
        assert many == [r.deal for r in dlm.loads(dlm.dumps(records), strict=True)]


@st.composite
def random_plays(draw: st.DrawFn) -> tuple[Deal, Seat, Strain, list[Card], bool]:
    """A deal, declarer and strain, and cards played in turn from each hand: mostly legal,
    sometimes a card of another suit (the last card then, whether it revokes or not)."""
    deal = draw(deals)
    declarer = draw(st.sampled_from(SEATS))
    strain = draw(st.sampled_from(list(Strain)))
    play = Play(deal, declarer, strain.suit)
    cards: list[Card] = []
    revoke = False
    length = draw(st.integers(1, 52))
    while len(cards) < length and play.turn is not None:
        seat = play.turn
        if draw(st.integers(0, 9)) == 0:
            card = draw(st.sampled_from(list(play.hand(seat))))
        else:
            card = draw(st.sampled_from(list(play.legal_cards(seat))))
        cards.append(card)
        try:
            play.play(seat, card)
        except ActionError:
            revoke = True
            break
    return deal, declarer, strain, cards, revoke


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_plays())
def test_pbn_play_check_agrees_with_core_play(
    case: tuple[Deal, Seat, Strain, list[Card], bool],
) -> None:
    """The PBN reader's own Law 44 bookkeeping (following suit, 44C; the winner leads, 44G)
    gives the answers of core.play: the same cards in order, the same revoke, the same tricks."""
    deal, declarer, strain, cards, revoke = case
    game = pbn.Game.from_deal(deal, 1)
    game["Declarer"] = declarer.letter
    game["Contract"] = f"1{strain.letter}"
    core = Play(deal, declarer, strain.suit)
    for card in cards[:-1] if revoke else cards:
        core.play(core.turn, card)  # type: ignore[arg-type]
    complete = core.is_complete
    game["Result"] = str(core.declarer_tricks) if complete else "?"
    game.set_play(declarer.lho, cards, strain.suit, finished=True)
    (read,) = pbn.loads(pbn.dumps([game]))
    errors = [p.message for p in read.problems if p.is_error]
    if revoke:
        assert [f"{core.turn.title} revokes" in m for m in errors] == [True]  # type: ignore[union-attr]
        return
    assert [] == errors
    assert core.plays() == read.played()
    if complete:
        game["Result"] = str((core.declarer_tricks + 1) % 14)
        (wrong,) = pbn.loads(pbn.dumps([game]))
        assert next(p.message for p in wrong.problems if p.is_error).startswith("Result")
