"""SAYC as data, part three: the side with the balance of strength after the opponents
interfere. Opener's reopening double when the overcall is passed round to him, and responder's
answers to it (passing it for penalties with length in the overcalled suit); responder's calls
when the opponents overcall partner's 1NT; and balancing over a weak two or a preempt in the
pass-out seat.

These lines come from what every club player is taught: a responder with length and values in
the overcaller's suit passes and hopes that opener, short in it, reopens with a double he can
pass; after 1NT is overcalled, a double is for penalties, 3NT shows values and a stopper, and
the cue bid asks for a four-card major (Stayman) with game values but no stopper; and a
preempt passed round to the fourth seat is balanced with a little less than a direct action.
"""

from __future__ import annotations

from dataclasses import replace

from dupbridge.i18n import N_
from dupbridge.robots.bidding.rules import MAJORS, SUITS, Family
from dupbridge.robots.bidding.sayc_competitive import COMPETITIVE

__all__ = ["REOPENING"]

F = Family
REOPEN = N_("Opener's reopening double and its answers")
OVER_NT = N_("Responding after an overcall of 1NT")
BAL = N_("Balancing over a weak two or a preempt")
_UP = lambda v: v["c"] > v["b"]  # noqa: E731 - a one-line condition in a data table
_OTHER = lambda v: v["c"] != v["b"]  # noqa: E731
_ABOVE = lambda v: v["b"] > v["a"]  # noqa: E731 - the overcall's suit ranks above opener's
_NOT_CLUBS = (SUITS[1], SUITS[2], SUITS[3])  # a 2♣ opening is strong, not a weak two

REOPENING_DOUBLE = N_("reopening double: takeout, partner may pass it for penalties")
PENALTY_PASS = N_("passing partner's reopening double for penalties")

_OPENER_REOPENS: tuple[Family, ...] = (
    # --- opener, the overcall passed round to him: 1x (y) P (P) -----------------------------
    F(
        REOPEN,
        "1{a} {b} P P",
        "OWNGAME",
        (16, 37),
        tests=("own_game",),
        note=N_("game in a long, strong suit of one's own"),
        a=SUITS,
        b=SUITS,
    ),
    F(
        REOPEN,
        "1{a} 1{b} P P",
        "X",
        (12, 21),
        {"b": (0, 2)},
        note=REOPENING_DOUBLE,
        alert=True,
        a=SUITS,
        b=SUITS,
    ),
    F(
        REOPEN,
        "1{a} 2{b} P P",
        "X",
        (12, 21),
        {"b": (0, 2)},
        note=REOPENING_DOUBLE,
        alert=True,
        a=SUITS,
        b=SUITS,
    ),
    F(REOPEN, "1{a} 1{b} P P", "2{a}", (12, 17), {"a": (6, 13)}, a=SUITS, b=SUITS),
    F(
        REOPEN,
        "1{a} 2{b} P P",
        "2{a}",
        (12, 17),
        {"a": (6, 13)},
        a=SUITS,
        b=SUITS,
        where=lambda v: v["a"] > v["b"],
    ),
    F(
        REOPEN,
        "1{a} 2{b} P P",
        "3{a}",
        (14, 17),
        {"a": (6, 13)},
        a=SUITS,
        b=SUITS,
        where=lambda v: v["a"] < v["b"],
    ),
    F(REOPEN, "1{a} {b} P P", "P", (12, 21), a=SUITS, b=SUITS),
    # --- responder, after opener's reopening double: 1x (y) P (P) X (P) -----------------------
    F(
        REOPEN,
        "1{a} {b} P P X P",
        "P",
        (6, 37),
        {"b": (4, 13)},
        tests=("good:{b}",),
        note=PENALTY_PASS,
        a=SUITS,
        b=SUITS,
    ),
    F(
        REOPEN,
        "1{a} {b} P P X P",
        "P",
        (8, 37),
        {"b": (5, 13)},
        note=PENALTY_PASS,
        a=SUITS,
        b=SUITS,
    ),
    F(REOPEN, "1{a} {b} P P X P", "3N", (12, 37), tests=("stop:{b}",), a=SUITS, b=SUITS),
    F(REOPEN, "1{a} {b} P P X P", "4{a}", (12, 37), {"a": (3, 13)}, a=MAJORS, b=SUITS),
    F(
        REOPEN,
        "1{a} {b} P P X P",
        "2N",
        (10, 11),
        tests=("stop:{b}",),
        note=N_("invitational"),
        a=SUITS,
        b=SUITS,
    ),
    F(
        REOPEN,
        "1{a} {b} P P X P",
        "{c}",
        (0, 37),
        {"c": (5, 13)},
        tests=("longest:{c}",),
        a=SUITS,
        b=SUITS,
        c=SUITS,
        where=lambda v: v["c"] not in (v["a"], v["b"]),
    ),
    F(
        REOPEN,
        "1{a} 1{b} P P X P",
        "1N",
        (6, 9),
        tests=("stop:{b}",),
        a=SUITS,
        b=SUITS,
    ),
    F(REOPEN, "1{a} {b} P P X P", "{a}", (0, 37), note=N_("preference"), a=SUITS, b=SUITS),
)

_OVER_OUR_NOTRUMP: tuple[Family, ...] = (
    # --- responder after 1NT (2y) --------------------------------------------------------------
    F(
        OVER_NT,
        "1N 2{b}",
        "X",
        (8, 37),
        {"b": (4, 13)},
        tests=("good:{b}",),
        note=N_("penalty"),
        b=SUITS,
    ),
    F(OVER_NT, "1N 2{b}", "3N", (10, 15), tests=("stop:{b}",), b=SUITS),
    F(
        OVER_NT,
        "1N 2{b}",
        "4{c}",
        (10, 15),
        {"c": (6, 13)},
        b=SUITS,
        c=MAJORS,
        where=_OTHER,
    ),
    F(
        OVER_NT,
        "1N 2{b}",
        "3{b}",
        (10, 37),
        tests=("four_major",),
        note=N_("cue bid: Stayman, forcing to game"),
        alert=True,
        forcing="game",
        b=SUITS,
    ),
    F(
        OVER_NT,
        "1N 2{b}",
        "3{c}",
        (10, 37),
        {"c": (5, 13)},
        forcing="game",
        b=SUITS,
        c=SUITS,
        where=_OTHER,
    ),
    F(
        OVER_NT,
        "1N 2{b}",
        "2N",
        (8, 9),
        tests=("stop:{b}",),
        note=N_("invitational"),
        b=(SUITS[0], SUITS[1], SUITS[2]),
    ),
    F(OVER_NT, "1N 2{b} 2N P", "3N", (16, 17), note=N_("accepting the invitation"), b=SUITS),
    F(OVER_NT, "1N 2{b}", "2{c}", (0, 9), {"c": (5, 13)}, b=SUITS, c=SUITS, where=_UP),
    # --- opener after the cue bid: 1NT (2y) 3y (P) --------------------------------------------
    F(OVER_NT, "1N 2{b} 3{b} P", "3{c}", (15, 17), {"c": (4, 13)}, b=SUITS, c=MAJORS, where=_UP),
    F(OVER_NT, "1N 2{b} 3{b} P", "3N", (15, 17), note=N_("no 4-card major"), b=SUITS),
    F(
        OVER_NT,
        "1N 2{b} 3{b} P",
        "4{c}",
        (15, 17),
        {"c": (4, 13)},
        b=SUITS,
        c=MAJORS,
        where=_OTHER,
    ),
)


def _balancing(level: str) -> tuple[Family, ...]:
    """The fourth seat over a weak two (``level`` "2") or a three-level preempt ("3") that
    was passed round: a little less than a direct action needs."""
    return (
        F(
            BAL,
            level + "{a} P P",
            "X",
            (11, 37),
            {"a": (0, 2), "~a": (3, 13)},
            note=N_("takeout double"),
            forcing="1",
            a=_NOT_CLUBS,
        ),
        F(
            BAL,
            level + "{a} P P",
            "2{b}",
            (9, 16),
            {"b": (5, 13)},
            tests=("longest:{b}",),
            a=_NOT_CLUBS,
            b=SUITS,
            where=lambda v: v["b"] > v["a"],
        ),
        F(
            BAL,
            level + "{a} P P",
            "3{b}",
            (11, 16),
            {"b": (6, 13)},
            tests=("good:{b}",),
            a=_NOT_CLUBS,
            b=SUITS,
            where=lambda v: v["b"] != v["a"],
        ),
        F(
            BAL,
            level + "{a} P P",
            "X",
            (17, 37),
            note=N_("takeout double"),
            forcing="1",
            a=_NOT_CLUBS,
        ),
        F(BAL, level + "{a} P P", "P", (0, 37), a=_NOT_CLUBS),
    )


ADVANCE = N_("Advancing partner's overcall")

#: Advancing partner's suit overcall with a suit of one's own, with or without a raise of
#: opener's suit in between (1x (y) P or 1x (y) 2x): a good five-card suit and some values.
_ADVANCING_NEW_SUIT: tuple[Family, ...] = tuple(
    F(
        ADVANCE,
        pattern,
        "{c}",
        (8, 16),
        {"c": (5, 13), "b": (0, 2)},
        tests=("good:{c}", "longest:{c}"),
        a=SUITS,
        b=SUITS,
        c=SUITS,
        where=lambda v: v["c"] not in (v["a"], v["b"]),
    )
    for pattern in ("1{a} {b} P", "1{a} {b} 2{a}")
)

#: After a raise of opener's suit (1x (y) 2x), advancer raises partner's overcall to the
#: level the fit allows (the Law of Total Tricks: four trumps, nine together, the three level).
_ADVANCING_OVER_A_RAISE: tuple[Family, ...] = (
    F(ADVANCE, "1{a} {b} 2{a}", "4{b}", (13, 37), {"b": (3, 13)}, a=SUITS, b=MAJORS),
    F(ADVANCE, "1{a} {b} 2{a}", "3{b}", (6, 12), {"b": (4, 13)}, a=SUITS, b=SUITS),
    F(ADVANCE, "1{a} 1{b} 2{a}", "2{b}", (6, 10), {"b": (3, 13)}, a=SUITS, b=SUITS, where=_ABOVE),
    F(ADVANCE, "1{a} {b} 2{a}", "3{b}", (9, 12), {"b": (3, 13)}, a=SUITS, b=SUITS),
)

_BALANCING_PREEMPTS: tuple[Family, ...] = (
    F(BAL, "2{a} P P", "2N", (15, 18), balanced=True, tests=("stop:{a}",), a=_NOT_CLUBS),
    *_balancing("2"),
    *_balancing("3"),
)

#: Partner's balancing double of a preempt is advanced as a direct one, with three points
#: more for each action that needs values (he bid partly on ours).
_ADVANCING_BALANCE: tuple[Family, ...] = tuple(
    replace(
        family,
        section=N_("Advancing a balancing double of a preempt"),
        pattern=level + "{a} P P X P",
        hcp=(family.hcp[0] + 3 if family.hcp[0] else 0, family.hcp[1]),
    )
    for level in ("2", "3")
    for family in COMPETITIVE
    if family.pattern == "{a} X P"
)

#: Tried after the competitive lines and before placing the contract.
REOPENING: tuple[Family, ...] = (
    _OPENER_REOPENS
    + _OVER_OUR_NOTRUMP
    + _ADVANCING_NEW_SUIT
    + _ADVANCING_OVER_A_RAISE
    + _BALANCING_PREEMPTS
    + _ADVANCING_BALANCE
)
