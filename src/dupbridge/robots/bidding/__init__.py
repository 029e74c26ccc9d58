"""The robots' bidding: Standard American Yellow Card written down as data (issue 14).

- :func:`choose_call` gives a robot's call, its alert and its explanation, always legal;
- :func:`read_auction` runs the same rules backwards: what each other player's calls show;
- :func:`system_card` prints the system from the rules, for opponents to read (Law 40A1: a
  partnership's understandings are available to its opponents).
"""

from __future__ import annotations

from dupbridge.robots.bidding.api import choose_call, explain, is_forced, read_auction
from dupbridge.robots.bidding.card import system_card
from dupbridge.robots.bidding.engine import RULES

__all__ = ["RULES", "choose_call", "explain", "is_forced", "read_auction", "system_card"]
