"""USEBIO as real producers write it: Compscore3 (no SESSION or SECTION, hands in a HANDSET
outside EVENT, ``A5050`` adjusted scores), EVENT/SECTION without SESSION, teams in MATCH
elements; and a file with no traveller line is an error, never an empty event."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dupbridge.core.contract import Contract
from dupbridge.core.seats import Seat, Side
from dupbridge.formats import usebio
from dupbridge.formats.problems import FormatError
from dupbridge.scoring.adjusted import Artificial, ArtificialScore, Award
from dupbridge.tournament.event_scoring import Method, ScoringOptions, score_event
from dupbridge.tournament.results import PairId, Played, check_event

F = Fraction

HAND_N = ("753", "T2", "KT8762", "Q4")
HAND_E = ("A9842", "J3", "95", "KJ75")
HAND_S = ("K", "AK985", "AJ", "A9863")
HAND_W = ("QJT6", "Q764", "Q43", "T2")


def hands() -> str:
    """The four HAND elements of board 1 (Compscore spells 10 as 10)."""
    out = []
    for seat, cards in zip(("North", "East", "South", "West"), (HAND_N, HAND_E, HAND_S, HAND_W),
                           strict=True):  # fmt: skip
        suits = "".join(
            f"<{name}>{ranks.replace('T', '10')}</{name}>"
            for name, ranks in zip(("SPADES", "HEARTS", "DIAMONDS", "CLUBS"), cards, strict=True)
        )
        out.append(f"<HAND><DIRECTION>{seat}</DIRECTION>{suits}</HAND>")
    return "".join(out)


def pair(number: int, direction: str, *names: str) -> str:
    """A PAIR of the PARTICIPANTS."""
    players = "".join(f"<PLAYER><PLAYER_NAME>{name}</PLAYER_NAME></PLAYER>" for name in names)
    return (
        f"<PAIR><PAIR_NUMBER>{number}</PAIR_NUMBER><DIRECTION>{direction}</DIRECTION>"
        f"{players}</PAIR>"
    )


def line(ns: int, ew: int, *cells: str) -> str:
    """A TRAVELLER_LINE: contract, declarer, tricks and score."""
    contract, by, tricks, score = cells
    return (
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER>"
        f"<EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER><CONTRACT>{contract}</CONTRACT>"
        f"<PLAYED_BY>{by}</PLAYED_BY><TRICKS>{tricks}</TRICKS><SCORE>{score}</SCORE>"
        "</TRAVELLER_LINE>"
    )


PARTICIPANTS = (
    "<PARTICIPANTS>"
    + pair(1, "NS", "Ann Lee", "Bob Ray")
    + pair(2, "NS", "Cy Dow", "Di Fox")
    + pair(1, "EW", "Ed Hay", "Flo Ink")
    + pair(2, "EW", "Gus Jay", "Hal Kim")
    + "</PARTICIPANTS>"
)
BOARDS = (
    "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>"
    + line(1, 1, "3NT", "S", "10", "430")
    + line(2, 2, "", "", "", "A5050")
    + "</BOARD><BOARD><BOARD_NUMBER>2</BOARD_NUMBER>"
    + line(1, 2, "4H*", "E", "8", "300")
    + line(2, 1, "", "", "", "A6040")
    + "</BOARD>"
)
COMPSCORE = (
    '<?xml version="1.0" encoding="utf-8"?><USEBIO Version="1.2">'
    "<CLUB><CLUB_NAME>Canberra BC</CLUB_NAME></CLUB>"
    '<EVENT EVENT_TYPE="MP_PAIRS"><EVENT_DESCRIPTION>Tuesday pairs</EVENT_DESCRIPTION>'
    "<PROGRAM_NAME>Compscore3</PROGRAM_NAME><BOARD_SCORING_METHOD>MATCH_POINTS"
    "</BOARD_SCORING_METHOD><WINNER_TYPE>2</WINNER_TYPE>"
    + PARTICIPANTS
    + BOARDS
    + "</EVENT><HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>"
    + hands()
    + "</BOARD></HANDSET></USEBIO>"
)


class TestCompscore:
    def test_pairs_and_boards_under_event(self) -> None:
        """PARTICIPANTS and BOARD directly under EVENT: every line, both fields (Mitchell)."""
        read = usebio.loads(COMPSCORE, "compscore.xml")
        assert [] == [p for p in read.problems if not p.warning]
        event = read.event
        assert 4 == len(event.results)
        assert event.mitchell
        assert ("Ed Hay", "Flo Ink") == event.pair(PairId(1, "", Side.EW)).names
        assert "Canberra BC" == event.site
        assert Method.MATCHPOINTS is read.method
        assert [] == check_event(event)  # every recorded score is its Law 77 score

    def test_handset_hands_are_the_deals(self) -> None:
        """The HANDSET outside EVENT gives board 1 its deal."""
        deal = usebio.loads(COMPSCORE, "compscore.xml").event.board(1).deal
        assert deal is not None
        assert "K.AK985.AJ.A9863" == deal[Seat.S].to_pbn()

    def test_adjusted_in_score(self) -> None:
        """Law 12C2: A5050 and A6040 written as the SCORE with no contract are artificial
        scores (average each; 60 % and 40 %), and the doubled contract 4H* is read."""
        outcomes = {(r.board, r.ns.number): r.outcome for r in
                    usebio.loads(COMPSCORE, "compscore.xml").event.results}  # fmt: skip
        assert ArtificialScore(Artificial(Award.AVERAGE, F(50)), Artificial(Award.AVERAGE, F(50))) == (
            outcomes[(1, 2)]
        )  # fmt: skip
        assert ArtificialScore.from_str("A60/40") == outcomes[(2, 2)]
        doubled = outcomes[(2, 1)]
        assert isinstance(doubled, Played)
        assert Contract.from_str("4HX E") == doubled.contract

    def test_scores(self) -> None:
        """The event read from Compscore scores: the 60/40 line gives NS 2 60 %."""
        event = usebio.loads(COMPSCORE, "compscore.xml").event
        scored = score_event(event, ScoringOptions(Method.MATCHPOINTS))
        (board_two,) = [b for b in scored.boards if b.board == 2]
        adjusted = next(x for x in board_two.results if x.result.ns.number == 2)
        assert (F(60), F(40)) == (adjusted.ns_percent, adjusted.ew_percent)


def test_event_section_without_session() -> None:
    """EVENT/SECTION (no SESSION): the section's pairs and boards are read."""
    text = (
        '<USEBIO Version="1.2"><EVENT><WINNER_TYPE>2</WINNER_TYPE>'
        '<SECTION SECTION_ID="A">' + PARTICIPANTS + BOARDS + "</SECTION></EVENT></USEBIO>"
    )
    read = usebio.loads(text, "section.xml")
    assert 4 == len(read.event.results)
    assert ("Ann Lee", "Bob Ray") == read.event.pair(PairId(1, "", Side.NS)).names


def test_two_sections_keep_their_letters() -> None:
    """Two SECTIONs under EVENT: the pairs of A and B are different pairs."""
    text = (
        '<USEBIO Version="1.2"><EVENT>'
        '<SECTION SECTION_ID="A">' + PARTICIPANTS + BOARDS + "</SECTION>"
        '<SECTION SECTION_ID="B">' + PARTICIPANTS + BOARDS + "</SECTION></EVENT></USEBIO>"
    )
    event = usebio.loads(text, "two.xml").event
    assert {"A", "B"} == {r.ns.section for r in event.results}
    assert 8 == len(event.results)


def test_teams_in_matches() -> None:
    """Teams: MATCH/BOARD with TEAM and OPPOSING_TEAM; the home team sits North-South in
    the open room and East-West in the closed one (Law 86), and the match scores."""
    text = (
        '<USEBIO Version="1.2"><EVENT EVENT_TYPE="TEAMS">'
        "<MATCH_SCORING_METHOD>IMPS</MATCH_SCORING_METHOD><PARTICIPANTS>"
        '<TEAM TEAM_ID="1" TEAM_NAME="Lions"/><TEAM TEAM_ID="2" TEAM_NAME="Tigers"/>'
        "</PARTICIPANTS><MATCH><ROUND_NUMBER>1</ROUND_NUMBER><TEAM>1</TEAM>"
        "<OPPOSING_TEAM>2</OPPOSING_TEAM><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>"
        "<TRAVELLER_LINE><ROOM>Open</ROOM><CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY>"
        "<TRICKS>10</TRICKS><SCORE>420</SCORE></TRAVELLER_LINE>"
        "<TRAVELLER_LINE><ROOM>Closed</ROOM><CONTRACT>4S</CONTRACT><PLAYED_BY>S</PLAYED_BY>"
        "<TRICKS>9</TRICKS><SCORE>-50</SCORE></TRAVELLER_LINE>"
        "</BOARD></MATCH></EVENT></USEBIO>"
    )
    read = usebio.loads(text, "teams.xml")
    assert [] == list(read.problems)
    assert Method.TEAMS_IMPS is read.method
    assert [(1, 2), (2, 1)] == [(r.ns.number, r.ew.number) for r in read.event.results]
    scored = score_event(read.event, ScoringOptions(Method.TEAMS_IMPS))
    (field,) = scored.fields
    assert [1, 2] == [placing.key.number for placing, _score in field.placings]
    assert "Lions" == read.event.pair(PairId(1)).label


@pytest.mark.parametrize(
    "body",
    [
        "<EVENT>" + PARTICIPANTS + "</EVENT>",
        "<EVENT><SESSION><SECTION><BOARD><BOARD_NUMBER>1</BOARD_NUMBER></BOARD>"
        "</SECTION></SESSION></EVENT>",
    ],
)
def test_no_traveller_line_is_an_error(body: str) -> None:
    """A file with no traveller line never reads as an empty event: one located error."""
    text = '<USEBIO Version="1.2">' + body + "</USEBIO>"
    read = usebio.loads(text, "empty.xml")
    errors = [p for p in read.problems if not p.warning]
    assert 1 == len(errors)
    assert str(errors[0]).startswith("empty.xml:1:")
    assert "no results" in errors[0].message
    with pytest.raises(FormatError, match="no results"):
        usebio.loads(text, "empty.xml", strict=True)
