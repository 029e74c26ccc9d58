"""The check of a PBN Play section against the deal and the Laws: the opening lead by
declarer's left-hand opponent (Law 41A), following suit (Law 44C), the winner of a trick
leading to the next (Law 44G); and of the Result against the tricks played.

The fast path (:func:`fast_play`) works on card bits for speed and so does its own Law 44
bookkeeping beside :mod:`dupbridge.core.play`; a property test checks that both give the
same answers on random plays.
"""

from __future__ import annotations

from collections.abc import Callable

from dupbridge.core.calls import Strain
from dupbridge.core.cards import CARDS, Card, Suit, suit_mask
from dupbridge.core.play import trick_winner
from dupbridge.core.seats import SEATS, Seat
from dupbridge.formats._pbn_check_base import (
    Locate,
    NoteRefs,
    Report,
    SectionToken,
    SectionUnit,
    as_tag,
    check_rows,
    group_units,
    token_place,
)
from dupbridge.formats._pbn_check_tags import no_play
from dupbridge.formats._pbn_game import Game
from dupbridge.formats._pbn_sections import (
    RawTag,
    Tag,
)
from dupbridge.formats._pbn_values import (
    CARD_TOKENS,
    PbnValueError,
    parse_seat,
)
from dupbridge.i18n import _

__all__ = ["check_play"]


def check_play(
    game: Game,
    tags: dict[str, RawTag],
    refs: dict[str, NoteRefs],
    *,
    report: Report,
    locate: Locate,
    export: bool,
) -> None:
    raw = tags.get("Play")
    if raw is None or no_play(raw):
        return
    tag = as_tag(raw)
    try:
        first = parse_seat(tag.value, "seat")
    except PbnValueError as error:
        report(tag.line or 1, tag.column or 1, _("tag Play: {error}").format(error=error))
        return
    declarer = game.declarer
    value = game.contract_value
    if declarer is not None and first is not declarer.lho and value is not None:
        report(
            tag.line or 1,
            tag.column or 1,
            _("the opening lead is made by {seat}, declarer's left-hand opponent (Law 41A)").format(
                seat=declarer.lho.letter
            ),
        )
        return
    if first is not None and _fast_play(game, tags, tag, first, report=report, locate=locate):
        refs["Play"] = {}  # cards and '-' only: no note references
        if export:
            check_rows(tag, report, 4, _("export format writes one trick (four cards) to a line"))
        return
    units, _end = group_units(tag, report, locate, _("card"), plus_is_unit=True)

    def at(token: SectionToken) -> tuple[int, int]:
        return token.line or tag.line or 1, locate(token.line, token.index, False)

    if export:
        check_rows(tag, report, 4, _("export format writes one trick (four cards) to a line"))
    cards: list[Card | None] = []
    bad = False
    lower_warned = False
    for unit in units:
        text = unit.token.text
        if text in ("-", "+"):
            cards.append(None)
            continue
        card = CARD_TOKENS.get(text)
        if card is None and len(text) == 2 and text.upper() in CARD_TOKENS:
            card = CARD_TOKENS[text.upper()]
            if not lower_warned:
                lower_warned = True
                report(
                    *at(unit.token),
                    _("{text!r} is read as {card}; PBN writes cards in capitals").format(
                        text=text, card=card
                    ),
                    True,
                )
        if card is None:
            report(*at(unit.token), _card_problem(text))
            bad = True
        cards.append(card)
    if first is None or bad:
        return
    if len(units) > 52:
        report(*at(units[52].token), _("more than thirteen tricks are given"))
        return
    _follow_play(game=game, tags=tags, first=first, units=units, cards=cards, report=report, at=at)


#: A card as the play check uses it: the card, its bit, suit, rank and index.
_CardInfo = tuple[Card, int, int, int, int]


_CARD_INFO: dict[str, _CardInfo] = {
    str(card): (card, card.bit, int(card.suit), int(card.rank), card.index) for card in CARDS
}


_SUIT_MASKS = tuple(suit_mask(suit) for suit in Suit)


#: The positions of a trick's row in the order played, by the position of its leader.
_ORDERS: tuple[tuple[int, ...], ...] = tuple(
    tuple((leader + step) & 3 for step in range(4)) for leader in range(4)
)


def _fast_play(
    game: Game,
    tags: dict[str, RawTag],
    tag: Tag,
    first: Seat,
    *,
    report: Report,
    locate: Locate,
) -> bool:
    """Check a plain play (cards, ``-``, a final ``*``) against the deal and Law 44; cache
    the cards in the order played. False if the play needs the full check."""
    tokens = tag.tokens
    count = len(tokens)
    if count and tokens[-1] == "*":
        count -= 1
    if count > 52:
        return False
    cards = list(map(_CARD_INFO.get, tokens[:count] if count < len(tokens) else tokens))
    if None in cards and any(c is None and t != "-" for c, t in zip(cards, tokens, strict=False)):
        return False
    value = game.contract_value
    if value is None or value.strain is None:
        return False
    trump = -1 if value.strain is Strain.NOTRUMP else int(value.strain)
    deal = game.deal_masks
    known = [False] * 4
    hands = [0, 0, 0, 0]
    if deal is not None:
        dealt = deal[:4]
        for holder in deal[5]:
            known[holder] = True
            hands[holder] = dealt[holder]
    first_seat = int(first)
    seat_at = [(first_seat + position) & 3 for position in range(4)]
    # by position in a row: the code of its seat's first card (see Game.played), whether the
    # hand is known, the hand
    codes = [seat * 52 for seat in seat_at]
    checked = [known[seat] for seat in seat_at]
    held = [hands[seat] for seat in seat_at]
    leader = 0
    won = [0, 0]
    tricks = 0
    played: list[int] = []
    add = played.append
    masks = _SUIT_MASKS
    for start in range(0, count, 4):
        part = cards[start : start + 4]
        if len(part) < 4 or None in part:
            if not _part_trick(
                tag=tag,
                start=start,
                row=part,
                leader=leader,
                seat_at=seat_at,
                checked=checked,
                held=held,
                played=played,
                report=report,
                locate=locate,
            ):
                return True
            break
        row: list[_CardInfo] = part  # type: ignore[assignment]  # no None in it
        best_position = leader
        led = best_suit = row[leader][2]
        best_rank = -1
        for position in _ORDERS[leader]:
            card, bit, suit, rank, number = row[position]
            if checked[position]:
                hand = held[position]
                if not hand & bit:
                    report(
                        *token_place(tag, start + position, locate),
                        _("{seat} does not hold {card} now").format(
                            seat=SEATS[seat_at[position]].title, card=card
                        ),
                    )
                    return True
                if suit != led and hand & masks[led]:
                    report(
                        *token_place(tag, start + position, locate),
                        _(
                            "{seat} revokes with {card}: it holds a card of the suit led "
                            "(Law 44C); mark a revoke ^R"
                        ).format(seat=SEATS[seat_at[position]].title, card=card),
                    )
                held[position] = hand ^ bit
            add(codes[position] + number)
            if suit == best_suit:
                if rank > best_rank:
                    best_rank, best_position = rank, position
            elif suit == trump:
                best_suit, best_rank, best_position = suit, rank, position
        won[seat_at[best_position] & 1] += 1
        tricks += 1
        leader = best_position
    game.cache_value("compact_played", bytes(played))
    full = deal is not None and len(deal[5]) == 4 and deal[0].bit_count() == 13
    _check_result(game, tags, won, tricks, full=full, report=report)
    return True


def _part_trick(
    *,
    tag: Tag,
    start: int,
    row: list[_CardInfo | None],
    leader: int,
    seat_at: list[int],
    checked: list[bool],
    held: list[int],
    played: list[int],
    report: Report,
    locate: Locate,
) -> bool:
    """Check the cards of a trick not played to the end (a claim), up to the first card not
    given; False if a card is not held (reported: the play is not checked further)."""
    best = row[leader] if leader < len(row) else None
    if best is None:
        return True
    led = best[2]
    for position in _ORDERS[leader]:
        entry = row[position] if position < len(row) else None
        if entry is None:
            break
        card, bit, suit, _rank, number = entry
        seat_index = seat_at[position]
        if checked[position]:
            hand = held[position]
            if not hand & bit:
                report(
                    *token_place(tag, start + position, locate),
                    _("{seat} does not hold {card} now").format(
                        seat=SEATS[seat_index].title, card=card
                    ),
                )
                return False
            if suit != led and hand & _SUIT_MASKS[led]:
                report(
                    *token_place(tag, start + position, locate),
                    _(
                        "{seat} revokes with {card}: it holds a card of the suit led "
                        "(Law 44C); mark a revoke ^R"
                    ).format(seat=SEATS[seat_index].title, card=card),
                )
            held[position] = hand ^ bit
        played.append(seat_index * 52 + number)
    return True


def _check_result(
    game: Game,
    tags: dict[str, RawTag],
    won: list[int],
    tricks: int,
    *,
    full: bool,
    report: Report,
) -> None:
    """The Result must be what declarer's side won in the tricks played, plus at most the
    tricks left (a claim or concession ended play early, Laws 68-69)."""
    declarer = game.declarer
    result_tag = tags.get("Result")
    result = game.result_value
    declared = game.result
    if (
        not full
        or declarer is None
        or result_tag is None
        or result is None
        or result.irregular
        or declared is None
    ):
        return
    taken = won[declarer.side]
    left = 13 - tricks
    if taken <= declared <= taken + left:
        return
    if left == 0:
        message = _("Result {given} but declarer's side took {taken} tricks in the play").format(
            given=result_tag[1], taken=taken
        )
    else:
        message = _(
            "Result {given} but declarer's side took {taken} of the first {played} tricks, "
            "so it ends with {taken} to {most}"
        ).format(given=result_tag[1], taken=taken, played=tricks, most=taken + left)
    report(result_tag[4] or 1, result_tag[5] or 1, message)


def _follow_play(
    *,
    game: Game,
    tags: dict[str, RawTag],
    first: Seat,
    units: list[SectionUnit],
    cards: list[Card | None],
    report: Report,
    at: Callable[[SectionToken], tuple[int, int]],
) -> None:
    """Play the cards trick by trick (Laws 44C, 44G) and check the Result against them."""
    value = game.contract_value
    deal = game.deal_value
    trump = None if value is None or value.strain is None else value.strain.suit
    known = set(deal.known) if deal is not None else set()
    hands = [deal.deal[seat].mask for seat in SEATS] if deal is not None else [0, 0, 0, 0]
    size = len(deal.deal[deal.known[0]]) if deal is not None else 13
    leader: Seat | None = first
    won = [0, 0]
    tricks = 0
    plus = False
    for start in range(0, len(units), 4):
        row_units = units[start : start + 4]
        row = cards[start : start + 4]
        if leader is None or plus:
            if plus:
                report(
                    *at(row_units[0].token),
                    _("{text!r} after '+' (the rest is to be continued)").format(
                        text=row_units[0].token.text
                    ),
                )
            return
        played: list[Card] = []
        complete = len(row) == 4
        for k in range(4):
            position = (leader - first + k) % 4
            if position >= len(row):
                complete = False
                continue
            unit = row_units[position]
            card = row[position]
            text = unit.token.text
            if text == "+":
                if plus:
                    report(*at(unit.token), _("'+' twice: the play is continued once"))
                plus = True
                complete = False
                continue
            if card is None:
                complete = False
                continue
            if plus:
                report(
                    *at(unit.token),
                    _("{text!r} after '+' (the rest is to be continued)").format(text=text),
                )
                return
            seat = first.next(position)
            _check_card(
                seat=seat,
                card=card,
                unit=unit,
                k=k,
                played=played,
                hands=hands,
                known=seat in known,
                report=report,
                at=at,
            )
            hands[seat] &= ~card.bit
            if complete:
                played.append(card)
        if not complete or len(played) < 4:
            leader = None
            continue
        winner = trick_winner(leader, (played[0], played[1], played[2], played[3]), trump)
        won[winner.side] += 1
        tricks += 1
        leader = winner
    _check_result(game, tags, won, tricks, full=size == 13 and len(known) == 4, report=report)


def _check_card(
    *,
    seat: Seat,
    card: Card,
    unit: SectionUnit,
    k: int,
    played: list[Card],
    hands: list[int],
    known: bool,
    report: Report,
    at: Callable[[SectionToken], tuple[int, int]],
) -> None:
    marks = {mark.text for mark in unit.marks}
    revoke = "^R" in marks and k > 0
    if known:
        if not hands[seat] >> card.index & 1:
            report(
                *at(unit.token),
                _("{seat} does not hold {card} now").format(seat=seat.title, card=card),
            )
            return
        if k > 0 and played:
            led = played[0].suit
            revoke = card.suit is not led and bool(hands[seat] & suit_mask(led))
    if revoke and "^R" not in marks:
        report(
            *at(unit.token),
            _(
                "{seat} revokes with {card}: it holds a card of the suit led "
                "(Law 44C); mark a revoke ^R"
            ).format(seat=seat.title, card=card),
        )
    elif "^R" in marks and not revoke:
        report(
            *at(unit.token),
            _("{card} is marked a revoke (^R) but {seat} did not fail to follow suit").format(
                seat=seat.title, card=card
            ),
        )
    if "^L" in marks and k == 0:
        report(
            *at(unit.token),
            _("{card} is marked a lead out of turn (^L) but {seat} was on lead").format(
                seat=seat.title, card=card
            ),
        )


def _card_problem(text: str) -> str:
    if len(text) == 2 and text[0] in "SHDC":
        return _("{text!r} is not a card: {rank!r} is no rank (AKQJT98765432)").format(
            text=text, rank=text[1]
        )
    if len(text) == 2 and text[1] in "AKQJT98765432":
        return _("{text!r} is not a card: {suit!r} is no suit (S, H, D, C)").format(
            text=text, suit=text[0]
        )
    return _("{text!r} is not a card (a suit S H D C and a rank: SA, H7)").format(text=text)
