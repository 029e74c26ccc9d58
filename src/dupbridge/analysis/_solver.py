"""The bridge to DDS (Bo Haglund and Soren Hein's double-dummy solver) through endplay.

Only this module talks to the solver. It converts core values (52-bit hand masks, ``Suit``,
``Strain``, ``Seat``) to the solver's encodings and back:

* suits: DDS numbers spades 0, hearts 1, diamonds 2, clubs 3 (the core numbers clubs 0);
* denominations: DDS adds no trumps as 4;
* ranks: a suit holding is a bit mask with bit ``r`` for rank ``r`` (2 .. 14);
* vulnerability: none 0, both 1, NS 2, EW 3.

The solver keeps per-thread memory, so every call goes through one lock: a web server may
call it from several threads at once.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import endplay._dds as dds

from dupbridge.core.calls import Strain
from dupbridge.core.cards import Card, Rank, Suit
from dupbridge.core.seats import Seat, Vulnerability

__all__ = [
    "MAX_BOARDS",
    "MAX_TABLES",
    "ParData",
    "PlayAnalyser",
    "TableRow",
    "analyse_plays",
    "dealer_par",
    "reaches",
    "sides_par",
    "solve_position",
    "solve_positions",
    "tables",
]

#: At most this many full tables (5 denominations × 4 declarers) per batch call.
MAX_TABLES: int = dds.MAXNOOFTABLES
#: At most this many boards per batch call of the other functions.
MAX_BOARDS: int = dds.MAXNOOFBOARDS

#: One deal's table: tricks for denominations C, D, H, S, NT (core order) × N, E, S, W.
TableRow = tuple[tuple[int, int, int, int], ...]
#: A par result: NS score, and contracts as (level, strain, doubled, seats code, result).
ParData = tuple[int, tuple[tuple[int, Strain, bool, int, int], ...]]

_LOCK = threading.Lock()
_VUL_CODE = {
    Vulnerability.NONE: 0,
    Vulnerability.BOTH: 1,
    Vulnerability.NS: 2,
    Vulnerability.EW: 3,
}
#: The denominations in the order of DDS's par output (no trumps first, then S, H, D, C).
_PAR_DENOM_TO_STRAIN = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


def denom_code(strain: Strain) -> int:
    """DDS's number of a denomination."""
    return 4 if strain is Strain.NOTRUMP else 3 - int(strain)


def trump_code(trump: Suit | None) -> int:
    """DDS's number of a trump suit (4 for no trumps)."""
    return 4 if trump is None else 3 - int(trump)


def _fill_cards(target: Any, masks: Sequence[int]) -> None:
    for seat in range(4):
        mask = masks[seat]
        row = target[seat]
        row[0] = ((mask >> 39) & 0x1FFF) << 2  # spades
        row[1] = ((mask >> 26) & 0x1FFF) << 2  # hearts
        row[2] = ((mask >> 13) & 0x1FFF) << 2  # diamonds
        row[3] = (mask & 0x1FFF) << 2  # clubs


def tables(deals: Sequence[Sequence[int]]) -> list[TableRow]:
    """Double-dummy tables of up to :data:`MAX_TABLES` full deals, in one batch call.

    Args:
        deals: each deal as its four hand masks, N, E, S, W.

    Returns:
        For each deal, tricks by denomination (C, D, H, S, NT) and declarer (N, E, S, W).
    """
    if len(deals) > MAX_TABLES:
        raise ValueError(f"at most {MAX_TABLES} deals per batch, not {len(deals)}")
    if not deals:
        return []
    batch = dds.ddTableDeals()
    batch.noOfTables = len(deals)
    for index, masks in enumerate(deals):
        _fill_cards(batch.ddTableDeal[index].cards, masks)
    results = dds.ddTablesRes()
    par_results = dds.allParResults()
    with _LOCK:
        dds.CalcAllTables(batch, -1, [0, 0, 0, 0, 0], results, par_results)
    out: list[TableRow] = []
    for index in range(len(deals)):
        res = results.results[index].resTable
        out.append(
            tuple(
                (res[d][0], res[d][1], res[d][2], res[d][3])
                for d in (3, 2, 1, 0, 4)  # clubs, diamonds, hearts, spades, no trumps
            )
        )
    return out


def _table_struct(table: TableRow) -> dds.ddTableResults:
    struct = dds.ddTableResults()
    for strain in Strain:
        row = struct.resTable[denom_code(strain)]
        for seat in range(4):
            row[seat] = table[strain][seat]
    return struct


def _par_data(master: dds.parResultsMaster) -> ParData:
    contracts = []
    for i in range(master.number):
        c = master.contracts[i]
        doubled = c.underTricks > 0
        result = -c.underTricks if doubled else c.overTricks
        contracts.append((c.level, _PAR_DENOM_TO_STRAIN[c.denom], doubled, c.seats, result))
    return master.score, tuple(contracts)


def dealer_par(table: TableRow, vulnerability: Vulnerability, dealer: Seat) -> ParData:
    """Par score (NS's) and contracts knowing the dealer (DDS ``DealerParBin``)."""
    master = dds.parResultsMaster()
    with _LOCK:
        dds.DealerParBin(_table_struct(table), master, int(dealer), _VUL_CODE[vulnerability])
    return _par_data(master)


def sides_par(table: TableRow, vulnerability: Vulnerability) -> tuple[ParData, ParData]:
    """Par when NS, and when EW, are the first side to bid (DDS ``SidesParBin``).

    Both scores are returned from NS's point of view (DDS gives the second one as EW's).
    """
    both = (dds.parResultsMaster * 2)()
    with _LOCK:
        dds.SidesParBin(_table_struct(table), both, _VUL_CODE[vulnerability])
    ns_first = _par_data(both[0])
    ew_score, ew_contracts = _par_data(both[1])
    return ns_first, (-ew_score, ew_contracts)


def _position_struct(
    masks: Sequence[int], trump: Suit | None, leader: Seat, trick: Sequence[Card]
) -> dds.deal:
    struct = dds.deal()
    struct.trump = trump_code(trump)
    struct.first = int(leader)
    for i in range(3):
        if i < len(trick):
            struct.currentTrickSuit[i] = 3 - int(trick[i].suit)
            struct.currentTrickRank[i] = int(trick[i].rank)
        else:
            struct.currentTrickSuit[i] = 0
            struct.currentTrickRank[i] = 0
    _fill_cards(struct.remainCards, masks)
    return struct


def solve_position(
    masks: Sequence[int],
    trump: Suit | None,
    leader: Seat,
    trick: Sequence[Card],
    *,
    target: int = -1,
    all_cards: bool = False,
) -> list[tuple[Card, int]]:
    """Solve a position for the side to play (DDS ``SolveBoard``).

    Args:
        masks: the cards each seat still holds (N, E, S, W); the cards of the trick in
            progress are no longer in them.
        trump: the trump suit, None for no trumps.
        leader: who led to the trick in progress (or is to lead).
        trick: the cards already played to the trick in progress (0 to 3).
        target: with ``-1``, the best score; otherwise whether that many tricks can be won.
        all_cards: score every legal card, not just one best card.

    Returns:
        ``(card, tricks)`` pairs for the player to move, tricks counted from this trick on
        (this trick included) for the side to move. Equal cards (DDS's "equals") are listed
        each with the same score.
    """
    struct = _position_struct(masks, trump, leader, trick)
    future = dds.futureTricks()
    solutions = 3 if all_cards else 1
    with _LOCK:
        dds.SolveBoard(struct, target, solutions, 1, future, 0)
    out: list[tuple[Card, int]] = []
    for i in range(future.cards):
        suit = Suit(3 - future.suit[i])
        holding = (1 << future.rank[i]) | future.equals[i]
        score = future.score[i]
        out.extend(
            (Card(suit, Rank(rank)), score) for rank in range(14, 1, -1) if holding >> rank & 1
        )
    return out


def solve_positions(
    layouts: Sequence[Sequence[int]], trump: Suit | None, leader: Seat, trick: Sequence[Card]
) -> list[dict[Card, int]]:
    """Every legal card's score in each of up to :data:`MAX_BOARDS` layouts of one position,
    in one batch call (DDS ``SolveAllBoardsBin``, spread over the cores).

    Args:
        layouts: each layout's four hand masks (N, E, S, W), without the trick's cards.
        trump: the trump suit, None for no trumps.
        leader: who led to the trick in progress (or is to lead).
        trick: the cards already played to the trick in progress (0 to 3).

    Returns:
        For each layout, each legal card of the hand to play with the tricks its side takes
        from this trick on, this trick included (equal cards each with their score).
    """
    if len(layouts) > MAX_BOARDS:
        raise ValueError(f"at most {MAX_BOARDS} layouts per batch, not {len(layouts)}")
    if not layouts:
        return []
    batch = dds.boards()
    batch.noOfBoards = len(layouts)
    for index, masks in enumerate(layouts):
        batch.deals[index] = _position_struct(masks, trump, leader, trick)
        batch.target[index] = -1
        batch.solutions[index] = 3
        batch.mode[index] = 1
    solved = dds.solvedBoards()
    with _LOCK:
        dds.SolveAllBoardsBin(batch, solved)
    out: list[dict[Card, int]] = []
    for index in range(len(layouts)):
        future = solved.solvedBoard[index]
        scores: dict[Card, int] = {}
        for i in range(future.cards):
            suit = Suit(3 - future.suit[i])
            holding = (1 << future.rank[i]) | future.equals[i]
            for rank in range(14, 1, -1):
                if holding >> rank & 1:
                    scores[Card(suit, Rank(rank))] = future.score[i]
        out.append(scores)
    return out


def reaches(
    masks: Sequence[int], trump: Suit | None, leader: Seat, trick: Sequence[Card], target: int
) -> bool:
    """Whether the side to move can take ``target`` tricks (1 .. tricks left) from here, this
    trick included (DDS ``SolveBoard`` target search, faster than finding the best score)."""
    if target <= 0:
        return True
    if target > (sum(mask.bit_count() for mask in masks) + len(trick)) // 4:
        return False  # more tricks than remain: DDS would refuse the question (and dump.txt)
    struct = _position_struct(masks, trump, leader, trick)
    future = dds.futureTricks()
    with _LOCK:
        dds.SolveBoard(struct, target, 1, 1, future, 0)
    return bool(future.cards > 0 and future.score[0] >= target)


class PlayAnalyser:
    """Double dummy after any sequence of plays from one position (DDS ``AnalysePlayBin``).

    A search that asks about many positions following from one position should ask this way:
    ``SolveBoard`` sets up its tables and clears its memory for every new set of cards (about
    0.1 ms a call, however small the ending), while the play analyser starts each time from
    the same position and so keeps both, solving each later position from what it already
    knows.
    """

    __slots__ = ("_base", "_in_trick", "_solved", "_trace", "_written")

    def __init__(
        self, masks: Sequence[int], trump: Suit | None, leader: Seat, trick: Sequence[Card]
    ) -> None:
        self._base = _position_struct(masks, trump, leader, trick)
        self._in_trick = len(trick)
        # One trace and one result reused from call to call; ``_written`` is what the trace
        # holds already, so that only the cards after the common start are written again.
        self._trace = dds.playTraceBin()
        self._solved = dds.solvedPlay()
        self._written: list[int] = []

    def tricks_after(self, cards: Sequence[int]) -> list[int]:
        """Double-dummy results along a play from the position.

        Args:
            cards: card indices (``Card.index``) played in turn from the position on.

        Returns:
            ``len(cards) + 1`` numbers: before any of ``cards`` and after each, the tricks
            that the side *not* leading the position's trick takes in all from that trick on
            (tricks completed along the way included). Numbers for positions within the last
            trick are not to be trusted (DDS gives 0 there): ask only while two tricks remain.
        """
        trace = self._trace
        written = self._written
        same = 0
        for old, new in zip(written, cards, strict=False):
            if old != new:
                break
            same += 1
        suits, ranks = trace.suit, trace.rank
        for i in range(same, len(cards)):
            index = cards[i]
            suits[i] = 3 - index // 13
            ranks[i] = index % 13 + 2
        written[same:] = cards[same:]
        # DDS counts the cards of the trick in progress into the length of the play.
        trace.number = self._in_trick + len(cards)
        solved = self._solved
        with _LOCK:
            dds.AnalysePlayBin(self._base, trace, solved, 0)
        tricks: list[int] = solved.tricks[: len(cards) + 1]
        return tricks


def analyse_plays(
    boards: Sequence[tuple[Sequence[int], Suit | None, Seat, Sequence[Card]]],
) -> list[list[int]]:
    """Double-dummy tricks after each card of each play record (DDS ``AnalyseAllPlaysBin``).

    Args:
        boards: up to :data:`MAX_BOARDS` of (hand masks at the start, trump, opening leader,
            cards played in order).

    Returns:
        For each board, ``len(cards) + 1`` numbers: the tricks declarer (the side not on
        lead at the start) takes double dummy before any card and after each card.
    """
    if len(boards) > MAX_BOARDS:
        raise ValueError(f"at most {MAX_BOARDS} boards per batch, not {len(boards)}")
    if not boards:
        return []
    batch = dds.boards()
    batch.noOfBoards = len(boards)
    traces = dds.playTracesBin()
    traces.noOfBoards = len(boards)
    for index, (masks, trump, leader, cards) in enumerate(boards):
        batch.deals[index] = _position_struct(masks, trump, leader, ())
        batch.target[index] = -1
        batch.solutions[index] = 1
        batch.mode[index] = 0
        trace = traces.plays[index]
        trace.number = len(cards)
        for i, card in enumerate(cards):
            trace.suit[i] = 3 - int(card.suit)
            trace.rank[i] = int(card.rank)
    solved = dds.solvedPlays()
    with _LOCK:
        dds.AnalyseAllPlaysBin(batch, traces, solved, 0)
    return [
        [solved.solved[index].tricks[i] for i in range(solved.solved[index].number)]
        for index in range(len(boards))
    ]
