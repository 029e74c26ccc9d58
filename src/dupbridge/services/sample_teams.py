"""A sample team event the project makes itself: four teams play a round robin.

Each round every team meets another over the same boards: one table with the home team
North-South, the other with the away team North-South (the two tables of a match, Law 78B
compares them). The robots of :func:`dupbridge.services.sample_event.play_table` bid and
play every table, so the results, auctions and play are real play through the Laws engine.
The same seed always gives the same event. It shows what the results website gives teams:
match results in IMPs and VPs, the cross-table, rosters and the VP scale.
"""

from __future__ import annotations

import random
from dataclasses import replace

from dupbridge.core.boards import Board
from dupbridge.core.deal import Deal
from dupbridge.formats.records import BoardRecord
from dupbridge.i18n import _
from dupbridge.services.sample_event import play_table
from dupbridge.services.site_plays import PlayKey, play_key
from dupbridge.tournament.results import BoardInfo, Event, Pair, PairId, Result

__all__ = ["sample_teams_event"]

_TEAMS = (
    ("Riga Lions", ("Ilze Berzina", "Janis Ozols", "Liene Kalnina", "Uldis Liepa")),
    ("Tallinn Wolves", ("Kalle Tamm", "Tiina Saar", "Jaan Kask", "Mari Mets")),
    ("Warsaw Eagles", ("Ewa Nowak", "Piotr Wojcik", "Zofia Kaminska", "Marek Lewandowski")),
    ("Uppsala Elks", ("Karin Holm", "Lars Berg", "Greta Nilsson", "Sven Lindqvist")),
)

#: The round robin of four teams: (home, away) by round.
_ROUNDS = (((1, 2), (3, 4)), ((1, 3), (4, 2)), ((1, 4), (2, 3)))


def sample_teams_event(
    seed: int = 2017, boards_per_match: int = 4
) -> tuple[Event, dict[PlayKey, BoardRecord]]:
    """Four teams, three rounds of ``boards_per_match`` boards; the event and every
    table's auction and play. Each team's names are its name, then its four players."""
    rng = random.Random(seed)
    teams = [PairId(number) for number in range(1, 5)]
    pairs = [Pair(team, (name, *players)) for team, (name, players) in zip(teams, _TEAMS,
                                                                          strict=True)]  # fmt: skip
    skill = {team: rng.uniform(0.9, 0.99) for team in teams}
    boards: dict[int, BoardInfo] = {}
    results: list[Result] = []
    plays: dict[PlayKey, BoardRecord] = {}
    for round_number, matches in enumerate(_ROUNDS, start=1):
        numbers = range((round_number - 1) * boards_per_match + 1,
                        round_number * boards_per_match + 1)  # fmt: skip
        for number in numbers:
            deal = Deal.random(rng)
            boards[number] = BoardInfo.numbered(number, deal)
            for table_pair, (home, away) in enumerate(matches):
                for room, (ns, ew) in enumerate(((home, away), (away, home))):
                    ns_id, ew_id = teams[ns - 1], teams[ew - 1]
                    outcome, record = play_table(
                        Board.numbered(number), deal, rng, (skill[ns_id], skill[ew_id])
                    )
                    result = Result(number, ns_id, ew_id, outcome,
                                    table=2 * table_pair + room + 1, round=round_number,
                                    session=round_number)  # fmt: skip
                    results.append(result)
                    north, south = _TEAMS[ns - 1][1][2 * room : 2 * room + 2]
                    east, west = _TEAMS[ew - 1][1][2 * room : 2 * room + 2]
                    plays[play_key(result)] = replace(record, players=(north, east, south, west))
    event = Event(
        name=_("dupbridge sample teams"),
        date="2017.06.02",
        site=_("played by the dupbridge robots"),
        boards=boards,
        pairs=tuple(pairs),
        results=tuple(results),
        teams=True,
    )
    return event, plays
