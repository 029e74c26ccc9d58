"""The shape of the source tree (issue 19): rooms one can live in.

No module over 600 lines, and no module importing another module's private names: what another
module needs is a public, documented name. Import cycles between sibling modules are refused by
import-linter's ``acyclic_siblings`` contract (pyproject.toml), run by ``make test``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "dupbridge"
MODULES = sorted(SRC.rglob("*.py"))
#: The most lines a module may have.
LIMIT = 600


def _module_name(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(SRC)))
def test_module_is_small(path: Path) -> None:
    """A module stays under 600 lines; a bigger one is split where its subject divides."""
    lines = path.read_text(encoding="utf-8").count("\n")
    assert lines <= LIMIT, f"{path.relative_to(SRC)} has {lines} lines"


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(SRC)))
def test_no_private_names_imported(path: Path) -> None:
    """No module imports a private name (``_x``) of another module; a private *module* may be
    imported only from inside its own package."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = (
        _module_name(path).rpartition(".")[0]
        if path.name != "__init__.py"
        else (_module_name(path))
    )
    wrong = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or not node.module:
            continue
        if not node.module.startswith("dupbridge"):
            continue
        for alias in node.names:
            name = alias.name
            if not name.startswith("_") or name in {"_", "__all__"}:
                continue
            target = f"{node.module}.{name}"
            where = SRC.parent / Path(*target.split("."))
            is_module = where.with_suffix(".py").exists() or where.is_dir()
            if is_module and node.module == package:
                continue  # a private module of the importer's own package
            wrong.append(f"line {node.lineno}: {target}")
    assert [] == wrong


def test_the_library_needs_no_server_extra() -> None:
    """Playing, ruling, scoring and publishing import none of the server's libraries, which
    are the optional ``server`` extra (issue 19)."""
    import subprocess
    import sys

    code = (
        "import sys, dupbridge, dupbridge.services.records, dupbridge.services.event_results, "
        "dupbridge.services.sample_event, dupbridge.cli.commands; "
        "print(sorted(m for m in ('fastapi', 'sqlalchemy', 'alembic', 'uvicorn', 'redis', "
        "'psycopg', 'websockets') if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert "[]" == result.stdout.strip()
