"""The Director's JSON API (``/api/director``, docs/director.md): the ruling assistant and
the console's scores. Every route is for the Director only (a playing Director included only
with the Director's role: he signs in as Director to rule).

The assistant: open a ruling on a board (``POST /rulings``), take down what happened one
action at a time (``/actions``: the record's actions, docs/table-records.md), let the player
entitled to a choice choose (``/choose``, Law 10C), answer the Director's questions
(``/answer``, or a ``director`` action for a number of tricks, an adjusted score...), and
read the table record that ``dupbridge rule`` and ``dupbridge replay`` read (``/record``).

A step refused (an ``AssistantError`` or a ``ScoresError``) is answered by the app's one
mapping of errors (:func:`dupbridge.web.errors.director_body`): ``{"detail", "law"}``, 404 for
an unknown ruling, 409 for a stale step, 422 otherwise; nothing is entered.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Request
from pydantic import BaseModel, Field

from dupbridge.i18n import LANGUAGES, _, use_language
from dupbridge.scoring.rounding import format_fixed
from dupbridge.services.director.claim_check import check_remaining
from dupbridge.services.director.desk import DirectorDesk
from dupbridge.services.director.irregularities import irregularity_list
from dupbridge.services.director.scores import ScoresError, entry_text
from dupbridge.tournament.event_scoring import ScoringOptions
from dupbridge.tournament.scored import Method
from dupbridge.web.access import DirectorOnly
from dupbridge.web.pages import page_language

__all__ = ["desk_of", "router", "scored_json"]

router = APIRouter(prefix="/api/director", tags=["director"])


def desk_of(request: Request) -> DirectorDesk:
    """The Director's desk of the running app."""
    desk: DirectorDesk = request.state.director
    return desk


class StartRuling(BaseModel):
    """A ruling on one board: the board number gives dealer and vulnerability (Law 2)
    unless they are given; the deal may come later, when the cards matter."""

    board: int = Field(ge=1, description="The board number.")
    deal: str | None = Field(None, description="The deal, PBN (N:AKQ2.J3... ...).")
    dealer: str | None = Field(None, description="N, E, S or W, if not by the board number.")
    vulnerability: str | None = Field(None, description="None, NS, EW or All.")
    edition: str = Field("2017", description="The Laws' edition: 2017 or 2007.")
    profile: str | None = Field(None, description="National profile: wbf, sweden, poland...")
    language: str | None = Field(None, description="The table's language (read-aloud texts).")
    session: str | None = Field(None, description="The session it belongs to, if any.")
    table: str | None = Field(None, description="The table, if any.")


@router.get("/irregularities")
async def irregularities(request: Request, principal: DirectorOnly) -> list[dict[str, Any]]:
    """The short list of irregularities in the players' words."""
    with use_language(page_language(request)):
        return irregularity_list()


@router.get("/rulings")
async def rulings(request: Request, principal: DirectorOnly) -> list[dict[str, Any]]:
    """The latest rulings made with the assistant."""
    return [
        {
            "id": item.id,
            "director": item.director,
            "board": item.record.get("board"),
            "edition": item.record.get("edition"),
            "actions": len(item.record.get("actions", [])),
            "updated": item.updated_at.isoformat(timespec="seconds"),
        }
        for item in desk_of(request).assistant.recent()
    ]


@router.post("/rulings", status_code=201, response_model=None)
async def start_ruling(
    request: Request, principal: DirectorOnly, body: StartRuling
) -> dict[str, Any]:
    """Open a ruling on one board."""
    language = body.language or page_language(request)
    if language not in LANGUAGES:
        language = "en"
    return desk_of(request).assistant.start(
        principal.name,
        board=body.board,
        deal=body.deal,
        dealer=body.dealer,
        vulnerability=body.vulnerability,
        edition=body.edition,
        profile=body.profile,
        language=language,
        session_ref=body.session,
        table_ref=body.table,
    )


@router.get("/rulings/{ruling_id}", response_model=None)
async def ruling(request: Request, principal: DirectorOnly, ruling_id: str) -> dict[str, Any]:
    """The ruling's view: state, pending decision with its law and options, rulings, claim
    checks."""
    return desk_of(request).assistant.view(ruling_id)


@router.get("/rulings/{ruling_id}/record", response_model=None)
async def ruling_record(
    request: Request, principal: DirectorOnly, ruling_id: str
) -> dict[str, Any]:
    """The table record (docs/table-records.md) for ``dupbridge rule`` / ``replay``."""
    return desk_of(request).assistant.record(ruling_id)


@router.get("/rulings/{ruling_id}/log", response_model=None)
async def ruling_log(
    request: Request, principal: DirectorOnly, ruling_id: str
) -> list[dict[str, Any]]:
    """The ruling's audit log: every entry and every entry taken back."""
    desk_of(request).assistant.get(ruling_id)
    return desk_of(request).assistant.log(ruling_id)


@router.post("/rulings/{ruling_id}/actions", response_model=None)
async def ruling_action(
    request: Request,
    principal: DirectorOnly,
    ruling_id: str,
    action: Annotated[dict[str, Any], Body(embed=True)],
    step: Annotated[int | None, Body(embed=True)] = None,
) -> dict[str, Any]:
    """Take down one action as it happened (a record action); with ``step`` (the number of
    actions the client saw) a repeated request enters nothing and answers 409."""
    return desk_of(request).assistant.act(ruling_id, action, principal.name, step=step)


@router.post("/rulings/{ruling_id}/choose", response_model=None)
async def ruling_choose(
    request: Request,
    principal: DirectorOnly,
    ruling_id: str,
    option: Annotated[str, Body(embed=True)],
) -> dict[str, Any]:
    """The player entitled to the choice chooses (Law 10C)."""
    return desk_of(request).assistant.choose(ruling_id, option, principal.name)


@router.post("/rulings/{ruling_id}/answer", response_model=None)
async def ruling_answer(
    request: Request,
    principal: DirectorOnly,
    ruling_id: str,
    yes: Annotated[bool, Body(embed=True)],
) -> dict[str, Any]:
    """The Director answers the pending question yes or no."""
    return desk_of(request).assistant.answer(ruling_id, yes, principal.name)


@router.post("/rulings/{ruling_id}/deal", response_model=None)
async def ruling_deal(
    request: Request,
    principal: DirectorOnly,
    ruling_id: str,
    deal: Annotated[str, Body(embed=True)],
) -> dict[str, Any]:
    """Enter the deal when the cards come to matter."""
    return desk_of(request).assistant.set_deal(ruling_id, deal)


@router.post("/rulings/{ruling_id}/undo", response_model=None)
async def ruling_undo(request: Request, principal: DirectorOnly, ruling_id: str) -> dict[str, Any]:
    """Take back the last action entered (a slip of the entry)."""
    return desk_of(request).assistant.undo(ruling_id, principal.name)


class ClaimCheckIn(BaseModel):
    """A position given by the cards left, and the claim (Laws 68-70)."""

    remaining: str = Field(description="The cards still held, PBN: N:AK.Q.. QJ.K.. ...")
    trump: str = Field(description="The trump suit letter, or NT.")
    leader: str = Field(description="Who led to the trick in progress (or is on lead).")
    declarer: str
    claimer: str
    tricks: int = Field(ge=0, le=13, description="Tricks claimed from here.")
    trick: str = Field("", description="Cards already played to the trick, leader's first.")
    line: str = Field("", description="The line stated, cards in order.")


@router.post("/claim-check", response_model=None)
async def claim_check(
    request: Request, principal: DirectorOnly, body: ClaimCheckIn
) -> dict[str, Any]:
    """The claim checks of a position entered as the cards left (no record of the play)."""
    return check_remaining(**body.model_dump())


# --- the console's scores --------------------------------------------------------------------


class AdjustedScoreIn(BaseModel):
    """An adjusted score on one traveller line (Law 12C)."""

    board: int = Field(ge=1)
    ns: int = Field(ge=1, description="The NS pair's number.")
    ew: int = Field(ge=1, description="The EW pair's number.")
    score: str = Field(description="'30% 4SN=; 70% 4SN-1' (12C1) or 'A60/40' (12C2).")
    kind: str = Field("adjusted_score", description="adjusted_score or not_played.")


class PenaltyIn(BaseModel):
    """A procedural (Law 90) or disciplinary (Law 91) penalty."""

    pair: int = Field(ge=1)
    points: str = Field(description="In the event's unit, negative to take away: '-1.5'.")
    law: str = Field(description="90 or 91.")
    reason: str = ""


class RevisionIn(BaseModel):
    """A revision of an earlier score: the new score."""

    entry: int
    score: str


class WithdrawalIn(BaseModel):
    """The withdrawal of an earlier entry."""

    entry: int


def scored_json(desk: DirectorDesk, scope: str, method: str | None = None) -> dict[str, Any]:
    """The event's results with the Director's lines, and its ranking (scored by ``method``,
    ``mp`` by default, or ``cross-imp``, ``imp-butler``...).

    Raises:
        ScoresError: for an event not open, or an unknown method.
    """
    scores = desk.event(scope)
    try:
        options = ScoringOptions(Method(method or "mp"))
    except ValueError:
        known = ", ".join(item.value for item in Method)
        raise ScoresError(
            _("unknown scoring method {method!r} (known: {known})").format(
                method=method, known=known
            )
        ) from None
    scored = scores.scored(options)
    lines = []
    for board in scored.boards:
        for line in board.results:
            outcome = line.result.outcome
            lines.append(
                {
                    "board": line.result.board,
                    "ns": line.result.ns.number,
                    "ew": line.result.ew.number,
                    "outcome": str(outcome),
                    "director": line.ns_points is None
                    and not getattr(outcome, "passed_out", False),
                    "ns_score": format_fixed(line.ns),
                    "ew_score": format_fixed(line.ew),
                    "ns_percent": None
                    if line.ns_percent is None
                    else format_fixed(line.ns_percent),
                }
            )
    ranking = [
        {"pair": placing.key.number, "place": placing.place, "total": format_fixed(placing.total)}
        for field in scored.fields
        for placing, _score in field.placings
    ]
    return {"scope": scope, "lines": lines, "ranking": ranking, "log": scores.to_json()}


@router.get("/events", response_model=None)
async def events(request: Request, principal: DirectorOnly) -> list[str]:
    """The events open on the console."""
    return desk_of(request).events()


@router.get("/events/{scope}", response_model=None)
async def event_results(
    request: Request, principal: DirectorOnly, scope: str, method: str | None = None
) -> dict[str, Any]:
    """The event's results (the Director's lines marked), ranking and audit log, scored by
    ``method`` (matchpoints by default)."""
    return scored_json(desk_of(request), scope, method)


@router.post("/events/{scope}/adjusted", status_code=201, response_model=None)
async def event_adjusted(
    request: Request, principal: DirectorOnly, scope: str, body: AdjustedScoreIn
) -> dict[str, Any]:
    """An adjusted score (Law 12C) on one line; the results are worked out again."""
    entry = (
        desk_of(request)
        .event(scope)
        .adjust(principal.name, body.board, body.ns, body.ew, body.score, kind=body.kind)
    )
    return {"id": entry.id, "text": entry_text(entry), "laws": entry.payload["laws"]}


@router.post("/events/{scope}/penalties", status_code=201, response_model=None)
async def event_penalty(
    request: Request, principal: DirectorOnly, scope: str, body: PenaltyIn
) -> dict[str, Any]:
    """A procedural or disciplinary penalty (Laws 90, 91)."""
    entry = (
        desk_of(request)
        .event(scope)
        .penalty(principal.name, body.pair, body.points, body.law, body.reason)
    )
    return {"id": entry.id, "text": entry_text(entry)}


@router.post("/events/{scope}/revisions", status_code=201, response_model=None)
async def event_revision(
    request: Request, principal: DirectorOnly, scope: str, body: RevisionIn
) -> dict[str, Any]:
    """Revise an earlier score: a new entry names it; the original stays."""
    entry = desk_of(request).event(scope).revise(principal.name, body.entry, body.score)
    return {"id": entry.id, "text": entry_text(entry), "laws": entry.payload["laws"]}


@router.post("/events/{scope}/withdrawals", status_code=201, response_model=None)
async def event_withdrawal(
    request: Request, principal: DirectorOnly, scope: str, body: WithdrawalIn
) -> dict[str, Any]:
    """Withdraw an earlier entry (a compensating entry)."""
    entry = desk_of(request).event(scope).withdraw(principal.name, body.entry)
    return {"id": entry.id, "text": entry_text(entry)}
