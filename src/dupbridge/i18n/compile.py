"""Compile the message catalogs: ``python -m dupbridge.i18n.compile [--check]``.

Run by ``make run`` and ``make test``. It uses Babel, a build-time tool, so the runtime
translation machinery in :mod:`dupbridge.i18n` stays standard-library only. With ``--check``
(``make test``) it also refuses a catalog that is not complete: a message without a
translation (any plural form empty), a fuzzy one, or one whose placeholders differ from its
English source (issue 17: every language complete, and kept complete).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from dupbridge.i18n import DOMAIN, LOCALE_DIR

__all__ = ["catalog_problems", "compile_catalogs", "main"]

#: A ``str.format`` placeholder: ``{name}``, ``{name!r}``, ``{n:.1f}`` (``{{`` is a brace).
_PLACEHOLDER = re.compile(r"(?<!\{)\{([a-z_][a-z0-9_]*(?:![rs])?(?::[^{}]*)?)\}")


def _placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text.replace("{{", "").replace("}}", "")))


def _forms(value: object) -> tuple[object, ...]:
    """A message's forms: one for a plain message, several for a plural one."""
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


def _read(po_path: Path) -> Catalog:
    with po_path.open("rb") as handle:
        return read_po(handle, locale=po_path.parent.parent.name)


def catalog_problems(po_path: Path) -> list[str]:
    """Every way the catalog at ``po_path`` falls short: one line per message, naming it."""
    catalog = _read(po_path)
    problems: list[str] = []
    for message in catalog:
        if not message.id:
            continue
        ids = tuple(str(text) for text in _forms(message.id))
        strings = tuple(str(text or "") for text in _forms(message.string))
        shown = ids[0][:60]
        if message.fuzzy:
            problems.append(f"{po_path}: fuzzy: {shown!r}")
        if not all(strings):
            problems.append(f"{po_path}: untranslated: {shown!r}")
            continue
        expected = set().union(*(_placeholders(text) for text in ids))
        for text in strings:
            if _placeholders(text) != expected:
                problems.append(f"{po_path}: placeholders differ: {shown!r}")
                break
    return problems


def compile_catalogs() -> int:
    """Compile every ``.po`` under the locale directory into its ``.mo``; return the count."""
    count = 0
    for po_path in sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        catalog = _read(po_path)
        with po_path.with_suffix(".mo").open("wb") as out:
            write_mo(out, catalog)
        count += 1
    return count


def main(argv: list[str] | None = None) -> int:
    """Entry point: compile; with ``--check``, exit 1 listing every incomplete message."""
    args = sys.argv[1:] if argv is None else argv
    count = compile_catalogs()
    sys.stdout.write(f"compiled {count} message catalog(s)\n")
    if "--check" not in args:
        return 0
    problems = [
        problem
        for po_path in sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
        for problem in catalog_problems(po_path)
    ]
    for problem in problems:
        sys.stderr.write(problem + "\n")
    if problems:
        sys.stderr.write(f"{len(problems)} catalog problem(s): every language must be complete\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
