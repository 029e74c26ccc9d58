"""National profiles: the options the Laws leave to the Regulating Authority (RA) and the
Tournament Organizer (TO), as named parameters on top of an edition (SPEC §1.5, §4.4, §6.3).

Four profiles come from the seeds: the WBF default (2017), Sweden (FSB: the 2007 Laws with the
supplementary Laws 94-116, seed 001), Estonia (ETBL board decision of 31 July 2017, seed 002)
and Poland (PZBS footnotes, seed 003). ``Profile.replace(...)`` makes a club's own variant.

The rulings engine uses the parameters that touch the auction and its rulings: the bidding
boxes question of Law 25A (Sweden's Law 112D), the reservation of the right to call the
Director (16B2), the weighting of assigned scores (12C1(c)) and the artificial adjusted scores
(12C2); the others are recorded for the interfaces and the scoring that need them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction

from dupbridge.i18n import N_, _

__all__ = [
    "ESTONIA",
    "POLAND",
    "PROFILES",
    "SWEDEN",
    "WBF",
    "WBF_2007",
    "Profile",
    "find_profile",
]


@dataclass(frozen=True, slots=True)
class Profile:
    """A Regulating Authority's choices among the options the Laws give it.

    Every field names the law that gives the option.
    """

    key: str
    name: str
    #: The edition of the Laws in force.
    edition: str = "2017"
    # --- the auction -----------------------------------------------------------------------
    #: Law 18F: methods of making calls; bidding boxes in use (Sweden: Law 112 when the TO
    #: decides; a change of call is then allowed only for a mechanical mis-pull, 112D).
    bidding_boxes: bool = False
    #: Law 18F: the spoken form of a bid required (Poland: neuter cardinal and the
    #: denomination in the nominative; Estonia: the correct form only, synonyms constant for
    #: a session).
    spoken_form: str = ""
    #: Law 16B2: an opponent may reserve the right to call the Director later (False: the RA
    #: requires the Director to be called at once).
    reserve_right_to_call_director: bool = True
    #: Law 20F1: the RA/TO may require written explanations.
    written_explanations: bool = False
    #: Laws 20F5, 40B2(a)(iii): alerts in use.
    alerts: bool = True
    #: Sweden Law 115: no alerts once a bid at this level or higher has been made (unless
    #: screens), e.g. ``"4C"``; empty for no such limit.
    no_alerts_from: str = ""
    #: Law 20F5 (PZBS footnote): announcements (automatic explanations of some calls).
    announcements: bool = False
    #: Law 73A2: a STOP card before jump bids, and the pause it asks for (seconds).
    stop_procedure: bool = False
    stop_pause_seconds: int = 0
    #: Law 73A2: mandatory pauses (first round, first trick).
    mandatory_pauses: bool = False
    #: Law 80B2(e): screens in use (rectification across screens may vary).
    screens: bool = False
    # --- disclosure and system (Law 40) ----------------------------------------------------
    #: Law 40A1(b): how partnership understandings are disclosed.
    disclosure: str = "system card"
    #: Law 40B2(a)(ii): a system card is prescribed; Sweden Law 108: two per pair.
    system_cards_per_pair: int = 1
    #: Law 40B2(a)(iv): agreements that vary after an opponents' irregularity are allowed.
    agreements_varying_after_irregularity: bool = True
    #: Law 40B2(a)(v): psychic artificial calls allowed (Estonia forbids psyching artificial
    #: openings).
    psychic_artificial_openings: bool = True
    #: Laws 20G3, 40B2(b): the declaring side may consult its own card in the Clarification
    #: Period.
    own_card_in_clarification_period: bool = True
    #: Law 40B2(c): opponents' system card at any time (Estonia: with screens).
    opponents_card_any_time: bool = False
    #: Law 40B2(d): aids to memory allowed (Estonia: beginners in local events).
    aids_allowed: bool = False
    # --- the opening lead and play ---------------------------------------------------------
    #: Laws 41A, 45A: opening leads made face up (Estonia forbids them).
    face_up_opening_leads: bool = False
    #: Law 70E2: the default order of suits in a claim without a statement of line.
    claim_suit_order: str = ""
    # --- scores (Laws 12, 78, 79, 92) --------------------------------------------------------
    #: Law 12C1(c): who may weight an assigned adjusted score: ``"director"`` (2017) or
    #: ``"committee"`` (Sweden 2007: only an appeals committee or the Laws Commission).
    weighting_by: str = "director"
    #: Law 12C2(a): the artificial adjusted scores in pairs (percent).
    average_plus_percent: Fraction = Fraction(60)
    average_minus_percent: Fraction = Fraction(40)
    #: Law 12C2(b): average plus/minus at IMPs, and other values the TO may use (Estonia's
    #: board decision, on Laws 78D and 86A, allows ±2).
    average_imps: Fraction = Fraction(3)
    average_imps_alternatives: tuple[Fraction, ...] = ()
    #: Law 12C2(d): the RA varies the awards for several unplayed boards in a session.
    multiple_unplayed_boards_varied: bool = False
    #: Law 78A: matchpoints per board beaten (2) or the half unit (Poland's 1 and ½).
    matchpoint_unit: str = "2/1"
    #: Law 79C1: the Correction Period, in minutes after the results are published.
    correction_period_minutes: int = 30
    #: Law 92B: the period to appeal, in minutes.
    appeal_period_minutes: int = 30

    @property
    def title(self) -> str:
        """The profile's name in the active language (``name`` is the English catalog id)."""
        return _(self.name)

    def replace(self, **changes: object) -> Profile:
        """A copy with some parameters changed (a club's variant)."""
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]  # checked below

    def parameters(self) -> dict[str, object]:
        """Every parameter by name (for the records and the docs)."""
        return {field.name: getattr(self, field.name) for field in dataclasses.fields(self)}


WBF = Profile("wbf", N_("WBF default (2017 Laws)"))

#: The 2007 Laws with no national options (Law 12C1: in 2007 only an appeals committee may
#: weight an assigned score, SPEC §1.3).
WBF_2007 = Profile("wbf2007", N_("WBF 2007 Laws"), edition="2007", weighting_by="committee")

SWEDEN = Profile(
    "sweden",
    N_("Sweden, FSB 2008 (2007 Laws with Laws 94-116)"),
    edition="2007",
    bidding_boxes=True,
    no_alerts_from="4C",
    stop_procedure=True,
    stop_pause_seconds=10,
    system_cards_per_pair=2,
    weighting_by="committee",
)

ESTONIA = Profile(
    "estonia",
    N_("Estonia, ETBL 2017"),
    spoken_form="correct form only; synonyms may not vary within a session",
    written_explanations=True,
    agreements_varying_after_irregularity=False,
    psychic_artificial_openings=False,
    opponents_card_any_time=False,
    face_up_opening_leads=False,
    average_imps_alternatives=(Fraction(2),),
)

POLAND = Profile(
    "poland",
    N_("Poland, PZBS 2017"),
    spoken_form="neuter cardinal and the denomination in the nominative, e.g. 'jedno kier'",
    announcements=True,
    matchpoint_unit="1/0.5",
)

#: Every profile by key.
PROFILES: dict[str, Profile] = {p.key: p for p in (WBF, WBF_2007, SWEDEN, ESTONIA, POLAND)}


def find_profile(key: str) -> Profile:
    """The profile named ``key`` (``wbf``, ``sweden``, ``estonia``, ``poland``).

    Raises:
        ValueError: for an unknown profile.
    """
    profile = PROFILES.get(key.strip().lower())
    if profile is None:
        raise ValueError(
            _("unknown national profile {key!r} (expected {known})").format(
                key=key, known=", ".join(PROFILES)
            )
        )
    return profile
