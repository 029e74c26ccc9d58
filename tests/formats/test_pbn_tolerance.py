"""PBN as real programs write it: what is read with a warning (line and column), and what a
file cut short reports as an error (issue 18)."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from dupbridge.core.calls import PASS, parse_call
from dupbridge.core.cards import Card, Hand
from dupbridge.core.contract import Contract
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat, Side
from dupbridge.formats import pbn
from dupbridge.formats.problems import Severity
from dupbridge.formats.records import BoardRecord
from tests.conftest import shared_file

DEAL = "N:QT962.AJ3.T.9852 K3.T987.K7643.A3 8754.K52.AQ8.KJ4 AJ.Q64.J952.QT76"
HEAD = f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'


def warnings_at(game: pbn.Game) -> list[tuple[int, int]]:
    """Where the game's warnings are, and that it has no error."""
    assert [] == [str(p) for p in game.problems if p.severity is Severity.ERROR]
    return [(p.line, p.column) for p in game.problems if p.severity is Severity.WARNING]


def only_warning(game: pbn.Game) -> pbn.Problem:
    """The game's one problem, a warning."""
    (problem,) = game.problems
    assert Severity.WARNING is problem.severity
    return problem


class TestExportLayout:
    def test_export_file_missing_tags_reads_with_warnings(self) -> None:
        """A '% EXPORT' file without Scoring and Result, tags out of order and five calls to a
        line reads its data, each break of the layout a warning on its line."""
        text = (
            "% PBN 2.1\n% EXPORT\n"
            f'[Event "Club"]\n[Site "Here"]\n[Date "2024.03.01"]\n[Board "1"]\n'
            f'[West "W"]\n[North "N"]\n[East "E"]\n[South "S"]\n[Vulnerable "None"]\n'
            f'[Dealer "N"]\n[Deal "{DEAL}"]\n[Declarer "E"]\n[Contract "1NT"]\n'
            '[Auction "N"]\nPass 1NT Pass Pass Pass\n'
        )
        (game,) = pbn.loads(text)
        assert (Contract.from_str("1NTE"), 5) == (game.contract, len(game.calls()))
        problems = {(p.line, p.message.split(";")[0]) for p in game.problems}
        assert all(p.severity is Severity.WARNING for p in game.problems)
        assert (3, "export format needs every tag of the mandatory set") in problems
        assert (3, "export format puts the mandatory tags first, in the standard's order") in {
            (p.line, p.message) for p in game.problems
        }
        assert 17 in {p.line for p in game.problems if "four calls to a line" in p.message}


class TestCallVariants:
    def test_1n_and_p_in_auction_and_contract(self) -> None:
        """'1N' for 1NT and 'P' for Pass are read, each warned about once, where written."""
        text = HEAD + '[Declarer "N"]\n[Contract "1NX"]\n[Auction "N"]\n1N X P P\nP\n'
        (game,) = pbn.loads(text)
        assert Contract.from_str("1NTXN") == game.contract
        assert [parse_call("1NT"), parse_call("X"), PASS, PASS, PASS] == [
            made.call for made in game.calls()
        ]
        assert [(6, 12), (8, 1), (8, 6)] == warnings_at(game)

    def test_contract_p_is_passed_out(self) -> None:
        """Contract 'P' is a board passed out, with a warning on its value."""
        (game,) = pbn.loads(HEAD + '[Contract "P"]\n')
        assert game.passed_out
        assert (5, 12) == (only_warning(game).line, only_warning(game).column)


class TestInheritance:
    def test_hash_on_deal_copies_the_same_board(self) -> None:
        """'#' on Deal copies the deal of the earlier game of the same board, not the last."""
        other = "N:AKQJ.AKQ.AKQ.AKQ T987.T98.T98.T98 6543.765.765.765 2.J5432.J5432.J4"
        text = (
            f'[Board "1"]\n[Deal "{DEAL}"]\n\n[Board "2"]\n[Deal "{other}"]\n\n'
            '[Board "1"]\n[Deal "#"]\n'
        )
        games = pbn.loads(text)
        assert games[0].deal == games[2].deal
        problem = only_warning(games[2])
        assert (8, 8) == (problem.line, problem.column)
        assert "line 2" in problem.message

    def test_hash_with_nothing_to_copy_is_unknown(self) -> None:
        """'#' with no earlier value to copy leaves the value unknown, with a warning."""
        (game,) = pbn.loads('[Board "3"]\n[Deal "#"]\n[Site "#"]\n')
        assert (None, "?") == (game.deal, game["Site"])
        assert [(2, 8), (3, 8)] == warnings_at(game)


class TestRepeatedTags:
    def test_repeated_first_tag_starts_a_new_game(self) -> None:
        """Games written with no empty line between them are read as separate games."""
        text = '[Event "A"]\n[Board "1"]\n[Event "A"]\n[Board "2"]\n'
        games = pbn.loads(text)
        assert [1, 2] == [game.board for game in games]
        assert [] == games[0].problems
        assert (3, 9) == (only_warning(games[1]).line, only_warning(games[1]).column)

    def test_tag_repeated_in_a_game_keeps_the_first(self) -> None:
        """A tag given twice in one game keeps its first value, with a warning."""
        (game,) = pbn.loads('[Board "1"]\n[Site "Here"]\n[Site "There"]\n')
        assert "Here" == game["Site"]
        assert [(3, 8)] == warnings_at(game)


class TestNotation:
    def test_cards_in_lower_case(self) -> None:
        """Deal and Play written in lower case are read, one warning each."""
        text = (
            f'[Board "1"]\n[Dealer "N"]\n[Deal "{DEAL.lower()}"]\n[Declarer "N"]\n'
            '[Contract "1NT"]\n[Result "?"]\n[Play "E"]\nh9 h2 h4 ha\n*\n'
        )
        (game,) = pbn.loads(text)
        assert Deal.from_pbn(DEAL) == game.deal
        assert Card.from_str("H9") == game.played()[0][1]
        assert [(3, 8), (8, 1)] == warnings_at(game)

    def test_unquoted_value_up_to_the_bracket(self) -> None:
        """A value without quotes is read up to the ']', spaces and all."""
        (game,) = pbn.loads("[Board 7]\n[Event Club night]\n")
        assert (7, "Club night") == (game.board, game["Event"])
        assert [(1, 8), (2, 8)] == warnings_at(game)

    @pytest.mark.parametrize("date", ["2024-03-01", "01.03.2024", "2024/03/01", "1/3/2024"])
    def test_other_date_forms(self, date: str) -> None:
        """ISO and day-first dates are kept as written, with a warning."""
        (game,) = pbn.loads(f'[Date "{date}"]\n[Board "1"]\n')
        assert date == game["Date"]
        assert [(1, 8)] == warnings_at(game)

    def test_score_with_side_and_no_space(self) -> None:
        """'NS-140' is NS minus 140; 'EW 620' needs no warning."""
        first, second = pbn.loads(
            '[Board "1"]\n[Score "NS-140"]\n\n[Board "2"]\n[Score "EW 620"]\n'
        )
        assert Decimal(-140) == first.score_for(Side.NS).value  # type: ignore[union-attr]
        assert Decimal(620) == second.score_for(Side.EW).value  # type: ignore[union-attr]
        assert [(2, 9)] == warnings_at(first)
        assert [] == second.problems

    def test_nested_braces_in_a_comment(self) -> None:
        """A comment holding '{...}' ends at its matching '}', with a warning there."""
        (game,) = pbn.loads('[Board "1"]\n{see {the} note}\n[Site "X"]\n')
        assert ("see {the} note",) == game.tag("Board").comments  # type: ignore[union-attr]
        assert "X" == game["Site"]
        assert [(2, 6)] == warnings_at(game)

    def test_nested_braces_over_lines(self) -> None:
        """Nesting is followed across the lines of a comment."""
        (game,) = pbn.loads('[Board "1"]\n{one {two\nthree} four}\n[Site "X"]\n')
        assert ("one {two\nthree} four",) == game.tag("Board").comments  # type: ignore[union-attr]
        assert [(2, 6)] == warnings_at(game)

    def test_table_columns_separated_by_spaces(self) -> None:
        """Column names separated by spaces read as if by ';'."""
        (game,) = pbn.loads('[Board "1"]\n[ScoreTable "Score_NS MP_NS\\\\2R"]\n100 5\n')
        table = game.table("ScoreTable")
        assert table is not None
        assert (("Score_NS", "MP_NS"), ("100",)) == (table.names, table.column("Score_NS"))
        assert [(2, 14)] == warnings_at(game)


class TestEndOfFile:
    def test_trailing_ctrl_z(self) -> None:
        """A Ctrl-Z after the last game is ignored, with a warning on its line."""
        (game,) = pbn.loads('[Board "1"]\n\n\x1a')
        assert 1 == game.board
        assert [(3, 1)] == warnings_at(game)

    def test_ctrl_z_followed_by_text_is_an_error(self) -> None:
        """A control character with more text after it is still an error."""
        games = pbn.loads('[Board "1"]\n\x1a\n[Board "2"]\n')
        assert any(p.line == 2 and p.is_error for game in games for p in game.problems)


class TestPassedOutAndNoPlay:
    def test_result_zero_on_a_passed_out_board(self) -> None:
        """Result "0" on a passed-out board is read as no result, with a warning."""
        text = HEAD + '[Declarer ""]\n[Contract "Pass"]\n[Result "0"]\n'
        (game,) = pbn.loads(text)
        assert (True, None) == (game.passed_out, game.to_record().result)
        assert [(7, 10)] == warnings_at(game)

    def test_empty_play_is_no_play(self) -> None:
        """[Play ""] records no play: no card, no claim, no problem."""
        text = HEAD + '[Declarer "N"]\n[Contract "1NT"]\n[Result "7"]\n[Play ""]\n'
        (game,) = pbn.loads(text)
        record = game.to_record()
        assert ((), None, 7, []) == (record.play, record.claim, record.result, game.problems)


class TestTruncated:
    @pytest.mark.parametrize(
        ("tail", "line", "column", "fragment"),
        [
            ('[Auction "N"]\n1NT Pass', 6, 5, "ends inside the Auction"),
            ('[Declarer "N"]\n[Contract "1NT"]\n[Play "E"]\nH9 H2 H4 HA\nS3', 9, 1, "Play"),
            ('[ScoreTable "Score_NS\\\\5R;MP_NS"]\n100 5\n200', 7, 1, "has 1 entries"),
            ('[Event "Club', 5, 8, "no closing quote"),
            ("[Eve", 5, 1, "not closed"),
        ],
    )
    def test_cut_file_is_an_error_with_its_place(
        self, tail: str, line: int, column: int, fragment: str
    ) -> None:
        """A file cut inside a section, a table or a tag is an error where it stops."""
        (game,) = pbn.loads(HEAD + tail)
        errors = [(p.line, p.column) for p in game.problems if p.is_error and fragment in p.message]
        assert [(line, column)] == errors

    def test_auction_with_end_mark_is_not_cut(self) -> None:
        """An auction ended by '+' at the end of the file is not reported as cut."""
        (game,) = pbn.loads(HEAD + '[Auction "N"]\n1NT Pass +\n')
        assert [] == game.problems


class TestResultFromPlay:
    def test_complete_play_gives_the_result(self) -> None:
        """Without a Result, a complete play gives declarer's tricks (as the LIN reader)."""
        table_game = played_board()
        del table_game["Result"]
        (game,) = pbn.loads(pbn.dumps([table_game]))
        record = game.to_record()
        assert 52 == len(record.play)
        assert record.to_table().result == record.result


def played_board() -> pbn.Game:
    """A board bid 1NT by North and played out, lowest legal card each turn."""
    from dupbridge.core.table import Phase, Table

    table = Table(1, Deal.from_pbn(DEAL))
    for call in ("1NT", "Pass", "Pass", "Pass"):
        table.make_call(table.turn, parse_call(call))  # type: ignore[arg-type]
    while table.phase is Phase.PLAY:
        seat = table.turn
        assert seat is not None
        table.play_card(seat, min(table.legal_cards(), key=lambda card: card.index))
    return pbn.Game.from_table(table)


@pytest.mark.oracle
class TestRealFiles:
    @pytest.mark.parametrize(
        ("folder", "name"),
        [
            ("endplay-tests", "example1.pbn"),
            ("endplay-tests", "example2.pbn"),
            ("deal-formats-16boards", "test.pbn"),
            ("deal-formats-16boards", "test-jfr.pbn"),
            ("jfr-pary-mp-wb120802", "wb120802.pbn"),
        ],
    )
    def test_real_files_read_without_errors(self, folder: str, name: str) -> None:
        """Real PBN files read every game with no error after the tolerances."""
        games = pbn.load_path(shared_file(folder, name))
        assert games
        assert [] == [str(p) for game in games for p in game.problems if p.is_error]

    def test_real_file_with_ctrl_z_and_lower_case(self) -> None:
        """A real file made lower case and ended with Ctrl-Z reads the same deals, warned."""
        data = shared_file("deal-formats-16boards", "test.pbn").read_bytes().decode("latin-1")
        clean = pbn.loads(data)
        lower = re.sub(
            r'\[Deal "([^"]*)"\]', lambda m: m.group().lower().replace("[deal", "[Deal"), data
        )
        changed = pbn.loads(lower + "\x1a")
        assert [game.deal for game in clean] == [game.deal for game in changed]
        lowered = [p for game in changed for p in game.problems if "lower case" in p.message]
        assert len(clean) == len(lowered)
        assert "after the last game" in changed[-1].problems[-1].message


class TestWriterWarnings:
    def test_cards_without_contract_are_warned_about(self) -> None:
        """Cards played with no contract cannot be placed in PBN: a warning, not a silent loss."""
        record = BoardRecord(board=3, deal=Deal.from_pbn(DEAL), play=(Card.from_str("H9"),))
        warnings: list[str] = []
        game = pbn.Game.from_record(record, warnings=warnings)
        assert "Play" not in game
        (warning,) = warnings
        assert warning.startswith("board 3: the cards played are left out")

    def test_end_position_with_missing_hands_is_not_written(self) -> None:
        """An end position with hands not given is left out with a warning, never written in a
        form the reader rejects."""
        spades = [Card.from_str(text) for text in ("SA", "SK", "SQ", "SJ")]
        position = Deal.from_hands(
            {
                Seat.N: Hand.of(spades[:2]),
                Seat.E: Hand.of(spades[2:]),
                Seat.S: Hand.of([]),
                Seat.W: Hand.of([]),
            }
        )
        warnings: list[str] = []
        game = pbn.Game.from_record(BoardRecord(board=1, deal=position), warnings=warnings)
        assert "Deal" not in game
        assert 1 == len(warnings)
        (read,) = pbn.loads(pbn.dumps([game]))
        assert [] == [p for p in read.problems if p.is_error]

    def test_full_end_position_round_trips(self) -> None:
        """An end position with all four hands is written and read back, with no error."""
        (board,) = pbn.loads('[Board "1"]\n[Deal "N:AK... QJ... 32... 54..."]\n')
        warnings: list[str] = []
        game = pbn.Game.from_record(board.to_record(), warnings=warnings)
        (read,) = pbn.loads(pbn.dumps([game]))
        assert ([], board.deal, []) == (
            warnings,
            read.deal,
            [p for p in read.problems if p.is_error],
        )


@pytest.mark.oracle
class TestRealFileCutShort:
    @pytest.mark.parametrize(("cut_after", "fragment"), [("5H Pass", "Auction"), ("SK S2", "Play")])
    def test_real_file_cut_in_a_section(self, cut_after: str, fragment: str) -> None:
        """The first game of a real file, cut inside its auction or its play, is an error on
        the line where the file stops."""
        text = shared_file("endplay-tests", "example1.pbn").read_text(encoding="utf-8")
        end = text.index(cut_after) + len(cut_after)
        games = pbn.loads(text[:end])
        line = text[:end].count("\n") + 1
        cut = [p for p in games[-1].problems if p.is_error and "cut short" in p.message]
        assert [(line, fragment)] == [(p.line, fragment) for p in cut if fragment in p.message]
