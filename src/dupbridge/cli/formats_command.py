"""``dupbridge formats``: the file formats, listed from the catalogue (no format is imported).

The table is drawn with the standard library (:mod:`dupbridge.cli.plain`), so that the command
answers without loading the command-line framework (:mod:`dupbridge.cli.quick`).
"""

from __future__ import annotations

import sys

from dupbridge.cli.plain import styles_for, table, terminal_width
from dupbridge.formats.catalogue import CATALOGUE
from dupbridge.i18n import _

__all__ = ["formats"]


def formats() -> None:
    """List the file formats dupbridge reads and writes."""
    headers = [_("Name"), _("Extensions"), _("Read"), _("Write"), _("Description")]
    rows = [
        [
            file_format.name,
            " ".join(file_format.extensions),
            _("yes") if file_format.read else _("no"),
            _("yes") if file_format.write else _("no"),
            _(file_format.description),
        ]
        for file_format in CATALOGUE
    ]
    lines = table(_("File formats"), headers, rows, terminal_width(), styles_for(sys.stdout))
    sys.stdout.write("\n".join(lines) + "\n")
