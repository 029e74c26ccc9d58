"""The club evening over HTTP (issue 15): the Director's pages, the table device's JSON with
its idempotency keys, the scoring desk with its audit log, imports and exports."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from dupbridge.analysis.dd import dd_table
from dupbridge.core.calls import Strain
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat
from dupbridge.formats import usebio
from dupbridge.services.access import AccessStore
from dupbridge.services.club import ClubService, Evening
from dupbridge.store import make_engine
from dupbridge.store.club import ClubStore
from dupbridge.tournament import travellers
from dupbridge.web.app import create_app
from tests.conftest import shared_file
from tests.services.club.test_handrecord import deals_only
from tests.web.conftest import settings_for

PIN = "4321"


@pytest.fixture
def web(db_url: str) -> Iterator[TestClient]:
    """The app, not following redirects, with a Director account (Maria)."""
    with TestClient(create_app(settings_for(db_url)), follow_redirects=False) as client:
        access = AccessStore(make_engine(db_url), PasswordHasher(time_cost=1, memory_cost=1024))
        access.add_director("Maria", "correct horse")
        yield client


def _director(web: TestClient) -> None:
    web.cookies.clear()
    answer = web.post("/signin/director", data={"name": "Maria", "password": "correct horse"})
    assert 303 == answer.status_code


def _table(web: TestClient, evening_id: str, table: int) -> None:
    web.cookies.clear()
    answer = web.post("/signin/table", data={"session": evening_id, "pin": PIN, "table": table})
    assert 303 == answer.status_code


def _evening(web: TestClient, tables: str = "7", per_round: int = 2) -> str:
    _director(web)
    answer = web.post(
        "/club",
        data={"name": "Tuesday pairs", "family": "howell", "tables": tables,
              "boards_per_round": per_round},
    )  # fmt: skip
    assert 303 == answer.status_code, answer.text
    evening_id = str(answer.headers["location"]).rsplit("/", 1)[-1]
    assert 200 == web.post(f"/club/{evening_id}/pin", data={"pin": PIN}).status_code
    assert 303 == web.post(f"/club/{evening_id}/state", data={"state": "playing"}).status_code
    return evening_id


def _load(db_url: str, evening_id: str) -> Evening:
    return ClubService(ClubStore(make_engine(db_url))).load(evening_id)


def test_the_director_pages_need_a_director(web: TestClient) -> None:
    """Anonymous: 401; a table device: 403 (its own pages only)."""
    assert 401 == web.get("/club").status_code
    evening_id = _evening(web)
    _table(web, evening_id, 1)
    assert 403 == web.get(f"/club/{evening_id}/desk").status_code
    assert 403 == web.get(f"/club/{evening_id}/export/travellers.csv").status_code


def test_players_csv_errors_name_line_and_column(web: TestClient) -> None:
    """A bad players file is refused as a whole, each problem as FILE:LINE:COLUMN."""
    evening_id = _evening(web)
    bad = "pair,name 1,name 2\n1,Ann,Bob\nx,Cy,Di\n99,Ed,Flo\n"
    answer = web.post(
        f"/club/{evening_id}/players", files={"file": ("club.csv", bad.encode(), "text/csv")}
    )
    assert 422 == answer.status_code
    assert "club.csv:3:1: not a pair number: &#39;x&#39;" in answer.text
    good = "pair,name 1,name 2,member 1\n1,Ann Smith,Bob Jones,1001\n2,Cy Doe,Di Roe,\n"
    answer = web.post(f"/club/{evening_id}/players", data={"text": good})
    assert 303 == answer.status_code
    page = web.get(f"/club/{evening_id}").text
    assert "Ann Smith – Bob Jones" in page
    assert "1001" in page


def test_board_13_from_the_table_device(web: TestClient, db_url: str) -> None:
    """Point 1 over HTTP: the check shows -950 for NS; the result is stored; the same
    request again is answered from the store; another entry of the board is refused."""
    evening_id = _evening(web)
    play = _load(db_url, evening_id).movement.plays(13)[0]
    _table(web, evening_id, play.table)
    body = {"round": play.round, "board": 13, "contract": "3NTX", "declarer": "E", "result": "+1"}
    check = web.post(f"/club/{evening_id}/table/check", json=body)
    assert (200, -950) == (check.status_code, check.json()["ns_score"])
    first = web.post(f"/club/{evening_id}/table/results", json={**body, "key": "k-13"})
    again = web.post(f"/club/{evening_id}/table/results", json={**body, "key": "k-13"})
    assert (200, False) == (first.status_code, first.json()["duplicate"])
    assert (200, True) == (again.status_code, again.json()["duplicate"])
    other = web.post(f"/club/{evening_id}/table/results", json={**body, "key": "k-other"})
    assert 409 == other.status_code
    assert "board already played" in other.json()["message"]
    assert 1 == len(_load(db_url, evening_id).lines)
    # During play the tables do not see other tables' results (Law 16); the Director does.
    assert 403 == web.get(f"/club/{evening_id}/traveller/13").status_code
    _director(web)
    traveller = web.get(f"/club/{evening_id}/traveller/13").text
    assert "-950" in traveller
    assert 303 == web.post(f"/club/{evening_id}/state", data={"state": "finished"}).status_code
    web.cookies.clear()
    assert "-950" in web.get(f"/club/{evening_id}/traveller/13").text


def test_a_table_enters_only_its_own_evening(web: TestClient, db_url: str) -> None:
    """A device signed in for one evening cannot send results to another."""
    first = _evening(web)
    second = _evening(web)
    _table(web, first, 1)
    body = {"round": 1, "board": 1, "contract": "4S", "declarer": "N", "result": "=", "key": "x"}
    assert 403 == web.post(f"/club/{second}/table/results", json=body).status_code


def test_desk_correction_and_audit(web: TestClient, db_url: str) -> None:
    """The Director corrects a result and gives a weighted score (Law 12C1(c)); the audit
    log shows who, and the line before and after."""
    evening_id = _evening(web, "4")
    play = _load(db_url, evening_id).movement.plays(1)[0]
    _table(web, evening_id, play.table)
    body = {"round": play.round, "board": 1, "contract": "4S", "declarer": "N", "result": "="}
    web.post(f"/club/{evening_id}/table/results", json={**body, "key": "a"})
    _director(web)
    answer = web.post(
        f"/club/{evening_id}/desk",
        data={"round": play.round, "table": play.table, "board": 1,
              "contract": "60% 4SN=; 40% 4SN-1", "note": "Law 12C1(c)"},
    )  # fmt: skip
    assert 200 == answer.status_code, answer.text
    bad = web.post(
        f"/club/{evening_id}/desk",
        data={"round": play.round, "table": play.table, "board": 1, "contract": "7NT",
              "declarer": "S", "result": "+1"},
    )  # fmt: skip
    assert 422 == bad.status_code
    assert "tricks go from 0 to 13" in bad.text
    audit = web.get(f"/club/{evening_id}/audit").text
    assert "Maria" in audit
    assert "correct" in audit
    assert "60% 4SN=; 40% 4SN-1" in audit


def test_exports_and_import_round_trip(web: TestClient, db_url: str, tmp_path: Path) -> None:
    """The travellers CSV and USEBIO exports read back; the CSV loaded into a new evening of
    the same movement gives the same results."""
    evening_id = _evening(web, "4")
    evening = _load(db_url, evening_id)
    for table in evening.movement.tables:
        _table(web, evening_id, table)
        for board in evening.boards_at(1, table):
            body = {"round": 1, "board": board, "contract": "3NT", "declarer": "S",
                    "result": "+1" if table % 2 else "=", "key": f"{table}-{board}"}  # fmt: skip
            assert 200 == web.post(f"/club/{evening_id}/table/results", json=body).status_code
    _director(web)
    csv_text = web.get(f"/club/{evening_id}/export/travellers.csv").text
    assert 8 == len(travellers.loads(csv_text).event.results)
    xml = web.get(f"/club/{evening_id}/export/results.xml").content
    assert 8 == len(usebio.loads(xml, "results.xml").event.results)
    assert web.get(f"/club/{evening_id}/export/results.pbn").text.count("[Board ") >= 8
    assert web.get(f"/club/{evening_id}/export/results-site.zip").content[:2] == b"PK"
    copy = _evening(web, "4")
    answer = web.post(
        f"/club/{copy}/import", files={"file": ("travellers.csv", csv_text.encode(), "text/csv")}
    )
    assert 200 == answer.status_code, answer.text
    assert travellers.dumps(_load(db_url, copy).event()) == csv_text
    wrong = "board,ns,ew,contract,declarer,result\n1,1,2,4S,N,=\n"
    answer = web.post(f"/club/{copy}/import", files={"file": ("t.csv", wrong.encode(), "text/csv")})
    assert 422 == answer.status_code


def test_hand_record_upload_enables_lead_checks(web: TestClient, db_url: str) -> None:
    """The PBN hand record of ../shared/data (skipped when absent) is loaded; the hand
    record PDF is made from it."""
    data = shared_file("deal-formats-16boards", "test.pbn").read_bytes()
    evening_id = _evening(web, "4")
    answer = web.post(
        f"/club/{evening_id}/deals", files={"file": ("deals.pbn", data, "text/plain")}
    )
    assert 303 == answer.status_code
    assert 16 == len(_load(db_url, evening_id).boards)
    pdf = web.get(f"/club/{evening_id}/handrecord.pdf")
    assert (200, b"%PDF") == (pdf.status_code, pdf.content[:4])


def test_hand_record_without_double_dummy_is_solved_at_upload(web: TestClient, db_url: str) -> None:
    """A PBN file with only the deals: the upload stores each deal's double-dummy table
    (dupbridge.analysis), so the flags work."""
    deals = [Deal.random(random.Random(seed)) for seed in range(4)]
    evening_id = _evening(web, "4")
    answer = web.post(
        f"/club/{evening_id}/deals",
        files={"file": ("deals.pbn", deals_only(deals).encode(), "text/plain")},
    )
    assert 303 == answer.status_code
    boards = _load(db_url, evening_id).boards
    assert [1, 2, 3, 4] == sorted(boards)
    stored = {(seat, strain): n for seat, strain, n in boards[1].dd_tricks}
    expected = dd_table(deals[0])
    for seat in Seat:
        for strain in Strain:
            assert expected[strain, seat] == stored[(seat, int(strain))]


def test_a_table_number_outside_the_movement(web: TestClient) -> None:
    """A device signed in as a table the movement does not have is sent back to the join
    page with the reason, and its results are refused."""
    evening_id = _evening(web, "4")
    _table(web, evening_id, 9)
    page = web.get(f"/club/{evening_id}/table")
    assert 403 == page.status_code
    assert "there is no table 9" in page.text
    body = {"round": 1, "board": 1, "contract": "4S", "declarer": "N", "result": "=", "key": "k"}
    answer = web.post(f"/club/{evening_id}/table/results", json=body)
    assert 422 == answer.status_code
    assert "table 9" in answer.json()["message"]


def test_options_and_a_closed_live_ranking(web: TestClient) -> None:
    """With the live ranking closed to players, an anonymous visitor is refused until the
    results are published; the Director still sees it."""
    evening_id = _evening(web, "4")
    answer = web.post(
        f"/club/{evening_id}/options",
        data={"name": "Thursday", "lead": "required", "lead_check": "refuse",
              "dd_margin": 3, "correction_minutes": 20},
    )  # fmt: skip
    assert 303 == answer.status_code
    assert 200 == web.get(f"/club/{evening_id}/live").status_code
    director_cookies = dict(web.cookies)
    web.cookies.clear()
    assert 403 == web.get(f"/club/{evening_id}/live").status_code
    web.cookies.update(director_cookies)
    assert 303 == web.post(f"/club/{evening_id}/state", data={"state": "finished"}).status_code
    web.cookies.clear()
    assert 200 == web.get(f"/club/{evening_id}/live").status_code
