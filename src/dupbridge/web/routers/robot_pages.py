"""The robots' system card as a page (``GET /robots/system-card``), for a human opponent.

Laws 40A1 and 40B2: opponents are entitled to know a partnership's agreements. The card is
generated from the bidding rules by :func:`dupbridge.robots.bidding.system_card` in the
visitor's language (its texts go through the catalogs); this module only lays its Markdown
out as HTML: the introduction, one heading per section, one list item per line of the card.
The table page links here wherever a robot sits (:mod:`dupbridge.web.routers.table_pages`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from dupbridge.i18n import _, use_language
from dupbridge.robots.bidding import system_card
from dupbridge.web.pages import page_language, render

__all__ = ["CARD_PATH", "CardLine", "CardSection", "card_sections", "router"]

router = APIRouter(prefix="/robots", tags=["robot pages"])

#: Where the card is served (the table page links to it).
CARD_PATH = "/robots/system-card"


@dataclass(frozen=True)
class CardLine:
    """One line of the card: the call (``1NT``) and what it says (``(opening): 15-17 HCP``)."""

    call: str
    text: str


@dataclass
class CardSection:
    """A section of the card (``Opening bids``) and its lines, in the order they are tried."""

    title: str
    lines: list[CardLine] = field(default_factory=list)


def card_sections(card: str) -> tuple[list[str], list[CardSection]]:
    """The card's Markdown (as :func:`system_card` writes it) as its introduction's
    paragraphs and its sections."""
    intro: list[str] = []
    sections: list[CardSection] = []
    for raw in card.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            sections.append(CardSection(line.lstrip("#").strip()))
        elif line.startswith("- ") and sections:
            item = line[2:]
            if item.startswith("**") and "**" in item[2:]:
                call, _sep, text = item[2:].partition("**")
                sections[-1].lines.append(CardLine(call, text.strip()))
            else:
                sections[-1].lines.append(CardLine("", item))
        elif sections:
            sections[-1].lines.append(CardLine("", line))
        else:
            intro.append(line)
    return intro, sections


@router.get("/system-card", response_class=HTMLResponse)
async def system_card_page(request: Request) -> HTMLResponse:
    """The robots' system card, in the visitor's language: every line of the rules the
    robots bid by, grouped by section, in the order the robots try them."""
    with use_language(page_language(request)):
        intro, sections = card_sections(system_card())
        title = _("Robots' system card")
    return render(request, "robots/system_card.html", title=title, intro=intro, sections=sections)
