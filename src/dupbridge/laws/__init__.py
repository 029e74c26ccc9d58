"""The Laws of Duplicate Bridge as strategy objects: the 2017 edition (default) and 2007.

``LAWS_2017`` and ``LAWS_2007`` (each a :class:`~dupbridge.laws.edition.LawsEdition`) state,
law by law, how each irregularity is rectified (:mod:`dupbridge.laws.steps`); they differ only
where the editions differ (SPEC §1.3, §6.1). National profiles (:mod:`dupbridge.laws.profiles`)
hold the options the Laws leave to Regulating Authorities and Tournament Organizers.
``dupbridge.rulings`` walks the steps against a table.
"""

from __future__ import annotations

from dupbridge.core.kinds import Edition
from dupbridge.i18n import _
from dupbridge.laws.edition import LawsEdition
from dupbridge.laws.laws2007 import Laws2007
from dupbridge.laws.laws2017 import Laws2017
from dupbridge.laws.profiles import (
    ESTONIA,
    POLAND,
    PROFILES,
    SWEDEN,
    WBF,
    WBF_2007,
    Profile,
    find_profile,
)

__all__ = [
    "EDITIONS",
    "ESTONIA",
    "LAWS_2007",
    "LAWS_2017",
    "POLAND",
    "PROFILES",
    "SWEDEN",
    "WBF",
    "WBF_2007",
    "Laws2007",
    "Laws2017",
    "LawsEdition",
    "Profile",
    "find_edition",
    "find_profile",
]

LAWS_2017 = Laws2017()
LAWS_2007 = Laws2007()

#: The editions by name.
EDITIONS: dict[str, LawsEdition] = {Edition.E2017: LAWS_2017, Edition.E2007: LAWS_2007}


def find_edition(name: str) -> LawsEdition:
    """The edition called ``name`` (``"2017"`` or ``"2007"``).

    Raises:
        ValueError: for an edition dupbridge does not implement.
    """
    edition = EDITIONS.get(name.strip())
    if edition is None:
        raise ValueError(
            _("unknown edition of the Laws: {edition!r} (expected {known})").format(
                edition=name, known=" or ".join(EDITIONS)
            )
        )
    return edition
