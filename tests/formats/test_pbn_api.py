"""The PBN API others build on: games keep every tag, accessors parse them, writing reads back."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from dupbridge.core.boards import Board
from dupbridge.core.calls import Strain
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.seats import SEATS, Seat, Side, Vulnerability
from dupbridge.core.table import Phase, Table
from dupbridge.formats import pbn
from dupbridge.formats.problems import FormatError
from dupbridge.robots.baseline import robot_call, robot_card

GAME = """\
[Event "Club pairs"]
[Site "Here"]
[Board "7"]
[Dealer "S"]
[Vulnerable "All"]
[Deal "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"]
[Declarer "S"]
[Contract "5HX"]
[Result "9"]
[MyOwnTag "kept"]
[Auction "S"]
Pass 1S 2D =1= 2S
3H Pass 4H X
5H X Pass Pass
Pass
[Note "1:natural, forcing"]
[Play "W"]
SK H3 S4 S3
C5 C2 C6 CK
*
[Score "NS -200"]
[ScoreIMP "NS -5 EW 5"]
[OptimumScore "EW 100"]
[ScoreTable "Score_NS\\5R;MP_NS\\4R"]
 -200  1.0
 -500  0.0
"""


class TestReading:
    def test_every_tag_is_kept_in_order(self) -> None:
        """Known and unknown tags stay in the order of the file, with their values."""
        (game,) = pbn.loads(GAME)
        assert [
            "Event", "Site", "Board", "Dealer", "Vulnerable", "Deal", "Declarer", "Contract",
            "Result", "MyOwnTag", "Auction", "Note", "Play", "Score", "ScoreIMP",
            "OptimumScore", "ScoreTable",
        ] == game.names()  # fmt: skip
        assert "kept" == game["MyOwnTag"]

    def test_board_values(self) -> None:
        """Board number, dealer, vulnerability and deal parse into core values."""
        (game,) = pbn.loads(GAME)
        assert 7 == game.board
        assert Seat.S is game.dealer
        assert Vulnerability.BOTH is game.vulnerability
        assert (
            Deal.from_pbn("N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85")
            == game.deal
        )

    def test_contract_and_result(self) -> None:
        """Contract with declarer, and declarer's tricks."""
        (game,) = pbn.loads(GAME)
        assert Contract.from_str("5HXS") == game.contract
        assert 9 == game.result
        assert not game.passed_out

    def test_calls_carry_alerts_from_notes(self) -> None:
        """A call with a note =n= is alerted and explained by Note n (Law 20F)."""
        (game,) = pbn.loads(GAME)
        calls = game.calls()
        assert [str(c.call) for c in calls] == [
            "Pass",
            "1S",
            "2D",
            "2S",
            "3H",
            "Pass",
            "4H",
            "X",
            "5H",
            "X",
            "Pass",
            "Pass",
            "Pass",
        ]
        assert (True, "natural, forcing") == (calls[2].alert, calls[2].explanation)
        assert not calls[1].alert

    def test_play_in_order(self) -> None:
        """Rows are in seat order from the leader; the winner of a trick leads (Law 44G)."""
        (game,) = pbn.loads(GAME)
        played = [(seat.letter, str(card)) for seat, card in game.played()]
        assert [
            ("W", "SK"), ("N", "H3"), ("E", "S4"), ("S", "S3"),
            ("N", "C2"), ("E", "C6"), ("S", "CK"), ("W", "C5"),
        ] == played  # fmt: skip

    def test_scores_and_tables(self) -> None:
        """Score tags by side, par score and tables with their columns."""
        (game,) = pbn.loads(GAME)
        assert -200 == game.score_for(Side.NS).value
        assert 5 == game.score_for(Side.EW, "ScoreIMP").value
        assert (Side.EW, 100) == (game.optimum_score.side, game.optimum_score.value)
        table = game.table("ScoreTable")
        assert ("-200", "-500") == table.column("Score_NS")
        assert "MP_NS\\4R" == str(table.columns[1])

    def test_only_the_unknown_tag_is_reported(self) -> None:
        """A consistent game reads without errors; an unknown tag is a warning, kept."""
        (game,) = pbn.loads(GAME)
        assert [] == game.errors
        assert ["<string>:10:2: warning: unknown tag MyOwnTag: kept as it is"] == [
            str(problem) for problem in game.problems
        ]

    def test_strict_raises_the_first_error(self) -> None:
        """strict=True raises a FormatError naming line and column."""
        with pytest.raises(FormatError, match=r"<string>:1:8: error: tag Deal"):
            pbn.loads('[Deal "N:AKQ"]\n', strict=True)


class TestWriting:
    def test_export_format_round_trip(self) -> None:
        """dumps writes export format that reads back to the same tags."""
        (game,) = pbn.loads(GAME)
        text = pbn.dumps([game])
        assert text.startswith("% PBN 2.1\n% EXPORT\n[Event ")
        (again,) = pbn.loads(text)
        assert [] == again.errors
        for tag in game.tags:
            assert (tag.value, tag.tokens) == (again[tag.name], again.tag(tag.name).tokens)

    def test_mandatory_tags_first(self) -> None:
        """Export format writes the 15 mandatory tags first, '?' for missing ones."""
        (game,) = pbn.loads(GAME)
        (again,) = pbn.loads(pbn.dumps([game]))
        assert list(pbn.MANDATORY_TAGS) == again.names()[:15]
        assert "?" == again["Date"]

    def test_analysis_tags(self) -> None:
        """Double-dummy tricks and the optimum result table are written and read back."""
        game = pbn.Game.from_deal(Deal.random(random.Random(3)), board=1)
        tricks = {seat: {strain: (seat + strain) % 14 for strain in Strain} for seat in SEATS}
        game.set_double_dummy_tricks(tricks)
        game.set_optimum_result_table(tricks)
        game["OptimumScore"] = "NS 400"
        (again,) = pbn.loads(pbn.dumps([game]))
        assert tricks == again.double_dummy_tricks
        table = again.table("OptimumResultTable")
        assert ("N", "NT", str(tricks[Seat.N][Strain.NOTRUMP])) == table.rows[0]
        assert [] == again.problems


def _played_table(seed: int) -> Table:
    rng = random.Random(seed)
    table = Table(Board.numbered(seed % 16 + 1), Deal.random(rng))
    while table.phase is Phase.AUCTION:
        seat = table.turn
        call = robot_call(table.auction, table.deal[seat])
        table.make_call(
            seat, call, alert=rng.random() < 0.2, explanation="x" if rng.random() < 0.5 else None
        )
    while table.phase is Phase.PLAY:
        table.play_card(table.turn, robot_card(table))
    return table


class TestFromTable:
    @pytest.mark.parametrize("seed", range(6))
    def test_played_table_round_trip(self, seed: int) -> None:
        """A played core Table written as PBN reads back with the same deal, calls, cards."""
        table = _played_table(seed)
        game = pbn.Game.from_table(table, Event="Test")
        (again,) = pbn.loads(pbn.dumps([game]))
        assert [] == again.problems
        assert table.deal == again.deal
        assert [str(e.call) for e in again.calls()] == [str(c) for c in table.auction.calls]
        assert table.contract == again.contract
        assert table.result == again.result
        if table.play is not None:
            cards = [c for t in table.play.tricks for c in t.cards]
            assert cards == [card for _seat, card in again.played()]


class TestStreamingAndEncoding:
    def test_iter_games_reads_one_game_at_a_time(self, tmp_path: Path) -> None:
        """iter_games streams a binary file game by game, problems named by the file."""
        path = tmp_path / "two.pbn"
        path.write_bytes(b'[Board "1"]\n\n[Board "x"]\n')
        with path.open("rb") as handle:
            stream = pbn.iter_games(handle)
            first = next(stream)
            assert 1 == first.board
            second = next(stream)
        assert [f"{path}:3:9: error: tag Board: 'x' is not a board number"] == [
            str(p) for p in second.problems
        ]

    def test_latin1_and_utf8(self) -> None:
        """A file that is not UTF-8 is read as ISO 8859-1, the standard's character set."""
        (latin,) = pbn.loads('[Site "Liège"]\n'.encode("latin-1"))
        (utf8,) = pbn.loads('[Site "Liège"]\n'.encode())
        assert "Liège" == latin["Site"] == utf8["Site"]


class TestLineEndsAndCharacters:
    def test_crlf_reads_as_lf(self) -> None:
        """CR LF line ends give the same games, problems and columns as LF ones."""
        text = GAME + '\n[Board "x"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ - - -"]\n'
        lf = pbn.loads(text)
        crlf = pbn.loads(text.replace("\n", "\r\n"))
        assert lf == crlf
        assert [[str(p) for p in g.problems] for g in lf] == [
            [str(p) for p in g.problems] for g in crlf
        ]

    def test_a_carriage_return_inside_a_line_is_reported(self) -> None:
        """A CR that does not end a line is a control character PBN does not allow."""
        (game,) = pbn.loads('[Event "a\rb"]\r\n[Board "1"]\r\n')
        assert ["<string>:1:10: error: character U+000D is not allowed in PBN"] == [
            str(p) for p in game.problems
        ]

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ('[Result "\u00b9"]', "tag Result: not a result: '\u00b9'"),
            ('[Board "\u00b2"]', "tag Board: '\u00b2' is not a board number"),
        ],
    )
    def test_digits_that_are_not_decimal_are_reported(self, text: str, message: str) -> None:
        """A superscript digit is a digit to Python but not a number: reported, no crash."""
        (game,) = pbn.loads(text + "\n")
        assert [message] == [p.message.split(" (")[0] for p in game.problems]
        assert None is game.result is game.board


class TestValuesMadeOnRequest:
    def test_values_are_equal_each_time_they_are_asked_for(self) -> None:
        """A read game makes its deal, calls and cards when asked: equal values each time."""
        (game,) = pbn.loads(GAME)
        assert game.deal == game.deal == game.deal_value.deal  # type: ignore[union-attr]
        assert game.calls() == game.calls()
        assert game.played() == game.played()
        assert all(isinstance(tag, pbn.Tag) for tag in game.tags)
        assert game.calls() == pbn.loads(GAME)[0].calls()

    def test_a_changed_tag_is_read_again(self) -> None:
        """Setting a tag of a read game drops what was read from the old value."""
        (game,) = pbn.loads(GAME)
        assert 9 == game.result
        game["Result"] = "8"
        game["Deal"] = "N:AKQJ.AKQ.AKQ.AKQ - - -"
        assert 8 == game.result
        assert (Seat.N,) == game.deal_value.known  # type: ignore[union-attr]


class TestInheritance:
    def test_hash_copies_the_previous_game(self) -> None:
        """'#' copies the tag's value from the previous game."""
        games = pbn.loads('[Event "Cup"]\n[Board "1"]\n\n[Event "#"]\n[Board "2"]\n')
        assert ["Cup", "Cup"] == [game["Event"] for game in games]

    def test_double_hash_carries_on_until_given_again(self) -> None:
        """'##value' holds for this game and the following ones that lack the tag."""
        text = '[Site "##Club"]\n[Board "1"]\n\n[Board "2"]\n\n[Site "Home"]\n[Board "3"]\n\n[Board "4"]\n'
        assert ["Club", "Club", "Home", None] == [game.get("Site") for game in pbn.loads(text)]

    def test_board_tag_copied_with_a_warning(self) -> None:
        """'#' on a tag describing the board copies it from the previous game, with a warning."""
        games = pbn.loads('[Deal "N:AKQJ.AKQ.AKQ.AKQ - - -"]\n\n[Deal "#"]\n')
        assert games[0]["Deal"] == games[1]["Deal"]
        (problem,) = games[1].problems
        assert (3, 8, pbn.Severity.WARNING) == (problem.line, problem.column, problem.severity)
        assert "describes this board" in problem.message


class TestTables:
    def test_sort_order_is_checked(self) -> None:
        """A column marked '+' must be sorted largest first."""
        text = '[ScoreTable "+Score_NS\\\\5R;MP_NS\\\\2R"]\n  100 3\n  400 1\n'
        (game,) = pbn.loads(text)
        assert ["ScoreTable: the rows must be sorted on Score_NS in descending order"] == [
            p.message for p in game.problems
        ]
        assert (3, 3) == (game.problems[0].line, game.problems[0].column)

    def test_cells_are_padded_on_writing(self) -> None:
        """Cells are written right- or left-aligned in their column's width; quotes kept."""
        game = pbn.Game()
        game.set_table(
            "TotalScoreTable",
            pbn.PbnTable.from_spec("Rank\\2R;Names\\12L;MP\\5R", [("1", "Ann;Bob", "61.5")]),
        )
        lines = pbn.dumps([game]).splitlines()
        assert " 1 Ann;Bob       61.5" != lines[-2]
        assert ' 1 "Ann;Bob"     61.5' == lines[-1]  # 2R, 12L, 5R
