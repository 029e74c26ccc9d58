"""The small engine that runs the written-down system forwards (choose a call) and backwards
(read what the calls show).

Forwards: the first rule whose auction pattern, hand conditions and call fit is the call, and
it must be legal. If the auction is forcing for the caller and the rules found only a pass, the
engine bids on (the robot never passes a forcing bid). Backwards: each call is the first rule
that produces it after the same auction; its HCP and length ranges are what the call shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from dupbridge.core.auction import Auction
from dupbridge.core.calls import PASS, Bid, Call, Strain
from dupbridge.core.cards import Hand, Rank, Suit
from dupbridge.core.seats import Seat
from dupbridge.robots.bidding.rules import Family, Rule, expand
from dupbridge.robots.bidding.sayc_competitive import (
    BALANCING_ADVANCES,
    COMPETITIVE,
    PLACING,
    SLAM_FIRST,
)
from dupbridge.robots.bidding.sayc_reopening import REOPENING
from dupbridge.robots.bidding.sayc_uncontested import UNCONTESTED
from dupbridge.robots.bidding.valuation import balanced, good_suit, losers, points, stopper
from dupbridge.robots.constraints import ANY_HAND, HandConstraint

__all__ = [
    "FAMILIES",
    "RULES",
    "Decision",
    "Reading",
    "balanced",
    "decide",
    "points",
    "read_calls",
]

#: Every line of the system, in the order the engine tries them.
FAMILIES: tuple[Family, ...] = (
    SLAM_FIRST + UNCONTESTED + COMPETITIVE + BALANCING_ADVANCES + REOPENING + PLACING
)
#: Every concrete rule of the system, in the same order.
RULES: tuple[Rule, ...] = expand(FAMILIES)


def _match_token(token: Call | str, call: Call) -> bool:
    if isinstance(token, str):
        return isinstance(call, Bid) and call.strain == Strain[_STRAIN_NAMES[token]]
    return token == call


_STRAIN_NAMES = {"C": "CLUBS", "D": "DIAMONDS", "H": "HEARTS", "S": "SPADES"}


def _matches(rule: Rule, stripped: Sequence[Call], calls: Sequence[Call]) -> bool:
    pattern = rule.pattern
    if rule.suffix:
        if len(pattern) > len(calls):
            return False
        tail = calls[len(calls) - len(pattern) :]
        return all(_match_token(t, c) for t, c in zip(pattern, tail, strict=True))
    if len(pattern) != len(stripped):
        return False
    return all(_match_token(t, c) for t, c in zip(pattern, stripped, strict=True))


def _stripped(calls: Sequence[Call]) -> Sequence[Call]:
    start = 0
    while start < len(calls) and calls[start] == PASS:
        start += 1
    return calls[start:]


@lru_cache(maxsize=4096)
def _candidates(calls: tuple[Call, ...]) -> tuple[Rule, ...]:
    stripped = _stripped(calls)
    return tuple(rule for rule in RULES if _matches(rule, stripped, calls))


class Reading:
    """What the auction so far tells ``seat``: the partnership's known fit and values."""

    def __init__(self, auction: Auction, seat: Seat, hand: Hand) -> None:
        self.calls = auction.calls
        self.seat = seat
        self.hand = hand
        self.auction = auction
        shown = read_calls(auction.dealer, self.calls)
        self.partner = shown[seat.partner][0]
        self.mine = shown[seat][0]
        self.forcing = _forced(auction, seat, shown)

    def partner_min(self) -> int:
        """The least partner has shown, in points where his calls valued a fit."""
        valued = _valued_minimum(self.auction.dealer, tuple(self.calls))[self.seat.partner]
        return max(self.partner.hcp[0], valued)

    def our_suits(self) -> set[Suit]:
        suits = set()
        for index, call in enumerate(self.calls):
            who = self.auction.seat_of(index)
            if who.side is self.seat.side and isinstance(call, Bid):
                suit = call.strain.suit
                if suit is not None:
                    suits.add(suit)
        return suits

    def their_suits(self) -> set[Suit]:
        suits = set()
        for index, call in enumerate(self.calls):
            theirs = self.auction.seat_of(index).side is not self.seat.side
            if theirs and isinstance(call, Bid) and call.strain.suit is not None:
                suits.add(call.strain.suit)
        return suits

    def stopped_by_partner(self) -> set[Suit]:
        """The opponents' suits partner has shown a stopper in: those bid before his
        natural notrump bid below game (a 1NT overcall, a 2NT rebid over an overcall)."""
        suits: set[Suit] = set()
        for index, call in enumerate(self.calls):
            who = self.auction.seat_of(index)
            if who.side is not self.seat.side and isinstance(call, Bid):
                if call.strain.suit is not None:
                    suits.add(call.strain.suit)
            elif (
                who is self.seat.partner
                and call in (Bid(1, Strain.NOTRUMP), Bid(2, Strain.NOTRUMP))
                and suits
            ):
                return suits
        return set()

    def fit(self) -> Suit | None:
        """The best suit with eight cards between the partnership, counting partner's least."""
        best: tuple[int, int, Suit] | None = None
        for suit in Suit:
            total = self.hand.length(suit) + self.partner.lengths[suit][0]
            if total >= 8 and (suit in self.our_suits() or self.partner.lengths[suit][0] >= 3):
                key = (suit.is_major, total, suit)
                if best is None or key > best:
                    best = key
        return None if best is None else best[2]

    def trump(self) -> Suit | None:
        """The suit agreed or last bid by the partnership before a 4NT ask."""
        fit = self.fit()
        if fit is not None:
            return fit
        for index in range(len(self.calls) - 1, -1, -1):
            call = self.calls[index]
            ours = self.auction.seat_of(index).side is self.seat.side
            if ours and isinstance(call, Bid) and call.strain.suit is not None and call.level < 4:
                return call.strain.suit
        return None

    def keycards(self, hand: Hand | None = None) -> tuple[int, bool]:
        hand = hand or self.hand
        trump = self.trump()
        aces = sum(1 for suit in Suit if Rank.ACE in hand.suit(suit))
        if trump is None:
            return aces, False
        ranks = hand.suit(trump)
        return aces + (Rank.KING in ranks), Rank.QUEEN in ranks

    def asked(self) -> bool:
        four_nt = Bid(4, Strain.NOTRUMP)
        return any(
            call == four_nt and self.auction.seat_of(i).side is self.seat.side
            for i, call in enumerate(self.calls)
        )

    def test(self, name: str) -> bool:
        head, _, arg = name.partition(":")
        hand = self.hand
        last = self.auction.last_bid
        if head == "longest":
            suit = Suit.from_str(arg)
            return all(hand.length(suit) >= hand.length(other) for other in Suit)
        if head == "minor":
            clubs, diamonds = hand.length(Suit.CLUBS), hand.length(Suit.DIAMONDS)
            wants = Suit.DIAMONDS if diamonds > clubs or (diamonds == clubs >= 4) else Suit.CLUBS
            return Suit.from_str(arg) is wants
        if head == "ge":
            first, second = (Suit.from_str(x) for x in arg.split(":"))
            return hand.length(first) >= hand.length(second)
        if head == "four_major":
            return 4 in (hand.length(Suit.HEARTS), hand.length(Suit.SPADES))
        if head == "stop":
            return stopper(hand, Suit.from_str(arg))
        if head == "good":
            return good_suit(hand, Suit.from_str(arg))
        if head == "tricks9":
            return losers(hand) <= 3 and max(hand.shape) >= 6
        if head == "keycards":
            count, queen = self.keycards()
            return {
                "1": count in (1, 4),
                "0": count in (0, 3, 5),
                "2": count == 2 and not queen,
                "2q": count == 2 and queen,
            }[arg]
        if head in ("grand", "small", "stop_slam"):
            return self._slam_verdict() == head
        if head == "slam_zone":
            fit = self.fit()
            return (
                fit is not None
                and not self.asked()
                and (
                    self.fit_points(fit) + self.partner_min() >= 33
                    or (
                        self._tricks_by_losers() >= 12
                        and self.fit_points(fit) + self.partner_min() >= 29
                    )
                )
                and (last is None or last < Bid(4, Strain.NOTRUMP))
            )
        if head == "quantitative":
            return self._quantitative_try()
        if head in ("quant_accept", "quant_decline"):
            if not self._quantitative_asked():
                return False
            low, high = self.mine.hcp
            accept = hand.hcp >= (low + high + 1) // 2
            return accept is (head == "quant_accept")
        if head in ("slam_nt", "grand_nt"):
            need, level = (37, 7) if head == "grand_nt" else (33, 6)
            partner_bid = any(
                isinstance(call, Bid) and self.auction.seat_of(i) is self.seat.partner
                for i, call in enumerate(self.calls)
            )
            return (
                partner_bid
                and self.fit() is None
                and hand.hcp + self.partner_min() >= need
                and (last is None or last < Bid(level, Strain.NOTRUMP))
                and not (last is not None and last.level >= 6)
            )
        if head == "game_fit":
            fit = self.fit()
            return (
                fit is not None
                and (self.fit_points(fit) + self.partner_min() >= 25 or self._strong_suit(fit))
                and _below_game(last, Strain.of(fit))
            )
        if head == "own_game":
            suit = max(Suit, key=lambda s: (hand.length(s), s))
            return (
                hand.length(suit) >= 7
                and losers(hand) <= 4
                and hand.hcp >= 16
                and _below_game(last, Strain.of(suit))
                and self.partner.lengths[suit][1] > 0
            )
        if head == "game_nt":
            unstopped = self.their_suits() - self.stopped_by_partner()
            return (
                all(stopper(hand, suit) for suit in unstopped)
                and hand.hcp + self.partner_min() >= 25
                and self.partner.hcp[0] > 0
                and _below_game(last, Strain.NOTRUMP)
            )
        if head == "invite":
            total = hand.hcp + self.partner_min()
            width = self.partner.hcp[1] - self.partner.hcp[0]
            partner_bid = any(
                isinstance(call, Bid) and self.auction.seat_of(i) is self.seat.partner
                for i, call in enumerate(self.calls)
            )
            return partner_bid and total in (23, 24) and 3 <= width <= 12
        if head in ("accept", "accept_nt"):
            if len(self.calls) < 2 or not isinstance(self.calls[-2], Bid):
                return False
            invited = self.calls[-2]
            low, high = self.mine.hcp
            if hand.hcp < (low + high + 1) // 2 or high - low > 12:
                return False
            if head == "accept_nt":
                return invited == Bid(2, Strain.NOTRUMP)
            fit = self.fit()
            return fit is not None and invited == Bid(3, Strain.of(fit)) and fit.is_major
        if head == "compete":
            suit = max(Suit, key=lambda s: (hand.length(s), s))
            return hand.length(suit) >= 6 and hand.hcp >= 10 and suit in self.our_suits()
        raise ValueError(f"the bidding rules name an unknown test: {name!r}")

    def fit_points(self, fit: Suit) -> int:
        """The hand's points with a fit in ``fit`` (:func:`points`): as the supporting hand
        when partner bid the suit first, else as the hand with the long trumps."""
        for index, call in enumerate(self.calls):
            who = self.auction.seat_of(index)
            if who.side is self.seat.side and isinstance(call, Bid) and call.strain.suit is fit:
                return points(self.hand, fit, who is self.seat.partner)
        return points(self.hand, fit, self.hand.length(fit) <= self.partner.lengths[fit][0])

    def _strong_suit(self, suit: Suit) -> bool:
        # Game on one's own long suit and playing strength (7+ cards, at most 4 losers).
        return suit in self.our_suits() and self.hand.length(suit) >= 7 and losers(self.hand) <= 4

    def _tricks_by_losers(self) -> int:
        """The losing-trick count's tricks for the partnership: 24 less both hands' losers,
        partner's estimated from what he has shown (an opening bid about 7, each three
        points more one fewer; a raise of 6-9 about 9)."""
        shown = self.partner_min()
        if shown < 6:
            return 0
        partner_losers = max(4, 11 - shown // 3)
        return 24 - losers(self.hand) - partner_losers

    def _partner_notrump(self) -> Bid | None:
        """Partner's last bid, when it is a natural notrump bid below 4NT."""
        for index in range(len(self.calls) - 1, -1, -1):
            call = self.calls[index]
            if self.auction.seat_of(index) is self.seat.partner and isinstance(call, Bid):
                natural = call.strain is Strain.NOTRUMP and call.level <= 3
                return call if natural else None
        return None

    def _quantitative_try(self) -> bool:
        """A quantitative 4NT: no fit, partner limited by a notrump bid, and slam (33 HCP
        together) made by partner's maximum but not by his minimum."""
        low, high = self.partner.hcp
        last = self.auction.last_bid
        return (
            self._partner_notrump() is not None
            and self.fit() is None
            and high - low <= 4
            and self.hand.hcp + low in (31, 32)
            and self.hand.hcp + high >= 33
            and last is not None
            and last < Bid(4, Strain.NOTRUMP)
        )

    def _quantitative_asked(self) -> bool:
        """Whether partner's 4NT (just made) answers a natural notrump bid of mine: a
        quantitative slam try, not a key-card ask."""
        four_nt = Bid(4, Strain.NOTRUMP)
        if len(self.calls) < 4 or self.calls[-2] != four_nt:
            return False
        mine = self.calls[-4]
        natural = isinstance(mine, Bid) and mine.strain is Strain.NOTRUMP and mine.level <= 3
        return natural and self.fit() is None

    def _slam_verdict(self) -> str:
        answer = self.calls[-2]
        mine, queen = self.keycards()
        steps = {Strain.CLUBS: (1, 4), Strain.DIAMONDS: (0, 3), Strain.HEARTS: (2,),
                 Strain.SPADES: (2,)}  # fmt: skip
        if not isinstance(answer, Bid):
            return "stop_slam"
        options = steps.get(answer.strain, (0,))
        theirs = max((n for n in options if n + mine <= 5), default=options[0])
        total = mine + theirs
        if total >= 5 and (queen or answer.strain is Strain.SPADES):
            return "grand" if self.hand.hcp + self.partner_min() >= 36 else "small"
        return "small" if total >= 4 else "stop_slam"


def _below_game(last: Bid | None, strain: Strain) -> bool:
    game = {Strain.NOTRUMP: 3, Strain.SPADES: 4, Strain.HEARTS: 4}.get(strain, 5)
    return last is None or last < Bid(game, strain)


def _forced(auction: Auction, seat: Seat, shown: dict[Seat, tuple[HandConstraint, str]]) -> bool:
    """Whether ``seat`` may not pass: partner's last call was forcing and right-hand opponent
    passed, or the partnership is forced to game and has not reached it."""
    calls = auction.calls
    if len(calls) < 2 or auction.seat_of(len(calls) - 2) is not seat.partner:
        return False
    flag = shown[seat.partner][1]
    last = auction.last_bid
    # Forced to game: passing is no option below game, even over an opponent's bid.
    if flag == "game" and last is not None and _below_game(last, last.strain):
        return True
    return flag == "1" and calls[-1] == PASS and calls[-2] != PASS


def _resolve(rule: Rule, reading: Reading) -> Call | None:
    call = rule.call
    if not isinstance(call, str):
        return call
    legal = reading.auction.legal_calls()
    strain: Strain | None = None
    if call.startswith("CHEAP"):
        strain = Strain.from_str(call[5:])
    elif call.startswith("TRUMP"):
        trump = reading.trump()
        if trump is None:
            return None
        level = int(call[5:])
        return next((b for b in _bids_in(legal, Strain.of(trump)) if b.level >= level), None)
    elif call == "GAME":
        fit = reading.fit()
        if fit is None:
            return None
        game = Bid(4 if fit.is_major else 5, Strain.of(fit))
        return game if game in legal else None
    elif call == "OWNGAME":
        hand = reading.hand
        suit = max(Suit, key=lambda s: (hand.length(s), s))
        game = Bid(4 if suit.is_major else 5, Strain.of(suit))
        return game if game in legal else None
    elif call == "INVITE":
        fit = reading.fit()
        for bid in (Bid(3, Strain.of(fit)) if fit is not None else None, Bid(2, Strain.NOTRUMP)):
            if bid is not None and bid in legal and _below_game(bid, bid.strain):
                return bid
        return None
    elif call == "REBID":
        hand = reading.hand
        strain = Strain.of(max(Suit, key=lambda s: (hand.length(s), s)))
        bid = next(iter(_bids_in(legal, strain)), None)
        return bid if bid is not None and bid.level <= 3 else None
    assert strain is not None
    return next(iter(_bids_in(legal, strain)), None)


def _bids_in(legal: Sequence[Call], strain: Strain) -> list[Bid]:
    return [call for call in legal if isinstance(call, Bid) and call.strain is strain]


def _fits_hand(rule: Rule, reading: Reading) -> bool:
    hand = reading.hand
    value = hand.hcp if rule.trump is None else points(hand, rule.trump, rule.support)
    if not rule.hcp[0] <= value <= rule.hcp[1]:
        return False
    spans = zip(Suit, rule.lengths, strict=True)
    if any(not low <= hand.length(suit) <= high for suit, (low, high) in spans):
        return False
    if rule.balanced is not None and balanced(hand) is not rule.balanced:
        return False
    return all(reading.test(name) for name in rule.tests)


class Decision:
    """A chosen call and the rule behind it (None for the forced fallback)."""

    def __init__(self, call: Call, rule: Rule | None) -> None:
        self.call = call
        self.rule = rule


def decide(auction: Auction, seat: Seat, hand: Hand) -> Decision:
    """The system's call for ``seat`` holding ``hand``, always one of the legal calls."""
    reading = Reading(auction, seat, hand)
    legal = auction.legal_calls()
    for rule in _candidates(auction.calls):
        if not _fits_hand(rule, reading):
            continue
        call = _resolve(rule, reading)
        if call is None or call not in legal:
            continue
        if call == PASS and reading.forcing:
            break
        return Decision(call, rule)
    if not reading.forcing:
        return Decision(PASS, None)
    return Decision(_forced_bid(reading, legal), None)


def _forced_bid(reading: Reading, legal: Sequence[Call]) -> Call:
    """Bid on when the auction is forcing and no rule fits: game with a fit, else the cheapest
    bid in the longest suit, else notrump."""
    hand = reading.hand
    fit = reading.fit()
    last = reading.auction.last_bid
    if fit is not None and _below_game(last, Strain.of(fit)):
        game = Bid(4 if fit.is_major else 5, Strain.of(fit))
        if game in legal and hand.hcp + reading.partner_min() >= 25:
            return game
        bids = _bids_in(legal, Strain.of(fit))
        if bids:
            return bids[0]
    for suit in sorted(Suit, key=lambda s: (hand.length(s), s), reverse=True):
        bids = _bids_in(legal, Strain.of(suit))
        if bids and bids[0].level <= 4 and hand.length(suit) >= 5:
            return bids[0]
    bids = _bids_in(legal, Strain.NOTRUMP)
    if bids:
        return bids[0]
    bids = [call for call in legal if isinstance(call, Bid)]
    return bids[0] if bids else PASS


def _least_hcp(rule: Rule) -> int:
    """The fewest HCP a call by ``rule`` may hold: its range counts points when the rule
    values a fit, and shape adds up to about 5 of them (a void with four trumps) for the
    supporting hand, 3 for the long one."""
    if rule.trump is None:
        return rule.hcp[0]
    return max(0, rule.hcp[0] - (5 if rule.support else 3))


@lru_cache(maxsize=8192)
def _shown_by(calls: tuple[Call, ...], call: Call) -> tuple[HandConstraint, str] | None:
    """What ``call`` shows after ``calls``: the hull of every rule that produces it (rules
    with a placeholder call other than a cheapest bid are not read), and the first one's
    forcing flag."""
    found: list[Rule] = []
    for rule in _candidates(calls):
        if isinstance(rule.call, str):
            cheap = rule.call.startswith("CHEAP") and isinstance(call, Bid)
            if cheap and isinstance(call, Bid) and call.strain is Strain.from_str(rule.call[5:]):
                found.append(rule)
            continue
        if rule.call == call:
            found.append(rule)
    if not found:
        return None
    hcp = (min(_least_hcp(r) for r in found), max(r.hcp[1] for r in found))
    lengths = tuple(
        (min(r.lengths[s][0] for r in found), max(r.lengths[s][1] for r in found)) for s in Suit
    )
    return HandConstraint(hcp, lengths), found[0].forcing


@lru_cache(maxsize=4096)
def _valued_minimum(dealer: Seat, calls: tuple[Call, ...]) -> dict[Seat, int]:
    """For each seat, the least value its calls have shown as the rules state it (points
    for a call that valued a fit, where the reading of :func:`read_calls` allows for fewer
    HCP)."""
    least = dict.fromkeys(Seat, 0)
    for index, call in enumerate(calls):
        seat = dealer.next(index)
        found = [
            rule
            for rule in _candidates(calls[:index])
            if not isinstance(rule.call, str) and rule.call == call
        ]
        if found:
            least[seat] = max(least[seat], min(rule.hcp[0] for rule in found))
    return least


def read_calls(dealer: Seat, calls: Sequence[Call]) -> dict[Seat, tuple[HandConstraint, str]]:
    """For each seat, what its calls show and the forcing flag of its last call."""
    result: dict[Seat, tuple[HandConstraint, str]] = dict.fromkeys(Seat, (ANY_HAND, ""))
    game: set[int] = set()
    for index, call in enumerate(calls):
        seat = dealer.next(index)
        meaning = _shown_by(tuple(calls[:index]), call)
        shown, _ = result[seat]
        flag = ""
        if meaning is not None:
            shown = shown.narrowed(meaning[0])
            flag = meaning[1]
            if flag == "game":
                game.add(seat.side)
            elif flag == "pass-ok":
                game.discard(seat.side)
                flag = ""
        if seat.side in game and flag == "":
            flag = "game"
        result[seat] = (shown, flag)
    return result
