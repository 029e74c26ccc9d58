"""References to the Laws of Duplicate Bridge (``Law 27B1(a)``, 2017 or 2007 edition)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from dupbridge.core.kinds import Edition

__all__ = ["EDITIONS", "LawRef", "law"]

#: The editions dupbridge implements; 2017 is the default (SPEC §1.5).
EDITIONS: tuple[str, ...] = tuple(edition.value for edition in Edition)

#: A law's number, then its part, which starts with a section letter: ``27``, ``27B1(a)``.
_LAW_RE = re.compile(r"^\s*(?:Law\s+)?(\d{1,3})((?:[A-Z][A-Z0-9()a-z]*)?)\s*$")


@dataclass(frozen=True, slots=True)
class LawRef:
    """A citation of one law, optionally of one part of it and of one edition.

    ``str(LawRef(27, "B1(a)", "2017"))`` is ``"Law 27B1(a) (2017)"``.
    """

    number: int
    part: str = ""
    edition: str | None = None

    def __post_init__(self) -> None:
        if not 1 <= self.number <= 116:
            # Laws 1-93 are the WBF Laws; Sweden's supplementary Laws run to 116 (seed 001).
            raise ValueError(f"there is no Law {self.number}")
        if self.edition is not None and self.edition not in EDITIONS:
            raise ValueError(f"unknown edition of the Laws: {self.edition!r}")

    @classmethod
    def parse(cls, text: str, edition: str | None = None) -> LawRef:
        """Parse ``"27B1(a)"`` or ``"Law 27B1(a)"``.

        Raises:
            ValueError: if the text is not a law reference.
        """
        match = _LAW_RE.match(text)
        if match is None:
            raise ValueError(f"not a law reference: {text!r}")
        return cls(int(match.group(1)), match.group(2), edition)

    @property
    def code(self) -> str:
        """The law number and part without the word 'Law': ``"27B1(a)"``."""
        return f"{self.number}{self.part}"

    def in_edition(self, edition: str) -> LawRef:
        """The same reference, tied to ``edition``."""
        return LawRef(self.number, self.part, edition)

    def __str__(self) -> str:
        text = f"Law {self.code}"
        return f"{text} ({self.edition})" if self.edition else text


def law(code: str, edition: str | None = None) -> LawRef:
    """Shorthand: ``law("44C")`` is ``LawRef(44, "C")``."""
    return LawRef.parse(code, edition)
