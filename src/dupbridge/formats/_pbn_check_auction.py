"""The check of a PBN Auction section against the Laws: calls in rotation from the dealer
(Law 17), sufficient bids (Laws 18 and 27), doubles and redoubles (Law 19), the end of the
auction (Law 22); and of Contract and Declarer against the auction.

The fast path takes a plain auction (calls, ``-``, ``AP``, notes) and leaves its calls in the
game's cache; anything else takes the full check.
"""

from __future__ import annotations

from collections.abc import Callable

from dupbridge.core.auction import Auction
from dupbridge.core.calls import PASS, Bid, Call, Pass
from dupbridge.core.errors import ActionError
from dupbridge.core.seats import Seat
from dupbridge.formats._pbn_check_base import (
    Locate,
    NoteRefs,
    Report,
    SectionToken,
    SectionUnit,
    as_tag,
    check_rows,
    group_units,
    note_ref,
    note_texts,
    ref_place,
    token_place,
)
from dupbridge.formats._pbn_game import Game
from dupbridge.formats._pbn_sections import (
    CompactCall,
    RawTag,
    Tag,
)
from dupbridge.formats._pbn_values import (
    CALL_VARIANTS,
    CALLS,
    PbnValueError,
    parse_seat,
)
from dupbridge.i18n import _

__all__ = ["check_auction"]


#: Call variants programs write that are read with a warning (others are errors).
_TOLERATED_CALLS = frozenset({"P", *(f"{level}N" for level in range(1, 8))})


def check_auction(
    game: Game,
    tags: dict[str, RawTag],
    notes: list[tuple[str | None, RawTag]],
    refs: dict[str, NoteRefs],
    *,
    report: Report,
    locate: Locate,
    export: bool,
) -> None:
    raw = tags.get("Auction")
    if raw is None:
        return
    tag = as_tag(raw)
    try:
        first = parse_seat(tag.value, "seat")
    except PbnValueError as error:
        report(tag.line or 1, tag.column or 1, _("tag Auction: {error}").format(error=error))
        return
    dealer = game.dealer
    if first is not None and dealer is not None:
        fast = _fast_auction(
            game, tag, first, dealer, notes=notes, refs=refs, report=report, locate=locate
        )
        if fast is not None:
            if export:
                check_rows(tag, report, 4, _("export format writes four calls to a line"))
            _check_contract(game, tags, fast, report)
            return
    what = _("call")
    units, _end = group_units(tag, report, locate, what)

    def at(token: SectionToken) -> tuple[int, int]:
        return token.line or tag.line or 1, locate(token.line, token.index, False)

    if export:
        check_rows(tag, report, 4, _("export format writes four calls to a line"))
    calls: list[tuple[Call | None, SectionUnit]] = []
    irregular = False
    warned: set[str] = set()  # the variants read with a warning (once each)
    for unit in units:
        text = unit.token.text
        if unit.marks or text == "^S":
            irregular = True
        if text in {"-", "^S"}:
            calls.append((None, unit))
            continue
        if text.upper() == "AP":
            calls.append((None, unit))
            continue
        call = CALLS.get(text)
        if call is None:
            call = CALL_VARIANTS.get(text)
            if call is None:
                report(
                    *at(unit.token),
                    _("{text!r} is not a call (Pass, X, XX, AP or a bid like 1NT)").format(
                        text=text
                    ),
                )
                return
            tolerated = text in _TOLERATED_CALLS
            if not tolerated or text not in warned:
                warned.add(text)
                report(
                    *at(unit.token),
                    _("{text!r} is written {call} in PBN").format(text=text, call=call),
                    tolerated,
                )
        calls.append((call, unit))
    if dealer is None or first is None:
        return
    if irregular:
        _check_irregular_auction(calls, report, at)
        return
    auction = Auction(dealer)
    offset = (dealer - first) % 4
    for position, (call, unit) in enumerate(calls):
        text = unit.token.text
        if position < offset:
            if text != "-":
                report(
                    *at(unit.token),
                    _(
                        "the dealer, {dealer}, makes the first call; write - for each seat before"
                    ).format(dealer=dealer.title),
                )
                return
            continue
        if text == "-":
            report(*at(unit.token), _("'-' (no call) is only for the seats before the dealer"))
            return
        if text.upper() == "AP":
            if auction.is_complete:
                report(*at(unit.token), _("AP after the auction has ended (Law 39)"))
            while not auction.is_complete:
                auction.add(Pass())
            if position != len(calls) - 1:
                report(*at(calls[position + 1][1].token), _("a call after AP (all pass)"))
            break
        assert call is not None
        try:
            auction.add(call)
        except ActionError as error:
            report(*at(unit.token), str(error))
            return
    _check_contract(game, tags, auction, report)


def _check_irregular_auction(
    calls: list[tuple[Call | None, SectionUnit]],
    report: Report,
    at: Callable[[SectionToken], tuple[int, int]],
) -> None:
    highest: Bid | None = None
    for call, unit in calls:
        marked = any(mark.text == "^I" for mark in unit.marks)
        if isinstance(call, Bid):
            sufficient = call.supersedes(highest)
            if marked and sufficient:
                report(
                    *at(unit.token),
                    _("{bid} is marked insufficient (^I) but is sufficient (Law 27)").format(
                        bid=call
                    ),
                )
            if sufficient:
                highest = call
        elif marked:
            report(*at(unit.token), _("only a bid can be insufficient (^I)"))


def _check_contract(game: Game, tags: dict[str, RawTag], auction: Auction, report: Report) -> None:
    if not auction.is_complete:
        return
    contract_tag = tags.get("Contract")
    declarer_tag = tags.get("Declarer")
    final = auction.contract
    if contract_tag is not None and contract_tag[1] not in ("", "?"):
        value = game.contract_value
        line, column = contract_tag[4] or 1, contract_tag[5] or 1
        if value is not None:
            if final is None and not value.passed_out:
                report(
                    line,
                    column,
                    _("the auction was passed out (Law 22B), not {contract}").format(
                        contract=contract_tag[1]
                    ),
                )
            elif final is not None and value.passed_out:
                report(
                    line,
                    column,
                    _("the auction ends in {contract}, not Pass").format(
                        contract=final.to_str(declarer=False)
                    ),
                )
            elif final is not None and (value.level, value.strain) != (final.level, final.strain):
                report(
                    line,
                    column,
                    _("the auction ends in {contract}, not {given}").format(
                        contract=final.to_str(declarer=False), given=contract_tag[1]
                    ),
                )
            elif final is not None and value.risk is not final.risk:
                report(
                    line,
                    column,
                    _("the auction ends in {contract}, not {given} (Law 19)").format(
                        contract=final.to_str(declarer=False), given=contract_tag[1]
                    ),
                )
    if declarer_tag is not None and declarer_tag[1] not in ("", "?") and final is not None:
        written = declarer_tag[1]
        try:
            seat = parse_seat(written.removeprefix("^"), "declarer")
        except PbnValueError:
            return
        line, column = declarer_tag[4] or 1, declarer_tag[5] or 1
        if written.startswith("^"):
            if seat is final.declarer:
                report(
                    line,
                    column,
                    _(
                        "{seat} is marked an irregular declarer (^) but the "
                        "auction makes {seat} declarer"
                    ).format(seat=written[1:]),
                )
        elif seat is not final.declarer and final.declarer is not None:
            report(
                line,
                column,
                _("the auction makes {seat} declarer, not {given} (Law 22A)").format(
                    seat=final.declarer.letter, given=written
                ),
            )


def _fast_auction(
    game: Game,
    tag: Tag,
    first: Seat,
    dealer: Seat,
    *,
    notes: list[tuple[str | None, RawTag]],
    refs: dict[str, NoteRefs],
    report: Report,
    locate: Locate,
) -> Auction | None:
    """Check a plain auction (calls, ``-``, ``AP``, notes =n=, a final ``+`` or ``*``) and
    cache its calls; None if the auction needs the full check (annotations, marks).

    Having read every token, it gives the auction's note references in ``refs``.
    """
    tokens = tag.tokens
    count = len(tokens)
    if count and tokens[-1] in ("+", "*"):
        count -= 1
    plain_calls = CALLS
    texts = note_texts(notes, "Auction") if "=" in "".join(tokens) else {}
    auction = Auction(dealer)
    offset = (dealer - first) % 4
    # the calls made, each its token, or (token, explanation) if alerted (see Game.calls)
    made: list[CompactCall] = []
    found: dict[int, int] = {}  # note number -> index of its first reference
    position = 0
    for index in range(count):
        word = tokens[index]
        call = plain_calls.get(word)
        if call is not None:
            if position < offset:
                report(
                    *token_place(tag, index, locate),
                    _(
                        "the dealer, {dealer}, makes the first call; write - for each seat before"
                    ).format(dealer=dealer.title),
                )
                return auction
            try:
                auction.add(call)
            except ActionError as error:
                report(*token_place(tag, index, locate), str(error))
                return auction
            made.append(word)
            position += 1
        elif word == "-":
            if position >= offset:
                report(
                    *token_place(tag, index, locate),
                    _("'-' (no call) is only for the seats before the dealer"),
                )
                return auction
            position += 1
        elif word == "AP" and index == count - 1 and position >= offset:
            if auction.is_complete:
                report(
                    *token_place(tag, index, locate), _("AP after the auction has ended (Law 39)")
                )
            while not auction.is_complete:
                auction.add(PASS)
                made.append("Pass")
        elif made and word[0] == "=" and tokens[index - 1][0] != "=":
            number = note_ref(word)
            if number is None:
                return None
            found.setdefault(number, index)
            previous = made[-1]
            made[-1] = (
                previous if type(previous) is str else previous[0],
                texts.get(number) or None,
            )
        else:
            return None
    game.cache_value("compact_calls", tuple(made))
    refs["Auction"] = {number: ref_place(tag, index) for number, index in found.items()}
    return auction
