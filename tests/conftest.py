"""Shared fixtures: where the real public data of ../shared/data lives."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

# Property tests check behaviour, not speed (speed lives in benchmarks/): on a loaded two-core
# machine a single example can take longer than Hypothesis's default 200 ms deadline.
settings.register_profile("dupbridge", deadline=None)
# Mutation testing (scripts/mutation.py) draws the same examples for every mutant, 25 rather
# than 100: every mutant runs its tests again (docs/performance.md, "Mutation testing").
settings.register_profile(
    "mutation", deadline=None, derandomize=True, database=None, max_examples=25
)
settings.load_profile(os.environ.get("DUPBRIDGE_HYPOTHESIS", "dupbridge"))

#: ``../shared/data`` beside the repository (override with DUPBRIDGE_SHARED_DATA).
SHARED_DATA = Path(
    os.environ.get(
        "DUPBRIDGE_SHARED_DATA", Path(__file__).resolve().parent.parent.parent / "shared" / "data"
    )
)
SHARED_LAWS = SHARED_DATA.parent / "laws"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The folder of real public bridge data; the test is skipped when it is absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"real data folder {SHARED_DATA} is absent")
    return SHARED_DATA


def shared_file(*parts: str) -> Path:
    """A file under ../shared/data, skipping the test when it is absent."""
    path = SHARED_DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"real data file {path} is absent")
    return path
