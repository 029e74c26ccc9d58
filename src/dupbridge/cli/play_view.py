"""``dupbridge play`` at the terminal: the game as it happens.

The player sees every call as it is made, the auction grid before each of his calls, the
cards of the trick in progress, dummy once the opening lead is faced (Law 41D), and at the end
the contract, the tricks and the score (Law 77). On a terminal this is a Rich live display
(:class:`LiveView`), redrawn after each action at a readable pace; when the output is piped it
is one plain line per event (:class:`PlainView`).

The human's calls and cards come from the keyboard (:class:`KeyboardInput`: a wrong answer is
refused with the law and asked again) or, when standard input is piped, one per line
(:class:`LineInput`: a line the Laws refuse, or the end of the input before the board is over,
stops the run with the line number).
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Literal, Protocol, TextIO

import typer
from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.text import Text

from dupbridge.cli.render import auction_table, card_text, deal_diagram
from dupbridge.core.calls import Call, parse_call
from dupbridge.core.cards import Card
from dupbridge.core.errors import ActionError, NotationError
from dupbridge.core.events import CallMade
from dupbridge.core.play import Trick
from dupbridge.core.seats import SEATS, Seat, Side
from dupbridge.core.table import Phase, Table
from dupbridge.core.views import view_for
from dupbridge.core.written import call_text, contract_text, hand_text, vulnerability_text
from dupbridge.core.written import card_text as card_words
from dupbridge.i18n import _
from dupbridge.robots.bidding import choose_call, read_auction
from dupbridge.robots.constraints import HandConstraint
from dupbridge.scoring import score

__all__ = [
    "InputEndedError",
    "KeyboardInput",
    "LineInput",
    "LiveView",
    "PlainView",
    "View",
    "legal_cards_text",
    "play_board",
    "result_line",
]


#: How the robots play their cards in ``dupbridge play`` (docs/robots.md): ``fast`` keeps
#: the pace of a game at the terminal (a few double-dummy layouts a card from the third trick).
PLAY_LEVEL: Literal["basic", "fast", "standard"] = "fast"


class InputEndedError(Exception):
    """Piped input ran out, or held a line the table refused (message names the line)."""


class View(Protocol):
    """What the player is shown."""

    def call_made(self, table: Table, seat: Seat, call: Call) -> None: ...
    def card_played(self, table: Table, seat: Seat, card: Card, done: Trick | None) -> None: ...
    def dummy_down(self, table: Table) -> None: ...
    def your_turn(self, table: Table, seat: Seat) -> None: ...
    def refused(self, message: str) -> None: ...
    def finish(self, table: Table) -> None: ...


class HumanInput(Protocol):
    """Where the human's calls and cards come from."""

    def call(self, table: Table, seat: Seat, view: View) -> None: ...
    def card(self, table: Table, seat: Seat, view: View) -> None: ...


def play_board(
    table: Table,
    human: Seat | None,
    view: View,
    source: HumanInput,
    rng: random.Random | None = None,
) -> None:
    """Play ``table`` to the end: the human at ``human`` (None: robots only), robots elsewhere;
    declarer plays dummy's cards (Law 41D). ``rng`` seeds the robots' card play (the same
    seed, the same cards)."""
    while table.phase is Phase.AUCTION:
        turn = table.turn
        assert turn is not None
        if turn is human:
            view.your_turn(table, turn)
            source.call(table, turn, view)
        else:
            call, alert, explanation = choose_call(table.auction, table.deal[turn], turn)
            table.make_call(turn, call, alert=alert, explanation=explanation)
        last = _last_call(table)
        view.call_made(table, last.seat, last.call)
    if table.contract is None:
        view.finish(table)
        return
    controller = {seat: seat for seat in SEATS}
    declarer = table.declarer
    assert declarer is not None
    controller[declarer.partner] = declarer
    play = table.play
    assert play is not None
    readings: dict[Seat, dict[Seat, HandConstraint]] = {}
    while table.phase is Phase.PLAY:
        turn = table.turn
        assert turn is not None
        before = len(play.tricks)
        if human is not None and controller[turn] is human:
            view.your_turn(table, turn)
            source.card(table, turn, view)
        else:
            table.play_card(turn, _robot_card(table, controller[turn], readings, rng))
        seat, card = play.plays()[-1]
        done = play.tricks[-1] if len(play.tricks) > before else None
        view.card_played(table, seat, card, done)
        if play.cards_played == 1:
            view.dummy_down(table)
    view.finish(table)


def _robot_card(
    table: Table,
    seat: Seat,
    readings: dict[Seat, dict[Seat, HandConstraint]],
    rng: random.Random | None,
) -> Card:
    """The robot's card for ``seat`` (declarer for dummy, Law 45B), chosen from its own view
    with the auction as it reads it, at the level :data:`PLAY_LEVEL`."""
    from dupbridge.robots.play import choose_card

    play = table.play
    assert play is not None
    if seat not in readings:
        readings[seat] = read_auction(table.auction, seat)
    return choose_card(
        view_for(table, seat), readings[seat], level=PLAY_LEVEL, rng=rng, history=play.plays()
    )


def _last_call(table: Table) -> CallMade:
    return next(e for e in reversed(table.events) if isinstance(e, CallMade))


# --- input -----------------------------------------------------------------------------------


class KeyboardInput:
    """The human types at a prompt; a call or card the Laws refuse is explained and asked
    again."""

    def call(self, table: Table, seat: Seat, view: View) -> None:
        legal = " ".join(str(call) for call in table.legal_calls())
        while True:
            answer = typer.prompt(
                _("{seat}, your call (legal: {legal})").format(seat=seat.title, legal=legal)
            )
            try:
                table.make_call(seat, parse_call(answer))
            except (NotationError, ActionError) as error:
                view.refused(str(error))
            else:
                return

    def card(self, table: Table, seat: Seat, view: View) -> None:
        while True:
            answer = typer.prompt(
                _("{seat} to play (legal: {legal})").format(
                    seat=seat.title, legal=legal_cards_text(table)
                )
            )
            try:
                table.play_card(seat, Card.from_str(answer))
            except (NotationError, ActionError) as error:
                view.refused(str(error))
            else:
                return


class LineInput:
    """Piped input: one call or card per line (blank lines and ``#`` comments skipped)."""

    def __init__(self, stream: TextIO) -> None:
        self._lines = _numbered(stream)

    def _next(self, what: str) -> tuple[int, str]:
        try:
            return next(self._lines)
        except StopIteration:
            raise InputEndedError(
                _("standard input ended before the board was over: {what} expected").format(
                    what=what
                )
            ) from None

    def call(self, table: Table, seat: Seat, view: View) -> None:
        number, text = self._next(_("a call by {seat}").format(seat=seat.title))
        try:
            table.make_call(seat, parse_call(text))
        except (NotationError, ActionError) as error:
            raise InputEndedError(
                _("<stdin>:{line}: {error}").format(line=number, error=error)
            ) from None

    def card(self, table: Table, seat: Seat, view: View) -> None:
        number, text = self._next(_("a card by {seat}").format(seat=seat.title))
        try:
            table.play_card(seat, Card.from_str(text))
        except (NotationError, ActionError) as error:
            raise InputEndedError(
                _("<stdin>:{line}: {error}").format(line=number, error=error)
            ) from None


def legal_cards_text(table: Table) -> str:
    """The legal cards as you would type them: ``H8 H7 H3``."""
    return " ".join(str(card) for card in table.legal_cards())


def _numbered(stream: TextIO) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(stream, start=1):
        text = line.strip()
        if text and not text.startswith("#"):
            yield number, text


# --- views -----------------------------------------------------------------------------------


def _action_text(seat: Seat, what: str) -> str:
    return _("{seat}: {action}").format(seat=seat.title, action=what)


def result_line(table: Table) -> str:
    """The end of the board: contract, tricks, outcome and score by side (Law 77)."""
    contract = table.contract
    if contract is None:
        return _("Passed out: both sides score 0 (Law 22).")
    result = table.result
    assert contract.declarer is not None
    assert result is not None
    side = contract.declarer.side
    points = score(contract, result, table.board.vulnerability.is_vulnerable(side))
    need = contract.tricks_needed
    outcome = (
        _("made")
        if result == need
        else f"+{result - need}"
        if result > need
        else f"-{need - result}"
    )
    ns = points if side is Side.NS else -points
    return _(
        "{contract} by {declarer}, {tricks} tricks ({outcome}): NS {ns:+d}, EW {ew:+d}"
    ).format(
        contract=contract_text(contract, declarer=False),
        declarer=contract.declarer.title,
        tricks=result,
        outcome=outcome,
        ns=ns,
        ew=-ns,
    )


def _tricks_line(table: Table) -> str:
    won = table.tricks()
    return _("Tricks: NS {ns}, EW {ew}").format(ns=won[Side.NS], ew=won[Side.EW])


def _contract_line(table: Table) -> str:
    contract = table.contract
    assert contract is not None
    return _("Contract: {contract} by {declarer}").format(
        contract=contract_text(contract, declarer=False),
        declarer=contract.declarer.title if contract.declarer else "?",
    )


def plain_auction(table: Table) -> list[str]:
    """The auction grid as plain lines: columns W N E S from the dealer's column, ``?`` for
    the call to come."""
    board = table.board
    order = (Seat.W, Seat.N, Seat.E, Seat.S)
    cells = [""] * order.index(board.dealer)
    cells += [call_text(call) for call in table.auction.calls]
    if table.phase is Phase.AUCTION:
        cells.append("?")
    lines = [
        _("Auction (dealer {dealer}, vulnerable: {vul})").format(
            dealer=board.dealer.title, vul=vulnerability_text(board.vulnerability)
        ),
        "".join(f"{seat.title:<7}" for seat in order).rstrip(),
    ]
    lines.extend(
        "".join(f"{cell:<7}" for cell in cells[start : start + 4]).rstrip()
        for start in range(0, len(cells), 4)
    )
    return lines


class PlainView:
    """One plain line per event, for piped output (no colours, no redrawing)."""

    def __init__(self, console: Console, table: Table, human: Seat | None) -> None:
        self.console = console
        self.human = human
        self.say(
            _("Board {n}: dealer {dealer}, vulnerable: {vul}").format(
                n=table.board.number,
                dealer=table.board.dealer.title,
                vul=vulnerability_text(table.board.vulnerability),
            )
        )
        if human is not None:
            self.say(
                _("You are {seat}: {hand}").format(
                    seat=human.title, hand=hand_text(table.deal[human])
                )
            )

    def say(self, line: str) -> None:
        self.console.print(line, markup=False, highlight=False, soft_wrap=True)

    def call_made(self, table: Table, seat: Seat, call: Call) -> None:
        self.say(_action_text(seat, call_text(call)))
        if table.phase is not Phase.AUCTION and table.contract is not None:
            self.say(_contract_line(table))

    def card_played(self, table: Table, seat: Seat, card: Card, done: Trick | None) -> None:
        self.say(_action_text(seat, card_words(card)))
        if done is not None:
            self.say(
                _("Trick {n} won by {seat}. {tricks}").format(
                    n=done.number, seat=done.winner.title, tricks=_tricks_line(table)
                )
            )

    def dummy_down(self, table: Table) -> None:
        dummy = table.dummy
        play = table.play
        if dummy is None or play is None or self.human is None:
            return
        self.say(
            _("Dummy ({seat}): {hand}").format(seat=dummy.title, hand=hand_text(play.hand(dummy)))
        )

    def your_turn(self, table: Table, seat: Seat) -> None:
        if table.phase is Phase.AUCTION:
            for line in plain_auction(table):
                self.say(line)
            self.say(_("{seat} to call").format(seat=seat.title))
            return
        play = table.play
        assert play is not None
        self.say(
            _("{seat}'s hand: {hand}").format(seat=seat.title, hand=hand_text(play.hand(seat)))
        )
        self.say(
            _("{seat} to play (legal: {legal})").format(
                seat=seat.title, legal=legal_cards_text(table)
            )
        )

    def refused(self, message: str) -> None:
        self.say(_("refused: {message}").format(message=message))

    def finish(self, table: Table) -> None:
        if table.contract is not None:
            self.say(_tricks_line(table))
        self.say(result_line(table))


class LiveView:
    """A Rich live display on a terminal: the auction grid, then the table with the trick in
    progress, redrawn after each action (``pace`` seconds apart); stopped while the human
    answers, so his prompt sits under the latest picture."""

    def __init__(self, console: Console, table: Table, human: Seat | None, pace: float) -> None:
        self.console = console
        self.table = table
        self.human = human
        self.pace = pace
        self.recent: list[str] = []
        self.live: Live | None = None
        self.dummy_shown = False

    # the picture -------------------------------------------------------------------------

    def frame(self) -> RenderableType:
        table = self.table
        board = table.board
        parts: list[RenderableType] = []
        title = _("Board {n}: dealer {dealer}, vulnerable: {vul}").format(
            n=board.number, dealer=board.dealer.title, vul=vulnerability_text(board.vulnerability)
        )
        if self.human is not None:
            title += " · " + _("you are {seat}").format(seat=self.human.title)
        parts.append(Text(title, style="bold"))
        calls = [(e.call, e.alert) for e in table.events if isinstance(e, CallMade)]
        parts.append(auction_table(board.dealer, calls, board.vulnerability))
        play = table.play
        if play is not None and table.contract is not None:
            shown = {self.human, table.dummy if self.dummy_shown else None}
            hands = {seat: play.hand(seat) if seat in shown else None for seat in SEATS}
            parts.append(deal_diagram(hands, centre=self.centre()))
        elif self.human is not None:
            parts.append(
                deal_diagram(
                    {seat: table.deal[seat] if seat is self.human else None for seat in SEATS}
                )
            )
        if self.recent:
            parts.append(Text(_("Latest: {actions}").format(actions=" · ".join(self.recent))))
        return Group(*parts)

    def centre(self) -> Text:
        table = self.table
        play = table.play
        assert play is not None
        text = Text(_contract_line(table) + "\n" + _tricks_line(table) + "\n")
        leader = play.leader
        if play.current_trick and leader is not None:
            for offset, card in enumerate(play.current_trick):
                text.append(f"{leader.next(offset).letter} ")
                text.append_text(card_text(card))
                text.append("  ")
        elif play.tricks:
            last = play.tricks[-1]
            text.append(_("Trick {n} won by {seat}").format(n=last.number, seat=last.winner.title))
        return text

    def show(self) -> None:
        if self.live is None:
            self.live = Live(
                self.frame(), console=self.console, auto_refresh=False, transient=False
            )
            self.live.start()
        else:
            self.live.update(self.frame(), refresh=True)
        if self.pace > 0:
            time.sleep(self.pace)

    def stop(self) -> None:
        if self.live is not None:
            self.live.update(self.frame(), refresh=True)
            self.live.stop()
            self.live = None

    # the events --------------------------------------------------------------------------

    def call_made(self, table: Table, seat: Seat, call: Call) -> None:
        self.recent.append(_action_text(seat, call_text(call)))
        self.show()

    def card_played(self, table: Table, seat: Seat, card: Card, done: Trick | None) -> None:
        self.recent.append(_action_text(seat, card_words(card)))
        if done is not None:
            self.recent.append(
                _("trick {n} to {seat}").format(n=done.number, seat=done.winner.title)
            )
        self.show()

    def dummy_down(self, table: Table) -> None:
        self.dummy_shown = True
        self.show()

    def your_turn(self, table: Table, seat: Seat) -> None:
        self.stop()
        self.recent = []

    def refused(self, message: str) -> None:
        self.console.print(Text(_("refused: {message}").format(message=message), style="red"))

    def finish(self, table: Table) -> None:
        self.stop()
        if table.contract is not None:
            self.console.print(_tricks_line(table), markup=False)
        self.console.print(Text(result_line(table), style="bold"))
