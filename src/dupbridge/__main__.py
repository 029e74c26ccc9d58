"""``python -m dupbridge``: the ``dupbridge`` command (see :mod:`dupbridge.cli`)."""

from __future__ import annotations

from dupbridge.cli.__main__ import main

if __name__ == "__main__":
    main()
