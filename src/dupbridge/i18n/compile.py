"""Compile the message catalogs: ``python -m dupbridge.i18n.compile``.

Run by ``make run`` and ``make test``. It uses Babel, a build-time tool, so the runtime
translation machinery in :mod:`dupbridge.i18n` stays standard-library only.
"""

from __future__ import annotations

import sys

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from dupbridge.i18n import DOMAIN, LOCALE_DIR


def compile_catalogs() -> int:
    """Compile every ``.po`` under the locale directory into its ``.mo``; return the count."""
    count = 0
    for po_path in sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        with po_path.open("rb") as handle:
            catalog = read_po(handle, locale=po_path.parent.parent.name)
        with po_path.with_suffix(".mo").open("wb") as out:
            write_mo(out, catalog)
        count += 1
    return count


def main() -> None:
    """Entry point."""
    count = compile_catalogs()
    sys.stdout.write(f"compiled {count} message catalog(s)\n")


if __name__ == "__main__":
    main()
