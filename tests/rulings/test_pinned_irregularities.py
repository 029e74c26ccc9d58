"""The irregularities the rulings engine knows, and their descriptions (rulings/irregularities.py);
what mutation testing found unpinned (issue 19).
"""

from __future__ import annotations

from dupbridge.core.kinds import IrregularityName
from dupbridge.i18n import use_language
from dupbridge.rulings import IRREGULARITIES, describe


class TestDescribeNamesTheIrregularity:
    """``describe`` gives an irregularity's title in the active language, or the name itself
    when dupbridge does not know it."""

    def test_insufficient_bid_in_english(self) -> None:
        """Law 27: an insufficient bid."""
        assert describe("insufficient_bid") == "insufficient bid"

    def test_misinformation_in_english(self) -> None:
        """Law 21B: misinformation."""
        assert describe(IrregularityName.MISINFORMATION) == "misinformation"

    def test_title_is_translated(self) -> None:
        """The title goes through the catalogs: Polish for an insufficient bid (Law 27)."""
        with use_language("pl"):
            assert describe("insufficient_bid") == "odzywka niewystarczająca"

    def test_unknown_name_is_itself(self) -> None:
        assert describe("no_such_irregularity") == "no_such_irregularity"

    def test_every_known_name_has_its_title(self) -> None:
        for name, kind in IRREGULARITIES.items():
            assert describe(name) == kind.title
            assert kind.name == name


class TestIrregularityLaws:
    """Each auction-period irregularity names the law that rectifies it."""

    def test_laws(self) -> None:
        laws = {name: kind.law for name, kind in IRREGULARITIES.items()}
        assert laws["insufficient_bid"] == "27"
        assert laws["pass_out_of_rotation"] == "30"
        assert laws["bid_out_of_rotation"] == "31"
        assert laws["double_out_of_rotation"] == laws["redouble_out_of_rotation"] == "32"
        assert laws["inadmissible_double"] == laws["inadmissible_redouble"] == "36"
        assert laws["call_by_player_obliged_to_pass"] == "37"
        assert laws["bid_above_seven"] == "38"
        assert laws["call_after_final_pass"] == "39"
        assert laws["retention_of_right_to_call"] == "17D3"
        assert laws["change_of_call"] == "25"
        assert laws["unauthorized_information"] == "16B"
        assert laws["misinformation"] == "21B"

    def test_reported_ones_are_not_detected(self) -> None:
        """A card exposed, a changed call, simultaneous calls, unauthorized information and
        misinformation are reported to the table; the rest it sees by itself."""
        reported = {name for name, kind in IRREGULARITIES.items() if not kind.detected}
        assert reported == {
            "card_exposed_during_auction",
            "card_led_during_auction",
            "change_of_call",
            "simultaneous_call",
            "unauthorized_information",
            "misinformation",
        }
