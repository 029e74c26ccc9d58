"""The format catalogue that ``dupbridge formats`` lists says what the registry says."""

from __future__ import annotations

import subprocess
import sys

from dupbridge.formats.catalogue import CATALOGUE
from dupbridge.formats.registry import all_formats


def test_catalogue_matches_the_registered_formats() -> None:
    """Name, extensions, description, reading and writing: the same for every format."""
    registered = [
        (f.name, f.extensions, f.description, f.read is not None, f.write is not None)
        for f in all_formats()
    ]
    assert registered == [tuple(info) for info in CATALOGUE]


def test_formats_command_imports_no_format() -> None:
    """Listing the formats loads neither the formats nor the core (start-up, issue 12)."""
    code = (
        "import sys\n"
        "from dupbridge.cli.commands import load_command\n"
        "from dupbridge.cli.formats_command import formats\n"
        "formats()\n"
        "loaded = [m for m in sys.modules if m.startswith(('dupbridge.formats.pbn', "
        "'dupbridge.core.table', 'dupbridge.tournament'))]\n"
        "print('LOADED', loaded)\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert "LOADED []" in run.stdout
    assert "pbn" in run.stdout
    assert "Portable Bridge Notation 2.1" in run.stdout
