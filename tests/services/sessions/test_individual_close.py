"""Issue 13, must-show 4 for the individual event (Law 4: each player scores alone): a
simulated individual session (fake clock, scripted players, robots in the empty seats and
for a missing player) closes, and its exports read back through ``dupbridge.formats``:
``results.xml`` (USEBIO 1.2, ``EVENT_TYPE="INDIVIDUAL"``) and ``results.pbn`` (PBN 2.1,
``Competition "Individuals"``, ScoreTable by ``PlayerId_North``...) give every stored line
with its four players and the final ranking by player; the results website ranks players,
shows the four players of each traveller line and a score card per player, with the names
escaped and no local path. Bad input stays clean: a broken file gives located problems, a
correction after the correction period (Law 79C) changes nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from markupsafe import escape

from dupbridge.core.seats import Seat
from dupbridge.formats import usebio
from dupbridge.formats.individual import SEAT_ORDER
from dupbridge.formats.pbn import loads as pbn_loads
from dupbridge.formats.pbn_individual import individual_from_games
from dupbridge.formats.registry import get_format, read_records
from dupbridge.scoring.rounding import format_fixed
from dupbridge.services.event_results import EventContentError, load_event
from dupbridge.services.sessions import CorrectionClosedError, SessionConfig
from dupbridge.services.sessions.results import board_outcome, decode_outcome
from tests.async_run import run_async
from tests.services.sessions.harness import Harness, harness, play_table

NAMES = ("Anna & <Bo>", "Cecilia", "Dag", "Eva", "Frans", "Greta")


async def _finished(h: Harness, **conditions: object) -> str:
    """Six players (a robot plays for the missing player 2; robots fill places 7 and 8)
    play the two-table individual to its end."""
    config = SessionConfig.from_json(
        {"name": "Individual night", "method": "individual", "boards_per_round": 1,
         "seed": 5, "seconds_per_board": 600, "correction_s": 900, "robot_players": [2],
         **conditions}
    )  # fmt: skip
    session_id, _pin = h.sessions.create(config, pin="1357")
    for k, name in enumerate(NAMES, start=1):
        h.sessions.add_player(session_id, name, f"M{k}" if k == 3 else "")
    await h.sessions.start(session_id)
    while h.sessions.view(session_id).state == "running":
        view = h.sessions.view(session_id)
        row = h.sessions.store.get(session_id)
        assert row is not None
        robots = set(view.config.robot_players)
        for board in view.boards:
            if not board.done:
                seats = h.sessions.seats(row, board)
                humans = frozenset(s for s, p in seats.items() if p not in robots)
                await play_table(h, board.table_id, humans)
        h.clock.advance(60)
        await h.sessions.tick(session_id)
    return session_id


async def _stored(h: Harness, session_id: str) -> list[tuple[int, int, int, tuple[int, ...], str]]:
    """Every stored line: board, round, table, the four players (N, E, S, W) and what
    happened (the table's own result, or the Director's score)."""
    row = h.sessions.store.get(session_id)
    assert row is not None
    lines = []
    for board in h.sessions.store.boards(session_id):
        seats = h.sessions.seats(row, board)
        if board.outcome is not None:
            outcome = decode_outcome(board.outcome)
        else:
            played = board_outcome((await h.tables.live(board.table_id)).table)
            assert played is not None
            outcome = played
        players = tuple(seats[seat] for seat in SEAT_ORDER)
        lines.append((board.board, board.round, board.table_number, players, str(outcome)))
    return sorted(lines)


def _read_lines(lines: object) -> list[tuple[int, int, int, tuple[int, ...], str]]:
    assert isinstance(lines, tuple)
    return sorted(
        (line.board, line.round or 0, line.table or 0, line.players, str(line.outcome))
        for line in lines
    )


def test_the_individual_exports_read_back_and_match_the_store(tmp_path: Path) -> None:
    async def main() -> None:
        async with harness(tmp_path) as h:
            session_id = await _finished(h)
            files = await h.sessions.close(session_id)
            assert files is not None
            stored = await _stored(h, session_id)
            assert len(stored) == len(h.sessions.store.boards(session_id)) == 7 * 2
            ranking = await h.sessions.player_ranking(session_id)
            assert len(ranking) == 8
            expected_rank = [
                (s.player, s.place, format_fixed(s.percent), format_fixed(s.matchpoints))
                for s in ranking
            ]
            entries = {e.number: e for e in h.sessions.store.entries(session_id)}

            # USEBIO 1.2: an INDIVIDUAL event, PLAYER participants, four players a line
            xml = files.published.usebio.read_bytes()
            assert b'EVENT_TYPE="INDIVIDUAL"' in xml
            assert b'Version="1.2"' in xml
            read_xml = usebio.loads(xml, "results.xml")
            assert not [p for p in read_xml.problems if not p.warning]
            individual = read_xml.individual
            assert individual is not None
            assert _read_lines(individual.lines) == stored
            assert sorted(
                (s.player, s.place, format_fixed(s.percent), format_fixed(s.matchpoints))
                for s in individual.standings
            ) == sorted(expected_rank)  # USEBIO lists the players by number, each his place
            assert {p.number: (p.name, p.member) for p in individual.players} == {
                n: (e.names[0], e.members[0]) for n, e in entries.items()
            }
            # dupbridge convert: one record a line, the four players' names in their seats
            converted, problems = read_records(get_format("usebio"), xml, "results.xml")
            assert not [p for p in problems if p.is_error]
            assert sorted(
                (r.board or 0, int(r.info_value("Table") or 0), r.players) for r in converted
            ) == sorted(
                (b, t, tuple(entries[p].names[0] for p in players))
                for b, _r, t, players, _o in stored
            )
            # the side's matchpoints on a played line are both members' (Law 12C3)
            for line in individual.lines:
                assert line.points_of(Seat.N) == line.points_of(Seat.S)

            # PBN 2.1: Competition "Individuals", ScoreTable by PlayerId_North...
            games = pbn_loads(files.published.pbn.read_bytes(), source="results.pbn")
            assert all(game.get("Competition") == "Individuals" for game in games)
            read_pbn = individual_from_games(games, "results.pbn")
            assert not [p for p in read_pbn.problems if not p.warning]
            assert _read_lines(read_pbn.event.lines) == stored
            assert [
                (s.player, s.place, format_fixed(s.percent), format_fixed(s.matchpoints))
                for s in read_pbn.event.standings
            ] == expected_rank
            assert {p.number: p.name for p in read_pbn.event.players} == {
                n: e.names[0] for n, e in entries.items()
            }
            # each player's matchpoints on his lines add up to his total
            for standing in read_pbn.event.standings:
                own = [
                    line.points_of(seat)
                    for line in read_pbn.event.lines
                    if (seat := line.seat_of(standing.player)) is not None
                ]
                assert len(own) == standing.boards
                total = sum(p for p in own if p is not None)
                assert format_fixed(total) == format_fixed(standing.matchpoints)

            # scoring from a file ranks pairs and teams: an individual file says so, cleanly
            for path in (files.published.usebio, files.published.pbn):
                with pytest.raises(EventContentError, match="individual event"):
                    load_event(path)

            # play.pbn: every table's auction and play, the players in their seats
            records, problems = read_records(
                get_format("pbn"), files.play_pbn.read_bytes(), "play.pbn"
            )
            assert not [p for p in problems if p.is_error]
            assert len(records) == len(stored)

            # the website: ranking by player, travellers with four players, score cards
            folder = files.published.index.parent
            index = files.published.index.read_text(encoding="utf-8")
            for name in (e.names[0] for e in entries.values()):
                assert str(escape(name)) in index
            assert "<Bo>" not in index  # a name is text, never markup
            places = re.findall(r'href="players/player-(\d+)\.html">\d+</a>', index)
            assert [int(p) for p in places] == [s.player for s in ranking]
            for number in {line[0] for line in stored}:
                page = (folder / "boards" / f"board-{number}.html").read_text(encoding="utf-8")
                for _b, _r, _t, players, _o in (x for x in stored if x[0] == number):
                    for player in players:
                        assert f'href="../players/player-{player}.html"' in page
                        assert str(escape(entries[player].names[0])) in page
            for standing in ranking:
                card = (folder / "players" / f"player-{standing.player}.html").read_text(
                    encoding="utf-8"
                )
                assert str(escape(standing.name)) in card
                assert format_fixed(standing.percent) in card
                assert card.count('<td class="num"><a href="../boards/board-') == standing.boards
            pages = list(folder.rglob("*.html"))
            assert len(pages) >= 1 + 7 + 8
            for page in pages:
                text = page.read_text(encoding="utf-8")
                assert str(tmp_path) not in text
                assert "file://" not in text

    run_async(main())


def test_a_correction_rewrites_the_files_and_none_after_the_period(tmp_path: Path) -> None:
    """Inside the correction period the Director's score replaces a line in every file;
    after it (Law 79C) the change is refused and the files stay as they were."""

    async def main() -> None:
        async with harness(tmp_path) as h:
            session_id = await _finished(h)
            files = await h.sessions.close(session_id)
            assert files is not None
            board = h.sessions.store.boards(session_id)[0]
            h.clock.advance(600)
            await h.sessions.correct(session_id, board.table_id, "A60/A40", "Law 12C2 ruling")
            read = usebio.loads(files.published.usebio.read_bytes(), "results.xml").individual
            assert read is not None
            corrected = [
                line
                for line in read.lines
                if (line.board, line.round, line.table)
                == (board.board, board.round, board.table_number)
            ]
            assert [line.outcome for line in corrected] == [decode_outcome("A60/A40")]
            games = pbn_loads(files.published.pbn.read_bytes(), source="results.pbn")
            lines = individual_from_games(games).event.lines
            assert decode_outcome("A60/A40") in {line.outcome for line in lines}
            before = {
                p: p.read_bytes() for p in files.published.index.parent.rglob("*") if p.is_file()
            }
            h.clock.advance(301)
            with pytest.raises(CorrectionClosedError, match="Law 79C"):
                await h.sessions.correct(session_id, board.table_id, "A40/A60")
            after = {
                p: p.read_bytes() for p in files.published.index.parent.rglob("*") if p.is_file()
            }
            assert after == before

    run_async(main())


_USEBIO = """<?xml version="1.0" encoding="utf-8"?>
<USEBIO Version="1.2">
  <EVENT EVENT_TYPE="INDIVIDUAL">
    <BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>
    <PARTICIPANTS>
      <PLAYER><PLAYER_NUMBER>1</PLAYER_NUMBER><PLAYER_NAME>Ann</PLAYER_NAME></PLAYER>
      <PLAYER><PLAYER_NUMBER>x</PLAYER_NUMBER><PLAYER_NAME>Bo</PLAYER_NAME></PLAYER>
    </PARTICIPANTS>
    <BOARD>
      <BOARD_NUMBER>1</BOARD_NUMBER>
      <TRAVELLER_LINE>
        <NORTH_PLAYER_NUMBER>1</NORTH_PLAYER_NUMBER><EAST_PLAYER_NUMBER>2</EAST_PLAYER_NUMBER>
        <SOUTH_PLAYER_NUMBER>3</SOUTH_PLAYER_NUMBER><WEST_PLAYER_NUMBER>4</WEST_PLAYER_NUMBER>
        <CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS>
      </TRAVELLER_LINE>
      <TRAVELLER_LINE>
        <NORTH_PLAYER_NUMBER>5</NORTH_PLAYER_NUMBER><EAST_PLAYER_NUMBER>6</EAST_PLAYER_NUMBER>
        <SOUTH_PLAYER_NUMBER>5</SOUTH_PLAYER_NUMBER><WEST_PLAYER_NUMBER>8</WEST_PLAYER_NUMBER>
        <CONTRACT>3NT</CONTRACT><PLAYED_BY>E</PLAYED_BY><TRICKS>9</TRICKS>
      </TRAVELLER_LINE>
      <TRAVELLER_LINE>
        <NORTH_PLAYER_NUMBER>5</NORTH_PLAYER_NUMBER><EAST_PLAYER_NUMBER>6</EAST_PLAYER_NUMBER>
        <SOUTH_PLAYER_NUMBER>7</SOUTH_PLAYER_NUMBER>
        <CONTRACT>3NT</CONTRACT><PLAYED_BY>E</PLAYED_BY><TRICKS>9</TRICKS>
      </TRAVELLER_LINE>
    </BOARD>
  </EVENT>
</USEBIO>
"""


def test_a_broken_individual_usebio_file_gives_located_problems() -> None:
    read = usebio.loads(_USEBIO, "bad.xml")
    assert read.individual is not None
    assert [line.players for line in read.individual.lines] == [(1, 2, 3, 4)]
    messages = [str(problem) for problem in read.problems]
    assert any("bad.xml:7:" in m and "PLAYER_NUMBER 'x'" in m for m in messages), messages
    assert any("board 1" in m and "four different players" in m for m in messages), messages
    assert any("board 1" in m and "WEST_PLAYER_NUMBER" in m for m in messages), messages


def test_a_broken_individual_pbn_row_is_a_problem_naming_its_board() -> None:
    text = (
        '[Event "Ind"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        '[Competition "Individuals"]\n'
        '[ScoreTable "PlayerId_North\\2R;PlayerId_East\\2R;PlayerId_South\\2R;'
        'PlayerId_West\\2R;Contract\\4L;Declarer\\1R;Result\\2R"]\n'
        " 1  2  3  4 4S   N 10\n"
        " x  6  7  8 3NT  E  9\n"
    )
    read = individual_from_games(pbn_loads(text, source="bad.pbn"), "bad.pbn")
    assert [line.players for line in read.event.lines] == [(1, 2, 3, 4)]
    assert [str(line.outcome) for line in read.event.lines] == ["4SN="]
    errors = [str(p) for p in read.problems if not p.warning]
    assert any("bad.pbn:" in e and "board 1" in e and "PlayerId_North 'x'" in e for e in errors)
