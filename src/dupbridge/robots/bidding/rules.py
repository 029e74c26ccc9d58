"""The vocabulary of the written-down system: a rule family and the concrete rules it expands to.

A :class:`Family` is one line of the system: an auction pattern (the calls since the first
non-pass call, the last one made by the caller's right-hand opponent), the call it recommends,
and the conditions on the hand (HCP range, suit lengths, balance, a few named tests). Suit
variables ``a`` and ``b`` (written ``{a}``) range over the suits the family names, so that
"1M P -> 2M, 6-10 HCP, 3+ M" is one family and two concrete rules. The engine matches
concrete rules in the order they are written; the first whose pattern, conditions and call fit
is the call.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from itertools import product

from dupbridge.core.calls import Call, parse_call
from dupbridge.core.cards import Suit

__all__ = ["MAJORS", "MINORS", "SUITS", "Family", "Rule", "expand"]

MAJORS: tuple[Suit, ...] = (Suit.HEARTS, Suit.SPADES)
MINORS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS)
SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)

#: A range, bounds included.
Span = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Rule:
    """One concrete rule: after exactly ``pattern``, with such a hand, call ``call``."""

    section: str
    pattern: tuple[Call | str, ...]  # a str "S" stands for any bid in that suit
    suffix: bool  # the pattern matches the auction's end, not all of it
    call: Call | str  # a call, or a placeholder the engine resolves ("GAME", "TRUMP5", ...)
    hcp: Span
    lengths: tuple[Span, ...]  # by Suit, clubs first
    balanced: bool | None
    tests: tuple[str, ...]
    note: str  # the convention's name or meaning (an N_ message id), or ""
    alert: bool
    forcing: str  # "" not forcing, "1" one round, "game" to game, "pass" partner must pass
    family: Family
    #: With a fit the range counts points, not HCP: the suit the fit is in, and whether the
    #: caller supports partner's suit (dummy's shortness) or holds the long trumps.
    trump: Suit | None = None
    support: bool = False


@dataclass(frozen=True, slots=True)
class Family:
    """One line of the system card, expanded over its suit variables into concrete rules.

    ``lengths`` maps a suit letter (``"S"``), a variable (``"a"``) or ``"~a"`` (each suit
    other than ``a``'s) ... also ``"~ab"`` (each suit other than a and b) to a range.
    ``tests`` names checks the engine knows (``"stop:a"``: a stopper in a's suit).
    """

    section: str
    pattern: str
    call: str
    hcp: Span = (0, 37)
    lengths: Mapping[str, Span] = field(default_factory=dict)
    balanced: bool | None = None
    tests: tuple[str, ...] = ()
    note: str = ""
    alert: bool = False
    forcing: str = ""
    a: tuple[Suit, ...] = ()
    b: tuple[Suit, ...] = ()
    c: tuple[Suit, ...] = ()
    where: Callable[[Mapping[str, Suit]], bool] | None = None


_LETTER = {Suit.CLUBS: "C", Suit.DIAMONDS: "D", Suit.HEARTS: "H", Suit.SPADES: "S"}


def _fill(text: str, binding: Mapping[str, Suit]) -> str:
    for name, suit in binding.items():
        text = text.replace("{" + name + "}", _LETTER[suit])
    return text


def _calls(text: str) -> tuple[Call | str, ...]:
    wildcards = ("C", "D", "H", "S")  # any bid in that suit
    return tuple(word if word in wildcards else parse_call(word) for word in text.split())


def _lengths(family: Family, binding: Mapping[str, Suit]) -> tuple[Span, ...]:
    spans = [(0, 13)] * 4
    for key, (low, high) in family.lengths.items():
        if key.startswith("~"):
            excluded = {binding[name] for name in key[1:]}
            targets: Iterable[Suit] = [suit for suit in SUITS if suit not in excluded]
        elif key in binding:
            targets = [binding[key]]
        else:
            targets = [Suit.from_str(key)]
        for suit in targets:
            old_low, old_high = spans[suit]
            spans[suit] = (max(old_low, low), min(old_high, high))
    return tuple(spans)


def _fit_of(
    pattern: tuple[Call | str, ...], suffix: bool, lengths: tuple[Span, ...]
) -> tuple[Suit | None, bool]:
    """The suit a rule's range is valued in points for, and whether the caller supports it.

    A club player values his hand in points (HCP plus shape) once a fit is known: when the
    rule asks for three or more cards in a suit partner bid (a raise: dummy points, for
    shortness), or when the pattern shows the suit bid by both partners (the long trumps:
    length points). Patterns matched at the end of the auction are left in HCP."""
    if suffix:
        return None, False
    caller = len(pattern)
    mine: set[Suit] = set()
    partners: list[Suit] = []
    for index, token in enumerate(pattern):
        suit = _suit_of(token)
        if suit is None:
            continue
        if (caller - index) % 4 == 2:
            partners.append(suit)
        elif (caller - index) % 4 == 0:
            mine.add(suit)
    for suit in partners:
        if suit in mine:
            first_mine = min(i for i, t in enumerate(pattern) if _suit_of(t) is suit)
            return suit, (caller - first_mine) % 4 == 2
    for suit in reversed(partners):
        if lengths[suit][0] >= 3:
            return suit, True
    return None, False


def _suit_of(token: Call | str) -> Suit | None:
    if isinstance(token, str):
        return Suit.from_str(token)
    strain = getattr(token, "strain", None)
    return None if strain is None else strain.suit


def expand(families: Iterable[Family]) -> tuple[Rule, ...]:
    """The concrete rules, in the order the families are written."""
    rules: list[Rule] = []
    for family in families:
        names = [name for name in "abc" if getattr(family, name)]
        for suits in product(*(getattr(family, name) for name in names)):
            binding: dict[str, Suit] = dict(zip(names, suits, strict=True))
            if len(set(suits)) < len(suits):
                continue
            if family.where is not None and not family.where(binding):
                continue
            tests = tuple(_fill(test, binding) for test in family.tests)
            pattern = _fill(family.pattern, binding)
            suffix = pattern.startswith("*")
            call_text = _fill(family.call, binding)
            call: Call | str
            if call_text in ("C", "D", "H", "S"):
                call = "CHEAP" + call_text
            elif call_text.isupper() and len(call_text) > 3:
                call = call_text
            else:
                call = parse_call(call_text)
            tokens = _calls(pattern.lstrip("*"))
            lengths = _lengths(family, binding)
            trump, support = _fit_of(tokens, suffix, lengths)
            rules.append(
                Rule(
                    section=family.section,
                    pattern=tokens,
                    suffix=suffix,
                    call=call,
                    hcp=family.hcp,
                    lengths=lengths,
                    balanced=family.balanced,
                    tests=tests,
                    note=family.note,
                    alert=family.alert,
                    forcing=family.forcing,
                    family=family,
                    trump=trump,
                    support=support,
                )
            )
    return tuple(rules)
