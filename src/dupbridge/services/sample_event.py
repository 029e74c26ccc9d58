"""A sample event the project makes itself: robots play a club Mitchell, and it is scored.

:func:`sample_event` deals the boards from a seeded random generator and has the robots of
:mod:`dupbridge.robots` play every table of a Mitchell (seven tables, seven rounds of three
boards: North-South stay, East-West move up a table and the boards down a table each round)
through the core :class:`~dupbridge.core.table.Table`, so that every call and card is checked
by the Laws engine. They bid SAYC (:mod:`dupbridge.robots.bidding`) and play their cards at
the ``fast`` level of :mod:`dupbridge.robots.play` (:data:`SAMPLE_LEVEL`: the conventions for
the first two tricks, then a few double-dummy layouts a card, dealt consistently with the
auction as each robot reads it), each from its own seat's view. Each pair gets a seeded
level of skill: now and then its players make another legal call or play another legal card
than the robot would, which gives the travellers the spread of a real club session. One
table receives a director's artificial adjusted score (average plus / average minus,
Law 12C2). The same seed always gives the same event.

:func:`build_sample_site` scores it at matchpoints and publishes the results (the website,
``results.pbn`` and ``results.xml``); it is what ``make run`` shows.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from functools import cache
from importlib import resources
from pathlib import Path

from dupbridge.analysis.dd import PBN_DECLARER_ORDER, PBN_STRAIN_ORDER, DDTable, dd_tables
from dupbridge.analysis.par import board_par
from dupbridge.core.boards import Board
from dupbridge.core.calls import Call
from dupbridge.core.cards import Card
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.events import CardPlayed
from dupbridge.core.seats import Seat, Side
from dupbridge.core.table import Phase, Table
from dupbridge.core.views import view_for
from dupbridge.formats.records import BoardRecord
from dupbridge.i18n import _
from dupbridge.robots.bidding import choose_call, read_auction
from dupbridge.robots.constraints import HandConstraint
from dupbridge.robots.play import Level, choose_card
from dupbridge.scoring.adjusted import ArtificialScore
from dupbridge.services.event_results import publish
from dupbridge.services.site_plays import PlayKey, play_key
from dupbridge.tournament.event_scoring import ScoringOptions, score_event
from dupbridge.tournament.movements import mitchell
from dupbridge.tournament.results import BoardInfo, Event, Pair, PairId, Played, Result

__all__ = [
    "SAMPLE_LEVEL",
    "SAMPLE_SEED",
    "build_sample_site",
    "pair_seats",
    "play_table",
    "sample_event",
    "sample_event_with_plays",
    "solved_sample",
]

#: The seed of the sample event ``make run`` shows.
SAMPLE_SEED = 2017

#: The robots' card-play level in the sample (``dupbridge run`` plays 147 boards: see
#: docs/robots.md for the time each level takes).
SAMPLE_LEVEL: Level = "fast"

#: The date written on the sample's pages (PBN's date notation).
_SAMPLE_DATE = "2017.06.01"

_FIRST = (
    "Anna", "Bartek", "Celia", "Dmitri", "Ewa", "Filip", "Greta", "Henrik", "Ilze", "Jaan",
    "Karin", "Lars", "Maria", "Nils", "Olga", "Piotr", "Rita", "Sven", "Tiina", "Uldis",
    "Vera", "Witold", "Zofia", "Aleksei", "Birgit", "Kalle", "Liene", "Marek",
)  # fmt: skip
_LAST = (
    "Andersson", "Berzins", "Kowalska", "Tamm", "Ivanova", "Nowak", "Lindqvist", "Ozols",
    "Kask", "Petrov", "Wójcik", "Nilsson", "Kalnina", "Saar", "Smirnov", "Lewandowski",
    "Johansson", "Liepa", "Mets", "Volkov", "Zielinski", "Berg", "Krumins", "Rebane",
    "Sokolov", "Kaminski", "Holm", "Vitols",
)  # fmt: skip


def _call(table: Table, rng: random.Random, skill: float) -> tuple[Call, bool, str | None]:
    """The robot's call with its alert and explanation (the SAYC robots of
    :mod:`dupbridge.robots.bidding`, Law 20F: the explanation goes to the table)."""
    seat = table.turn
    assert seat is not None
    call, alert, explanation = choose_call(table.auction, table.deal[seat], seat)
    if rng.random() < skill:
        return call, alert, explanation
    # Another legal call close to the robot's: a pass, or one of the cheapest bids.
    legal = list(table.legal_calls())[:6]
    return (rng.choice(legal), False, None) if legal else (call, alert, explanation)


def _card(
    table: Table,
    rng: random.Random,
    skill: float,
    readings: dict[Seat, dict[Seat, HandConstraint]],
) -> Card:
    """The robot's card, chosen from the view of the seat that chooses it (declarer for
    dummy, Law 45B) with the auction as that seat reads it; now and then another legal card,
    by the side's skill."""
    seat = table.turn
    chooser = table.declarer if seat is table.dummy else seat
    assert chooser is not None
    play = table.play
    assert play is not None
    if chooser not in readings:
        readings[chooser] = read_auction(table.auction, chooser)
    card = choose_card(
        view_for(table, chooser),
        readings[chooser],
        level=SAMPLE_LEVEL,
        rng=rng,
        history=play.plays(),
    )
    if rng.random() < skill:
        return card
    return rng.choice(list(table.legal_cards()))


def play_table(
    board: Board, deal: Deal, rng: random.Random, skills: tuple[float, float]
) -> tuple[Played, BoardRecord]:
    """The robots bid and play ``deal`` at a core table (every call and card checked by the
    Laws engine), each side erring now and then by its skill (NS's, EW's); the result and
    the record of the table (auction and play)."""
    table = Table(board, deal)
    while table.phase is Phase.AUCTION:
        seat = table.turn
        assert seat is not None
        call, alert, explanation = _call(table, rng, skills[seat.side])
        table.make_call(seat, call, alert=alert, explanation=explanation)
    readings: dict[Seat, dict[Seat, HandConstraint]] = {}
    while table.phase is Phase.PLAY:
        seat = table.turn
        assert seat is not None
        player = table.declarer if seat == table.dummy else seat
        assert player is not None
        table.play_card(seat, _card(table, rng, skills[player.side], readings))
    contract: Contract | None = table.contract
    record = BoardRecord.from_table(table)
    if contract is None:
        return Played(), record
    lead = next(event.card for event in table.events if isinstance(event, CardPlayed))
    assert table.result is not None
    return Played(contract, table.result, lead), record


def sample_event(
    seed: int = SAMPLE_SEED, tables: int = 7, boards_per_round: int = 3, *, analyse: bool = False
) -> Event:
    """A Mitchell played by robots: ``tables`` tables (odd) and as many rounds.

    With ``analyse``, each board also gets its double-dummy tricks and par (DDS through
    :mod:`dupbridge.analysis`; a few seconds more).

    Raises:
        ValueError: if ``tables`` is not an odd number of at least 3.
    """
    return sample_event_with_plays(seed, tables, boards_per_round, analyse=analyse)[0]


def sample_event_with_plays(
    seed: int = SAMPLE_SEED, tables: int = 7, boards_per_round: int = 3, *, analyse: bool = False
) -> tuple[Event, dict[PlayKey, BoardRecord]]:
    """:func:`sample_event` and the auction and play at every table, for the hand viewer.

    Raises:
        ValueError: if ``tables`` is not an odd number of at least 3.
    """
    if tables < 3 or tables % 2 == 0:
        raise ValueError(_("a simple Mitchell needs an odd number of tables, at least 3"))
    # The movement comes from dupbridge.tournament.movements (Law 8: North-South stay, East-West
    # move up a table and the boards down a table each round).
    rng = random.Random(seed)
    movement = mitchell(tables, boards_per_round)
    deals = {number: Deal.random(rng) for number in movement.boards}
    ns = [PairId(n, "", Side.NS) for n in range(1, tables + 1)]
    ew = [PairId(n, "", Side.EW) for n in range(1, tables + 1)]
    people = rng.sample([f"{first} {last}" for first in _FIRST for last in _LAST], 4 * tables)
    pairs = [Pair(pair, (people[2 * i], people[2 * i + 1])) for i, pair in enumerate(ns + ew)]
    skill = {pair: rng.uniform(0.90, 0.995) for pair in ns + ew}
    plays = sorted(
        (play for number in movement.boards for play in movement.plays(number)),
        key=lambda play: (play.round, play.table, play.board),
    )
    adjusted = rng.choice(plays)
    results: list[Result] = []
    records: dict[PlayKey, BoardRecord] = {}
    for play in plays:
        ns_pair = PairId(play.ns.number, "", Side.NS)
        ew_pair = PairId(play.ew.number, "", Side.EW)
        record = None
        if play == adjusted:
            outcome: Played | ArtificialScore = ArtificialScore.from_str("A+/A-")
        else:
            outcome, record = play_table(
                Board.numbered(play.board),
                deals[play.board],
                rng,
                (skill[ns_pair], skill[ew_pair]),
            )
        result = Result(play.board, ns_pair, ew_pair, outcome, table=play.table, round=play.round)
        results.append(result)
        if record is not None:
            names = {
                seat: people[2 * i + k]
                for i, pair in enumerate(ns + ew)
                if pair in (ns_pair, ew_pair)
                for k, seat in enumerate(pair_seats(pair))
            }
            records[play_key(result)] = replace(
                record, players=(names[Seat.N], names[Seat.E], names[Seat.S], names[Seat.W])
            )
    boards = {number: BoardInfo.numbered(number, deal) for number, deal in deals.items()}
    if analyse:
        boards = _analysed(boards)
    event = Event(
        name=_("dupbridge sample club pairs"),
        date=_SAMPLE_DATE,
        site=_("played by the dupbridge robots"),
        boards=boards,
        pairs=tuple(pairs),
        results=tuple(results),
        mitchell=True,
    )
    return event, records


def pair_seats(pair: PairId) -> tuple[Seat, Seat]:
    """The seats of a pair's two players in the sample (its line's two seats, N before S)."""
    return (Seat.N, Seat.S) if pair.line is Side.NS else (Seat.E, Seat.W)


@cache
def solved_sample() -> dict[str, str]:
    """The double-dummy tables of the default sample's deals (PBN deal -> PBN
    DoubleDummyTricks), solved once by DDS and kept with the package, so that ``make run``
    need not solve them again; any other deal is solved when asked for."""
    text = resources.files("dupbridge.services").joinpath("sample_analysis.json").read_text()
    data: dict[str, str] = json.loads(text)
    return data


def _analysed(boards: dict[int, BoardInfo]) -> dict[int, BoardInfo]:
    numbers = sorted(boards)
    deals = [boards[number].deal for number in numbers]
    known = solved_sample()
    todo = [deal for deal in deals if deal is not None and deal.to_pbn() not in known]
    solved = dict(zip([deal.to_pbn() for deal in todo], dd_tables(todo), strict=True))
    tables = [
        solved[deal.to_pbn()] if deal.to_pbn() in solved else DDTable.from_pbn(known[deal.to_pbn()])
        for deal in deals
        if deal is not None
    ]
    analysed = {}
    for number, table in zip(numbers, tables, strict=True):
        info = boards[number]
        best = board_par(table, info.board)
        tricks = tuple(
            (seat, strain, table.tricks(strain, seat))
            for seat in PBN_DECLARER_ORDER
            for strain in PBN_STRAIN_ORDER
        )
        par_text = f"{best.par_contract()} {best.optimum_score()}"
        analysed[number] = replace(info, dd_tricks=tricks, par=par_text)
    return analysed


def build_sample_site(out_dir: Path, seed: int = SAMPLE_SEED, *, analyse: bool = True) -> Path:
    """Play, score (matchpoints, Law 78A) and publish the sample event with its makeable
    contracts and par (unless not ``analyse``) and every table's auction and play; return
    ``index.html``.

    Raises:
        OSError: if ``out_dir`` cannot be written.
    """
    event, plays = sample_event_with_plays(seed, analyse=analyse)
    scored = score_event(event, ScoringOptions())
    return publish(scored, Path(out_dir), plays=plays, analyse=False).index
