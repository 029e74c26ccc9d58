"""Commands that score events: ``score`` (an event file to ranking, website, PBN and USEBIO)
and ``sample-site`` (the sample event ``make run`` shows)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from enum import Enum
from fractions import Fraction
from pathlib import Path
from typing import NoReturn, TypeVar

import typer
from rich.table import Table as RichTable

from dupbridge.cli.app import app, console, err_console, fail
from dupbridge.core.errors import DupbridgeError, NotationError
from dupbridge.i18n import N_, _, ngettext
from dupbridge.i18n.formats import decimal_text
from dupbridge.scoring.adjusted import AdjustedRules, parse_number
from dupbridge.scoring.butler import DEFAULT_DATUM, ButlerError, DatumRule, datum_preset
from dupbridge.scoring.crossimps import CrossImpTotal
from dupbridge.scoring.imp_rules import ImpRule
from dupbridge.scoring.matchpoints import Factoring, Scale
from dupbridge.scoring.rounding import Rounding, format_fixed
from dupbridge.services.event_results import (
    EventContentError,
    load_event,
    load_movement,
    publish,
)
from dupbridge.services.sample_event import SAMPLE_SEED, build_sample_site
from dupbridge.tournament.event_scoring import (
    Method,
    ScoredEvent,
    ScoringOptions,
    TieBreakRule,
    score_event,
)
from dupbridge.tournament.results import PairId, Problem, ResultsError

__all__ = ["sample_site", "score"]


E = TypeVar("E", bound=Enum)


def _choice(value: str, enum: type[E], option: str) -> E:
    for member in enum:
        if member.value == value.strip().lower():
            return member
    return fail(
        _("{option} must be one of {choices}, not {value!r}").format(
            option=option, choices=", ".join(str(m.value) for m in enum), value=value
        )
    )


def _fraction(text: str | None, option: str) -> Fraction | None:
    if text is None:
        return None
    try:
        return parse_number(text)
    except NotationError:
        fail(_("{option} needs a number, not {value!r}").format(option=option, value=text))


@app.command()
def score(
    event_file: Path = typer.Argument(
        ...,
        help=N_("Results: travellers .csv, .pbn, USEBIO .xml or a JFR Pary page (.html, .txt)."),
    ),
    method: str | None = typer.Option(
        None,
        "--method",
        help=N_(
            "mp, imp-butler, cross-imp, teams-imp, teams-vp or total "
            "(default: the method the file names, else mp)."
        ),
    ),
    out: Path | None = typer.Option(
        None, "--out", help=N_("Write the website, PBN and USEBIO here.")
    ),
    name: str = typer.Option("", "--name", help=N_("The event's name, if the file has none.")),
    mitchell: bool = typer.Option(False, "--mitchell", help=N_("NS and EW are separate fields.")),
    names: Path | None = typer.Option(None, "--names", help=N_("CSV of pair,names.")),
    deals: Path | None = typer.Option(None, "--deals", help=N_("PBN with the deals (and DD).")),
    phantom: list[str] = typer.Option([], "--phantom", help=N_("A phantom pair (not ranked).")),
    factoring: str = typer.Option("neuberg", "--factoring", help=N_("neuberg, linear or none.")),
    half_units: bool = typer.Option(False, "--half-units", help=N_("Matchpoints as 1 and 1/2.")),
    top: int | None = typer.Option(None, "--top", min=1, help=N_("Results expected per board.")),
    across_sections: bool = typer.Option(False, "--across-sections", help=N_("One field.")),
    datum: str = typer.Option(
        DEFAULT_DATUM, "--datum", help=N_("Butler datum preset: ebu (default), plain or jfr.")
    ),
    datum_drop: int | None = typer.Option(
        None, "--datum-drop", min=0, help=N_("Butler: drop N at each end (overrides --datum).")
    ),
    datum_rounding: str | None = typer.Option(
        None, "--datum-rounding", help=N_("Butler datum: half-away, toward-zero, ... (overrides).")
    ),
    cross_imps: str = typer.Option(
        "sum", "--cross-imps", help=N_("Cross-IMP total: sum, or average (per comparison).")
    ),
    imp_rule: str = typer.Option("exact", "--imp-rule", help=N_("exact or nearest-ten.")),
    average_plus: str = typer.Option("60", "--average-plus", help=N_("Average plus in %.")),
    average_minus: str = typer.Option("40", "--average-minus", help=N_("Average minus in %.")),
    adjusted_imps: str = typer.Option("3", "--adjusted-imps", help=N_("Average plus in IMPs.")),
    no_session_override: bool = typer.Option(
        False, "--no-session-override", help=N_("Do not apply Law 12C2(c).")
    ),
    tie_break: str = typer.Option("none", "--tie-break", help=N_("none or swedish (Law 95).")),
    knockout: bool = typer.Option(False, "--knockout", help=N_("Law 12C4 averages.")),
    round_cap: str | None = typer.Option(None, "--round-cap", help=N_("Most IMPs won a round.")),
    provisional: bool = typer.Option(False, "--provisional", help=N_("Skip incomplete matches.")),
    movement: str | None = typer.Option(
        None, "--movement", help=N_("Check results against a movement: family or file.")
    ),
    tables: str | None = typer.Option(
        None, "--tables", help=N_("Tables of the --movement family.")
    ),
    boards_per_round: int = typer.Option(
        2, "--boards-per-round", min=1, help=N_("Boards a round in the --movement.")
    ),
    movement_name: str | None = typer.Option(
        None, "--movement-name", help=N_("Which movement of a library file.")
    ),
) -> None:
    """Score an event by Law 78 and show its ranking; with --out, publish its results."""
    chosen = _choice(method or "mp", Method, "--method")
    how = _choice(factoring, Factoring, "--factoring")
    datum_rule = _datum_rule(datum, datum_drop, datum_rounding)
    total = _choice(cross_imps, CrossImpTotal, "--cross-imps")
    rule = _choice(imp_rule, ImpRule, "--imp-rule")
    breaker = _choice(tie_break, TieBreakRule, "--tie-break")
    rules = AdjustedRules(
        average_plus_percent=_fraction(average_plus, "--average-plus") or Fraction(60),
        average_minus_percent=_fraction(average_minus, "--average-minus") or Fraction(0),
        average_plus_imps=_fraction(adjusted_imps, "--adjusted-imps") or Fraction(0),
        session_override=not no_session_override,
    )
    options = ScoringOptions(
        chosen,
        how,
        Scale.ONE_HALF if half_units else Scale.TWO_ONE,
        datum_rule,
        rule,
        rules,
        top,
        across_sections,
        breaker,
        knockout,
        _fraction(round_cap, "--round-cap"),
        provisional,
        total,
    )
    try:
        played = (
            None
            if movement is None
            else load_movement(
                movement, tables=tables, boards_per_round=boards_per_round, key=movement_name
            )
        )
        loaded = load_event(
            event_file, mitchell=mitchell, names=names, deals=deals, name=name, movement=played
        )
    except ResultsError as error:  # a travellers file without a usable header
        _report(error.problems)
        _content_failure(len(error.problems), event_file)
    except EventContentError as error:  # the message is the located problem
        err_console.print(str(error), markup=False, soft_wrap=True)
        _content_failure(1, event_file)
    except DupbridgeError as error:  # no such file, an unknown kind, a bad --movement
        fail(str(error))
    _report(loaded.problems)
    if loaded.errors:
        _content_failure(len(loaded.errors), event_file)
    event = loaded.event
    if method is None and loaded.method is not None:  # the file says how it was scored
        chosen = loaded.method
        options = replace(options, method=chosen)
    if phantom:
        try:
            ghosts = frozenset(PairId.from_str(text) for text in phantom)
        except NotationError as error:
            fail(str(error))
        event = replace(event, phantoms=ghosts)
    if chosen.teams and not event.teams:
        event = replace(event, teams=True)
    try:
        scored = score_event(event, options)
    except ResultsError as error:
        _report(error.problems)
        err_console.print(
            _("{file}: the results cannot be scored by {method}; nothing written").format(
                file=event_file, method=chosen.value
            ),
            markup=False,
            soft_wrap=True,
        )
        raise typer.Exit(1) from None
    _report(scored.problems)
    _print_ranking(scored)
    if out is not None:
        try:
            published = publish(scored, out, plays=loaded.plays)
        except OSError as error:
            fail(_("cannot write {path}: {reason}").format(path=out, reason=error.strerror))
        console.print(
            _("Results written: {index} (website), {pbn}, {xml}").format(
                index=published.index, pbn=published.pbn.name, xml=published.usebio.name
            ),
            markup=False,
            soft_wrap=True,
        )


def _datum_rule(preset: str, drop: int | None, rounding: str | None) -> DatumRule:
    try:
        rule = datum_preset(preset)
    except ButlerError as error:
        fail(str(error))
    if drop is not None:
        rule = replace(rule, drop=drop)
    if rounding is not None:
        rule = replace(rule, rounding=_choice(rounding, Rounding, "--datum-rounding"))
    return rule


def _report(problems: Iterable[Problem]) -> None:
    for problem in problems:
        err_console.print(str(problem), markup=False, soft_wrap=True)


def _content_failure(errors: int, event_file: Path) -> NoReturn:
    # The problems are printed already, each as FILE:LINE:COLUMN: error: ...; exit 1.
    err_console.print(
        ngettext(
            "{file}: {n} error; nothing scored, nothing written",
            "{file}: {n} errors; nothing scored, nothing written",
            errors,
        ).format(file=event_file, n=errors),
        markup=False,
        soft_wrap=True,
    )
    raise typer.Exit(1)


def _print_ranking(scored: ScoredEvent) -> None:
    event = scored.event
    title = event.name or _("Results")
    matchpoints = scored.method is Method.MATCHPOINTS
    scale = scored.options.scale.factor if matchpoints else Fraction(1)
    for ranking in scored.fields:
        table = RichTable(title=f"{title} – {ranking.title}", title_justify="left")
        table.add_column(_("Place"), justify="right")
        table.add_column(_("Team") if scored.method.teams else _("Pair"), justify="right")
        table.add_column(_("Names"))
        table.add_column(scored.method.unit, justify="right")
        if matchpoints:
            table.add_column("%", justify="right")
        for placing, pair in ranking.placings:
            row = [
                placing.label,
                str(placing.key),
                event.pair(placing.key).label,
                decimal_text(format_fixed(pair.total * scale)),
            ]
            if matchpoints:
                row.append(decimal_text(format_fixed(pair.percent or 0)))
            table.add_row(*row)
        console.print(table)


@app.command("sample-site")
def sample_site(
    out: Path = typer.Option(Path("results-sample"), "--out", help=N_("Folder for the website.")),
    seed: int = typer.Option(SAMPLE_SEED, "--seed", help=N_("Seed of the sample event.")),
    analyse: bool = typer.Option(
        True, "--analyse/--no-analyse", help=N_("Add double-dummy tricks and par (default).")
    ),
) -> None:
    """Play a sample Mitchell with the robots, score it and write its results website."""
    try:
        index = build_sample_site(out, seed, analyse=analyse)
    except OSError as error:
        fail(_("cannot write {path}: {reason}").format(path=out, reason=error.strerror))
    console.print(
        _("Sample results website: {path}").format(path=index.resolve().as_uri()),
        markup=False,
        soft_wrap=True,
    )
