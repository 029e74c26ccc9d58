"""Loading an event from any results file and publishing its results."""

from __future__ import annotations

from pathlib import Path

import pytest

from dupbridge.core.deal import Deal
from dupbridge.formats import pbn, usebio
from dupbridge.formats.pbn_events import load_event_text
from dupbridge.services.event_results import EventFileError, load_event, load_movement, publish
from dupbridge.tournament.event_scoring import score_event
from dupbridge.tournament.results import PairId

CSV = """board,ns,ew,contract,declarer,lead,result
1,1,2,4H,S,SQ,-1
1,3,4,5D,N,D5,9
2,1,2,PASS,,,
2,3,4,3NT,E,,+1
"""
DEAL = "N:753.T2.KT8762.Q4 A9842.J3.95.KJ75 K.AK985.AJ.A9863 QJT6.Q764.Q43.T2"


@pytest.fixture
def csv_file(tmp_path: Path) -> Path:
    path = tmp_path / "travellers.csv"
    path.write_text(CSV, encoding="utf-8")
    return path


class TestLoad:
    def test_csv_with_names_and_deals(self, csv_file: Path, tmp_path: Path) -> None:
        """Travellers completed by a names file and a PBN of deals."""
        names = tmp_path / "names.csv"
        names.write_text(
            "pair,names\n1,Ann Smith;Bob Jones\n2,Eve\n3,Cy Young - Di Lane\n4,Fay;Gus\n", "utf-8"
        )
        deals = tmp_path / "deals.pbn"
        deals.write_text(
            f'[Board "1"]\n[Deal "{DEAL}"]\n[DoubleDummyTricks "6587a6587a67424674242"]\n'
        )
        loaded = load_event(csv_file, names=names, deals=deals, name="Tuesday")
        assert () == loaded.errors
        event = loaded.event
        assert "Tuesday" == event.name
        assert ("Ann Smith", "Bob Jones") == event.pair(PairId(1)).names
        assert ("Cy Young", "Di Lane") == event.pair(PairId(3)).names
        assert Deal.from_pbn(DEAL) == event.board(1).deal

    def test_names_file_is_the_list_of_pairs(self, csv_file: Path, tmp_path: Path) -> None:
        """With a names file, a result for a pair it does not list is an unknown pair."""
        names = tmp_path / "names.csv"
        names.write_text("1,Ann\n2,Bob\n3,Cy\n", "utf-8")
        errors = load_event(csv_file, names=names).errors
        assert ["board 1: unknown pair 4", "board 2: unknown pair 4"] == [e.message for e in errors]
        assert [3, 5] == [e.location.line for e in errors if e.location]

    def test_pbn_and_usebio(self, csv_file: Path, tmp_path: Path) -> None:
        """The same results read from PBN and from USEBIO."""
        scored = score_event(load_event(csv_file).event)
        out = publish(scored, tmp_path / "out")
        from_pbn = load_event(out.pbn)
        from_xml = load_event(out.usebio)
        assert 4 == len(from_pbn.event.results) == len(from_xml.event.results)
        assert () == from_pbn.errors
        assert () == from_xml.errors

    def test_checks_are_run(self, tmp_path: Path) -> None:
        """A duplicated result is reported with both lines."""
        path = tmp_path / "dup.csv"
        path.write_text(CSV + "1,1,4,4S,N,,=\n", encoding="utf-8")
        errors = load_event(path).errors
        assert ["a second result for pair 1", "a second result for pair 4"] == [
            e.message.split(" (")[0].split(": ", 1)[1] for e in errors
        ]
        assert {6} == {e.location.line for e in errors if e.location}

    def test_unknown_kind_and_missing_file(self, tmp_path: Path) -> None:
        """A file of another kind, or one that does not exist, is one clear error."""
        with pytest.raises(EventFileError, match="unknown kind of event file"):
            load_event(tmp_path / "results.docx")
        with pytest.raises(EventFileError, match="cannot read"):
            load_event(tmp_path / "none.csv")

    def test_broken_xml(self, tmp_path: Path) -> None:
        """Broken USEBIO is reported with its line and column."""
        path = tmp_path / "bad.xml"
        path.write_text('<USEBIO Version="1.2">\n  <EVENT>\n</USEBIO>\n', encoding="utf-8")
        with pytest.raises(EventFileError, match=r"bad\.xml:3:\d+: error: not XML"):
            load_event(path)


class TestPublish:
    def test_three_outputs(self, csv_file: Path, tmp_path: Path) -> None:
        """index.html, results.pbn (ScoreTable per board, TotalScoreTable) and results.xml."""
        scored = score_event(load_event(csv_file).event)
        out = publish(scored, tmp_path / "out")
        assert out.index.is_file()
        games = pbn.loads(out.pbn.read_bytes())
        assert [1, 2] == [game.board for game in games]
        assert all(game.table("ScoreTable") is not None for game in games)
        assert games[0].table("TotalScoreTable") is not None
        assert load_event_text(out.pbn.read_bytes(), "r.pbn").event.results
        assert 4 == len(usebio.loads(out.usebio.read_bytes()).event.results)

    def test_no_temporary_files_left(self, csv_file: Path, tmp_path: Path) -> None:
        """Publishing leaves only the results in the folder and beside it."""
        publish(score_event(load_event(csv_file).event), tmp_path / "out")
        names = sorted(p.name for p in (tmp_path / "out").iterdir())
        assert ["boards", "index.html", "pairs", "results.pbn", "results.xml", "style.css",
                "viewer.js"] == names  # fmt: skip
        assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


class TestMovement:
    def test_sample_fits_its_mitchell(self, tmp_path: Path) -> None:
        """Every result of the sample session is one its Mitchell produces (Law 8)."""
        from dupbridge.services.sample_event import sample_event
        from dupbridge.tournament.travellers import dumps

        path = tmp_path / "mitchell.csv"
        path.write_text(dumps(sample_event(4, tables=5, boards_per_round=2)), encoding="utf-8")
        movement = load_movement("mitchell", tables="5", boards_per_round=2)
        assert () == load_event(path, mitchell=True, movement=movement).errors

    def test_result_for_a_pair_that_did_not_play_the_board(self, tmp_path: Path) -> None:
        """A result for a pair that did not play the board is an error naming the movement
        and the line."""
        path = tmp_path / "t.csv"
        path.write_text("board,round,table,ns,ew,contract,declarer,result\n1,1,1,1,1,4S,N,=\n"
                        "1,1,2,2,3,4S,N,=\n", encoding="utf-8")  # fmt: skip
        movement = load_movement("mitchell", tables="3", boards_per_round=1)
        (error,) = load_event(path, mitchell=True, movement=movement).errors
        assert error.location is not None
        assert 3 == error.location.line
        assert "movement Mitchell 3 tables" in error.message

    def test_bad_movements(self, tmp_path: Path) -> None:
        """An unknown family, a missing table count or file: one clear error each."""
        with pytest.raises(EventFileError, match="--tables"):
            load_movement("mitchell")
        with pytest.raises(EventFileError, match="cannot read"):
            load_movement(str(tmp_path / "none.yaml"))
