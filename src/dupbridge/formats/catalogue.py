"""What each built-in file format is, without importing its reader and writer.

``dupbridge formats`` lists this table and nothing else, so that it starts as fast as
``dupbridge --help`` (issue 12): importing the formats themselves loads the whole core and the
event scoring. A test checks that the table says exactly what the registered formats
(:func:`dupbridge.formats.registry.all_formats`) say, so the two cannot drift apart.
"""

from __future__ import annotations

from typing import NamedTuple

from dupbridge.i18n import N_

__all__ = ["CATALOGUE", "FormatInfo"]


class FormatInfo(NamedTuple):
    """A built-in format's name, extensions, description and whether it reads and writes."""

    name: str
    extensions: tuple[str, ...]
    description: str
    read: bool
    write: bool


#: The built-in formats by name; descriptions are translated where they are shown.
CATALOGUE: tuple[FormatInfo, ...] = (
    FormatInfo("ber", (".ber",), N_("Bernasconi dealing machine hand records"), True, True),
    FormatInfo("bhg", (".bhg",), N_("Borel Hand Generator deals"), True, True),
    FormatInfo("bri", (".bri",), N_("BRI dealing machine hand records"), True, True),
    FormatInfo("cds", (".cds",), N_("CDS deal files"), True, True),
    FormatInfo("csv", (".csv",), N_("Hand records as CSV"), True, True),
    FormatInfo("dge", (".dge",), N_("DGE dealing machine hand records"), True, True),
    FormatInfo("dlm", (".dlm",), N_("Duplimate dealing machine (.dlm)"), True, True),
    FormatInfo("dup", (".dup",), N_("Duplimate dealing machine (.dup)"), True, True),
    FormatInfo("lin", (".lin",), N_("Bridge Base Online LIN"), True, True),
    FormatInfo("pbn", (".pbn",), N_("Portable Bridge Notation 2.1"), True, True),
    FormatInfo("rzd", (".rzd",), N_("KoPS deal files"), True, True),
    FormatInfo("usebio", (".xml",), N_("USEBIO 1.2 results (EBU)"), True, True),
)
