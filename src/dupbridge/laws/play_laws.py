"""The Laws from the opening lead to the agreed result (41-71, 79) and the board-level
irregularities (13-15), in their 2017 form: one method per rectification, returning steps
(:mod:`dupbridge.laws.steps`) that the rulings engine walks, as for the auction.

:class:`PlayLaws` gathers the law families: leads (:mod:`dupbridge.laws.leads`), other play
irregularities (:mod:`~dupbridge.laws.play_irregularities`), revokes and the defective trick
(:mod:`~dupbridge.laws.revokes`), claims (:mod:`~dupbridge.laws.claims`) and the board
(:mod:`~dupbridge.laws.board`). :class:`~dupbridge.laws.laws2007.Laws2007` overrides the hooks
where the 2007 edition differs (57A, 64B, 68D, 13, 15 and the citations that moved). The texts
paraphrase the Laws (seed 003, 2017 English; seed 001 for 2007); codes are the edition's
numbering.
"""

from __future__ import annotations

from dupbridge.laws.base import suit_word
from dupbridge.laws.board import BoardLaws
from dupbridge.laws.claims import ClaimLaws
from dupbridge.laws.leads import LeadLaws
from dupbridge.laws.play_irregularities import PlayIrregularityLaws
from dupbridge.laws.revokes import Adjustment, RevokeFacts, RevokeLaws

__all__ = ["Adjustment", "PlayLaws", "RevokeFacts", "suit_word"]


class PlayLaws(LeadLaws, PlayIrregularityLaws, RevokeLaws, ClaimLaws, BoardLaws):
    """Laws 13-15, 41-71 and 79 in their 2017 form."""
