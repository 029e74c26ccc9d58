"""The fonts a PDF is written in, so that every language's letters and the suit symbols print.

The standard PDF fonts (Helvetica, ZapfDingbats) hold the Western European letters only: a
Russian hand record printed boxes, and Polish and Latvian letters (``ą ł ż``, ``ā ē ī ņ ļ ķ``)
were lost. Every dupbridge PDF is therefore written in DejaVu Sans (a free font whose licence
allows embedding and redistribution), embedded in the file, which holds the Latin letters of
all six languages, the Cyrillic ones and the suit symbols ``♠ ♥ ♦ ♣``.

The font is looked for where the operating systems install it (Debian and Ubuntu package
``fonts-dejavu-core``: ``/usr/share/fonts/truetype/dejavu``), or in the folder named by the
``DUPBRIDGE_FONT_DIR`` environment variable. Without it a PDF falls back to the standard fonts,
which is enough for English, Swedish and Estonian text; a PDF that needs a letter they do not
have stops with a clear error (:class:`PdfFontError`) instead of printing boxes.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from dupbridge.i18n import _

__all__ = ["FONT_DIRS", "PdfFontError", "PdfFonts", "pdf_fonts"]

#: Where DejaVu Sans is installed by Debian/Ubuntu, Fedora, Arch and by hand (in this order,
#: after ``$DUPBRIDGE_FONT_DIR``).
FONT_DIRS: tuple[str, ...] = (
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/dejavu-sans-fonts",
    "/usr/share/fonts/dejavu",
    "/usr/share/fonts/TTF",
    "/usr/local/share/fonts",
    "/usr/local/share/fonts/dejavu",
)

_REGULAR, _BOLD = "DejaVuSans.ttf", "DejaVuSans-Bold.ttf"
_SUITS = "\u2660\u2665\u2666\u2663"


class PdfFontError(ValueError):
    """A PDF needs a letter the standard PDF fonts lack and DejaVu Sans is not installed."""


@dataclass(frozen=True)
class PdfFonts:
    """The font names to give reportlab for plain text, bold text and the suit symbols.

    Attributes:
        regular, bold, symbols: registered reportlab font names.
        embedded: True when DejaVu Sans is used (every letter prints), False for the
            standard-font fallback.
    """

    regular: str
    bold: str
    symbols: str
    embedded: bool

    def check(self, texts: Iterable[str]) -> None:
        """Make sure every text can be printed in these fonts.

        Raises:
            PdfFontError: naming the first text that the standard fonts cannot print, when
                DejaVu Sans is missing.
        """
        if self.embedded:
            return
        for text in texts:
            try:
                text.translate({ord(c): None for c in _SUITS}).encode("cp1252")
            except UnicodeEncodeError:
                raise PdfFontError(
                    _(
                        "cannot print {text!r} in a PDF: the font DejaVu Sans is needed; install "
                        "the package fonts-dejavu-core or set DUPBRIDGE_FONT_DIR to its folder"
                    ).format(text=text)
                ) from None


def _font_dirs() -> list[Path]:
    own = os.environ.get("DUPBRIDGE_FONT_DIR")
    return ([Path(own)] if own else []) + [Path(folder) for folder in FONT_DIRS]


@lru_cache(maxsize=1)
def pdf_fonts() -> PdfFonts:
    """Register DejaVu Sans with reportlab once and name the fonts to use (see the module)."""
    from reportlab.pdfbase import pdfmetrics  # noqa: PLC0415 - only PDF writers need reportlab
    from reportlab.pdfbase.ttfonts import TTFont  # noqa: PLC0415

    for folder in _font_dirs():
        regular, bold = folder / _REGULAR, folder / _BOLD
        if regular.is_file() and bold.is_file():
            pdfmetrics.registerFont(TTFont("DupbridgeSans", str(regular)))
            pdfmetrics.registerFont(TTFont("DupbridgeSans-Bold", str(bold)))
            pdfmetrics.registerFontFamily(
                "DupbridgeSans",
                normal="DupbridgeSans",
                bold="DupbridgeSans-Bold",
                italic="DupbridgeSans",
                boldItalic="DupbridgeSans-Bold",
            )
            return PdfFonts("DupbridgeSans", "DupbridgeSans-Bold", "DupbridgeSans", True)
    return PdfFonts("Helvetica", "Helvetica-Bold", "ZapfDingbats", False)
