"""Entry point of the ``dupbridge`` command: ``python -m dupbridge.cli`` or ``dupbridge``."""

from __future__ import annotations

import importlib

from dupbridge.cli.app import app

#: The modules that register commands on :data:`dupbridge.cli.app.app`, one per feature.
COMMAND_MODULES: tuple[str, ...] = (
    "dupbridge.cli.table_commands",
    "dupbridge.cli.format_commands",
    "dupbridge.cli.score_commands",
    "dupbridge.cli.analysis_commands",
    "dupbridge.cli.movement_commands",
    "dupbridge.cli.rule_commands",
)


def main() -> None:
    """Run the command line."""
    for module in COMMAND_MODULES:
        importlib.import_module(module)
    server = importlib.import_module("dupbridge.cli.server_commands")
    app.command("serve")(server.serve)
    app.add_typer(server.db_app, name="db")
    app()


if __name__ == "__main__":
    main()
