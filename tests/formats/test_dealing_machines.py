"""Duplimate dealing-machine files: .dup (binary) and .dlm (text), read and written."""

from __future__ import annotations

import random

import pytest

from dupbridge.core.boards import dealer_of, vulnerability_of
from dupbridge.core.cards import Card
from dupbridge.core.deal import Deal
from dupbridge.formats import dlm, dup
from dupbridge.formats.problems import FormatError
from dupbridge.formats.records import BoardRecord


def _records(first: int, count: int, seed: int = 1) -> list[BoardRecord]:
    rng = random.Random(seed)
    return [
        BoardRecord(board=number, deal=Deal.random(rng)) for number in range(first, first + count)
    ]


class TestDup:
    def test_round_trip(self) -> None:
        """Deals written as .dup read back the same, Law 2 giving dealer and vulnerability."""
        records = _records(5, 12)
        data = dup.dumps(records)
        assert 12 * dup.RECORD_SIZE == len(data)
        assert data[146:156] == b"YN5  0 12 "
        again = dup.loads(data)
        assert [r.deal for r in records] == [r.deal for r in again]
        assert [(dealer_of(n), vulnerability_of(n)) for n in range(5, 17)] == [
            (r.dealer, r.vulnerability) for r in again
        ]

    def test_card_numbers(self) -> None:
        """Cards are numbered spades ace (1) to clubs two (52)."""
        assert (1, 13, 14, 52) == tuple(
            dup.card_number(c.suit, c.rank) for c in map(Card.from_str, ("SA", "S2", "HA", "C2"))
        )

    def test_encodings_must_agree(self) -> None:
        """The two encodings of a deal are compared; a difference is reported."""
        data = bytearray(dup.dumps(_records(1, 2)))
        data[0:2] = data[2:4]  # North's first card number repeated
        messages = [p.message for item in dup.read(bytes(data), "x.dup") for p in item.problems]
        assert "the two encodings of the deal disagree" in messages

    def test_truncated_file(self) -> None:
        """A file that stops inside a board is reported, the whole boards still read."""
        data = dup.dumps(_records(1, 3))[:-10]
        items = list(dup.read(data, "x.dup"))
        assert 2 == sum(item.record is not None for item in items)
        assert any("ends in the middle of a board" in p.message for i in items for p in i.problems)

    def test_writer_needs_consecutive_boards(self) -> None:
        """A dealing machine deals boards in order: a gap is refused with the board named."""
        records = _records(1, 3)
        with pytest.raises(FormatError, match="board 2 is missing or repeated"):
            dup.dumps([records[0], records[2]])

    def test_writer_needs_full_deals(self) -> None:
        """A board without its four hands cannot be dealt."""
        with pytest.raises(FormatError, match="board 1 has no full deal"):
            dup.dumps([BoardRecord(board=1)])


class TestDlm:
    def test_round_trip(self) -> None:
        """Deals written as .dlm read back the same; placeholders fill boards 1-99."""
        records = _records(3, 10, seed=2)
        text = dlm.dumps(records)
        assert text.startswith("[Document]\r\nHeadline=dupbridge\r\nStatus=Show\r\n")
        assert "Checksum=11\r\n" in text
        assert 2 * 99 + 10 == text.count("\r\n")
        assert [r.deal for r in records] == [r.deal for r in dlm.loads(text)]

    def test_board_checksum(self) -> None:
        """A board's checksum is its number XOR its letters; a wrong one is reported."""
        text = dlm.dumps(_records(1, 1))
        line = next(line for line in text.split("\r\n") if line.startswith("Board 01="))
        given = (int(line[-3:]) + 1) % 1000
        text = text.replace(line, f"{line[:-3]}{given:03d}")
        (item,) = list(dlm.read(text.encode("latin-1"), "x.dlm"))
        assert [f"board 1's checksum is {given}, expected {int(line[-3:])}"] == [
            p.message for p in item.problems
        ]

    def test_encrypted_files_are_refused(self) -> None:
        """A file with a crypto key is reported, not misread."""
        text = dlm.dumps(_records(1, 1)).replace("Crypto key=0", "Crypto key=7")
        (item,) = list(dlm.read(text.encode("latin-1"), "x.dlm"))
        assert item.record is None
        assert "encrypted" in item.problems[0].message
        assert (9, 12) == (item.problems[0].line, item.problems[0].column)

    def test_missing_header(self) -> None:
        """A .dlm file starts with [Document]."""
        items = list(dlm.read(b"From board=1\r\nTo board=1\r\n", "x.dlm"))
        assert "a .dlm file starts with the line [Document]" == items[0].problems[0].message
