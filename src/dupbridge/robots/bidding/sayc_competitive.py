"""SAYC as data, part two: overcalls, takeout and negative doubles, advances, competitive
raises, balancing, Blackwood (RKCB 1430) and placing the contract.

Patterns ending with the opponents' calls are matched from the first non-pass call; a pattern
starting with ``*`` matches the end of any auction. Calls in capitals (``GAME``, ``TRUMP5``)
are resolved by the engine from the agreed suit.
"""

from __future__ import annotations

from dupbridge.i18n import N_
from dupbridge.robots.bidding.rules import MAJORS, MINORS, SUITS, Family

__all__ = ["COMPETITIVE"]

F = Family
OVER = N_("Overcalls and takeout doubles")
ADV = N_("Advancing partner's overcall or double")
NEG = N_("Responding after an overcall or double")
BAL = N_("Balancing")
SLAM = N_("Slam bidding")
PLACE = N_("Placing the contract")
_UP = lambda v: v["b"] > v["a"]  # noqa: E731 - a one-line condition in a data table
_DOWN = lambda v: v["b"] < v["a"]  # noqa: E731

COMPETITIVE: tuple[Family, ...] = (
    # --- direct seat over one of a suit -------------------------------------------------------
    F(OVER, "1{a}", "1N", (15, 18), balanced=True, tests=("stop:{a}",), a=SUITS),
    F(OVER, "1{a}", "X", (18, 37), note=N_("takeout double, or any strong hand"), alert=False,
      forcing="1", a=SUITS),
    F(OVER, "1{a}", "2{a}", (8, 37), {"b": (5, 13), "c": (5, 13)}, note=N_("Michaels cue bid"),
      alert=True, a=MAJORS, b=MAJORS, c=MINORS),
    F(OVER, "1{a}", "2{a}", (8, 37), {"H": (5, 13), "S": (5, 13)},
      note=N_("Michaels cue bid: both majors"), alert=True, a=MINORS),
    F(OVER, "1{a}", "2N", (8, 37), {"C": (5, 13), "D": (5, 13)},
      note=N_("unusual 2NT: both minors"), alert=True, a=MAJORS),
    F(OVER, "1{a}", "1{b}", (8, 17), {"b": (5, 13), "a": (0, 4)}, tests=("longest:{b}",),
      a=SUITS, b=SUITS, where=_UP),
    F(OVER, "1{a}", "2{b}", (11, 17), {"b": (5, 13), "a": (0, 4)}, tests=("good:{b}",),
      a=SUITS, b=SUITS, where=_DOWN),
    F(OVER, "1{a}", "X", (12, 37), {"a": (0, 2), "~a": (3, 13)}, note=N_("takeout double"),
      forcing="1", a=SUITS),
    F(OVER, "1{a}", "2{b}", (5, 10), {"b": (6, 13)}, tests=("good:{b}",),
      note=N_("weak jump overcall"), a=SUITS, b=SUITS, where=_UP),
    F(OVER, "1{a}", "X", (12, 37), {"a": (0, 1), "~a": (2, 13)}, note=N_("takeout double"),
      forcing="1", a=SUITS),
    F(OVER, "1{a}", "P", (0, 37), note=N_("no suitable overcall or double"), a=SUITS),
    # over 1NT, weak twos and preempts
    F(OVER, "1N", "X", (16, 37), note=N_("penalty")),
    F(OVER, "1N", "2{a}", (8, 15), {"a": (6, 13)}, a=SUITS),
    F(OVER, "1N", "P", (0, 37), note=N_("no suitable overcall or double")),
    F(OVER, "{a}", "X", (13, 37), {"a": (0, 2), "~a": (3, 13)}, note=N_("takeout double"),
      forcing="1", a=SUITS),
    F(OVER, "2{a}", "2N", (15, 18), balanced=True, tests=("stop:{a}",), a=SUITS),
    F(OVER, "2{a}", "2{b}", (11, 17), {"b": (5, 13)}, tests=("good:{b}",), a=SUITS, b=SUITS,
      where=_UP),
    F(OVER, "2{a}", "3{b}", (13, 17), {"b": (6, 13)}, tests=("good:{b}",), a=SUITS, b=SUITS,
      where=_DOWN),
    F(OVER, "2{a}", "X", (13, 37), {"a": (0, 2), "~a": (3, 13)}, note=N_("takeout double"),
      forcing="1", a=SUITS),
    F(OVER, "2{a}", "X", (17, 37), {"a": (0, 2)}, note=N_("takeout double"), forcing="1",
      a=SUITS),
    F(OVER, "3{a}", "X", (14, 37), {"a": (0, 2), "~a": (3, 13)}, note=N_("takeout double"),
      forcing="1", a=SUITS),
    F(OVER, "3{a}", "3N", (16, 21), tests=("stop:{a}",), a=SUITS),
    F(OVER, "2{a}", "P", (0, 37), note=N_("no suitable overcall or double"), a=SUITS),
    F(OVER, "3{a}", "P", (0, 37), note=N_("no suitable overcall or double"), a=SUITS),
    F(OVER, "4{a}", "P", (0, 37), note=N_("no suitable overcall or double"), a=SUITS),
    # --- balancing ----------------------------------------------------------------------------
    F(BAL, "1{a} P P", "1N", (11, 14), balanced=True, tests=("stop:{a}",), a=SUITS),
    F(BAL, "1{a} P P", "X", (9, 37), {"a": (0, 2), "~a": (3, 13)}, note=N_("takeout double"),
      forcing="1", a=SUITS),
    F(BAL, "1{a} P P", "1{b}", (7, 16), {"b": (5, 13)}, a=SUITS, b=SUITS, where=_UP),
    F(BAL, "1{a} P P", "2{b}", (9, 16), {"b": (5, 13)}, a=SUITS, b=SUITS, where=_DOWN),
    F(BAL, "1{a} P P", "X", (15, 37), {"a": (0, 3)}, note=N_("takeout double"), forcing="1",
      a=SUITS),
    F(BAL, "1{a} P P", "P", (0, 37), a=SUITS),
    # --- advancing ----------------------------------------------------------------------------
    F(ADV, "1{a} X P", "2{a}", (12, 37), note=N_("cue bid: game-forcing values"), alert=True,
      forcing="game", a=SUITS),
    F(ADV, "1{a} X P", "3N", (13, 37), balanced=True, tests=("stop:{a}",), a=SUITS),
    F(ADV, "1{a} X P", "2{b}", (9, 11), {"b": (4, 13)}, tests=("longest:{b}",),
      note=N_("invitational"), a=SUITS, b=MAJORS, where=_UP),
    F(ADV, "1{a} X P", "1{b}", (0, 8), {"b": (4, 13)}, tests=("ge:{b}:S",), a=SUITS, b=MAJORS,
      where=_UP),
    F(ADV, "1{a} X P", "1{b}", (0, 8), {"b": (4, 13)}, a=SUITS, b=SUITS, where=_UP),
    F(ADV, "1{a} X P", "1N", (6, 10), tests=("stop:{a}",), a=SUITS),
    F(ADV, "1{a} X P", "2N", (11, 12), tests=("stop:{a}",), a=SUITS),
    F(ADV, "1{a} X P", "2{b}", (0, 8), {"b": (4, 13)}, a=SUITS, b=SUITS, where=_DOWN),
    F(ADV, "1{a} X P", "3{b}", (9, 11), {"b": (4, 13)}, note=N_("invitational"), a=SUITS,
      b=SUITS, where=_DOWN),
    F(ADV, "1{a} X P", "1{b}", (0, 11), {"b": (3, 13)}, a=SUITS, b=SUITS, where=_UP),
    F(ADV, "1{a} X P", "2{b}", (0, 11), {"b": (3, 13)}, a=SUITS, b=SUITS, where=_DOWN),
    F(ADV, "1{a} 1{b} P", "2{a}", (11, 37), {"b": (3, 13)},
      note=N_("cue bid: a limit raise or better"), alert=True, forcing="1", a=SUITS, b=SUITS,
      where=_UP),
    F(ADV, "1{a} {b} P", "3{b}", (0, 9), {"b": (4, 13)}, note=N_("preemptive"), a=SUITS,
      b=SUITS),
    F(ADV, "1{a} 1{b} P", "2{b}", (6, 10), {"b": (3, 13)}, a=SUITS, b=SUITS, where=_UP),
    F(ADV, "1{a} 1{b} P", "1N", (8, 11), tests=("stop:{a}",), a=SUITS, b=SUITS, where=_UP),
    F(ADV, "1{a} 2{b} P", "3{b}", (8, 12), {"b": (3, 13)}, a=SUITS, b=SUITS, where=_DOWN),
    F(ADV, "1{a} 2{b} P", "3{a}", (13, 37), {"b": (3, 13)},
      note=N_("cue bid: a limit raise or better"), alert=True, forcing="1", a=SUITS, b=SUITS,
      where=_DOWN),
    # --- responding in competition ------------------------------------------------------------
    F(NEG, "1{a} X", "2N", (10, 37), {"a": (4, 13)}, note=N_("Jordan 2NT: a limit raise or better"),
      alert=True, forcing="1", a=MAJORS),
    F(NEG, "1{a} X", "XX", (10, 37), note=N_("usually no fit"), a=SUITS),
    F(NEG, "1{a} X", "3{a}", (0, 7), {"a": (4, 13)}, note=N_("preemptive"), a=SUITS),
    F(NEG, "1{a} X", "2{a}", (6, 9), {"a": (3, 13)}, a=SUITS),
    F(NEG, "1{a} X", "1{b}", (6, 9), {"b": (5, 13)}, a=SUITS, b=SUITS, where=_UP),
    F(NEG, "1{a} X", "P", (0, 37), a=SUITS),
    F(NEG, "1{a} {b}", "{b}", (10, 37), {"a": (3, 13)},
      note=N_("cue bid: a limit raise or better"), alert=True, forcing="1", a=MAJORS, b=SUITS),
    F(NEG, "1{a} 1{b}", "X", (6, 37), {"c": (4, 13)}, note=N_("negative double"), alert=True,
      a=SUITS, b=SUITS, c=MAJORS, where=lambda v: v["c"] > v["b"] and v["c"] != v["a"]
      and v["b"] >= SUITS[2]),
    F(NEG, "1{a} 1{b}", "X", (6, 37), {"H": (4, 13), "S": (4, 13)},
      note=N_("negative double: both majors"), alert=True, a=MINORS, b=MINORS),
    F(NEG, "1{a} 2{b}", "X", (8, 37), {"H": (4, 13), "S": (4, 13)},
      note=N_("negative double"), alert=True, a=MINORS, b=MINORS),
    F(NEG, "1{a} 2{b}", "X", (8, 37), {"c": (4, 13)}, note=N_("negative double"), alert=True,
      a=SUITS, b=SUITS, c=MAJORS, where=lambda v: v["c"] != v["a"]),
    F(NEG, "1{a} {b}", "3{a}", (0, 9), {"a": (4, 13)}, note=N_("preemptive"), a=MAJORS,
      b=SUITS),
    F(NEG, "1{a} {b}", "2{a}", (6, 10), {"a": (3, 13)}, a=SUITS, b=SUITS),
    F(NEG, "1{a} 1{b}", "1{c}", (6, 37), {"c": (5, 13)}, forcing="1", a=SUITS, b=SUITS,
      c=MAJORS, where=lambda v: v["c"] > v["b"]),
    F(NEG, "1{a} 1{b}", "1N", (8, 10), tests=("stop:{b}",), a=SUITS, b=SUITS),
    F(NEG, "1{a} {b}", "2{c}", (10, 37), {"c": (5, 13)}, tests=("good:{c}",), a=SUITS,
      b=SUITS, c=SUITS),
    F(NEG, "1{a} {b}", "3N", (13, 37), balanced=True, tests=("stop:{b}",), a=SUITS, b=SUITS),
    F(NEG, "1{a} {b}", "P", (0, 37), a=SUITS, b=SUITS),
    # --- Blackwood (RKCB 1430) ----------------------------------------------------------------
    F(SLAM, "* 4N P", "5C", tests=("keycards:1",), note=N_("RKCB: 1 or 4 key cards"),
      alert=True),
    F(SLAM, "* 4N P", "5D", tests=("keycards:0",), note=N_("RKCB: 0 or 3 key cards"),
      alert=True),
    F(SLAM, "* 4N P", "5H", tests=("keycards:2",), note=N_("RKCB: 2 key cards, no trump queen"),
      alert=True),
    F(SLAM, "* 4N P", "5S", tests=("keycards:2q",), note=N_("RKCB: 2 key cards and the trump queen"),
      alert=True),
    F(SLAM, "* 4N P 5{a} P", "TRUMP7", tests=("grand",), note=N_("all key cards held"),
      a=SUITS),
    F(SLAM, "* 4N P 5{a} P", "TRUMP6", tests=("small",), a=SUITS),
    F(SLAM, "* 4N P 5{a} P", "TRUMP5", tests=("stop_slam",), note=N_("two key cards missing"),
      a=SUITS),
    F(SLAM, "*", "4N", tests=("slam_zone",), note=N_("RKCB 1430: asks for key cards"),
      forcing="1"),
    # --- placing the contract -----------------------------------------------------------------
    F(PLACE, "*", "GAME", tests=("game_fit",), note=N_("game with a known fit")),
    F(PLACE, "*", "OWNGAME", (16, 37), tests=("own_game",),
      note=N_("game in a long, strong suit of one's own")),
    F(PLACE, "*", "3N", tests=("game_nt",), note=N_("enough for game, no known fit")),
    F(PLACE, "*", "REBID", tests=("compete",), note=N_("a long suit, competing")),
    F(PLACE, "*", "P", note=N_("no more to say")),
)
