"""dupbridge: duplicate bridge by the Laws (WBF 2017, and 2007 as an option).

The values, ``Auction``, ``Table`` and ``parse_call`` are importable from here; Law 77 scores
and IMPs from :mod:`dupbridge.scoring`.
"""

from dupbridge.core import *  # noqa: F403 - the core's public surface is the package's
from dupbridge.core import __all__ as _core_all

__all__ = list(_core_all)
__version__ = "0.1.0"
