"""dupbridge: duplicate bridge by the Laws (WBF 2017, and 2007 as an option).

The values, ``Auction``, ``Table`` and ``parse_call`` are importable from here; Law 77 scores
and IMPs from :mod:`dupbridge.scoring`.

The core is imported on first use of one of its names (PEP 562), so that a program that only
needs :mod:`dupbridge.i18n` or the command line's help starts quickly.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dupbridge.core import *  # noqa: F403 - the core's public surface is the package's

__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    """The core's public names, ``__all__`` included, imported when first asked for."""
    core = importlib.import_module("dupbridge.core")  # deferred on purpose (start-up time)

    if name == "__all__":
        return list(core.__all__)
    if name in core.__all__:
        return getattr(core, name)
    raise AttributeError(f"module 'dupbridge' has no attribute {name!r}")
