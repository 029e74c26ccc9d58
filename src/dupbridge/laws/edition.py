"""The protocol every edition of the Laws follows, with the 2017 behaviour as its base.

:class:`LawsEdition` is an abstract base class, in the way python-chess's variants share one
``Board``: it states every rectification the rulings engine asks for, law family by law family
(the mixins of :mod:`dupbridge.laws.insufficient`, :mod:`~dupbridge.laws.rotation`,
:mod:`~dupbridge.laws.information` and :mod:`~dupbridge.laws.play_laws`), in the form of the
2017 Laws. An edition names itself (:attr:`LawsEdition.name`) and overrides the public hooks
where it differs: :class:`~dupbridge.laws.laws2017.Laws2017` overrides nothing,
:class:`~dupbridge.laws.laws2007.Laws2007` the rules the 2007 edition words otherwise (SPEC
§1.3, §6.1).

The hooks an edition overrides, beyond the rectification methods themselves, are
:meth:`~LawsEdition.cite` (through ``CITATIONS``), ``lead_rule``, ``withdrawn_lead``,
``ib_question``, ``ib_not_comparable``, ``ib_lowest``, ``pass_refused``, ``bid_refused``,
``double_refused``, ``inadmissible_lead``, ``forbid_law``, ``forbid_text``,
``penalty_reviews``, ``neither_allowed``, ``both_sides_on_one_trick``,
``claim_play_continued`` and ``no_transfer``.
"""

from __future__ import annotations

from dupbridge.laws.information import InformationLaws
from dupbridge.laws.insufficient import InsufficientBidLaws
from dupbridge.laws.play_laws import PlayLaws
from dupbridge.laws.rotation import RotationLaws

__all__ = ["LawsEdition"]


class LawsEdition(InsufficientBidLaws, RotationLaws, InformationLaws, PlayLaws):
    """An edition of the Laws of Duplicate Bridge: the 2017 rectifications, and the hooks an
    edition overrides where it differs. Subclasses set :attr:`name`."""
