"""The 2017 Laws of Duplicate Bridge (the default edition, SPEC §1.5).

Every rectification is stated once, in :class:`~dupbridge.laws.edition.LawsEdition` and its law
families (DESIGN §2.8): the 2017 edition is that protocol as it stands. The texts paraphrase
the Laws (seed 003, English 2017); law codes are 2017 numbering.
"""

from __future__ import annotations

from dupbridge.core.kinds import Edition
from dupbridge.laws.base import SUIT_WORDS
from dupbridge.laws.edition import LawsEdition

__all__ = ["SUIT_WORDS", "Laws2017"]


class Laws2017(LawsEdition):
    """The WBF Laws of Duplicate Bridge 2017."""

    name = Edition.E2017
