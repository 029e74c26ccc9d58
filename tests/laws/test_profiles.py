"""National profiles: the RA/TO options of SPEC §6.3 as named parameters."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dupbridge.laws import ESTONIA, POLAND, PROFILES, SWEDEN, WBF, WBF_2007, find_profile
from dupbridge.rulings import rulebook_for


class TestProfiles:
    def test_the_four_profiles_of_the_seeds(self) -> None:
        """SPEC §1.5: WBF default, Sweden (2007 + Laws 94-116), Estonia, Poland."""
        assert {"wbf", "wbf2007", "sweden", "estonia", "poland"} == set(PROFILES)
        assert ("2017", "2007", "2017", "2017") == tuple(
            p.edition for p in (WBF, SWEDEN, ESTONIA, POLAND)
        )

    def test_sweden(self) -> None:
        """Seed 001: bidding boxes (112), no alerts from 4C (115), STOP of about 10 seconds
        (116), two system cards (108), weighting left to a committee (12C1)."""
        assert SWEDEN.bidding_boxes
        assert "4C" == SWEDEN.no_alerts_from
        assert (True, 10) == (SWEDEN.stop_procedure, SWEDEN.stop_pause_seconds)
        assert 2 == SWEDEN.system_cards_per_pair
        assert "committee" == SWEDEN.weighting_by

    def test_estonia(self) -> None:
        """Seed 002, ETBL decision: no face-up opening leads (41A), no psychic artificial
        openings (40B2), no agreements varying after irregularities (40B3), ±2 IMPs allowed."""
        assert not ESTONIA.face_up_opening_leads
        assert not ESTONIA.psychic_artificial_openings
        assert not ESTONIA.agreements_varying_after_irregularity
        assert (Fraction(2),) == ESTONIA.average_imps_alternatives

    def test_poland(self) -> None:
        """Seed 003, PZBS footnotes: announcements (20F5) and the 1/½ matchpoint unit (78A)."""
        assert POLAND.announcements
        assert "1/0.5" == POLAND.matchpoint_unit

    def test_defaults_follow_the_laws(self) -> None:
        """Without national options: 60/40 %, ±3 IMPs (12C2), 30 minutes (79C, 92B),
        the Director may weight in 2017 but not in 2007."""
        assert (Fraction(60), Fraction(40), Fraction(3)) == (
            WBF.average_plus_percent,
            WBF.average_minus_percent,
            WBF.average_imps,
        )
        assert (30, 30) == (WBF.correction_period_minutes, WBF.appeal_period_minutes)
        assert ("director", "committee") == (WBF.weighting_by, WBF_2007.weighting_by)

    def test_variant_and_parameters(self) -> None:
        """A club's variant changes one parameter; every parameter is listed by name."""
        club = ESTONIA.replace(key="tartu", face_up_opening_leads=True)
        assert club.face_up_opening_leads
        assert not ESTONIA.face_up_opening_leads
        assert "face_up_opening_leads" in club.parameters()

    def test_lookup(self) -> None:
        """Profiles by key; an unknown key is refused with the known ones."""
        assert SWEDEN is find_profile("Sweden")
        with pytest.raises(ValueError, match="wbf, wbf2007, sweden, estonia, poland"):
            find_profile("norway")

    def test_unknown_profile_message(self) -> None:
        """The refusal names the key asked for, as typed, and every known key in order."""
        with pytest.raises(ValueError) as refused:
            find_profile(" Norway ")
        assert (
            "unknown national profile ' Norway ' (expected wbf, wbf2007, sweden, estonia, poland)"
            == str(refused.value)
        )

    def test_profile_edition_must_match(self) -> None:
        """A profile brings its edition: Sweden's is 2007."""
        assert "2007/sweden" == rulebook_for("2007", "sweden").name
        with pytest.raises(ValueError, match="uses the 2007 Laws"):
            rulebook_for("2017", "sweden")
