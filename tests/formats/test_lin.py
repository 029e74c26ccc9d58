"""LIN (BBO): deal, board, vulnerability, names, calls with alerts, play, claims, vugraph."""

from __future__ import annotations

import pytest

from dupbridge.core.calls import parse_call
from dupbridge.core.cards import Card
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat, Vulnerability
from dupbridge.formats import lin
from dupbridge.formats.problems import FormatError, Problem
from dupbridge.formats.records import BoardRecord, RecordedCall
from tests.conftest import shared_file

BOARD = (
    "pn|South,West,North,East|st||md|3SKH4579QKAD69C58K,S569QAH3D5TJQAC69,"
    "S47H8TD248KC347QA,|rh||ah|Board 1|sv|o|mb|p|mb|p|mb|1H|an|five hearts|mb|2H!|"
    "an|Michaels|mb|p|mb|4S|mb|5H|mb|p|mb|p|mb|p|pg||pc|C9|pc|C3|pc|C2|pc|CK|pg||mc|11|\n"
)


class TestReading:
    def test_deal_and_board(self) -> None:
        """md gives the dealer (3 = North) and the hands S, W, N, E; the last one is the rest."""
        (board,) = lin.loads(BOARD)
        record = board.record
        assert (1, Seat.N, Vulnerability.NONE) == (
            record.board,
            record.dealer,
            record.vulnerability,
        )
        assert (
            Deal.from_pbn("S:K.AKQ9754.96.K85 AQ965.3.AQJT5.96 74.T8.K842.AQ743 JT832.J62.73.JT2")
            == record.deal
        )

    def test_names_by_seat(self) -> None:
        """pn lists South, West, North, East; records list N, E, S, W."""
        (board,) = lin.loads(BOARD)
        assert ("North", "East", "South", "West") == board.record.players

    def test_alerts_and_explanations(self) -> None:
        """mb with '!' is alerted; an explains the call before it (Law 20F)."""
        (board,) = lin.loads(BOARD)
        calls = board.record.calls
        assert RecordedCall(parse_call("1H"), False, "five hearts") == calls[2]
        assert RecordedCall(parse_call("2H"), True, "Michaels") == calls[3]

    def test_contract_play_and_claim(self) -> None:
        """The auction gives the contract (Law 22); mc is declarer's tricks in all."""
        (board,) = lin.loads(BOARD)
        record = board.record
        assert Contract.from_str("5HS") == record.contract
        assert tuple(Card.from_str(c) for c in ("C9", "C3", "C2", "CK")) == record.play
        assert (11, 11) == (record.claim, record.result)
        assert () == board.problems

    def test_insufficient_bid_is_reported_with_position(self) -> None:
        """An insufficient bid is reported at its mb pair (Law 27)."""
        text = "md|3SKH4579QKAD69C58K,S569QAH3D5TJQAC69,S47H8TD248KC347QA,|mb|1H|mb|1D|"
        (board,) = lin.loads(text)
        (problem,) = board.problems
        assert (1, text.index("mb|1D") + 1) == (problem.line, problem.column)
        assert "insufficient bid 1D after 1H" in problem.message

    def test_claim_beyond_the_tricks_left(self) -> None:
        """A claim must lie between the tricks won and those plus the tricks left (Law 68A)."""
        text = BOARD.replace("mc|11|", "mc|0|")
        (board,) = lin.loads(text)
        assert ["mc|0|: declarer's side has 1 tricks and 12 remain (Law 68A)"] == [
            p.message for p in board.problems
        ]

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("md|3SKX,,,|", "md|: 'X' in hand 'SKX' is no suit or rank"),
            ("md|3S|sv|q|", "sv|q|: vulnerability is o, n, e or b"),
            ("md|3S|mb|8S|", "mb|8S|: not a call: '8S': bids go from 1 to 7 (Law 38)"),
            ("pc|ZZ|", "pc|ZZ| is not a card"),
            ("mb", "'mb' has no value: a LIN pair is key|value|"),
            ("xyz|1|", "'xyz' is not a LIN key (two letters)"),
        ],
    )
    def test_bad_input_is_reported(self, text: str, message: str) -> None:
        """Each kind of bad pair gives one clear problem."""
        messages = [p.message for board in lin.loads(text) for p in board.problems]
        assert message in messages

    def test_strict_raises(self) -> None:
        """strict=True raises a FormatError for the first error."""
        with pytest.raises(FormatError, match="1:1: error: 'xyz' is not a LIN key"):
            lin.loads("xyz|1|", strict=True)


class TestVugraph:
    TEXT = (
        "vg|Final,Segment 1,I,1,2,Home,0,Away,0|\nrs|3NN=,PASS|\n"
        "pn|a,b,c,d,e,f,g,h|pg||\n"
        "qx|o1|md|3SAKQJHAKQJDAKQCAK,S2345H2345D2345C2,S6789H6789D6789C3,|sv|o|"
        "mb|3N|mb|p|mb|p|mb|p|pg||\n"
        "qx|c1|md|3SAKQJHAKQJDAKQCAK,S2345H2345D2345C2,S6789H6789D6789C3,|sv|o|"
        "mb|p|mb|p|mb|p|mb|p|pg||\n"
    )

    def test_rooms_and_names(self) -> None:
        """qx names the room and board; the closed room's players are names 5-8."""
        open_room, closed_room = lin.loads(self.TEXT)
        assert ("Open", "Closed") == (
            open_room.record.info_value("Room"),
            closed_room.record.info_value("Room"),
        )
        assert ("c", "d", "a", "b") == open_room.record.players
        assert ("g", "h", "e", "f") == closed_room.record.players
        assert "Final" == open_room.record.info_value("Event")
        assert closed_room.record.passed_out

    def test_vugraph_round_trip(self) -> None:
        """Records with rooms are written in the vugraph form and read back the same."""
        boards = lin.loads(self.TEXT)
        text = lin.dumps([board.record for board in boards])
        assert text.startswith("vg|Final,Segment 1,I,1,1,Home,0,Away,0|\nrs|3NN,PASS|\n")
        assert [b.record for b in boards] == [b.record for b in lin.loads(text)]


class TestWriting:
    def test_round_trip(self) -> None:
        """A board written as LIN reads back the same record."""
        (board,) = lin.loads(BOARD)
        text = lin.dumps([board.record])
        assert text.startswith("pn|South,West,North,East|st||md|3SKHAKQ9754D96CK85,")
        assert [board.record] == [b.record for b in lin.loads(text)]

    def test_pipe_in_an_explanation(self) -> None:
        """'|' separates LIN pairs, so an explanation holding one is written with '/'."""
        record = BoardRecord(
            board=1,
            deal=Deal.from_index(5),
            calls=(RecordedCall(parse_call("1C"), True, "2+ | natural"),),
        )
        (board,) = lin.loads(lin.dumps([record]))
        assert "2+ / natural" == board.record.calls[0].explanation


FULL = "SAKQJHAKQJDAKQCAK,S2345H2345D2345C2,S6789H6789D6789C3,"


class TestTeachingFiles:
    @pytest.mark.parametrize(
        ("label", "number", "room", "description"),
        [
            ("o3", 3, "Open", None),
            ("c4", 4, "Closed", None),
            ("o12,BOARD 12", 12, "Open", None),
            ("7", 7, None, None),
            ("Problem one", None, None, "Problem one"),
        ],
    )
    def test_any_qx_label_is_a_board(
        self, label: str, number: int | None, room: str | None, description: str | None
    ) -> None:
        """qx starts a board whatever its label; o/c name the room, other text is kept."""
        (board,) = lin.loads(f"qx|{label}|md|1{FULL}|")
        record = board.record
        assert (number, room, description) == (
            record.board,
            record.info_value("Room"),
            record.info_value("Description"),
        )
        assert () == board.problems

    def test_compact_calls(self) -> None:
        """mb|1nppp| is 1NT and three passes; an alert mark stays with its call."""
        (board,) = lin.loads(f"md|1{FULL}|mb|1n!ppp|")
        calls = board.record.calls
        assert ["1NT", "Pass", "Pass", "Pass"] == [str(made.call) for made in calls]
        assert [True, False, False, False] == [made.alert for made in calls]
        assert Contract.from_str("1NTS") == board.record.contract

    def test_end_positions_all_read_with_warnings(self) -> None:
        """Every end position of a file is a board of its own, each with a warning."""
        text = "".join(
            f"qx|o{n}|st||md|{n % 4 + 1}SAK,SQJ,S32,S54|sv|0|nt|Lead a spade|pg||\n"
            for n in range(1, 6)
        )
        boards = lin.loads(text)
        assert [1, 2, 3, 4, 5] == [board.record.board for board in boards]
        for line, board in enumerate(boards, 1):
            (problem,) = board.problems
            assert (line, 11, False) == (problem.line, problem.column, problem.is_error)
            assert "end position" in problem.message
            assert [2, 2, 2, 2] == [len(hand) for hand in board.record.deal.hands]  # type: ignore[union-attr]

    def test_display_commands_skipped(self) -> None:
        """Display and teaching commands are skipped; no board is lost and none is split."""
        text = (
            f"st||md|1{FULL}|pn|Ann,Bob,Cy,Di|ah|Lesson 1|at|Watch|nt|hello|sk|1|up|1|"
            "hc|S|lb|x|cr|255|cg|0|mb|p|pg||\n"
            f"st||md|2{FULL}|pn|Ann,Bob,Cy,Di|ah|Lesson 2|at|Again|pg||\n"
        )
        boards = lin.loads(text)
        assert [Seat.S, Seat.W] == [board.record.dealer for board in boards]
        assert ["Cy", "Cy"] == [board.record.players[0] for board in boards]
        assert [("pn", "Ann,Bob,Cy,Di") in board.pairs for board in boards] == [True, True]
        assert [] == [p for board in boards for p in board.problems]


class TestWriterWarnings:
    def test_contract_without_auction(self) -> None:
        """A contract and result with no calls cannot be held in LIN: a warning says so."""
        record = BoardRecord(
            board=1, deal=Deal.from_index(5), contract=Contract.from_str("4SN"), result=10
        )
        problems: list[Problem] = []
        lin.dumps([record], problems=problems)
        (problem,) = problems
        assert (1, False) == (problem.line, problem.is_error)
        assert "4S" in problem.message
        assert "10 tricks" in problem.message

    def test_passed_out_without_calls(self) -> None:
        """A board passed out with no calls is warned about on its line of the output."""
        records = [
            BoardRecord(board=1, deal=Deal.from_index(5)),
            BoardRecord(board=2, deal=Deal.from_index(6), passed_out=True),
        ]
        problems: list[Problem] = []
        lin.dumps(records, problems=problems)
        assert [(2, "the board was passed out, but with no calls LIN cannot say so")] == [
            (p.line, p.message) for p in problems
        ]

    def test_vugraph_holds_the_contract(self) -> None:
        """The vugraph form writes contracts in rs, so it warns about nothing."""
        record = BoardRecord(
            board=1, contract=Contract.from_str("4SN"), result=10, info=(("Room", "Open"),)
        )
        problems: list[Problem] = []
        text = lin.dumps([record], problems=problems)
        assert ([], "rs|4SN=|") == (problems, text.splitlines()[1])

    def test_end_position_written_reads_back(self) -> None:
        """An end position written as LIN reads back the same deal, with a warning only."""
        (board,) = lin.loads("md|1SAK,SQJ,S32,S54|")
        (again,) = lin.loads(lin.dumps([board.record]))
        assert board.record.deal == again.record.deal
        assert [False] == [p.is_error for p in again.problems]


class TestResultFromPlay:
    def test_lin_and_pbn_agree(self) -> None:
        """A complete play gives the same result read from LIN or from PBN with no Result."""
        from dupbridge.formats import pbn

        boards = lin.load_path(shared_file("endplay-tests", "example1.lin"))
        complete = [board.record for board in boards if len(board.record.play) == 52]
        assert complete
        for record in complete:
            game = pbn.Game.from_record(record)
            del game["Result"]
            (read,) = pbn.loads(pbn.dumps([game]))
            assert record.result == read.to_record().result


@pytest.mark.oracle
class TestRealEndPositions:
    def test_end_positions_of_real_boards(self) -> None:
        """The end positions of real boards (after nine tricks) are written and all read back,
        each with its warning and none dropped."""
        from dupbridge.core.play import Play

        boards = lin.load_path(shared_file("endplay-tests", "example1.lin"))
        positions = []
        for board in boards:
            record = board.record
            if len(record.play) < 36 or record.contract is None or record.deal is None:
                continue
            declarer = record.contract.declarer
            assert declarer is not None
            play = Play(record.deal, declarer, record.contract.strain.suit)
            for card in record.play[:36]:
                play.play(play.turn, card)  # type: ignore[arg-type]
            positions.append(BoardRecord(board=record.board, deal=play.remaining_deal()))
        assert len(positions) >= 4
        read = lin.loads(lin.dumps(positions))
        assert [p.deal for p in positions] == [b.record.deal for b in read]
        assert [["end position"] for _ in positions] == [
            [p.message.split(", ")[0].removeprefix("md|: an ") for p in b.problems] for b in read
        ]


class TestBoardsWithoutDeals:
    def test_every_board_written_reads_back(self) -> None:
        """Boards with no deal and no calls (names and number only) are written one a line and
        every one reads back: none is merged into the next."""
        records = [
            BoardRecord(board=1, players=("a", "b", "c", "d")),
            BoardRecord(board=2),
            BoardRecord(board=3),
        ]
        read = lin.loads(lin.dumps(records))
        assert [(1, "a"), (2, None), (3, None)] == [
            (board.record.board, board.record.players[0]) for board in read
        ]
