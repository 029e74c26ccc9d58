"""Table-side entry: the checks of issue 15's points 1 and 2 (Law 77 scores, Law 78A
matchpoints, Law 41A's opening leader, impossible tricks, double-dummy flags)."""

from __future__ import annotations

import pytest

from dupbridge.core.cards import Card
from dupbridge.core.contract import Contract
from dupbridge.core.seats import Seat
from dupbridge.scoring import score
from dupbridge.services.club import (
    ClubService,
    EntryError,
    EveningSetup,
    LeadCheck,
    LeadRule,
    State,
    Submission,
)
from dupbridge.services.club.evening import hand_record as read_hand_record
from dupbridge.services.club.results import traveller
from dupbridge.tournament.results import BoardInfo


def _evening(service: ClubService, **options: object) -> str:
    setup = EveningSetup(name="Tuesday", family="howell", tables=7, boards_per_round=2, **options)  # type: ignore[arg-type]
    evening_id = service.create(setup, "director")
    service.set_state(evening_id, State.PLAYING, "director")
    return evening_id


def _first_play(service: ClubService, evening_id: str, board: int) -> tuple[int, int]:
    play = service.load(evening_id).movement.plays(board)[0]
    return play.round, play.table


class TestBoard13:
    """Point 1: board 13, 3NT doubled by East, one over."""

    def test_score_shown_from_north_south_side(self, service: ClubService) -> None:
        """Law 77: the score shown is North-South's, -950 (board 13 is vulnerable both)."""
        evening_id = _evening(service)
        round, table = _first_play(service, evening_id, 13)
        checked = service.preview(evening_id, table, round, Submission(13, "3NTX", "E", "+1"))
        assert -950 == checked.ns_score
        assert -score(Contract.from_str("3NTX"), 10, True) == checked.ns_score

    def test_traveller_shows_the_line_with_matchpoints(self, service: ClubService) -> None:
        """After East-West confirm, the traveller has the line and its Law 78A matchpoints:
        against a second table's 3NT= by East it is the bottom for NS, the top for EW."""
        evening_id = _evening(service)
        plays = service.load(evening_id).movement.plays(13)
        first, second = plays[0], plays[1]
        service.submit(
            evening_id, first.table, first.round, Submission(13, "3NTX", "E", "+1"),
            key="t1-13", who="table",
        )  # fmt: skip
        service.submit(
            evening_id, second.table, second.round, Submission(13, "3NT", "E", "="),
            key="t2-13", who="table",
        )  # fmt: skip
        rows = {row.table: row for row in traveller(service.load(evening_id), 13)}
        doubled = rows[first.table]
        assert ("3NTX", "E", "+1", "-950") == (
            doubled.contract,
            doubled.declarer,
            doubled.result,
            doubled.ns_score,
        )
        assert ("0", "2") == (doubled.ns_points, doubled.ew_points)
        assert ("2", "0") == (rows[second.table].ns_points, rows[second.table].ew_points)

    def test_same_board_again_is_refused(self, service: ClubService) -> None:
        """A second entry of the board in that round: "board already played"."""
        evening_id = _evening(service)
        round, table = _first_play(service, evening_id, 13)
        submission = Submission(13, "3NTX", "E", "+1")
        service.submit(evening_id, table, round, submission, key="a", who="table")
        with pytest.raises(EntryError, match="board already played"):
            service.submit(evening_id, table, round, submission, key="b", who="table")
        with pytest.raises(EntryError, match="board already played"):
            service.preview(evening_id, table, round, Submission(13, "4S", "N", "="))
        assert 1 == len(service.load(evening_id).lines)

    def test_board_not_played_here_this_round_is_refused(self, service: ClubService) -> None:
        """Law 8A: only the boards the movement gives this table in this round."""
        evening_id = _evening(service)
        round, table = _first_play(service, evening_id, 13)
        other = next(
            b for b in service.load(evening_id).movement.boards
            if b not in service.load(evening_id).boards_at(round, table)
        )  # fmt: skip
        with pytest.raises(EntryError, match=f"board {other} is not played at table {table}"):
            service.submit(
                evening_id, table, round, Submission(other, "4S", "N", "="), key="x", who="t"
            )
        assert not service.load(evening_id).lines


class TestChecks:
    """Point 2: the lead against the hand record, impossible tricks, double dummy."""

    @pytest.mark.parametrize(("contract", "result"), [("7NT", "+1"), ("1C", "-8")])
    def test_impossible_tricks_are_refused(
        self, service: ClubService, contract: str, result: str
    ) -> None:
        """7NT +1 is 14 tricks and 1C -8 is -1: tricks go from 0 to 13 (Law 77 scores
        nothing else)."""
        evening_id = _evening(service)
        round, table = _first_play(service, evening_id, 1)
        with pytest.raises(EntryError, match="tricks go from 0 to 13"):
            service.submit(
                evening_id, table, round, Submission(1, contract, "N", result), key="k", who="t"
            )
        assert not service.load(evening_id).lines

    def _boards(self, hand_record: str) -> dict[int, BoardInfo]:
        return read_hand_record(hand_record)

    def test_lead_not_in_the_leaders_hand_warns(
        self, service: ClubService, hand_record: str
    ) -> None:
        """Law 41A: the player on declarer's left leads. A card from the other defender's
        hand gives a warning (flagged for the Director); naming the other declarer of the
        side, whose left-hand opponent holds the card, clears it."""
        info = self._boards(hand_record)[1]
        assert info.deal is not None
        card = next(iter(info.deal[Seat.E]))  # East leads when North declares
        evening_id = _evening(service, deals=hand_record)
        round, table = _first_play(service, evening_id, 1)
        wrong = service.preview(evening_id, table, round, Submission(1, "3NT", "S", "=", str(card)))
        assert wrong.warnings
        assert "not in" in wrong.warnings[0]
        right = service.preview(evening_id, table, round, Submission(1, "3NT", "N", "=", str(card)))
        assert () == right.warnings
        accepted = service.submit(
            evening_id, table, round, Submission(1, "3NT", "S", "=", str(card)), key="k", who="t"
        )
        assert wrong.warnings[0] in accepted.line.flags

    def test_lead_not_in_the_leaders_hand_refused_when_set(
        self, service: ClubService, hand_record: str
    ) -> None:
        """The event may refuse such a lead instead; the other declarer is accepted."""
        info = self._boards(hand_record)[1]
        assert info.deal is not None
        card = Card.from_str(str(next(iter(info.deal[Seat.E]))))
        evening_id = _evening(service, deals=hand_record, lead_check=LeadCheck.REFUSE)
        round, table = _first_play(service, evening_id, 1)
        with pytest.raises(EntryError, match="not in"):
            service.submit(
                evening_id, table, round, Submission(1, "3NT", "S", "=", str(card)),
                key="k1", who="t",
            )  # fmt: skip
        service.submit(
            evening_id, table, round, Submission(1, "3NT", "N", "=", str(card)), key="k2", who="t"
        )
        assert 1 == len(service.load(evening_id).lines)

    def test_required_lead(self, service: ClubService) -> None:
        """An event that requires the lead refuses a result without one."""
        evening_id = _evening(service, lead=LeadRule.REQUIRED)
        round, table = _first_play(service, evening_id, 1)
        with pytest.raises(EntryError, match="opening lead"):
            service.preview(evening_id, table, round, Submission(1, "3NT", "S", "="))

    def test_four_under_double_dummy_is_accepted_and_flagged(
        self, service: ClubService, hand_record: str
    ) -> None:
        """A result 4 tricks under the double-dummy table is stored, with a flag for the
        Director; one trick under is not flagged."""
        info = self._boards(hand_record)[2]
        dd = {(seat, int(strain)): tricks for seat, strain, tricks in info.dd_tricks}
        contract = Contract.from_str("2S")
        target = dd[(Seat.N, int(contract.strain))]
        evening_id = _evening(service, deals=hand_record)
        plays = service.load(evening_id).movement.plays(2)
        far = service.submit(
            evening_id, plays[0].table, plays[0].round,
            Submission(2, "2S", "N", str(target - 4)), key="far", who="t",
        )  # fmt: skip
        assert (
            f"{target - 4} tricks in 2S by N: -4 against double dummy ({target} tricks)"
            in far.line.flags
        )
        near = service.submit(
            evening_id, plays[1].table, plays[1].round,
            Submission(2, "2S", "N", str(target - 1)), key="near", who="t",
        )  # fmt: skip
        assert () == near.line.flags
