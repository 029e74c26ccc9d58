"""Play analysis: the double-dummy cost of every card played (which cards gave a trick away).

Before the opening lead and after every card, DDS (``AnalyseAllPlaysBin``) gives the number of
tricks declarer's side would end with if everybody played double-dummy from there on (tricks
already won included). A card that lowers that number for its own side gave away that many
tricks; every other card cost nothing. Double dummy, a card never gains.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from dupbridge.analysis import _solver
from dupbridge.analysis.dd import Executor
from dupbridge.core.calls import Strain
from dupbridge.core.cards import Card, Suit
from dupbridge.core.deal import Deal
from dupbridge.core.errors import ActionError, DupbridgeError
from dupbridge.core.play import Play
from dupbridge.core.seats import Seat
from dupbridge.core.table import Table
from dupbridge.i18n import _

__all__ = [
    "CardCost",
    "PlayAnalysis",
    "PlayAnalysisError",
    "PlayRecord",
    "analyse_play",
    "analyse_plays",
    "analyse_table",
]


@dataclass(frozen=True, slots=True)
class PlayRecord:
    """The play of a board as plain values: deal, denomination, declarer and cards in order."""

    deal: Deal
    strain: Strain
    declarer: Seat
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CardCost:
    """One card of the play and what it cost its side double dummy."""

    index: int  #: 0 for the opening lead, up to 51
    trick: int  #: 1 .. 13
    seat: Seat
    card: Card
    before: int  #: declarer's side's double-dummy tricks before this card
    after: int  #: and after it
    cost: int  #: tricks this card gave away for its own side (0 if none)


@dataclass(frozen=True, slots=True)
class PlayAnalysis:
    """Declarer's double-dummy tricks before any card and after each, and each card's cost."""

    record: PlayRecord
    #: ``len(cards) + 1`` numbers: declarer's side's tricks double dummy (won ones included);
    #: the thirteenth trick is forced, so the number does not change during it.
    trace: tuple[int, ...]
    cards: tuple[CardCost, ...]

    @property
    def mistakes(self) -> tuple[CardCost, ...]:
        """The cards that gave a trick (or more) away."""
        return tuple(card for card in self.cards if card.cost)

    def cost_by_side(self, declaring: bool) -> int:
        """Tricks given away by declarer's side (``True``) or by the defenders."""
        side = self.record.declarer.side
        return sum(c.cost for c in self.cards if (c.seat.side is side) == declaring)


class PlayAnalysisError(DupbridgeError, ValueError):
    """A play record that cannot be analysed (a card not held, or not legal where played)."""


def _check(record: PlayRecord) -> list[Seat]:
    """The seat of each card, checking the play is legal (Laws 41A, 44)."""
    record.deal.validated()
    play = Play(record.deal, record.declarer, record.strain.suit)
    seats: list[Seat] = []
    for index, card in enumerate(record.cards):
        seat = play.turn
        if seat is None:
            raise PlayAnalysisError(
                _("card {n} ({card}) comes after the thirteenth trick").format(
                    n=index + 1, card=card
                )
            )
        try:
            play.play(seat, card)
        except ActionError as error:
            raise PlayAnalysisError(
                _("card {n} ({card}) cannot be played: {error}").format(
                    n=index + 1, card=card, error=error
                )
            ) from None
        seats.append(seat)
    return seats


def _job(record: PlayRecord) -> tuple[Sequence[int], Suit | None, Seat, Sequence[Card]]:
    masks = tuple(hand.mask for hand in record.deal.hands)
    return masks, record.strain.suit, record.declarer.lho, record.cards


def solve_jobs(
    jobs: Sequence[tuple[Sequence[int], Suit | None, Seat, Sequence[Card]]],
) -> list[list[int]]:
    """Run one batch of play analyses (what an executor runs; plain, picklable values)."""
    return _solver.analyse_plays(jobs)


def _build(record: PlayRecord, seats: list[Seat], solved: Sequence[int]) -> PlayAnalysis:
    # DDS stops after the twelfth trick: the last one is forced (one card each), so the
    # double-dummy number no longer changes.
    trace = list(solved) + [solved[-1]] * (len(record.cards) + 1 - len(solved))
    declaring = record.declarer.side
    costs = []
    for index, (seat, card) in enumerate(zip(seats, record.cards, strict=True)):
        before, after = trace[index], trace[index + 1]
        lost = before - after if seat.side is declaring else after - before
        costs.append(CardCost(index, index // 4 + 1, seat, card, before, after, max(0, lost)))
    return PlayAnalysis(record, tuple(trace), tuple(costs))


def analyse_plays(
    records: Iterable[PlayRecord],
    *,
    executor: Executor | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[PlayAnalysis]:
    """Analyse many plays with the solver's batch call (200 boards per call).

    Raises:
        PlayAnalysisError: naming the card, for a play that is not legal.
        InvalidDealError: for a deal that is not valid.
    """
    items = list(records)
    seats = [_check(record) for record in items]
    jobs = [_job(record) for record in items]
    size = _solver.MAX_BOARDS
    chunks = [jobs[i : i + size] for i in range(0, len(jobs), size)]
    traces: list[list[int]] = []
    if executor is None:
        for chunk in chunks:
            traces.extend(solve_jobs(chunk))
            if progress is not None:
                progress(len(chunk))
    else:
        futures = [(len(chunk), executor.submit(solve_jobs, chunk)) for chunk in chunks]
        for count, future in futures:
            traces.extend(future.result())
            if progress is not None:
                progress(count)
    return [
        _build(record, seat_list, trace)
        for record, seat_list, trace in zip(items, seats, traces, strict=True)
    ]


def analyse_play(deal: Deal, strain: Strain, declarer: Seat, cards: Sequence[Card]) -> PlayAnalysis:
    """The double-dummy cost of each card of one play.

    Raises:
        PlayAnalysisError: naming the card, for a play that is not legal.
        InvalidDealError: for a deal that is not valid.
    """
    return analyse_plays([PlayRecord(deal, strain, declarer, tuple(cards))])[0]


def analyse_table(table: Table) -> PlayAnalysis:
    """The analysis of the cards played so far at a core Table.

    Raises:
        ValueError: if the table has no contract (still in the auction, or passed out).
    """
    contract = table.contract
    play = table.play
    if contract is None or play is None or contract.declarer is None:
        raise ValueError(_("the board has no play to analyse"))
    cards = [card for trick in play.tricks for card in trick.cards]
    cards.extend(play.current_trick)
    return analyse_play(table.deal, contract.strain, contract.declarer, cards)
