"""``dupbridge formats``: the file formats, listed from the catalogue (no format is imported)."""

from __future__ import annotations

from rich.table import Table as RichTable

from dupbridge.cli.app import console
from dupbridge.formats.catalogue import CATALOGUE
from dupbridge.i18n import _

__all__ = ["formats"]


def formats() -> None:
    """List the file formats dupbridge reads and writes."""
    table = RichTable(title=_("File formats"))
    table.add_column(_("Name"))
    table.add_column(_("Extensions"))
    table.add_column(_("Read"))
    table.add_column(_("Write"))
    table.add_column(_("Description"))
    for file_format in CATALOGUE:
        table.add_row(
            file_format.name,
            " ".join(file_format.extensions),
            _("yes") if file_format.read else _("no"),
            _("yes") if file_format.write else _("no"),
            _(file_format.description),
        )
    console.print(table)
