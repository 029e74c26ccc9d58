"""Cards, calls, contracts and seats for people, in the notation table of each language
(issue 17: notation per language, kept outside the catalogs; the user may switch)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from dupbridge.core.calls import Bid, Double, Pass, Redouble, Strain
from dupbridge.core.cards import Card, Hand, Rank, Suit
from dupbridge.core.contract import Contract, Risk
from dupbridge.core.deal import Deal
from dupbridge.core.seats import SEATS, Seat
from dupbridge.core.written import (
    call_text,
    card_text,
    contract_text,
    hand_text,
    ranks_text,
    seat_text,
    strain_text,
)
from dupbridge.i18n import LANGUAGES, set_language, use_language
from dupbridge.i18n.notation import (
    INTERNATIONAL,
    NOTATIONS,
    SOURCES,
    get_notation_style,
    notation,
    set_notation,
    use_notation,
)
from tests.conftest import SHARED_LAWS

CALLS = [Pass(), Double(), Redouble()] + [
    Bid(level, strain) for level in range(1, 8) for strain in Strain
]
CONTRACTS = [
    Contract(level, strain, risk, seat)
    for level in (1, 4, 7)
    for strain in Strain
    for risk in Risk
    for seat in (*SEATS, None)
]


@pytest.fixture(autouse=True)
def defaults() -> Iterator[None]:
    yield
    set_language("en")
    set_notation("international")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_international_is_the_default_and_unchanged(lang: str) -> None:
    """In every language, by default, people read what ``to_str(symbols=True)`` writes: the
    international letters and symbols (issue 17: where the seeds do not settle a notation)."""
    with use_language(lang):
        assert "international" == get_notation_style()
        assert INTERNATIONAL is notation()
        deck = [Card.from_index(index) for index in range(52)]
        assert [card.to_str(symbols=True) for card in deck] == [card_text(c) for c in deck]
        assert [call.to_str(symbols=True) for call in CALLS] == [call_text(c) for c in CALLS]
        assert [c.to_str(symbols=True) for c in CONTRACTS] == [contract_text(c) for c in CONTRACTS]
        hands = Deal.from_pbn("N:AKQJT.98765.432. -.AKQJT.98765.432 2.-.AKQJT.98765 "
                              "543.2.-.AKQJT9876")  # fmt: skip
        assert [hands[seat].to_pbn(symbols=True) for seat in SEATS] == [
            hand_text(hands[seat]) for seat in SEATS
        ]
        assert [seat.letter for seat in SEATS] == [seat_text(seat) for seat in SEATS]


@pytest.mark.parametrize(
    ("lang", "queen", "jack", "no_trumps", "pass_", "east"),
    [
        ("en", "Q", "J", "NT", "Pass", "E"),
        ("pl", "D", "W", "BA", "pas", "E"),
        ("sv", "D", "Kn", "NT", "pass", "Ö"),
        ("lv", "Q", "J", "NT", "pass", "E"),
        ("et", "E", "S", "NT", "pass", "E"),
        ("ru", "Д", "В", "БК", "пас", "В"),
    ],
)
def test_local_notation(  # noqa: PLR0917 - one parameter per column of the table
    lang: str, queen: str, jack: str, no_trumps: str, pass_: str, east: str
) -> None:
    """In the local notation a Polish player reads ♠D and 1BA, a Swede Ö for East, a Russian
    Т К Д В, БК and пас; the ten is written 10."""
    with use_language(lang), use_notation("local"):
        assert "♠" + queen == card_text(Card(Suit.SPADES, Rank.QUEEN))
        ten = "T" if lang == "en" else "10"  # English local notation is the international
        assert jack + ten == ranks_text([Rank.JACK, Rank.TEN])
        assert "♣" + ten == card_text(Card(Suit.CLUBS, Rank.TEN))
        assert "♣T" == card_text(Card(Suit.CLUBS, Rank.TEN), ten="T")  # an explicit setting wins
        assert "3" + no_trumps == call_text(Bid(3, Strain.NOTRUMP))
        assert no_trumps == strain_text(Strain.NOTRUMP)
        assert pass_ == call_text(Pass())
        assert ("X", "XX") == (call_text(Double()), call_text(Redouble()))
        assert east == seat_text(Seat.E)
        assert f"4{no_trumps}XX{east}" == contract_text(
            Contract(4, Strain.NOTRUMP, Risk.REDOUBLED, Seat.E)
        )
        assert "4♠X" == contract_text(Contract(4, Strain.SPADES, Risk.DOUBLED), declarer=False)


def test_local_ranks_are_the_initials_of_each_language() -> None:
    """Every local honour letter begins its language's word for the rank (and the four are
    distinct), so no two honours can be confused."""
    for lang, table in NOTATIONS.items():
        letters = [table.rank(letter) for letter in "AKQJ"]
        assert len(set(letters)) == 4, lang
        assert "10" == table.rank("T") or lang == "en"


#: The row of SPEC section 5.1 naming the honours, and the column of each language.
SPEC_COLUMNS = {"lv": 1, "sv": 2, "et": 3, "pl": 4, "ru": 5}


def _spec_row(name: str) -> list[str]:
    spec = SHARED_LAWS / "SPEC.md"
    if not spec.exists():
        pytest.skip(f"{spec} is absent")
    text = spec.read_text(encoding="utf-8")
    section = text[text.index("### 5.1") : text.index("### 5.2")]
    row = next(line for line in section.splitlines() if line.startswith(f"| {name} |"))
    return [cell.strip() for cell in row.strip("|").split("|")]


@pytest.mark.parametrize("lang", ["pl", "sv", "lv", "et"])
def test_local_honours_come_from_the_laws_words(lang: str) -> None:
    """The local letters begin the seed's own words for ace, king, queen and jack (SPEC 5.1,
    Law 1; Swedish knekt is Kn beside kung); where the language keeps the international
    letters (Latvian: dūzis/dāma and kungs/kalps share initials) the table says why."""
    words = _spec_row("ace / king / queen / jack")[SPEC_COLUMNS[lang]].split(" / ")
    table = NOTATIONS[lang]
    letters = [table.rank(letter) for letter in "AKQJ"]
    if letters == list("AKQJ"):
        assert len({word[0] for word in words}) < 4
        assert "collide" in SOURCES[lang]["ranks"]
    else:
        for letter, word in zip(letters, words, strict=True):
            assert word.upper().startswith(letter.upper()), (lang, letter, word)


@pytest.mark.parametrize("lang", ["pl", "sv", "lv", "et", "ru"])
def test_local_pass_is_the_laws_word(lang: str) -> None:
    """The bidding box's pass is the seed's own word for it (SPEC 5.1)."""
    word = _spec_row("pass")[SPEC_COLUMNS[lang]]
    assert word == NOTATIONS[lang].pass_


def test_swedish_seats_are_the_laws_compass_words() -> None:
    """Seed 001 (Law 2) names the seats Nord, Öst, Syd, Väst: their initials in local notation."""
    with use_language("sv"), use_notation("local"):
        assert "N Ö S V" == " ".join(seat_text(seat) for seat in SEATS)


def test_every_choice_names_its_source() -> None:
    """The table says where each language's notation comes from (seed and law, or that the
    international letters are kept)."""
    for lang in LANGUAGES:
        assert lang in SOURCES
        assert lang in NOTATIONS
        if lang != "en":
            assert {"ranks", "notrump", "pass", "seats", "double"} <= set(SOURCES[lang])
            assert all(re.search(r"seed|SPEC|kept|catalog", t) for t in SOURCES[lang].values())


def test_notation_is_scoped_and_checked() -> None:
    """A notation chosen for one block ends with it; an unknown one is refused, by name."""
    with use_language("pl"):
        with use_notation("local"):
            assert "1BA" == call_text(Bid(1, Strain.NOTRUMP))
        assert "1NT" == call_text(Bid(1, Strain.NOTRUMP))
    with pytest.raises(ValueError, match="unknown notation 'pbn'"):
        set_notation("pbn")
    with pytest.raises(ValueError, match="unknown language 'de'"):
        notation("de")
    assert "international" == get_notation_style()


def test_call_from_international_letters() -> None:
    """A call written in international letters is rewritten in the notation (for text that
    holds calls as strings)."""
    polish = NOTATIONS["pl"]
    assert ["1BA", "4♠", "pas", "X", "XX"] == [
        polish.call(text) for text in ("1NT", "4S", "P", "X", "XX")
    ]
    assert "7♣" == INTERNATIONAL.call("7c")


def test_void_and_hand() -> None:
    """A void is a dash; a hand lists each suit after its symbol."""
    hand = Hand.from_pbn("AKT.QJ2..98765432")
    assert "♠AKT ♥QJ2 ♦- ♣98765432" == hand_text(hand)
    with use_language("ru"), use_notation("local"):
        assert "♠ТК10 ♥ДВ2 ♦- ♣98765432" == hand_text(hand)


def test_the_documented_table_is_the_table() -> None:
    """docs/languages.md shows the notation table as the module holds it."""
    doc = Path(__file__).resolve().parents[2] / "docs" / "languages.md"
    cells = [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in doc.read_text(encoding="utf-8").splitlines()
        if re.match(r"\| \w+ \([a-z]{2}\) \|", line)
    ]
    # The notation table's rows have seven cells (the formats table beside it has fewer).
    rows = {row[0].split("(")[1].split(")")[0]: row for row in cells if len(row) == 7}
    assert set(LANGUAGES) == set(rows)
    for lang, table in NOTATIONS.items():
        assert rows[lang][1:] == [
            " ".join(table.rank(letter) for letter in "AKQJ"),
            table.ten,
            table.notrump,
            table.pass_,
            f"{table.double} {table.redouble}",
            " ".join(table.seat(letter) for letter in "NESW"),
        ], lang
