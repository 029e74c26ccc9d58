"""Robustness: mutated real files fed to every reader of dupbridge.formats.

No reader may raise anything but :class:`FormatError` (and lenient readers nothing at all),
whatever the bytes; every accessor of what they return works; and no reader may hang: each
example has a deadline, and the explicit examples are long pathological inputs that a
reader with a quadratic scan or a catastrophic regular expression would not finish in time.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from dupbridge.formats import dlm, dup, lin, pbn, usebio
from dupbridge.formats.pbn_events import load_event_text
from dupbridge.formats.problems import FormatError
from dupbridge.tournament.event_scoring import score_event
from tests.conftest import SHARED_DATA

SEEDS = (
    "pbn-reference-tests/correct_10.pbn",
    "pbn-reference-tests/correct_20.pbn",
    "pbn-reference-tests/errors_10.pbn",
    "pbn-reference-tests/errors_20.pbn",
    "endplay-tests/example1.pbn",
    "endplay-tests/example4.pbn",
    "endplay-tests/example1.lin",
    "deal-formats-16boards/test.pbn",
    "deal-formats-16boards/test.lin",
    "deal-formats-16boards/test.dup",
    "deal-formats-16boards/test.dlm",
)
#: Bytes that mean something to some reader: brackets, quotes, comments, separators.
SPECIAL = b'[]{}";%=!?$^|\\\n\r\t:,.-+*0123456789SHDCNPXAKQJT'


#: A USEBIO seed made in the test: the real JFR pairs event, scored and written as USEBIO
#: (no USEBIO file is among the shared data).
USEBIO_SEED = "usebio:jfr-pary-mp-wb120802/wb120802.pbn"


@cache
def _seed(name: str) -> bytes:
    if name.startswith("usebio:"):
        source = Path(SHARED_DATA, name.removeprefix("usebio:"))
        if not source.exists():
            return b""
        event = load_event_text(source.read_bytes(), source.name).event
        return usebio.dumps(score_event(event)).encode("utf-8")
    path = Path(SHARED_DATA, name)
    return path.read_bytes() if path.exists() else b""


@st.composite
def mutated(draw: st.DrawFn, seeds: tuple[str, ...] = SEEDS) -> bytes:
    """A real file, cut to at most 6 kB, with random insertions, deletions and flips."""
    data = bytearray(_seed(draw(st.sampled_from(seeds))))
    if len(data) > 6000:
        start = draw(st.integers(0, len(data) - 6000))
        data = data[start : start + 6000]
    for _ in range(draw(st.integers(0, 12))):
        if not data:
            break
        where = draw(st.integers(0, len(data) - 1))
        kind = draw(st.sampled_from(["flip", "insert", "delete", "repeat", "special"]))
        if kind == "flip":
            data[where] = draw(st.integers(0, 255))
        elif kind == "insert":
            data[where:where] = draw(st.binary(min_size=1, max_size=20))
        elif kind == "delete":
            del data[where : where + draw(st.integers(1, 200))]
        elif kind == "repeat":
            piece = data[where : where + draw(st.integers(1, 50))]
            data[where:where] = piece * draw(st.integers(1, 30))
        else:
            data[where:where] = bytes([draw(st.sampled_from(SPECIAL))])
    return bytes(data)


PATHOLOGICAL = [
    b'"' * 60_000,
    b'[Event "' + b"\\" * 60_000,
    b'[Event "' + b'\\"' * 30_000,
    b"[" * 60_000,
    b"{" + b"x" * 60_000,
    b'[Auction "N"]\n' + b"1C=1=!?$3^R " * 6_000,
    b'[Deal "N:' + b"A." * 30_000 + b'"]',
    b'[ScoreTable "' + b"A\\1R;" * 10_000 + b'"]\n' + b"1 " * 20_000,
    b"%" * 60_000,
    b"\n" * 60_000,
    b"md|3" + b"S" * 60_000 + b"|",
    b"mb|1C|" * 10_000,
    b"|" * 60_000,
    b"an|" + b"x" * 60_000,
    b"\x00" * 60_000,
]


def _use_pbn(data: bytes) -> None:
    for game in pbn.loads(data):
        game.deal  # noqa: B018 - every accessor must work on whatever was read
        game.contract  # noqa: B018
        game.result  # noqa: B018
        game.scores()
        game.double_dummy_tricks  # noqa: B018
        game.auction  # noqa: B018
        game.play  # noqa: B018
        for tag in game.tags:
            if pbn.is_table_tag(tag.name):
                game.table(tag.name)
        record = game.to_record()
        with contextlib.suppress(FormatError):
            record.to_table()
        pbn.loads(pbn.dumps([game]))
    with contextlib.suppress(FormatError):
        pbn.loads(data, strict=True)


def _use_lin(data: bytes) -> None:
    boards = lin.loads(data)
    lin.loads(lin.dumps([board.record for board in boards]))
    with contextlib.suppress(FormatError):
        lin.loads(data, strict=True)


def _use_dealing(module: object) -> Callable[[bytes], None]:
    def use(data: bytes) -> None:
        read = getattr(module, "read")  # noqa: B009 - the same call on both modules
        for item in read(data, "fuzz"):
            assert all(problem.line >= 1 for problem in item.problems)
        with contextlib.suppress(FormatError):
            getattr(module, "loads")(data, strict=True)  # noqa: B009

    return use


def _use_usebio(data: bytes) -> None:
    with contextlib.suppress(FormatError):
        usebio.loads(data, "fuzz.xml")
    for item in usebio._read(data, "fuzz.xml"):  # the lenient reader the registry uses
        assert all(problem.line >= 1 for problem in item.problems)


READERS: dict[str, Callable[[bytes], None]] = {
    "pbn": _use_pbn,
    "lin": _use_lin,
    "dup": _use_dealing(dup),
    "dlm": _use_dealing(dlm),
    "usebio": _use_usebio,
}


@pytest.mark.oracle
@pytest.mark.slow
@pytest.mark.parametrize("reader", sorted(READERS))
@settings(
    max_examples=200,
    deadline=4000,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=mutated())
def test_readers_survive_mutated_files(reader: str, data: bytes) -> None:
    """Whatever the bytes, a reader reports problems; it never crashes and never hangs."""
    if not _seed(SEEDS[0]):
        pytest.skip(f"real data folder {SHARED_DATA} is absent")
    READERS[reader](data)


@pytest.mark.parametrize("reader", sorted(READERS))
@settings(max_examples=len(PATHOLOGICAL), deadline=4000)
@given(data=st.sampled_from(PATHOLOGICAL))
@example(data=PATHOLOGICAL[0])
def test_readers_are_linear_on_pathological_input(reader: str, data: bytes) -> None:
    """Long inputs built to trip backtracking or quadratic scans finish within the deadline."""
    READERS[reader](data)


@pytest.mark.oracle
@pytest.mark.slow
@settings(
    max_examples=200,
    deadline=4000,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=mutated(seeds=(USEBIO_SEED,)))
def test_usebio_reader_survives_a_mutated_event(data: bytes) -> None:
    """USEBIO written from a real event, then damaged: the reader reports, never crashes."""
    if not _seed(USEBIO_SEED):
        pytest.skip(f"real data folder {SHARED_DATA} is absent")
    _use_usebio(data)
