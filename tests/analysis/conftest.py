"""Fixtures of the analysis tests: DDS's own test hands, solved once per session."""

from __future__ import annotations

import pytest

from dupbridge.analysis.dd import DDTable, dd_tables
from tests.analysis.ddsfile import DDSCase, read_cases
from tests.conftest import shared_file


@pytest.fixture(scope="session")
def dds_cases() -> list[DDSCase]:
    """The 100 hands of DDS's list100.txt with the solver's expected answers."""
    return read_cases(shared_file("dds-hands", "list100.txt"))


@pytest.fixture(scope="session")
def dds_tables(dds_cases: list[DDSCase]) -> list[DDTable]:
    """Our double-dummy tables of those hands (one batch run, shared by the oracle tests)."""
    return dd_tables([case.deal for case in dds_cases])
