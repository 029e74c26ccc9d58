"""A reader for DDS's own test lists (../shared/data/dds-hands/listN.txt).

Each block starts with ``PBN dealer vul trump first "deal"`` (DDS encodings: seats N E S W =
0-3; vulnerability none, both, NS, EW = 0-3; trumps S H D C NT = 0-4) and is followed by the
solver's expected answers: ``FUT`` (SolveBoard for the opening leader), ``TABLE`` (20 tricks,
denominations S H D C NT × declarers N E S W), ``PAR`` (sides par as text), ``PAR2`` (dealer par
as text), ``PLAY n "cards"`` and ``TRACE n tricks...`` (declarer's tricks before and after each
card).
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from pathlib import Path

from dupbridge.core.calls import Strain
from dupbridge.core.cards import Card, Rank, Suit
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat, Vulnerability

VULNERABILITY = (Vulnerability.NONE, Vulnerability.BOTH, Vulnerability.NS, Vulnerability.EW)
STRAIN = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NOTRUMP)


@dataclass
class DDSCase:
    """One block of a DDS test list."""

    line: int
    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability
    strain: Strain
    leader: Seat
    fut: dict[Card, int]
    table: dict[tuple[Strain, Seat], int]
    par: list[str]
    par2: list[str]
    play: list[Card]
    trace: list[int]


def read_cases(path: Path) -> list[DDSCase]:
    """Every block of ``path`` that has a deal."""
    cases: list[DDSCase] = []
    case: DDSCase | None = None
    for number, raw in enumerate(path.read_text(encoding="ascii").splitlines(), start=1):
        parts = shlex.split(raw)
        if not parts:
            continue
        tag, values = parts[0], parts[1:]
        if tag == "PBN":
            case = DDSCase(
                line=number,
                deal=Deal.from_pbn(values[4]),
                dealer=Seat(int(values[0])),
                vulnerability=VULNERABILITY[int(values[1])],
                strain=STRAIN[int(values[2])],
                leader=Seat(int(values[3])),
                fut={},
                table={},
                par=[],
                par2=[],
                play=[],
                trace=[],
            )
            cases.append(case)
        elif case is None:
            continue
        elif tag == "FUT":
            numbers = [int(v) for v in values]
            count = numbers[0]
            suits, ranks, equals, scores = (
                numbers[1 + i * count : 1 + (i + 1) * count] for i in range(4)
            )
            for suit, rank, eq, score in zip(suits, ranks, equals, scores, strict=True):
                holding = (1 << rank) | eq
                for r in range(2, 15):
                    if holding >> r & 1:
                        case.fut[Card(Suit(3 - suit), Rank(r))] = score
        elif tag == "TABLE":
            numbers = [int(v) for v in values]
            for index, tricks in enumerate(numbers):
                case.table[STRAIN[index // 4], Seat(index % 4)] = tricks
        elif tag == "PAR":
            case.par = values
        elif tag == "PAR2":
            case.par2 = values
        elif tag == "PLAY":
            cards = values[1]
            case.play = [Card.from_str(cards[i : i + 2]) for i in range(0, len(cards), 2)]
            assert len(case.play) == int(values[0])
        elif tag == "TRACE":
            case.trace = [int(v) for v in values[1:]]
            assert len(case.trace) == int(values[0])
    return cases
