"""Entry point of the ``dupbridge`` command: ``python -m dupbridge.cli`` or ``dupbridge``.

The command tree is :data:`dupbridge.cli.command_table.COMMANDS`; each command's module is
imported only when that command runs. ``dupbridge --help`` and ``dupbridge formats`` are
answered by :mod:`dupbridge.cli.quick` without importing the command-line framework at all.
"""

from __future__ import annotations

import os
import sys

from dupbridge.cli.command_table import COMMANDS
from dupbridge.cli.quick import answer

#: The modules that implement the commands, one per feature (importing them registers
#: nothing: the tree is built from :data:`dupbridge.cli.command_table.COMMANDS`).
COMMAND_MODULES: tuple[str, ...] = tuple(dict.fromkeys(spec.module for spec in COMMANDS))


def program_name() -> str:
    """How the user ran the program, for the usage line: ``dupbridge``, or ``python -m
    dupbridge.cli`` (as click names it)."""
    main_module = sys.modules.get("__main__")
    spec = getattr(main_module, "__spec__", None)
    if spec is not None and spec.name.endswith("__main__") and spec.parent:
        return f"python -m {spec.parent}"
    return os.path.basename(sys.argv[0]) or "dupbridge"


def main() -> None:
    """Run the command line."""
    if answer(sys.argv[1:], program_name()):
        return
    from dupbridge.cli.app import app

    app()


if __name__ == "__main__":
    main()
