"""The table page's server side: what the frames carry for it (legal calls and cards for the
seat to act only, the claim, the score) and the board's review after play (double dummy, par,
traveller), which nobody gets before the board is over for him (Laws 66D, 41D, 68)."""

from __future__ import annotations

import json
import re
import subprocess
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dupbridge.analysis.dd import dd_table
from dupbridge.analysis.par import board_par
from dupbridge.core.calls import Strain, parse_call
from dupbridge.core.commands import MakeCall, PlayCard
from dupbridge.core.deal import Deal
from dupbridge.core.seats import SEATS, Seat, Side
from dupbridge.core.table import Phase, Table
from dupbridge.i18n import use_language
from dupbridge.robots.baseline import robot_call, robot_card
from dupbridge.scoring import score
from dupbridge.web.deps import SeatTokens
from tests.web.conftest import DEAL, SECRET
from tests.web.protocol import command, create, reference
from tests.web.servers import Server
from tests.web.test_play import Board as PlayBoard
from tests.web.test_play import allowed_cards, card_strings, frame_of, next_command

#: Another deal, for a second table playing the same board in the session.
OTHER_DEAL = "N:QJ6.K652.J85.T98 873.J97.A43.AKQ5 AK42.AQ8.KQ2.J72 T95.T43.T976.643"


class Player:
    """Plays one table over HTTP with the robots' choices, alongside a reference table."""

    def __init__(self, client: TestClient, deal: str, **extra: Any) -> None:
        self.client = client
        created = create(client, deal, **extra)
        self.id: str = created["table"]
        self.session: str = created["session"]
        self.tokens: dict[str, str] = created["seats"]
        self.table: Table = reference(deal, extra.get("board", 1))
        self.seq = 0

    def view(self, seat: Seat | None) -> dict[str, Any]:
        params = {"token": self.tokens[seat.letter]} if seat else {}
        response = self.client.get(f"/tables/{self.id}/view", params=params)
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()["view"]
        return body

    def post(self, actor: Seat, frame: dict[str, Any]) -> dict[str, Any]:
        response = self.client.post(
            f"/tables/{self.id}/commands", params={"token": self.tokens[actor.letter]}, json=frame
        )
        assert response.status_code == 200, response.text
        answer: dict[str, Any] = response.json()
        self.seq = answer["last"]
        return answer

    def act(self, actor: Seat, value: MakeCall | PlayCard) -> None:
        self.post(actor, frame_of(value, self.seq))
        self.table.execute(value)

    def step(self) -> None:
        """The robots' next call or card (declarer plays dummy's)."""
        table = self.table
        turn = table.turn
        assert turn is not None
        if table.phase is Phase.AUCTION:
            self.act(turn, MakeCall(turn, robot_call(table.auction, table.deal[turn])))
        else:
            actor = table.declarer if turn is table.dummy else turn
            assert actor is not None
            self.act(actor, PlayCard(turn, robot_card(table)))

    def bid(self, calls: str) -> None:
        """Make these calls, from the seat to call on."""
        for text in calls.split():
            turn = self.table.turn
            assert turn is not None
            self.act(turn, MakeCall(turn, parse_call(text)))

    def play_to(self, phase: Phase) -> None:
        while self.table.phase is not phase:
            self.step()

    def review(self, seat: Seat | None) -> Any:
        params = {"token": self.tokens[seat.letter]} if seat else {}
        return self.client.get(f"/tables/{self.id}/review", params=params)


class TestLegalChoicesInTheFrames:
    """Each frame carries the legal calls or cards of its own viewer only, when he is to
    act; declarer gets dummy's legal cards when dummy is to play (Law 45B)."""

    def test_only_the_seat_to_call_gets_legal_calls(self, client: TestClient) -> None:
        player = Player(client, DEAL)
        dealer = player.table.turn
        assert dealer is not None
        for seat in SEATS:
            view = player.view(seat)
            expected = [str(call) for call in player.table.legal_calls()] if seat is dealer else []
            assert expected == view["legal_calls"]
            assert [] == view["legal_cards"]
        assert [] == player.view(None)["legal_calls"]

    def test_declarer_gets_dummys_legal_cards_and_nobody_else_any(self, client: TestClient) -> None:
        player = Player(client, DEAL)
        player.bid("1NT Pass Pass Pass")
        player.play_to(Phase.PLAY)
        table = player.table
        while table.turn is not table.dummy:
            player.step()
        declarer, dummy = table.declarer, table.dummy
        assert declarer is not None
        assert dummy is not None
        legal = [str(card) for card in table.legal_cards()]
        assert legal, "dummy has cards to play"
        assert {str(card) for card in table.deal[dummy]} >= set(legal)
        for seat in SEATS:
            view = player.view(seat)
            assert (legal if seat is declarer else []) == view["legal_cards"]
            assert [] == view["legal_calls"]


class TestClaimAndScore:
    def test_a_claim_shows_to_all_four_and_the_score_follows_law_77(
        self, client: TestClient
    ) -> None:
        """A claim made to the table (Law 68) is in every seat's view until answered; once
        both opponents accept (Law 69A), every view has the score of the contract."""
        player = Player(client, DEAL, board=2)  # board 2: N-S vulnerable (Law 2)
        player.bid("Pass 1NT Pass Pass Pass")
        player.step()  # the opening lead
        table = player.table
        declarer = table.declarer
        contract = table.contract
        assert declarer is not None
        assert contract is not None
        rest = 13 - table.tricks()[declarer.side.opponents]
        player.post(
            declarer,
            command("claim", declarer.letter, player.seq, tricks=rest, statement="all high"),
        )
        for seat in SEATS:
            view = player.view(seat)
            assert {"seat": declarer.letter, "tricks": rest, "statement": "all high"} == view[
                "claim"
            ]
            assert view["score"] is None
        for opponent in (declarer.next(), declarer.next(3)):
            player.post(opponent, command("accept_claim", opponent.letter, player.seq))
        vulnerable = Side.NS is declarer.side
        points = score(contract, rest, vulnerable)
        expected = points if declarer.side is Side.NS else -points
        for seat in SEATS:
            view = player.view(seat)
            assert view["claim"] is None
            assert {"NS": expected, "EW": -expected} == view["score"]
            assert rest == view["result"]


class TestReview:
    """The board's review: nothing before the board is over for the viewer; then the deal,
    double dummy and par of ``dupbridge.analysis`` and the session's finished tables."""

    def test_seats_see_it_after_their_board_kibitzers_after_every_table(
        self, client: TestClient
    ) -> None:
        first = Player(client, DEAL, board=3)
        second = Player(client, OTHER_DEAL, board=3, session=first.session)
        for seat in (*SEATS, None):
            answer = first.review(seat)
            assert 409 == answer.status_code
            assert "not_over" == answer.json()["error"]
        first.bid("1NT Pass Pass Pass")
        first.play_to(Phase.FINISHED)
        for seat in SEATS:
            answer = first.review(seat)
            assert 200 == answer.status_code, answer.text
            body = answer.json()
            assert [row["table"] for row in body["traveller"]] == [first.id]
            assert body["traveller"][0]["this"]
        assert 409 == first.review(None).status_code  # still in play at the other table
        assert 409 == second.review(Seat.N).status_code
        second.play_to(Phase.FINISHED)
        body = first.review(None).json()
        assert {first.id, second.id} == {row["table"] for row in body["traveller"]}
        deal = Deal.from_pbn(DEAL)
        assert {seat.letter: sorted(str(c) for c in deal[seat]) for seat in SEATS} == {
            seat: sorted(cards) for seat, cards in body["deal"].items()
        }
        solved = dd_table(deal)
        for seat in SEATS:
            for strain in body["strains"]:
                assert (
                    solved.tricks(Strain.from_str(strain), seat) == body["dd"][seat.letter][strain]
                )
        par = board_par(solved, first.table.board)
        assert par.score == body["par"]["score"]
        assert len(par.contracts) == len(body["par"]["contracts"])
        for row, player in (
            (r, first if r["table"] == first.id else second) for r in body["traveller"]
        ):
            table = player.table
            contract = table.contract
            if contract is None:
                assert {"NS": 0, "EW": 0} == row["score"]
                continue
            assert contract.declarer is not None
            assert table.result is not None
            side = contract.declarer.side
            points = score(contract, table.result, table.board.vulnerability.is_vulnerable(side))
            assert (points if side is Side.NS else -points) == row["score"]["NS"]
            assert table.result == row["tricks"]
        scores = [row["score"]["NS"] for row in body["traveller"]]
        assert sorted(scores, reverse=True) == scores

    def test_a_forged_token_gets_nothing(self, client: TestClient) -> None:
        player = Player(client, DEAL)
        player.bid("Pass Pass Pass Pass")
        answer = client.get(f"/tables/{player.id}/review", params={"token": "forged"})
        assert 403 == answer.status_code
        assert "forbidden" == answer.json()["error"]
        assert "traveller" not in answer.json()
        other = Player(client, DEAL)
        answer = client.get(f"/tables/{player.id}/review", params={"token": other.tokens["N"]})
        assert 403 == answer.status_code

    def test_an_unknown_table_is_named(self, client: TestClient) -> None:
        answer = client.get("/tables/nope/review")
        assert 404 == answer.status_code
        assert "nope" in answer.json()["message"]


#: A card in any notation the page could carry: ``SA``, ``♠A``, ``data-card="SA"``.
_CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])[SHDC][2-9TJQKA](?![A-Za-z0-9])|[♠♥♦♣]")


def page_of(client: TestClient, table_id: str, token: str | None, **params: str) -> Any:
    if token is None:
        return client.get(f"/tables/{table_id}/watch", params=params)
    return client.get(f"/tables/{table_id}/play", params={"token": token, **params})


def config_of(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="table-config">(.*?)</script>', html)
    assert found is not None
    config: dict[str, Any] = json.loads(found.group(1))
    return config


def texts_of(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="i18n">(.*?)</script>', html, re.S)
    assert found is not None
    texts: dict[str, Any] = json.loads(found.group(1))
    return texts


class TestPages:
    """The pages are shells: no card of the deal is in them, whatever the board's state."""

    def test_a_seat_page_holds_its_socket_and_no_card(self, client: TestClient) -> None:
        player = Player(client, DEAL)
        answer = page_of(client, player.id, player.tokens["E"])
        assert 200 == answer.status_code
        assert answer.headers["content-type"].startswith("text/html")
        html = answer.text
        shell = html.replace(json.dumps(texts_of(html)), "")
        shell = shell.replace(player.tokens["E"], "").replace(player.id, "")  # random text
        assert [] == _CARD_TOKEN.findall(shell)
        config = config_of(html)
        assert {"seat": "E", "table": player.id, "socket": f"/tables/{player.id}/ws"} == {
            key: config[key] for key in ("seat", "table", "socket")
        }
        assert 'src="/static/table/table.js"' in html
        assert client.get("/static/table/table.js").status_code == 200
        assert client.get("/static/table/table.css").status_code == 200

    def test_the_kibitzer_page_has_no_seat_and_no_controls(self, client: TestClient) -> None:
        player = Player(client, DEAL)
        html = page_of(client, player.id, None).text
        config = config_of(html)
        assert config["seat"] is None
        assert config["token"] is None
        assert f"/tables/{player.id}/kibitz" == config["socket"]
        assert 'id="bidding-box"' not in html
        assert 'id="chat-form"' not in html

    def test_the_creation_answer_names_the_pages(self, client: TestClient) -> None:
        created = create(client, DEAL)
        for letter, url in created["play_urls"].items():
            assert url.endswith(f"/tables/{created['table']}/play?token={created['seats'][letter]}")
        assert created["watch_url"].endswith(f"/tables/{created['table']}/watch")

    def test_a_forged_or_missing_token_gets_a_page_saying_so(self, client: TestClient) -> None:
        player = Player(client, DEAL)
        other = Player(client, DEAL)
        for token, words in (
            ("forged", "not valid"),
            (other.tokens["N"], "another table"),
            ("", "token is needed"),
        ):
            answer = page_of(client, player.id, token)
            assert 403 == answer.status_code
            assert words in answer.text
            assert "table-config" not in answer.text

    def test_an_unknown_table_and_a_closed_gallery(self, client: TestClient) -> None:
        answer = page_of(client, "nope", None)
        assert 404 == answer.status_code
        assert "nope" in answer.text
        closed = Player(client, DEAL, settings={"kibitzers": False})
        answer = page_of(client, closed.id, None)
        assert 403 == answer.status_code
        assert "no kibitzers" in answer.text

    def test_every_text_comes_from_the_catalogs_in_the_pages_language(
        self, client: TestClient
    ) -> None:
        """The JavaScript's texts are rendered by the server in the page's language; the
        seats' names come from the catalog (Polish: Północ for North)."""
        player = Player(client, DEAL)
        english = texts_of(page_of(client, player.id, player.tokens["N"]).text)
        polish = texts_of(page_of(client, player.id, player.tokens["N"], lang="pl").text)
        assert "North" == english["seats"]["N"]
        with use_language("pl"):
            assert Seat.N.title == polish["seats"]["N"]
        assert english["seats"]["N"] != polish["seats"]["N"]
        assert len(english["claim_text"]) == 14  # a plural form for each count of tricks
        assert set(english) == set(polish)

    def test_player_text_is_escaped_in_the_title(self, client: TestClient) -> None:
        created = create(client, DEAL, name="<script>alert(1)</script>")
        html = page_of(client, created["table"], created["seats"]["S"]).text
        assert "<script>alert(1)</script>" not in html


_deals = st.integers(min_value=0, max_value=53_644_737_765_488_792_839_237_440_000 - 1)


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(index=_deals, steps=st.integers(min_value=0, max_value=60), data=st.data())
def test_no_page_or_frame_shows_a_seat_a_card_it_may_not_see(
    client: TestClient, index: int, steps: int, data: st.DataObject
) -> None:
    """For a random deal and a random position reached by random legal calls and cards,
    each seat's page and every frame its socket receives hold no card but those the seat
    may see: its own, dummy's after the opening lead (Law 41D), those played; all after the
    board (Law 66D). The review is refused until the board is over (409)."""
    deal = Deal.from_index(index).to_pbn()
    with ExitStack() as stack:
        board = PlayBoard(client, deal, stack, kibitzer=False)

        def choose(options: list[Any]) -> Any:
            passes = [o for o in options if str(o) == "Pass"]
            if passes and data.draw(st.booleans()):
                return passes[0]
            return data.draw(st.sampled_from(options))

        for _step in range(steps):
            if board.table.phase is Phase.FINISHED:
                break
            board.act(*next_command(board.table, choose))  # checks each seat's frames
        tokens = SeatTokens(SECRET)
        for seat in SEATS:
            token = tokens.issue(board.table_id, seat)
            html = page_of(client, board.table_id, token).text
            shell = html.replace(json.dumps(texts_of(html)), "")
            # The seat's signed token and the table's id are random text in the page's links:
            # "-D5_" inside one is not a card.
            shell = shell.replace(token, "").replace(board.table_id, "")
            assert [] == _CARD_TOKEN.findall(shell)
            view = client.get(f"/tables/{board.table_id}/view", params={"token": token}).json()
            assert card_strings(view) <= allowed_cards(board.table, board.deal, seat)
            review = client.get(f"/tables/{board.table_id}/review", params={"token": token})
            finished = board.table.phase is Phase.FINISHED
            assert (200 if finished else 409) == review.status_code


def test_the_documented_way_to_open_a_table_runs(tmp_path: Path) -> None:
    """docs/online.md, "Opening a table": the commands run as written against a real
    ``dupbridge serve`` (on a free port instead of 8000, which may be taken here) and print
    the four seats' pages and the kibitzers', each of which opens."""
    document = (Path(__file__).resolve().parents[2] / "docs" / "online.md").read_text()
    section = document.split("### Opening a table", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block is not None
    lines = block.group(1).splitlines()
    assert lines[0].startswith("dupbridge db upgrade --database-url sqlite:///club.sqlite3")
    assert "dupbridge serve --port 8000 --database-url sqlite:///club.sqlite3 &" == lines[1]
    server = Server(f"sqlite:///{tmp_path / 'club.sqlite3'}", tmp_path / "server.log").start()
    try:
        script = "\n".join(lines[2:]).replace("sleep 3", "").replace("8000", str(server.port))
        done = subprocess.run(
            ["bash", "-e", "-c", script],
            check=False,
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert 0 == done.returncode, done.stderr
        urls = done.stdout.split()
        assert 5 == len(urls)
        assert all(url.startswith(server.http) for url in urls)
        for url, role in zip(urls, ["N", "E", "S", "W", None], strict=True):
            page = httpx.get(url, timeout=20)
            assert 200 == page.status_code
            assert role == config_of(page.text)["seat"]
    finally:
        server.stop()
