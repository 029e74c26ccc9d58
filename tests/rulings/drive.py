"""Helpers shared by the rulings tests: random play of a recording-mode table."""

from __future__ import annotations

import random
from collections.abc import Callable

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
    """Answer the pending decision at random: an option, a yes/no, a number of tricks, or a
    caller's call or card."""
    pending = table.pending
    assert pending is not None
    rec = table.recording
    assert rec is not None
    if pending.options == ("tricks", "line"):  # the Director decides a number of tricks
        for tricks in rng.sample(range(14), 14):
            try:
                table.director(tricks=tricks)
            except ActionError:
                continue
            return
        raise AssertionError("no number of tricks accepted")
    if pending.callers and table.play is not None and rng.random() < 0.25:
        seat = rng.choice(pending.callers)
        hand = list(table.play.hand(seat))
        if hand:
            try:
                table.play_card(seat, rng.choice(hand))
                return
            except ActionError:
                pass
    if pending.callers and table.play is None and rng.random() < 0.25:
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


PLAY_KINDS = (
    "lead_out_of_turn",
    "premature",
    "revoke",
    "revoke_noticed",
    "expose",
    "claim_rejected",
    "claim_continued",
    "concession_objected",
    "dummy_warns",
    "defective_trick",
    "missing_card",
    "wrong_board",
    "incorrect_cards",
    "tricks_disputed",
    "agreement_withdrawn",
    "penalty_ignored",
    "dummy_suggests",
)


def to_contract(table: Table, rng: random.Random) -> None:
    """A random legal auction that ends in a contract (the first player bids)."""
    first = True
    while table.phase is Phase.AUCTION:
        turn = table.turn
        assert turn is not None
        legal = table.legal_calls()
        if first:
            bids = [call for call in legal if call not in (PASS, DOUBLE, REDOUBLE)]
            table.make_call(turn, rng.choice(bids[:15]))
            first = False
        else:
            table.make_call(turn, random_call(table, rng))


def play_some(table: Table, rng: random.Random, cards: int) -> None:
    """Play up to ``cards`` legal cards (answering rulings at random)."""
    for _ in range(cards):
        if table.phase is Phase.DIRECTOR:
            settle_pending(table, rng)
        if table.phase is not Phase.PLAY:
            return
        turn = table.turn
        assert turn is not None
        legal = table.legal_cards()
        table.play_card(turn, legal[rng.randrange(len(legal))])


def inject_play(table: Table, kind: str, rng: random.Random) -> None:
    """Make one play-period (or board-level) irregularity happen, or do nothing when it
    cannot arise here. A refused action must leave the table exactly as it was."""
    before = table.events
    try:
        _inject_play(table, kind, rng)
    except ActionError:
        assert before == table.events


def attempt(table: Table, action: Callable[[], object]) -> None:
    """Do ``action``; if the table refuses it, it must be unchanged."""
    before = table.events
    try:
        action()
    except ActionError:
        assert before == table.events


def _inject_play(table: Table, kind: str, rng: random.Random) -> None:
    play = table.play
    if table.phase is not Phase.PLAY or play is None:
        if kind in ("tricks_disputed", "agreement_withdrawn") and table.phase is Phase.FINISHED:
            seat = rng.choice(list(Seat))
            if kind == "tricks_disputed":
                table.report(seat, "tricks_disputed", details={"after_round": rng.random() < 0.3})
            else:
                table.withdraw_agreement(seat)
        return
    turn = play.turn
    assert turn is not None
    seats = list(Seat)
    if kind in ("lead_out_of_turn", "premature"):
        holders = [s for s in seats if s is not turn and len(play.hand(s))]
        if holders:
            seat = rng.choice(holders)
            table.play_card(seat, rng.choice(list(play.hand(seat))))
    elif kind in ("revoke", "revoke_noticed"):
        current = play.current_trick
        hand = play.hand(turn)
        if current and hand.has_suit(current[0].suit):
            others = [c for c in hand if c.suit is not current[0].suit]
            if others:
                table.play_card(turn, rng.choice(others))
                if kind == "revoke_noticed":
                    play_some(table, rng, rng.randint(0, 6))
                    if table.phase in (Phase.PLAY, Phase.FINISHED):
                        when = rng.choice(["", "after_next_call", "after_round"])
                        finished = table.phase is Phase.FINISHED
                        table.draw_attention(rng.choice(seats), turn, when=when if finished else "")
                return
        table.play_card(turn, table.legal_cards()[0])
    elif kind == "expose":
        seat = rng.choice(seats)
        hand = list(play.hand(seat))
        if hand:
            cards = rng.sample(hand, min(len(hand), rng.randint(1, 2)))
            table.expose_cards(seat, cards, deliberate=rng.random() < 0.3)
    elif kind in ("claim_rejected", "claim_continued", "agreement_withdrawn"):
        seat = rng.choice([s for s in seats if s is not play.dummy])
        won = play.tricks_won(seat.side)
        left = 13 - len(play.tricks)
        table.claim(seat, won + rng.randint(0, left), "SA then the rest")
        opponent = rng.choice(seat.side.opponents.seats)
        if kind == "claim_rejected":
            attempt(table, lambda: table.reject_claim(opponent))
        elif kind == "claim_continued":
            attempt(table, lambda: table.continue_play(opponent))
        else:
            table.accept_claim(opponent)
            attempt(table, lambda: table.withdraw_agreement(rng.choice(seats)))
        if table.pending_claim is not None and table.phase is Phase.PLAY:
            table.accept_claim(opponent)
    elif kind == "concession_objected":
        seat = rng.choice([s for s in seats if s.side is not play.declarer.side])
        table.concede(seat, None)
        attempt(table, lambda: table.object_to_concession(seat.partner))
    elif kind == "dummy_warns":
        table.report(play.dummy, "dummy_warned_wrong_hand")
    elif kind == "dummy_suggests":
        table.report(play.dummy, "dummy_suggested_play", "dummy touched a card")
    elif kind == "penalty_ignored":
        defender = rng.choice([s for s in seats if s.side is not play.declarer.side])
        hand = list(play.hand(defender))
        if not hand:
            return
        table.expose_cards(defender, [rng.choice(hand)], deliberate=True)
        for _ in range(12):  # on to the defender's turn, then a card other than the due one
            if table.phase is Phase.DIRECTOR:
                settle_pending(table, rng)
                continue
            if table.phase is not Phase.PLAY:
                return
            turn = table.turn
            assert turn is not None
            legal = table.legal_cards()
            if turn is defender:
                others = [c for c in play.hand(turn) if c not in legal]
                table.play_card(turn, rng.choice(others) if others else legal[0])
                return
            table.play_card(turn, legal[rng.randrange(len(legal))])
    elif kind == "defective_trick":
        if play.tricks:
            trick = rng.randint(1, len(play.tricks))
            table.report(
                rng.choice(seats),
                "defective_trick",
                against=rng.choice(seats),
                details={"trick": trick, "cards": rng.choice(["omitted", "surplus"])},
            )
    elif kind == "missing_card":
        table.report(
            rng.choice(seats),
            "missing_card",
            against=rng.choice(seats),
            details={"found": rng.choice(["played", "elsewhere", "not_found"])},
        )
    elif kind == "wrong_board":
        table.report(rng.choice(seats), "wrong_board")
    elif kind == "incorrect_cards":
        table.report(
            rng.choice(seats),
            "incorrect_number_of_cards",
            against=rng.choice(seats),
            details={"surplus": rng.random() < 0.3},
        )
