"""Point 4 (the server's half): a result is stored once per idempotency key, whether the
retry comes later or the same request arrives twice at the same moment."""

from __future__ import annotations

import threading

import pytest

from dupbridge.services.club import ClubService, EntryError, EveningSetup, State, Submission


def _evening(service: ClubService) -> tuple[str, int, int]:
    evening_id = service.create(EveningSetup(family="howell", tables=4), "director")
    service.set_state(evening_id, State.PLAYING, "director")
    play = service.load(evening_id).movement.plays(1)[0]
    return evening_id, play.round, play.table


def test_a_retried_request_is_stored_once(service: ClubService) -> None:
    """The second send of a queued entry gets the stored result back, marked duplicate;
    one result and one audit row."""
    evening_id, round, table = _evening(service)
    submission = Submission(1, "4S", "N", "=")
    first = service.submit(evening_id, table, round, submission, key="dev1-0001", who="table")
    again = service.submit(evening_id, table, round, submission, key="dev1-0001", who="table")
    assert (False, True) == (first.duplicate, again.duplicate)
    assert first.line.where == again.line.where
    assert first.checked.ns_score == again.checked.ns_score
    assert 1 == len(service.load(evening_id).lines)
    assert 1 == sum(1 for row in service.audit(evening_id) if row.action == "enter")


def test_the_same_request_twice_at_once(service: ClubService) -> None:
    """Two copies of one request racing: both are answered with the one stored result."""
    evening_id, round, table = _evening(service)
    submission = Submission(1, "3NT", "S", "+1")
    answers: list[object] = []
    barrier = threading.Barrier(4)

    def send() -> None:
        barrier.wait(timeout=10)
        try:
            answers.append(
                service.submit(evening_id, table, round, submission, key="race", who="table")
            )
        except EntryError as error:  # pragma: no cover - would fail the test below
            answers.append(error)

    threads = [threading.Thread(target=send) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert 4 == len(answers)
    assert all(not isinstance(answer, EntryError) for answer in answers), answers
    assert 1 == len(service.load(evening_id).lines)
    assert 1 == sum(1 for row in service.audit(evening_id) if row.action == "enter")


def test_a_different_key_for_the_same_board_is_refused(service: ClubService) -> None:
    """Two devices (two keys) entering the same board: the second is "board already played"."""
    evening_id, round, table = _evening(service)
    service.submit(evening_id, table, round, Submission(1, "4S", "N", "="), key="a", who="t")
    with pytest.raises(EntryError, match="board already played"):
        service.submit(evening_id, table, round, Submission(1, "4S", "N", "-1"), key="b", who="t")
    assert "=" == service.load(evening_id).lines[(round, table, 1)].cells["result"]
