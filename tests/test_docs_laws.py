"""docs/laws.md: one or more rows per law of the 2017 Laws (Laws 1-93), in law order, each with a
known status, and every module and test it cites present in the repository."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LAWS_MD = ROOT / "docs" / "laws.md"
SRC = ROOT / "src" / "dupbridge"
TESTS = ROOT / "tests"
RECORDS = TESTS / "rulings" / "records"

STATUSES = frozenset(
    {"implemented", "the Director's judgement recorded", "not applicable to software"}
)
HEADER = ["Law", "Title", "Status", "What dupbridge does", "Where", "Tests"]


@dataclass(frozen=True)
class Row:
    """One row of the table, with its line number in docs/laws.md."""

    line: int
    law: str
    title: str
    status: str
    text: str
    where: str
    tests: str

    @property
    def number(self) -> int:
        """The law number the row is filed under (the first number of its Law cell)."""
        match = re.match(r"\d+", self.law)
        if match is None:
            raise AssertionError(f"docs/laws.md line {self.line}: no law number in {self.law!r}")
        return int(match.group())


def parse_table(text: str) -> list[Row]:
    """The rows of the law table (the one whose header is HEADER)."""
    rows: list[Row] = []
    in_table = False
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.startswith("|"):
            if in_table:
                break
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split(" | ")]
        if cells == HEADER:
            in_table = True
            continue
        if not in_table or set(line) <= set("|- "):
            continue
        assert len(cells) == len(HEADER), f"docs/laws.md line {number}: {len(cells)} cells"
        rows.append(Row(number, *cells))
    return rows


def code_spans(cell: str) -> list[str]:
    """The `code` spans of a cell."""
    return re.findall(r"`([^`]+)`", cell)


@pytest.fixture(scope="module")
def rows() -> list[Row]:
    return parse_table(LAWS_MD.read_text(encoding="utf-8"))


def test_parser_reads_a_small_table() -> None:
    """The parser reads the rows under the header and stops at the end of the table."""
    text = (
        "intro\n\n| " + " | ".join(HEADER) + " |\n|---|---|---|---|---|---|\n"
        "| 12C2 | Adjusted scores | implemented | x | `scoring/adjusted.py` | `scoring/t.py` |\n"
        "\nafter\n| 99 | not | in | the | table | |\n"
    )
    (row,) = parse_table(text)
    assert (row.line, row.number, row.law, row.where) == (5, 12, "12C2", "`scoring/adjusted.py`")


def test_every_law_has_a_row(rows: list[Row]) -> None:
    """Laws 1 to 93 of the 2017 Laws each have at least one row, and no other number appears."""
    numbers = {row.number for row in rows}
    assert set(range(1, 94)) - numbers == set()
    assert numbers - set(range(1, 94)) == set()


def test_rows_in_law_order(rows: list[Row]) -> None:
    """The rows are ordered by law number."""
    for before, after in itertools.pairwise(rows):
        assert before.number <= after.number, f"docs/laws.md line {after.line} is out of order"


def test_status_is_one_of_three(rows: list[Row]) -> None:
    """Every row's status is implemented, the Director's judgement recorded or not applicable."""
    bad = [(row.line, row.status) for row in rows if row.status not in STATUSES]
    assert bad == []


def test_rows_have_a_title_and_a_description(rows: list[Row]) -> None:
    """Every row gives the law's short title and says what dupbridge does (or why not)."""
    assert [row.line for row in rows if not row.title or not row.text] == []


def test_implemented_rows_say_where(rows: list[Row]) -> None:
    """An implemented row cites at least one module under src/dupbridge/."""
    missing = [row.line for row in rows if row.status == "implemented" and not module_paths(row)]
    assert missing == []


def module_paths(row: Row) -> list[str]:
    """The src/dupbridge paths a row's Where cell cites."""
    return [span for span in code_spans(row.where) if "/" in span or span.endswith(".py")]


def test_cited_modules_exist(rows: list[Row]) -> None:
    """Every module or package the Where column cites exists under src/dupbridge/."""
    missing = [
        (row.line, path) for row in rows for path in module_paths(row) if not (SRC / path).exists()
    ]
    assert missing == []


def test_cited_tests_exist(rows: list[Row]) -> None:
    """Every test file, test class or function and table record the Tests column cites exists."""
    missing = [
        (row.line, span)
        for row in rows
        for span in code_spans(row.tests)
        if not reference_exists(span)
    ]
    assert missing == []


def reference_exists(span: str) -> bool:
    """Whether a Tests span names something real: `file.py`, `file.py::Class::name` or a glob of
    table records (`rulings/records/x27c_*`, or short `x27c_*` after a first one; the `.json`
    of a record may be left out)."""
    path, *names = span.split("::")
    if "*" in path:
        base = TESTS if "/" in path else RECORDS
        return any(base.glob(path)) or any(base.glob(path + ".json"))
    file = TESTS / path
    if not file.is_file():
        return False
    source = file.read_text(encoding="utf-8")
    return all(re.search(rf"^\s*(?:class|def) {re.escape(name)}\b", source, re.M) for name in names)


def test_reference_checker_rejects_wrong_names() -> None:
    """A missing file, class or record glob is reported as missing."""
    assert reference_exists("test_docs_laws.py::test_every_law_has_a_row")
    assert not reference_exists("test_docs_laws.py::test_no_such_test")
    assert not reference_exists("core/test_no_such_file.py")
    assert not reference_exists("zz99_no_such_record_*")
