"""The system card, generated from the rules: one line per rule family, grouped by section.

Law 40A1 / 40B2: opponents are entitled to know the partnership's agreements; the card is
what a human opponent reads from the table page.
"""

from __future__ import annotations

from dupbridge.i18n import _
from dupbridge.robots.bidding.api import describe
from dupbridge.robots.bidding.engine import FAMILIES, RULES
from dupbridge.robots.bidding.rules import Family, Span

__all__ = ["system_card"]

_VARIABLE = {"a": "x", "b": "y", "c": "z"}
_SUIT_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def _template(text: str) -> str:
    for name, shown in _VARIABLE.items():
        text = text.replace("{" + name + "}", shown)
    words = []
    for word in text.split():
        if word[-1] in _SUIT_SYMBOL and word[:-1].isdigit():
            words.append(word[:-1] + _SUIT_SYMBOL[word[-1]])
        elif word[-1] == "N" and word[:-1].isdigit():
            words.append(word + "T")
        else:
            words.append(word)
    return " ".join(words)


def _call(text: str) -> str:
    special = {
        "GAME": _("game in the fit"),
        "REBID": _("rebid the long suit"),
        "OWNGAME": _("game in one's own suit"),
        "INVITE": _("3 of the fit, or 2NT"),
        "TRUMP5": _("5 of the trump suit"),
        "TRUMP6": _("6 of the trump suit"),
        "TRUMP7": _("7 of the trump suit"),
    }
    if text in special:
        return special[text]
    if text in ("{a}", "{b}", "{c}"):
        return _("cue bid in {suit}").format(suit=_VARIABLE[text[1]])
    return _template(text)


def _conditions(family: Family) -> str:
    lengths: list[Span] = [(0, 13)] * 4
    fixed = {"C": 0, "D": 1, "H": 2, "S": 3}
    extra = []
    for key, (low, high) in family.lengths.items():
        if key in fixed:
            lengths[fixed[key]] = (low, high)
        else:
            names = " ".join(_VARIABLE[name] for name in key.lstrip("~"))
            shown = _("each suit but {suits}").format(suits=names) if key[0] == "~" else names
            if low == high:
                extra.append(_("exactly {n} {suit}").format(n=low, suit=shown))
            elif high == 13:
                extra.append(_("{n}+ {suit}").format(n=low, suit=shown))
            elif low == 0:
                extra.append(_("at most {n} {suit}").format(n=high, suit=shown))
            else:
                extra.append(_("{low}-{high} {suit}").format(low=low, high=high, suit=shown))
    valued = any(rule.trump is not None for rule in RULES if rule.family is family)
    parts = describe(family.hcp, tuple(lengths), family.balanced, valued) + extra
    for test in family.tests:
        head, _sep, arg = test.partition(":")
        arg = _template(arg.replace("{", "").replace("}", "")) if arg else ""
        label = {
            "stop": _("a stopper in {suit}"),
            "good": _("a good {suit} suit"),
            "longest": _("{suit} the longest suit"),
            "minor": _("the better minor"),
            "four_major": _("a 4-card major"),
            "tricks9": _("nine playing tricks (at most 3 losers)"),
            "slam_zone": _(
                "a fit and 33+ points together, or 29+ and twelve tricks by the losing-trick count"
            ),
            "game_fit": _("a fit and 25+ points together"),
            "quantitative": _("no fit, 33 HCP together if partner is at the top of his range"),
            "quant_accept": _("the top of the range shown"),
            "quant_decline": _("the bottom of the range shown"),
            "slam_nt": _("33+ HCP together"),
            "grand_nt": _("37+ HCP together"),
            "game_nt": _("25+ HCP together and their suits stopped"),
            "own_game": _("7+ cards in the suit, at most 4 losers"),
            "compete": _("a 6-card suit already bid"),
            "invite": _("23-24 HCP together"),
            "accept": _("the top of the range shown, after 3 of the fit"),
            "accept_nt": _("the top of the range shown, after 2NT"),
        }.get(head)
        if label is not None:
            parts.append(label.format(suit=_VARIABLE.get(arg, arg)))
    return ", ".join(parts)


def _domains(family: Family) -> str:
    parts = []
    for name, shown in _VARIABLE.items():
        suits = getattr(family, name)
        if suits and len(suits) < 4:
            symbols = " ".join(_SUIT_SYMBOL[suit.letter] for suit in suits)
            parts.append(f"{shown}: {symbols}")
    return "; " + ", ".join(parts) if parts else ""


def system_card() -> str:
    """The robots' system card as Markdown: every rule family, in the order they are tried."""
    lines = [
        _(
            "Standard American Yellow Card, as the robots play it. x, y and z stand for suits; "
            "a line applies after exactly the auction shown (calls since the first bid, the "
            "last one by the caller's right-hand opponent), and the first line that fits is "
            "the call. Alerted calls are marked (alert)."
        ),
        "",
    ]
    section = ""
    for family in FAMILIES:
        if family.section != section:
            section = family.section
            lines += ["", "#### " + _(section), ""]
        pattern = _template(family.pattern.lstrip("* ")) if family.pattern.strip("* ") else ""
        if family.pattern.startswith("*"):
            after = _("after … {calls}").format(calls=pattern) if pattern else _("any time")
        else:
            after = _("after {calls}").format(calls=pattern) if pattern else _("opening")
        words = [f"- **{_call(family.call)}** ({after}{_domains(family)})"]
        conditions = _conditions(family)
        if family.note:
            words.append(": " + _(family.note))
            if conditions:
                words.append("; " + conditions)
        elif conditions:
            words.append(": " + conditions)
        if family.alert:
            words.append(" " + _("(alert)"))
        if family.forcing == "1":
            words.append(" " + _("(forcing)"))
        elif family.forcing == "game":
            words.append(" " + _("(game forcing)"))
        lines.append("".join(words))
    return "\n".join(lines).replace("\n\n\n", "\n\n") + "\n"
