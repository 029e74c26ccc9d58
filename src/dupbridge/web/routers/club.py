"""The club Director's pages (issue 15): setting up an evening, its players, hand record,
PIN and cards; the scoring desk (corrections, results for tables without a device,
adjusted and weighted scores of Law 12C, fouled boards of Law 87, the audit log); imports
and exports. Every route needs a Director's sign-in."""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated

from fastapi import APIRouter, File, Form, HTTPException, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from dupbridge.core.errors import DupbridgeError
from dupbridge.i18n import _
from dupbridge.laws.profiles import PROFILES
from dupbridge.services.access import AccessError
from dupbridge.services.club import (
    TEAM_FAMILIES,
    ClubService,
    EntryError,
    EveningNotFoundError,
    EveningSetup,
    LeadCheck,
    LeadRule,
    SetupError,
    Submission,
    read_players_csv,
)
from dupbridge.services.club.results import (
    line_points,
    pbn_text,
    read_results,
    site_zip,
    travellers_csv,
    usebio_xml,
)
from dupbridge.services.club.views import audit_text, pair_label
from dupbridge.tournament.event_scoring import Method
from dupbridge.tournament.movements import MovementError
from dupbridge.tournament.movements.catalog import family_titles, parse_tables
from dupbridge.web.access import DirectorOnly
from dupbridge.web.identity import Access
from dupbridge.web.pages import render

__all__ = ["club_service", "router"]

router = APIRouter(tags=["club"])

#: Largest upload read (a players CSV, a hand record, a results file).
MAX_UPLOAD = 5 * 1024 * 1024


def club_service(request: Request) -> ClubService:
    """The club service of the app."""
    service: ClubService = request.state.club
    return service


def _back(evening_id: str, part: str = "") -> RedirectResponse:
    return RedirectResponse(f"/club/{evening_id}{part}", status_code=303)


async def _text(upload: UploadFile | None, typed: str = "") -> tuple[str, str]:
    if upload is None or not upload.filename:
        return typed, ""
    data = await upload.read(MAX_UPLOAD + 1)
    if len(data) > MAX_UPLOAD:
        raise EntryError(_("the file is larger than 5 MB"))
    return data.decode("utf-8-sig", errors="replace"), upload.filename


def evening_page(
    request: Request, evening_id: str, *, error: str = "", message: str = "", status: int = 200
) -> HTMLResponse:
    """The evening's page for the Director (with an error or a message)."""
    service = club_service(request)
    try:
        evening = service.load(evening_id)
    except EveningNotFoundError as missing:
        raise HTTPException(404, str(missing)) from None
    state, _finished = service.state(evening_id)
    movement = evening.movement
    return render(
        request,
        "club/evening.html",
        status,
        evening=evening,
        state=state,
        movement=movement,
        entries=[(e, evening.setup.entry(e)) for e in movement.real_entrants],
        boards_known=sorted(evening.boards),
        results=len(evening.lines),
        expected=sum(len(evening.boards_at(r.round, r.table)) for r in movement.rows),
        error=error,
        message=message,
    )


@router.get("/club", response_class=HTMLResponse)
def club_home(request: Request, principal: DirectorOnly) -> HTMLResponse:
    """The club's evenings and the form for a new one."""
    return render(
        request,
        "club/home.html",
        evenings=club_service(request).evenings(),
        families=family_titles(),
        methods=[(m.value, m.title) for m in Method],
        profiles=[(p.key, p.title) for p in PROFILES.values()],
        error="",
    )


@router.post("/club")
def club_create(
    request: Request,
    *,
    principal: DirectorOnly,
    name: Annotated[str, Form()] = "",
    family: Annotated[str, Form()] = "howell",
    tables: Annotated[str, Form()] = "5",
    boards_per_round: Annotated[int, Form()] = 2,
    rounds: Annotated[str, Form()] = "",
    method: Annotated[str, Form()] = "mp",
    profile: Annotated[str, Form()] = "wbf",
    lead: Annotated[str, Form()] = "optional",
    lead_check: Annotated[str, Form()] = "warn",
) -> Response:
    """Create an evening (a team method makes a team event)."""
    try:
        count, half = parse_tables(tables)
        setup = EveningSetup(
            name=name.strip() or _("Club evening"),
            teams=family.strip().lower() in TEAM_FAMILIES,
            family=family,
            tables=count,
            half=half,
            boards_per_round=boards_per_round,
            rounds=int(rounds) if rounds.strip().isdigit() else None,
            method=method,
            profile=profile,
            lead=LeadRule(lead) if lead in set(LeadRule) else LeadRule.OPTIONAL,
            lead_check=LeadCheck(lead_check) if lead_check in set(LeadCheck) else LeadCheck.WARN,
        )
        evening_id = club_service(request).create(setup, principal.name)
    except (SetupError, MovementError) as error:
        return render(
            request,
            "club/home.html",
            422,
            evenings=club_service(request).evenings(),
            families=family_titles(),
            methods=[(m.value, m.title) for m in Method],
            profiles=[(p.key, p.title) for p in PROFILES.values()],
            error=str(error),
        )
    return _back(evening_id)


@router.get("/club/{evening_id}", response_class=HTMLResponse)
def club_evening(request: Request, principal: DirectorOnly, evening_id: str) -> HTMLResponse:
    """The evening: settings, players, hand record, PIN, cards, play and results."""
    return evening_page(request, evening_id)


@router.post("/club/{evening_id}/players")
async def club_players(
    request: Request,
    principal: DirectorOnly,
    evening_id: str,
    file: Annotated[UploadFile | None, File()] = None,
    text: Annotated[str, Form()] = "",
) -> Response:
    """Enter the players: a CSV file or typed CSV (pair, name 1, name 2, member 1, ...)."""
    service = club_service(request)
    try:
        content, name = await _text(file, text)
        entries = read_players_csv(content, name or "players.csv")
        evening = service.load(evening_id)
        service.update_setup(evening_id, evening.setup.with_entries(entries), principal.name)
    except (SetupError, EntryError) as error:
        return evening_page(request, evening_id, error=str(error), status=422)
    return _back(evening_id)


@router.post("/club/{evening_id}/deals")
async def club_deals(
    request: Request,
    principal: DirectorOnly,
    evening_id: str,
    file: Annotated[UploadFile | None, File()] = None,
) -> Response:
    """Load the hand record (PBN: the deals, and double dummy, solved once here when the
    file has none)."""
    service = club_service(request)
    try:
        content, _name = await _text(file)
        # Double dummy is solved here when the file has none: off the event loop.
        await run_in_threadpool(service.load_hand_record, evening_id, content, principal.name)
    except (EntryError, SetupError) as error:
        return evening_page(request, evening_id, error=str(error), status=422)
    return _back(evening_id)


@router.post("/club/{evening_id}/options")
def club_options(
    request: Request,
    *,
    principal: DirectorOnly,
    evening_id: str,
    name: Annotated[str, Form()],
    lead: Annotated[str, Form()] = "optional",
    lead_check: Annotated[str, Form()] = "warn",
    dd_margin: Annotated[int, Form()] = 4,
    correction_minutes: Annotated[int, Form()] = 30,
    live: Annotated[str, Form()] = "",
) -> Response:
    """Change the evening's options (they may change during play; the movement may not)."""
    service = club_service(request)
    try:
        setup = replace(
            service.load(evening_id).setup,
            name=name.strip() or _("Club evening"),
            lead=LeadRule(lead) if lead in set(LeadRule) else LeadRule.OPTIONAL,
            lead_check=LeadCheck(lead_check) if lead_check in set(LeadCheck) else LeadCheck.WARN,
            dd_margin=dd_margin,
            correction_minutes=correction_minutes,
            live=bool(live),
        )
        service.update_setup(evening_id, setup, principal.name)
    except (SetupError, EntryError) as error:
        return evening_page(request, evening_id, error=str(error), status=422)
    return _back(evening_id)


@router.post("/club/{evening_id}/pin")
def club_pin(
    request: Request,
    principal: DirectorOnly,
    access: Access,
    evening_id: str,
    pin: Annotated[str, Form()],
) -> Response:
    """Set the PIN the table devices sign in with."""
    club_service(request).load(evening_id)
    try:
        access.set_pin(evening_id, pin)
    except AccessError as error:
        return evening_page(request, evening_id, error=str(error), status=422)
    return evening_page(request, evening_id, message=_("The PIN is set."))


@router.post("/club/{evening_id}/state")
def club_state(
    request: Request, principal: DirectorOnly, evening_id: str, state: Annotated[str, Form()]
) -> Response:
    """Start play, finish it (the correction period starts, Law 79C) or reopen it."""
    try:
        club_service(request).set_state(evening_id, state, principal.name)
    except EntryError as error:
        return evening_page(request, evening_id, error=str(error), status=422)
    return _back(evening_id)


@router.get("/club/{evening_id}/cards.pdf")
def club_cards(request: Request, principal: DirectorOnly, evening_id: str) -> Response:
    """The guide cards and table cards of the movement (PDF)."""
    from dupbridge.tournament.movements.pdf import cards_pdf  # noqa: PLC0415 - reportlab

    movement = club_service(request).load(evening_id).movement
    return Response(
        cards_pdf(movement),
        media_type="application/pdf",
        headers={"Content-Disposition": 'inline; filename="cards.pdf"'},
    )


@router.get("/club/{evening_id}/handrecord.pdf")
def club_hand_record(request: Request, principal: DirectorOnly, evening_id: str) -> Response:
    """The hand record with double-dummy tables and par (PDF)."""
    from dupbridge.analysis.handrecord import (  # noqa: PLC0415 - the solver, reportlab
        analyse_boards,
        render_pdf,
    )

    evening = club_service(request).load(evening_id)
    if not evening.boards:
        return evening_page(
            request, evening_id, error=_("load the hand record (PBN) first"), status=422
        )
    from dupbridge.i18n.pdffonts import PdfFontError  # noqa: PLC0415

    boards = [(info.board, info.deal) for info in evening.boards.values() if info.deal]
    try:
        pdf = render_pdf(analyse_boards(boards), title=evening.setup.name)
    except PdfFontError as error:
        return evening_page(request, evening_id, error=str(error), status=500)
    return Response(
        pdf,
        media_type="application/pdf",
        headers={"Content-Disposition": 'inline; filename="hand-record.pdf"'},
    )


# -- the scoring desk ----------------------------------------------------------------------


def desk_page(
    request: Request, evening_id: str, *, error: str = "", message: str = "", status: int = 200
) -> HTMLResponse:
    """The scoring desk: every round's tables and boards, each result with its flags."""
    service = club_service(request)
    evening = service.load(evening_id)
    state, finished = service.state(evening_id)
    rounds = []
    for round in evening.movement.round_numbers:
        tables = []
        for table in evening.movement.tables:
            boards = evening.boards_at(round, table)
            if not boards:
                continue
            ns, ew = evening.seated(round, table)
            tables.append(
                {
                    "table": table,
                    "ns": str(ns),
                    "ew": str(ew),
                    "lines": [
                        (board, evening.lines.get((round, table, board))) for board in boards
                    ],
                }
            )
        rounds.append((round, tables))
    flagged = [line for line in evening.lines.values() if line.flags]
    points = line_points(evening)
    return render(
        request,
        "club/desk.html",
        status,
        evening=evening,
        state=state,
        finished=finished,
        rounds=rounds,
        flagged=sorted(flagged, key=lambda line: line.where),
        points=points,
        error=error,
        message=message,
        label=lambda entrant: pair_label(evening, entrant),
    )


@router.get("/club/{evening_id}/desk", response_class=HTMLResponse)
def club_desk(request: Request, principal: DirectorOnly, evening_id: str) -> HTMLResponse:
    """The scoring desk."""
    return desk_page(request, evening_id)


@router.post("/club/{evening_id}/desk")
def club_desk_result(
    request: Request,
    *,
    principal: DirectorOnly,
    evening_id: str,
    round: Annotated[int, Form()],
    table: Annotated[int, Form()],
    board: Annotated[int, Form()],
    contract: Annotated[str, Form()] = "",
    declarer: Annotated[str, Form()] = "",
    result: Annotated[str, Form()] = "",
    lead: Annotated[str, Form()] = "",
    group: Annotated[str, Form()] = "",
    note: Annotated[str, Form()] = "",
    remove: Annotated[str, Form()] = "",
) -> Response:
    """Enter, correct or remove a result; an adjusted (``A60/40``) or weighted
    (``60% 4SN=; 40% 4SN-1``) score goes in the contract field; ``group`` names the form of
    a fouled board it was played in."""
    service = club_service(request)
    try:
        if remove:
            service.remove(evening_id, table, round, board, who=principal.name, note=note)
        else:
            service.correct(
                evening_id, table, round, Submission(board, contract, declarer, result, lead),
                who=principal.name, group=group.strip() or None, note=note,
            )  # fmt: skip
    except DupbridgeError as error:
        return desk_page(
            request,
            evening_id,
            error=_("round {round}, table {table}, board {board}: {error}").format(
                round=round, table=table, board=board, error=error
            ),
            status=422,
        )
    return desk_page(
        request,
        evening_id,
        message=_("Board {board} at table {table} in round {round} is saved.").format(
            board=board, table=table, round=round
        ),
    )


@router.get("/club/{evening_id}/audit", response_class=HTMLResponse)
def club_audit(request: Request, principal: DirectorOnly, evening_id: str) -> HTMLResponse:
    """The audit log: every change with who, when, before and after."""
    service = club_service(request)
    evening = service.load(evening_id)
    rows = service.audit(evening_id)
    return render(request, "club/audit.html", evening=evening, rows=rows[::-1], describe=audit_text)


@router.post("/club/{evening_id}/import")
async def club_import(
    request: Request,
    principal: DirectorOnly,
    evening_id: str,
    file: Annotated[UploadFile, File()],
) -> Response:
    """Load results from a travellers CSV, a USEBIO or a PBN file into the evening; nothing
    is stored when any line is wrong (every problem is listed)."""
    service = club_service(request)
    evening = service.load(evening_id)
    data = await file.read(MAX_UPLOAD + 1)
    name = (file.filename or "results").rsplit("/", 1)[-1]
    if len(data) > MAX_UPLOAD:
        return evening_page(
            request, evening_id, error=_("the file is larger than 5 MB"), status=422
        )
    lines, problems = read_results(evening, name, data)
    if problems:
        return evening_page(request, evening_id, error="\n".join(problems), status=422)
    if not lines:
        return evening_page(
            request, evening_id, error=_("{name}: no results in this file").format(name=name),
            status=422,
        )  # fmt: skip
    try:
        count = service.import_lines(evening_id, lines, who=principal.name, note=name)
    except EntryError as error:
        return evening_page(request, evening_id, error=str(error), status=422)
    return evening_page(
        request, evening_id,
        message=_("{count} results loaded from {name}.").format(count=count, name=name),
    )  # fmt: skip


@router.get("/club/{evening_id}/export/{name}")
def club_export(request: Request, principal: DirectorOnly, evening_id: str, name: str) -> Response:
    """The travellers CSV, USEBIO 1.2, PBN, or the results website as a zip."""
    evening = club_service(request).load(evening_id)
    kinds = {
        "travellers.csv": ("text/csv; charset=utf-8", travellers_csv),
        "results.xml": ("application/xml; charset=utf-8", usebio_xml),
        "results.pbn": ("text/plain; charset=utf-8", pbn_text),
        "results-site.zip": ("application/zip", site_zip),
    }
    if name not in kinds:
        raise HTTPException(404, _("no export {name!r}").format(name=name))
    media, make = kinds[name]
    try:
        body = make(evening)
    except DupbridgeError as error:
        return evening_page(request, evening_id, error=str(error), status=422)
    return Response(
        body,
        media_type=media,
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )
