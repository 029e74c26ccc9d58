"""Member numbers entered for the players travel in the USEBIO 1.2 export (each PLAYER's
NATIONAL_ID_NUMBER) and are read back by dupbridge.formats."""

from __future__ import annotations

from dupbridge.formats import usebio
from dupbridge.services.club import ClubService, EveningSetup, State, Submission, read_players_csv
from dupbridge.services.club.results import usebio_xml

PLAYERS = """pair,name 1,name 2,member 1,member 2
1,Anna Kowalska,Jan Nowak,10234,10235
2,Brigid Byrne,Colm Duffy,20001,
3,Dora Lim,Eli Tan,,
"""


def test_member_numbers_in_the_usebio_export(service: ClubService) -> None:
    """The players CSV gives member numbers; the exported USEBIO carries them for each
    player (none for a player without one) and dupbridge.formats.usebio reads them back."""
    setup = EveningSetup(name="Tuesday", family="howell", tables=3, boards_per_round=2)
    evening_id = service.create(setup, "director")
    entries = read_players_csv(PLAYERS)
    service.update_setup(evening_id, setup.with_entries(entries), "director")
    service.set_state(evening_id, State.PLAYING, "director")
    movement = service.load(evening_id).movement
    for index, play in enumerate(movement.plays(1)):
        service.submit(
            evening_id, play.table, play.round, Submission(1, "3NT", "S", "="),
            key=f"k{index}", who="t",
        )  # fmt: skip
    text = usebio_xml(service.load(evening_id))
    assert "<NATIONAL_ID_NUMBER>10234</NATIONAL_ID_NUMBER>" in text
    read = usebio.loads(text.encode("utf-8"), "club.xml").event
    by_number = {pair.id.number: pair for pair in read.pairs}
    assert ("Anna Kowalska", "Jan Nowak") == by_number[1].names
    assert ("10234", "10235") == by_number[1].members
    assert ("20001", "") == by_number[2].members
    assert () == by_number[3].members
