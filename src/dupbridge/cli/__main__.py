"""Entry point of the ``dupbridge`` command: ``python -m dupbridge.cli`` or ``dupbridge``.

The command tree is :data:`dupbridge.cli.commands.COMMANDS`; each command's module is
imported only when that command runs.
"""

from __future__ import annotations

from dupbridge.cli.app import app
from dupbridge.cli.commands import COMMANDS

#: The modules that implement the commands, one per feature (importing them registers
#: nothing: the tree is built from :data:`dupbridge.cli.commands.COMMANDS`).
COMMAND_MODULES: tuple[str, ...] = tuple(dict.fromkeys(spec.module for spec in COMMANDS))


def main() -> None:
    """Run the command line."""
    app()


if __name__ == "__main__":
    main()
