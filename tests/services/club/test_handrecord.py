"""Double dummy for a hand record that has none: solved once at upload, so that a result
far from double dummy is still flagged for the Director (issue 15, point 2)."""

from __future__ import annotations

import random

from dupbridge.analysis.dd import dd_table
from dupbridge.core.calls import Strain
from dupbridge.core.deal import Deal
from dupbridge.core.seats import Seat
from dupbridge.services.club import ClubService, EveningSetup, State, Submission
from dupbridge.services.club.evening import hand_record as read_hand_record
from dupbridge.services.club.handrecord import with_double_dummy

DEALERS = "NESW"
VULNERABLE = ("None", "NS", "EW", "All")


def deals_only(deals: list[Deal]) -> str:
    """A PBN hand record with the deals and nothing else (no double dummy, no par)."""
    games = [
        f'[Board "{n}"]\n[Dealer "{DEALERS[(n - 1) % 4]}"]\n'
        f'[Vulnerable "{VULNERABLE[(n - 1) % 4]}"]\n[Deal "{deal.to_pbn()}"]\n'
        for n, deal in enumerate(deals, start=1)
    ]
    return "\n".join(games)


def strip_double_dummy(text: str) -> str:
    """``text`` without its DoubleDummyTricks tags and OptimumResultTable sections."""
    kept: list[str] = []
    in_table = False
    for line in text.splitlines():
        if line.startswith(("[OptimumResultTable", "[DoubleDummyTricks")):
            in_table = line.startswith("[OptimumResultTable")
            continue
        if in_table and line and not line.startswith("["):
            continue
        in_table = False
        kept.append(line)
    return "\n".join(kept) + "\n"


def test_deals_without_double_dummy_get_it_and_a_far_result_is_flagged(
    service: ClubService,
) -> None:
    """A hand record with only the deals is stored with each deal's double-dummy table;
    a result four tricks under it is flagged, one trick under is not (the target is
    dupbridge.analysis's double-dummy table of the deal)."""
    deals = [Deal.random(random.Random(seed)) for seed in range(16)]
    text = deals_only(deals)
    assert all(not info.dd_tricks for info in read_hand_record(text).values())
    evening_id = service.create(
        EveningSetup(name="Tuesday", family="howell", tables=7, boards_per_round=2), "director"
    )
    service.load_hand_record(evening_id, text, "director")
    service.set_state(evening_id, State.PLAYING, "director")
    evening = service.load(evening_id)
    assert "DoubleDummyTricks" in evening.setup.deals
    target = dd_table(deals[2])[Strain.NOTRUMP, Seat.S]
    stored = {(seat, strain): n for seat, strain, n in evening.boards[3].dd_tricks}
    assert target == stored[(Seat.S, int(Strain.NOTRUMP))]
    result = f"{target - 4}" if target >= 4 else f"{target + 4}"
    plays = evening.movement.plays(3)
    far = service.submit(
        evening_id, plays[0].table, plays[0].round,
        Submission(3, "1NT", "S", result), key="far", who="t",
    )  # fmt: skip
    assert any("against double dummy" in flag and f"({target} tricks)" in flag
               for flag in far.line.flags)  # fmt: skip
    near = service.submit(
        evening_id, plays[1].table, plays[1].round,
        Submission(3, "1NT", "S", str(target - 1 if target >= 1 else target + 1)),
        key="near", who="t",
    )  # fmt: skip
    assert () == near.line.flags


def test_solved_tables_match_the_files_own(hand_record: str) -> None:
    """The shared 16-board hand record without its double-dummy tables: the tables solved
    at upload are the ones the dealing program wrote (skipped when the data is absent)."""
    stripped = strip_double_dummy(hand_record)
    assert "OptimumResultTable" not in stripped
    assert all(not info.dd_tricks for info in read_hand_record(stripped).values())
    solved = read_hand_record(with_double_dummy(stripped))
    original = read_hand_record(hand_record)
    assert 16 == len(solved)
    for number, info in original.items():
        assert sorted(info.dd_tricks) == sorted(solved[number].dd_tricks), number


def test_a_file_with_double_dummy_is_kept_as_it_is(hand_record: str) -> None:
    """Nothing is solved when the file has its tables: the text is stored unchanged."""
    assert hand_record == with_double_dummy(hand_record)
