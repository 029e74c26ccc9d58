"""The Director's pages (``/director``, docs/director.md): the ruling assistant for a phone
at the table, and the console's scores for an event. Plain HTML forms (they work with taps
only, and without JavaScript); every route is for the Director only.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from markupsafe import Markup, escape

from dupbridge.core.calls import ALL_BIDS
from dupbridge.i18n import LANGUAGES, N_, _, use_language
from dupbridge.services.director.assistant import AssistantError, RulingNotFoundError
from dupbridge.services.director.claim_check import check_remaining
from dupbridge.services.director.irregularities import IRREGULARITY_LIST, irregularity_list
from dupbridge.services.director.scores import ScoresError
from dupbridge.web.access import DirectorOnly
from dupbridge.web.pages import page_language, render
from dupbridge.web.routers.director_api import desk_of, scored_json

__all__ = ["router"]

router = APIRouter(prefix="/director", tags=["director pages"])

SEATS = ("N", "E", "S", "W")
#: The bidding box: Pass, X, XX, then the bids upwards.
CALLS = ("Pass", "X", "XX", *(str(bid) for bid in ALL_BIDS))


_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SUIT_NAMES = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}


def call_label(call: str) -> Markup:
    """A call with its suit symbol, coloured (``1S`` → 1♠)."""
    if call == "Pass":
        return escape(_("Pass"))
    level, strain = call[:1], call[1:]
    if strain in _SYMBOLS:
        return Markup('{}<span class="suit-{}">{}</span>').format(
            level, strain.lower(), _SYMBOLS[strain]
        )
    return escape(call)


def call_name(call: str) -> str:
    """A call in words, for its button's accessible name (``1 spades``)."""
    if call == "Pass":
        return _("Pass")
    if call == "X":
        return _("Double")
    if call == "XX":
        return _("Redouble")
    level, strain = call[:1], call[1:]
    if strain in _SUIT_NAMES:
        return f"{level} {_(_SUIT_NAMES[strain])}"
    return f"{level} {_('no trump')}" if strain == "NT" else call


def card_label(card: str) -> Markup:
    """A card with its suit symbol (``SA`` → ♠A)."""
    suit, rank = card[:1], card[1:]
    return Markup('<span class="suit-{}">{}</span>{}').format(
        suit.lower(), _SYMBOLS.get(suit, suit), rank
    )


def card_name(card: str) -> str:
    """A card in words for its button's accessible name (``A spades``)."""
    suit, rank = card[:1], card[1:]
    return f"{rank} {_(_SUIT_NAMES.get(suit, suit))}"


def hand_label(cards: list[str]) -> Markup:
    """A hand suit by suit (``♠AKQ ♥T98 ♦- ♣432``)."""
    parts = []
    for suit in "SHDC":
        ranks = "".join(card[1:] for card in cards if card[:1] == suit) or "—"
        parts.append(
            Markup('<span class="suit-{}">{}</span>{}').format(suit.lower(), _SYMBOLS[suit], ranks)
        )
    return Markup(" ").join(parts)


LABELS: dict[str, Any] = {
    "hand_label": hand_label,
    "call_label": call_label,
    "call_name": call_name,
    "card_label": card_label,
    "card_name": card_name,
}


def _ruling_page(
    request: Request, ruling_id: str, error: str | None = None, status: int = 200
) -> HTMLResponse:
    desk = desk_of(request)
    try:
        view = desk.assistant.view(ruling_id)
    except RulingNotFoundError as missing:
        return render(request, "director/missing.html", status=404, error=str(missing))
    entry_key = request.query_params.get("entry", "")
    entry = next((item for item in IRREGULARITY_LIST if item.key == entry_key), None)
    state = view["state"]
    pending = view["pending"]
    seat = (pending["callers"][0] if pending and pending["callers"] else None) or state["turn"]
    with use_language(page_language(request)):
        entries = irregularity_list()
    lead_faced = False
    if entry is not None and entry.detail == "missing_card":
        # Law 14A before the opening lead is faced, 14B after: only then is it asked where
        # the card was found (as the engine decides, from the cards played).
        play = desk.assistant.table(ruling_id).play
        lead_faced = play is not None and play.cards_played > 0
    return render(
        request,
        "director/ruling.html",
        status=status,
        view=view,
        state=state,
        pending=pending,
        error=error,
        seats=SEATS,
        calls=CALLS,
        legal_calls=set(state["legal_calls"]),
        seat=seat or "N",
        entries=entries,
        entry=None if entry is None else entry.to_json(),
        lead_faced=lead_faced,
        **LABELS,
    )


@router.get("", response_class=HTMLResponse)
async def home(request: Request, principal: DirectorOnly) -> HTMLResponse:
    """The Director's start page: the assistant, the latest rulings, the open events."""
    desk = desk_of(request)
    return render(
        request,
        "director/home.html",
        rulings=desk.assistant.recent(),
        events=desk.events(),
    )


@router.get("/assistant", response_class=HTMLResponse)
async def assistant_start_page(request: Request, principal: DirectorOnly) -> HTMLResponse:
    """Open a ruling: the board (a tap), the edition, the table's language, the deal."""
    return render(request, "director/start.html", boards=range(1, 37), error=None)


@router.post("/assistant", response_model=None)
async def assistant_start(
    *,
    request: Request,
    principal: DirectorOnly,
    board: Annotated[int, Form()],
    edition: Annotated[str, Form()] = "2017",
    profile: Annotated[str, Form()] = "",
    language: Annotated[str, Form()] = "",
    deal: Annotated[str, Form()] = "",
) -> Response:
    """Open the ruling and go to its page."""
    lang = language if language in LANGUAGES else page_language(request)
    try:
        view = desk_of(request).assistant.start(
            principal.name,
            board=board,
            deal=deal or None,
            edition=edition,
            profile=profile or None,
            language=lang,
        )
    except AssistantError as error:
        return render(
            request, "director/start.html", status=422, boards=range(1, 37), error=str(error)
        )
    return RedirectResponse(f"/director/assistant/{view['id']}", status_code=303)


@router.get("/assistant/{ruling_id}", response_class=HTMLResponse)
async def assistant_ruling(
    request: Request, principal: DirectorOnly, ruling_id: str
) -> HTMLResponse:
    """The ruling: the board, what happened, the pending decision and the rulings made."""
    return _ruling_page(request, ruling_id)


def _action_of(do: str, form: dict[str, str]) -> dict[str, Any]:
    """The record action a form posts (``do`` names the form)."""
    seat = form.get("seat", "")
    if do == "call":
        action: dict[str, Any] = {"seat": seat, "call": form.get("call", "")}
        if form.get("simultaneous"):
            action["simultaneous"] = True
        return action
    if do == "card":
        seat, _sep, card = form.get("card", "").partition(" ")
        return {"seat": seat, "card": card}
    if do == "change":
        return {"seat": seat, "change": form.get("call", "")}
    if do == "expose":
        exposed: dict[str, Any] = {"seat": seat, "expose": form.get("cards", "")}
        if form.get("deliberate"):
            exposed["deliberate"] = True
        return exposed
    if do == "revoke":
        revoke: dict[str, Any] = {"seat": seat, "revoke": form.get("offender", "")}
        if form.get("trick", "").isdigit():
            revoke["trick"] = int(form["trick"])
        if form.get("when"):  # after play only (Laws 64B4, 64B5)
            revoke["when"] = form["when"]
        return revoke
    if do == "claim":
        claim: dict[str, Any] = {"seat": seat, "claim": int(form.get("tricks", "0") or 0)}
        if form.get("statement"):
            claim["statement"] = form["statement"]
        return claim
    if do in ("reject_claim", "accept_claim", "object_concession", "withdraw_agreement"):
        return {"seat": seat, do: True}
    if do == "report":
        report: dict[str, Any] = {"seat": seat, "report": form.get("detail", "")}
        if form.get("against"):
            report["against"] = form["against"]
        if form.get("facts"):
            report["facts"] = form["facts"]
        if form.get("detail") == "defective_trick":
            # Law 67B: the trick, a card too few or too many, and after play when attention
            # was drawn (Laws 64B4, 64B5); a trick that is not a number is refused with its law.
            trick = form.get("trick", "")
            details: dict[str, Any] = {
                "trick": int(trick) if trick.isdigit() else trick,
                "cards": form.get("cards", "omitted"),
            }
            if form.get("when"):
                details["when"] = form["when"]
            report["details"] = details
        if form.get("detail") == "incorrect_number_of_cards" and form.get("cards") == "surplus":
            # Law 13C (2007: 13F): a surplus card not part of the deal is removed.
            report["details"] = {"surplus": True}
        if form.get("detail") == "missing_card" and form.get("found"):
            # Law 14B, after the opening lead: found among the played cards (14B1, Law 67
            # applies), elsewhere (14B2) or not at all (14B3).
            report["details"] = {"found": form["found"]}
        if form.get("detail") == "tricks_disputed" and form.get("when") == "after_round":
            # Law 79B3 (2007 Law 79B2): the Director was not called before the round ended.
            report["details"] = {"after_round": True}
        return report
    if do == "tricks":
        return {"director": {"tricks": int(form.get("tricks", "0") or 0)}}
    if do == "adjusted":
        return {"director": {"adjusted_score": form.get("score", "")}}
    raise AssistantError(_("unknown form {name!r}").format(name=do))


@router.post("/assistant/{ruling_id}", response_model=None)
async def assistant_step(request: Request, principal: DirectorOnly, ruling_id: str) -> Response:
    """One step from the ruling page's forms (``do``: call, card, choose, answer, tricks,
    deal, undo, expose, revoke, claim, report, ...)."""
    form = {key: str(value) for key, value in (await request.form()).items()}
    do = form.get("do", "")
    assistant = desk_of(request).assistant
    step = form.get("step", "")
    try:
        if step.isdigit() and int(step) != len(assistant.record(ruling_id).get("actions", [])):
            # A second tap on a page already acted on (or another device was quicker):
            # nothing is entered twice; the page shows what is recorded now.
            return _ruling_page(
                request,
                ruling_id,
                error=_("That page was out of date: nothing was entered. This is the ruling now."),
                status=409,
            )
        if do == "choose":
            assistant.choose(ruling_id, form.get("option", ""), principal.name)
        elif do == "answer":
            assistant.answer(ruling_id, form.get("yes") == "yes", principal.name)
        elif do == "deal":
            assistant.set_deal(ruling_id, form.get("deal", ""))
        elif do == "undo":
            assistant.undo(ruling_id, principal.name)
        else:
            assistant.act(ruling_id, _action_of(do, form), principal.name)
    except RulingNotFoundError as missing:
        return render(request, "director/missing.html", status=404, error=str(missing))
    except (AssistantError, ValueError) as error:
        return _ruling_page(request, ruling_id, error=str(error), status=422)
    return RedirectResponse(f"/director/assistant/{ruling_id}", status_code=303)


@router.get("/assistant/{ruling_id}/record.json", response_model=None)
async def assistant_record(request: Request, principal: DirectorOnly, ruling_id: str) -> Response:
    """The ruling's table record, to keep with the board's result (``dupbridge replay``)."""
    try:
        record = desk_of(request).assistant.record(ruling_id)
    except AssistantError as error:
        return JSONResponse({"detail": str(error)}, status_code=404)
    return JSONResponse(
        record,
        headers={"Content-Disposition": f'attachment; filename="ruling-{ruling_id}.json"'},
    )


@router.get("/claim-check", response_class=HTMLResponse)
async def claim_check_page(request: Request, principal: DirectorOnly) -> HTMLResponse:
    """Claim checks from the cards left (Laws 68-70), for a table with no record of play."""
    return render(request, "director/claim_check.html", values={}, checks=None, error=None,
                  **LABELS)  # fmt: skip


@router.post("/claim-check", response_class=HTMLResponse)
async def claim_check_run(request: Request, principal: DirectorOnly) -> HTMLResponse:
    """Run the checks on the position entered."""
    form = {key: str(value) for key, value in (await request.form()).items()}
    try:
        checks = check_remaining(
            remaining=form.get("remaining", ""),
            trump=form.get("trump", ""),
            leader=form.get("leader", ""),
            declarer=form.get("declarer", ""),
            claimer=form.get("claimer", ""),
            tricks=int(form.get("tricks", "") or "-1"),
            trick=form.get("trick", ""),
            line=form.get("line", ""),
        )
    except (AssistantError, ValueError) as error:
        return render(request, "director/claim_check.html", status=422, values=form,
                      checks=None, error=str(error), **LABELS)  # fmt: skip
    return render(request, "director/claim_check.html", values=form, checks=checks, error=None,
                  **LABELS)  # fmt: skip


@router.get("/events/{scope}", response_class=HTMLResponse)
async def event_page(request: Request, principal: DirectorOnly, scope: str) -> HTMLResponse:
    """An event on the console: the Director's lines, the ranking, the audit log, and the
    forms for an adjusted score (Law 12C), a revision and a penalty (Laws 90, 91)."""
    return _event_page(request, scope)


def _event_page(
    request: Request, scope: str, error: str | None = None, status: int = 200
) -> HTMLResponse:
    try:
        data = scored_json(desk_of(request), scope)
    except ScoresError as missing:
        return render(request, "director/missing.html", status=404, error=str(missing))
    return render(request, "director/event.html", status=status, data=data, error=error)


@router.post("/events/{scope}", response_model=None)
async def event_step(request: Request, principal: DirectorOnly, scope: str) -> Response:
    """One console decision on the event's scores (``do``: adjusted, revision, withdrawal,
    penalty)."""
    form = {key: str(value) for key, value in (await request.form()).items()}
    do = form.get("do", "")
    try:
        scores = desk_of(request).event(scope)
        if do == "adjusted":
            scores.adjust(
                principal.name,
                int(form.get("board", "0")),
                int(form.get("ns", "0")),
                int(form.get("ew", "0")),
                form.get("score", ""),
                kind=form.get("kind", "adjusted_score"),
            )
        elif do == "revision":
            scores.revise(principal.name, int(form.get("entry", "0")), form.get("score", ""))
        elif do == "withdrawal":
            scores.withdraw(principal.name, int(form.get("entry", "0")))
        elif do == "penalty":
            scores.penalty(
                principal.name,
                int(form.get("pair", "0")),
                form.get("points", ""),
                form.get("law", ""),
                form.get("reason", ""),
            )
        else:
            raise ScoresError(_("unknown form {name!r}").format(name=do))
    except (ScoresError, ValueError) as error:
        return _event_page(request, scope, error=str(error), status=422)
    return RedirectResponse(f"/director/events/{scope}", status_code=303)
