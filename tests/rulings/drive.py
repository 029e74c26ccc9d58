"""Helpers shared by the rulings tests: random play of a recording-mode table."""

from __future__ import annotations

import random

from dupbridge import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Card, Deal, Phase, Seat, Table
from dupbridge.core.calls import Call, Strain
from dupbridge.core.errors import ActionError
from dupbridge.core.recording import RecordedAuction
from dupbridge.rulings import RulingsEngine, rulebook_for

KINDS = (
    "insufficient_bid",
    "out_of_rotation",
    "inadmissible",
    "above_seven",
    "exposed",
    "led",
    "change",
    "misinformation",
    "unauthorized",
    "simultaneous",
    "after_final_pass",
)


def recording_table(seed: int, edition: str, board: int = 1) -> tuple[Table, RulingsEngine]:
    """A recording-mode table for a random deal."""
    rng = random.Random(seed)
    rulebook = rulebook_for(edition)
    return Table(board, Deal.random(rng), edition=edition, mode="recording", rulebook=rulebook), (
        rulebook
    )


def random_call(table: Table, rng: random.Random) -> Call:
    """A legal call for the player to call, passing three times in four."""
    legal = table.legal_calls()
    if rng.random() < 0.75 and PASS in legal:
        return PASS
    return legal[rng.randrange(len(legal))]


def inject(table: Table, kind: str, rng: random.Random) -> None:
    """Make one irregularity of ``kind`` happen (or a legal action when it cannot). An
    action the table refuses must leave it exactly as it was."""
    before = table.events
    try:
        _inject(table, kind, rng)
    except ActionError:
        assert before == table.events
        if table.phase is Phase.AUCTION:
            turn = table.turn
            assert turn is not None
            table.make_call(turn, random_call(table, rng))


def _inject(table: Table, kind: str, rng: random.Random) -> None:
    rec = table.recording
    assert rec is not None
    auction = table.auction
    assert isinstance(auction, RecordedAuction)
    turn = table.turn
    seats = list(Seat)
    if kind == "after_final_pass" or table.phase is not Phase.AUCTION or turn is None:
        if table.phase is Phase.PLAY:
            seat = rng.choice(seats)
            table.make_call(seat, rng.choice([PASS, DOUBLE, ALL_BIDS[rng.randrange(35)]]))
        return
    if kind == "insufficient_bid" and auction.last_bid is not None and auction.last_bid.rank > 0:
        table.make_call(turn, ALL_BIDS[rng.randrange(auction.last_bid.rank)])
    elif kind == "out_of_rotation":
        seat = rng.choice([s for s in seats if s is not turn])
        table.make_call(seat, rng.choice([PASS, DOUBLE, REDOUBLE, ALL_BIDS[rng.randrange(35)]]))
    elif kind == "inadmissible":
        table.make_call(turn, rng.choice([DOUBLE, REDOUBLE]))
    elif kind == "above_seven":
        table.bid_above_seven(rng.choice(seats), rng.randint(8, 9), rng.choice(list(Strain)))
    elif kind in ("exposed", "led"):
        seat = rng.choice(seats)
        cards = list(table.deal[seat])
        if kind == "led":
            table.play_card(seat, rng.choice(cards))
        else:
            table.expose_cards(seat, rng.sample(cards, rng.randint(1, 2)))
    elif kind == "change" and rec.standing:
        seat = rec.standing[-1].seat
        try:
            table.change_call(seat, rng.choice([PASS, DOUBLE, ALL_BIDS[rng.randrange(35)]]))
        except ActionError:
            table.make_call(turn, random_call(table, rng))
    elif kind in ("misinformation", "unauthorized"):
        seat = rng.choice(seats)
        table.report(seat, "misinformation" if kind == "misinformation" else
                     "unauthorized_information", "facts", seat.lho)  # fmt: skip
    elif kind == "simultaneous" and rec.standing and _last_action_is_call(table):
        last = rec.standing[-1].seat
        seat = rng.choice([s for s in seats if s is not last])
        table.make_call(seat, rng.choice([PASS, ALL_BIDS[rng.randrange(35)]]), simultaneous=True)
    else:
        table.make_call(turn, random_call(table, rng))


def settle_pending(table: Table, rng: random.Random) -> None:
    """Answer the pending decision at random: an option, a yes/no, or a caller's call."""
    pending = table.pending
    assert pending is not None
    rec = table.recording
    assert rec is not None
    if pending.callers and rng.random() < 0.25:
        seat = rng.choice(pending.callers)
        auction = table.auction
        assert isinstance(auction, RecordedAuction)
        legal = auction.legal_calls_for(seat)
        call = legal[rng.randrange(len(legal))] if len(legal) else PASS
        table.make_call(seat, call)
        return
    if pending.chooser is None:
        table.director(**{pending.options[0]: rng.random() < 0.5})
    else:
        table.choose(pending.chooser, rng.choice(pending.options))


def drive(table: Table, rng: random.Random, *, limit: int = 400) -> None:
    """Play the board out at random, answering every ruling, until it is finished."""
    for _ in range(limit):
        phase = table.phase
        if phase is Phase.FINISHED:
            return
        if phase is Phase.DIRECTOR:
            settle_pending(table, rng)
        elif phase is Phase.AUCTION:
            turn = table.turn
            assert turn is not None
            table.make_call(turn, random_call(table, rng))
        else:
            turn = table.turn
            assert turn is not None
            legal = table.legal_cards()
            assert len(legal), "a player on turn always has a card to play"
            card: Card = legal[rng.randrange(len(legal))]
            table.play_card(turn, card)
    raise AssertionError("the board did not finish")


def _last_action_is_call(table: Table) -> bool:
    from dupbridge.core.events import CallMade

    last = next((e for e in reversed(table.events) if not e.derived), None)
    return isinstance(last, CallMade)
