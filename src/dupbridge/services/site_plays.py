"""The auction and play of a traveller line, for the hand viewer of the results website.

Results carry contracts and tricks only; files that recorded the bidding and the cards (PBN
Auction and Play sections, BBO's LIN) are matched to the traveller lines they belong to:

* :func:`plays_from_games`: PBN games read by :func:`dupbridge.services.event_results.load_event`,
  matched by the file line where each result was read;
* :func:`plays_from_records` (and :func:`plays_from_path` for a file, BBO's LIN say): any
  board records matched by board number and the players' names (North and South among the
  names of the North-South pair or team, East and West among the other's).

:func:`viewer_data` turns a record into what the page shows: the auction as rows of four
calls starting with West (as BBO and most hand viewers show it), and the play trick by trick
with the winner of each trick (Law 44: the highest trump, else the highest card of the suit
led), for the replay in ``viewer.js``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dupbridge.analysis.notation import card_text, contract_text
from dupbridge.core.calls import Bid
from dupbridge.core.cards import SUITS_DESCENDING, Card
from dupbridge.core.errors import DupbridgeError
from dupbridge.core.explanations import render_explanation
from dupbridge.core.seats import SEATS, Seat
from dupbridge.core.written import strain_text
from dupbridge.formats.pbn import Game
from dupbridge.formats.problems import FormatError, Severity
from dupbridge.formats.records import BoardRecord
from dupbridge.formats.registry import format_for_path, read_records
from dupbridge.i18n import _
from dupbridge.tournament.results import Event, Location, PairId, Result

__all__ = [
    "PlayKey",
    "SitePlaysError",
    "play_key",
    "plays_from_games",
    "plays_from_path",
    "plays_from_records",
    "viewer_data",
]

#: A traveller line: session, board, North-South pair, East-West pair.
PlayKey = tuple[int, int, PairId, PairId]

_RED_SUITS = {"♥", "♦"}
_AUCTION_ORDER = (Seat.W, Seat.N, Seat.E, Seat.S)


def play_key(result: Result) -> PlayKey:
    """The key of a traveller line in a plays mapping."""
    return (result.session, result.board, result.ns, result.ew)


def _has_play(record: BoardRecord) -> bool:
    return bool(record.calls) and record.deal is not None and record.deal.is_valid()


def plays_from_games(
    event: Event, games: Iterable[Game], source: str
) -> dict[PlayKey, BoardRecord]:
    """The records of the games with an auction, keyed by the traveller line read from them."""
    by_location: dict[Location, Result] = {
        result.location: result for result in event.results if result.location is not None
    }
    plays: dict[PlayKey, BoardRecord] = {}
    for game in games:
        result = by_location.get(Location(source, game.line or 1, 1))
        if result is None:
            continue
        record = game.to_record()
        if _has_play(record):
            plays[play_key(result)] = record
    return plays


def _names(event: Event, pair: PairId) -> set[str]:
    return {name.strip().casefold() for name in event.pair(pair).names if name.strip()}


def plays_from_records(event: Event, records: Iterable[BoardRecord]) -> dict[PlayKey, BoardRecord]:
    """Records matched to traveller lines by board and the players' names."""
    plays: dict[PlayKey, BoardRecord] = {}
    lines: dict[int, list[Result]] = {}
    for result in event.results:
        lines.setdefault(result.board, []).append(result)
    for record in records:
        if record.board is None or not _has_play(record):
            continue
        players = [(name or "").strip().casefold() for name in record.players]
        north_south = {players[Seat.N], players[Seat.S]} - {""}
        east_west = {players[Seat.E], players[Seat.W]} - {""}
        if not north_south or not east_west:
            continue
        for result in lines.get(record.board, []):
            if north_south <= _names(event, result.ns) and east_west <= _names(event, result.ew):
                plays[play_key(result)] = record
                break
    return plays


def plays_from_path(event: Event, path: Path) -> dict[PlayKey, BoardRecord]:
    """The auctions and play of a file of any format dupbridge reads (LIN, PBN...),
    matched to traveller lines by :func:`plays_from_records`.

    Raises:
        SitePlaysError: naming the file when it cannot be read (unknown kind, errors in it).
    """
    try:
        data = path.read_bytes()
        records, problems = read_records(format_for_path(path), data, str(path))
    except OSError as error:
        raise SitePlaysError(
            _("cannot read {path}: {reason}").format(path=path, reason=error.strerror)
        ) from None
    except FormatError as error:
        raise SitePlaysError(str(error)) from None
    errors = [problem for problem in problems if problem.severity is Severity.ERROR]
    if errors:
        raise SitePlaysError(str(errors[0]))
    return plays_from_records(event, records)


class SitePlaysError(DupbridgeError, ValueError):
    """A file of auctions and play that cannot be read."""


@dataclass(frozen=True)
class _Trick:
    leader: Seat
    cards: tuple[tuple[Seat, Card], ...]
    winner: Seat | None


def _tricks(play: Sequence[Card], record: BoardRecord) -> list[_Trick]:
    contract = record.contract
    if contract is None or contract.declarer is None:
        return []
    trump = contract.strain.suit
    leader = contract.declarer.lho
    tricks: list[_Trick] = []
    for start in range(0, len(play), 4):
        cards = tuple(
            (leader.next(offset), card) for offset, card in enumerate(play[start : start + 4])
        )
        winner = None
        if len(cards) == 4:
            led = cards[0][1].suit

            def power(item: tuple[Seat, Card], led: object = led) -> tuple[int, int]:
                card = item[1]
                return (2 if card.suit == trump else 1 if card.suit == led else 0, card.rank)

            winner = max(cards, key=power)[0]
        tricks.append(_Trick(leader, cards, winner))
        if winner is None:
            break
        leader = winner
    return tricks


def _call_cell(text: str, alert: bool, explanation: str | None) -> dict[str, Any]:
    return {"text": text, "alert": alert, "explanation": render_explanation(explanation) or ""}


def viewer_data(record: BoardRecord, ident: str, *, ten: str = "10") -> dict[str, Any]:
    """What the hand viewer shows of one record: names, auction rows, tricks, and the JSON
    the replay script reads (hands, cards in order with their trick and winner)."""
    assert record.deal is not None
    calls = []
    for made in record.calls:
        call = made.call
        if isinstance(call, Bid):
            strain = strain_text(call.strain)
            text = f"{call.level}{strain}"
            red = strain in _RED_SUITS
        else:
            text = _("Pass") if str(call) == "Pass" else str(call)
            red = False
        cell = _call_cell(text, made.alert, made.explanation)
        cell["red"] = red
        calls.append(cell)
    dealer = record.dealer or Seat.N
    blanks = _AUCTION_ORDER.index(dealer)
    cells: list[dict[str, Any] | None] = [None] * blanks + list(calls)
    rows = [cells[i : i + 4] for i in range(0, len(cells), 4)]
    tricks = _tricks(record.play, record)
    contract = record.contract
    players = {seat.letter: record.players[seat] or "" for seat in SEATS}
    steps = []
    for number, trick in enumerate(tricks, start=1):
        for seat, card in trick.cards:
            steps.append(
                {
                    "seat": seat.letter,
                    "card": card_text(card, ten=ten),
                    "suit": card.suit.symbol,
                    "red": card.suit.symbol in _RED_SUITS,
                    "trick": number,
                    "winner": trick.winner.letter if trick.winner is not None else "",
                }
            )
    hands = {
        seat.letter: [
            {
                "suit": suit.symbol,
                "red": suit.symbol in _RED_SUITS,
                "cards": [
                    card_text(Card(suit, rank), ten=ten) for rank in record.deal[seat].suit(suit)
                ],
            }
            for suit in SUITS_DESCENDING
        ]
        for seat in SEATS
    }
    return {
        "id": ident,
        "players": players,
        "contract": contract_text(contract) if contract is not None else "",
        "contract_red": contract is not None and contract.strain.symbol in _RED_SUITS,
        "declarer": contract.declarer.letter if contract and contract.declarer else "",
        "passed_out": record.passed_out,
        "auction": rows,
        "tricks": [
            {
                "number": number,
                "leader": trick.leader.letter,
                "cards": [
                    {
                        "seat": seat.letter,
                        "card": card_text(card, ten=ten),
                        "red": card.suit.symbol in _RED_SUITS,
                    }
                    for seat, card in trick.cards
                ],
                "winner": trick.winner.letter if trick.winner is not None else "",
            }
            for number, trick in enumerate(tricks, start=1)
        ],
        "claim": record.claim,
        "script": {
            "hands": hands,
            "hcp": {seat.letter: record.deal[seat].hcp for seat in SEATS},
            "steps": steps,
            "declarer": contract.declarer.letter if contract and contract.declarer else "",
            "claim": record.claim,
        },
    }
