"""Guide cards, table cards, the grid, the PDF, and the catalog of named movements with its
suggestions (Law 8A: the Director instructs the movement of players and boards)."""

from __future__ import annotations

import re

import pytest

from dupbridge.core.seats import Side
from dupbridge.tournament.movements import Entrant, MovementError, mitchell
from dupbridge.tournament.movements.cards import grid, guide_card, guide_cards, table_card
from dupbridge.tournament.movements.catalog import FAMILIES, Options, build, parse_tables, suggest
from dupbridge.tournament.movements.howell import howell
from dupbridge.tournament.movements.pdf import cards_pdf
from dupbridge.tournament.movements.teams import team_match

NS, EW = Side.NS, Side.EW


class TestGuideCards:
    def test_mitchell_ew_pair(self) -> None:
        """EW 3 in an 8-table share-and-relay Mitchell: up one table a round, boards of the
        set at each table, the share noted at tables 8 and 1."""
        card = guide_card(mitchell(8, 3, even="relay"), Entrant(3, EW))
        assert "Pair 3 EW: starts at table 3 East-West" == card.title
        assert [3, 4, 5, 6, 7, 8, 1, 2] == [line.table for line in card.lines]
        assert ("3 NS", "7-9", "to table 4 EW") == (
            card.lines[0].opponents,
            card.lines[0].boards,
            card.lines[0].next,
        )
        assert "share boards with table 1" == card.lines[5].note
        assert "end of the session" == card.lines[-1].next

    def test_arrow_switch_instruction(self) -> None:
        """Before an arrow-switched round the NS pair is told to stay and sit East-West."""
        card = guide_card(mitchell(7, arrow_switch=[7]), Entrant(2, NS))
        assert "stay at table 2, sit EW" == card.lines[5].next
        assert "East-West" == card.lines[6].where

    def test_sit_out(self) -> None:
        """A half table: the EW pair meeting the phantom sits out that round."""
        card = guide_card(mitchell(5, phantom=True), Entrant(1, EW))
        sit_out = [line for line in card.lines if line.note == "sit out"]
        assert 1 == len(sit_out)
        assert "" == sit_out[0].boards
        assert "5 NS (phantom: sit out)" == sit_out[0].opponents

    def test_team_card_has_both_rooms(self) -> None:
        """A team's card lists both its tables each round; each line follows its own pair."""
        card = guide_card(team_match(12), Entrant(1))
        assert [(1, 1), (1, 2), (2, 1), (2, 2)] == [(line.round, line.table) for line in card.lines]
        assert "stay at table 2 EW" == card.lines[1].next

    def test_every_real_entrant_has_a_card(self) -> None:
        """One card per real entrant; the phantom gets none."""
        movement = mitchell(9, phantom=True)
        assert 17 == len(guide_cards(movement))


class TestTableCards:
    def test_boards_go_next(self) -> None:
        """Table 5 of an 8-table share-and-relay Mitchell sends its boards to the relay stand."""
        card = table_card(mitchell(8, 3, even="relay"), 5)
        assert "to relay stand between tables 4 and 5" == card.lines[0].boards_next
        assert "collect the boards" == card.lines[-1].boards_next

    def test_arrow_switched_seats(self) -> None:
        """On a switched round the card shows who actually sits North-South."""
        card = table_card(mitchell(5, arrow_switch=[5]), 1)
        assert "N-S: 2 EW, E-W: 1 NS" == card.lines[-1].seats

    def test_grid(self) -> None:
        """The grid: a row per table, a cell per round, 'NS-EW: boards'."""
        cells = grid(mitchell(3, 2))
        assert ["1-1: 1-2", "1-3: 3-4", "1-2: 5-6"] == cells[0]


class TestPDF:
    def test_reproducible_with_every_card(self) -> None:
        """The PDF is reproducible, and holds the guide cards then a page per table."""
        movement = howell(4)
        first = cards_pdf(movement)
        assert first == cards_pdf(movement)
        assert first.startswith(b"%PDF-")
        guide_only = cards_pdf(movement, tables=False)
        tables_only = cards_pdf(movement, guide=False)
        assert 4 == len(re.findall(rb"/Type /Page(?!s)", tables_only))
        assert len(guide_only) < len(first)


class TestCatalog:
    @pytest.mark.parametrize(
        ("text", "expected"), [("7", (7, False)), ("7.5", (8, True)), ("7½", (8, True))]
    )
    def test_parse_tables(self, text: str, expected: tuple[int, bool]) -> None:
        """A half table counts as a table with a phantom pair."""
        assert expected == parse_tables(text)

    @pytest.mark.parametrize("text", ["0", "7.25", "x", "-3"])
    def test_bad_tables(self, text: str) -> None:
        """Anything else is refused, naming the text."""
        with pytest.raises(MovementError, match="not a number of tables"):
            parse_tables(text)

    def test_every_family_builds(self) -> None:
        """Every named family builds a valid movement for a usual size."""
        sizes = {"individual": 2, "team-match": 2, "round-robin": 6, "rainbow": 7}
        for name in FAMILIES:
            movement = build(name, Options(sizes.get(name, 7)))
            assert movement.rows, name

    def test_suggest_seven_tables(self) -> None:
        """7 tables, 26 boards: the complete Howell of 13 rounds of 2 fits exactly; the
        Mitchell of 7 rounds of 4 follows."""
        found = suggest(7, 26)
        assert ("howell", 13, 2, 26, 1) == (
            found[0].family,
            found[0].rounds,
            found[0].boards_per_round,
            found[0].boards,
            found[0].winners,
        )
        assert any(s.family == "mitchell" and s.rounds == 7 for s in found)

    def test_suggest_half_table(self) -> None:
        """7½ tables: the relay Mitchell's phantom sits at the share table, so nothing is
        shared."""
        relay = next(s for s in suggest(8, 24, half=True) if s.family == "mitchell-relay")
        assert not relay.shares
        assert "nobody shares" in relay.why
