"""The 2007 Laws of Duplicate Bridge: where their auction rectifications differ from 2017.

Source: the Swedish 2007 text (seed 001) as summarised in SPEC §1.3 and §6.1. The 2007 Laws
have no "comparable call": an insufficient bid's replacement is judged on artificiality and
meaning (27B1), calls out of rotation bring longer forced passes (30-32), and the lead
restrictions of Law 26 depend on whether the withdrawn call related to specific suits. Law 23
is "awareness of potential damage" (2017: 72C), 16D the withdrawn-call information (2017: 16C),
17E2 the retention of the right to call (2017: 17D3).
"""

from __future__ import annotations

from typing import ClassVar

from dupbridge.core.calls import Bid, Call, Double, Pass, Redouble, Strain
from dupbridge.core.cards import Suit
from dupbridge.core.rectify import Span
from dupbridge.i18n import N_
from dupbridge.laws.laws2017 import SUIT_WORDS, Laws2017
from dupbridge.laws.play_laws import RevokeFacts
from dupbridge.laws.steps import (
    Ask,
    AwaitCall,
    CallFacts,
    Forced,
    LeadForm,
    LeadRule,
    Offer,
    Option,
    Position,
    Rectify,
    Role,
    Rule,
    Step,
)

__all__ = ["Laws2007"]

_NEXT = Span.NEXT_TURN
_REST = Span.REST_OF_AUCTION


class Laws2007(Laws2017):
    """The WBF Laws of Duplicate Bridge 2007 (an option; Sweden's edition in seed 001)."""

    name = "2007"

    CITATIONS: ClassVar[dict[str, str]] = {
        "withdrawn_information": "16D",
        "withdrawn_information_os": "16D2",
        "awareness": "23",
        "retention": "17E2",
        "lead_restriction": "26",
        "end_of_auction_period": "22",
        # 2017 numbers used by shared steps, as 2007 numbers:
        "16C": "16D",
        "16C2": "16D2",
        "72C": "23",
        "17D3": "17E2",
        "17D": "22",
        "25A6": "25A4",
        "53B": "53C",
        "15A": "17D",
    }

    # --- Law 26 (2007): the withdrawn call and its suits -----------------------------------

    def lead_rule(
        self, withdrawn: Call | Strain | None, specified: tuple[Strain, ...] | None
    ) -> LeadRule:
        """2007 Law 26: a withdrawn call that related only to specific suits (26A) lets
        declarer require or prohibit such a suit; any other (26B) lets him prohibit any suit.

        Without the Director's word (``specified``), a suit bid relates to its own suit and
        nothing else does (notrump, pass, double, redouble)."""
        if specified is not None:
            suits = tuple(strain for strain in specified if strain is not Strain.NOTRUMP)
        elif isinstance(withdrawn, Bid):
            suits = () if withdrawn.strain is Strain.NOTRUMP else (withdrawn.strain,)
        elif isinstance(withdrawn, Strain):
            suits = () if withdrawn is Strain.NOTRUMP else (withdrawn,)
        else:
            suits = ()
        if suits:
            return LeadRule("26A2", LeadForm.REQUIRE_OR_PROHIBIT, suits)
        return LeadRule("26B", LeadForm.PROHIBIT_ONE)

    def lead_options(
        self, rule: LeadRule, allowed: tuple[Suit, ...], related: tuple[Suit, ...]
    ) -> tuple[tuple[str, Suit | None, frozenset[Suit]], ...]:
        """2007 Law 26A2: require or prohibit a related suit the offender did not specify
        legally; 26B: prohibit any one suit."""
        options: list[tuple[str, Suit | None, frozenset[Suit]]] = []
        if rule.form is LeadForm.REQUIRE_OR_PROHIBIT:
            options.extend((f"require_{SUIT_WORDS[suit]}", suit, frozenset()) for suit in related)
            options.extend(
                (f"prohibit_{SUIT_WORDS[suit]}", None, frozenset({suit})) for suit in related
            )
        else:
            options.extend(
                (f"prohibit_{SUIT_WORDS[suit]}", None, frozenset({suit}))
                for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
            )
        del allowed
        options.append(("no_restriction", None, frozenset()))
        return tuple(options)

    def _final_call(self, law: str) -> AwaitCall:
        """2007 Law 26 applies when the withdrawn call is changed to a different final call
        in that round: wait for the offender's call."""
        return AwaitCall(Role.OFFENDER, law, Rule(self._final_call_on))

    def _final_call_on(self, facts: CallFacts) -> Step:
        if facts.same_call:
            return Rectify(
                ("26",),
                N_("{seat} repeated {original}: no lead restrictions (2007 Law 26)"),
            )
        return Rectify(
            ("26",),
            N_(
                "{original} was changed to {call}: if {seat} becomes a defender, declarer "
                "may restrict his partner's first lead (2007 Law 26)"
            ),
            lead=True,
        )

    def _withdrawn_lead(self, law: str, *, withdrawn: str = "original") -> Step:
        del law
        return Rectify(
            ("26",),
            N_("if {seat} becomes a defender, declarer may restrict his partner's first lead"),
            lead=True,
            withdrawn=withdrawn,
            unauthorized=True,
        )

    # --- Law 27 (2007) -----------------------------------------------------------------------

    def ib_replacement(self, facts: CallFacts) -> Step:
        """2007 Law 27B: the replacement of an insufficient bid."""
        call = facts.call
        if facts.insufficient:
            return self._ib_again()
        no_rectification = Rectify(
            ("27B1(b)",),
            N_(
                "{call} has the same or a more precise meaning: it stands with no further "
                "rectification; at the end of play the Director checks for damage (Law 27D)"
            ),
            do=("stand",),
            reviews=("27D",),
        )
        if isinstance(call, Double | Redouble):
            if not facts.legal:
                return self._ib_double()
            return Ask(
                "same_meaning",
                "27B1(b)",
                N_(
                    "Has {seat}'s {call} the same meaning as the insufficient {original}, or a "
                    "more precise one wholly within its possible meanings (2007 Law 27B1(b))?"
                ),
                yes=no_rectification,
                no=self._ib_double(),
            )
        same_meaning = Ask(
            "same_meaning",
            "27B1(b)",
            N_(
                "Has {seat}'s {call} the same meaning as the insufficient {original}, or a more "
                "precise one wholly within its possible meanings (2007 Law 27B1(b))?"
            ),
            yes=no_rectification,
            no=Rectify(
                ("27B2", "16D", "26", "23"),
                N_(
                    "{call} stands; {partner} must pass whenever it is his turn to call; if "
                    "{seat} becomes a defender declarer may restrict his partner's first lead "
                    "(2007 Law 26)"
                ),
                do=("stand",),
                forced=(Forced(Role.PARTNER, _REST),),
                lead=True,
                reviews=("23",),
                unauthorized=True,
            ),
        )
        if isinstance(call, Bid) and facts.lowest_in_strain and facts.same_strain:
            return Ask(
                "not_artificial",
                "27B1(a)",
                N_(
                    "{call} is the lowest sufficient bid in the denomination of {original}: in "
                    "the Director's opinion, is neither bid artificial, beyond dispute (2007 Law "
                    "27B1(a))?"
                ),
                yes=Rectify(
                    ("27B1(a)",),
                    N_(
                        "{call} stands and the auction goes on as if there had been no "
                        "irregularity; at the end of play the Director checks for damage "
                        "(Law 27D)"
                    ),
                    do=("stand",),
                    reviews=("27D",),
                ),
                no=same_meaning,
            )
        return same_meaning

    def _ib_double(self) -> Rectify:
        return Rectify(
            ("27B3", "16D", "26", "23"),
            N_(
                "the attempted {call} is cancelled; {seat} must replace the insufficient bid by "
                "a sufficient bid or a pass, and {partner} must pass whenever it is his turn; "
                "declarer may restrict a lead if {seat} defends"
            ),
            forced=(Forced(Role.PARTNER, _REST),),
            lead=True,
            reviews=("23",),
            unauthorized=True,
            then=AwaitCall(
                Role.OFFENDER, "27B3", self._ib_second_replacement, raw=True, no_double=True
            ),
        )

    def _withdrawn_lead_after_again(self) -> Step:
        return self._withdrawn_lead("26")

    # --- Laws 29-32 (2007) -------------------------------------------------------------------

    def is_change_of_call(
        self, *, position: Position, any_bid: bool, offender_called: bool
    ) -> bool:
        """2007: a call at the LHO's turn after the offender has called is a change of call
        (Laws 30B3, 31 footnote, 32 by the same rule), except a pass before any bid (30A)."""
        if position is not Position.LHO or not offender_called:
            return False
        return any_bid

    def pass_out_of_rotation(self, position: Position, *, any_bid: bool) -> Offer:
        """2007 Law 30."""
        refused = Ask(
            "artificial",
            "30C",
            N_(
                "Is {seat}'s pass artificial, or a pass of his partner's artificial call (Law 30C)?"
            ),
            yes=self._bid_refused(position, artificial_pass=True),
            no=self._pass_refused_2007(position, any_bid=any_bid),
        )
        return self._accept_or_refuse(refused, cancel_laws=("30",))

    def _pass_refused_2007(self, position: Position, *, any_bid: bool) -> Step:
        if not any_bid:
            return Rectify(
                ("30A", "23"),
                N_("no bid had been made: {seat} must pass at his next turn (2007 Law 30A)"),
                forced=(Forced(Role.OFFENDER, _NEXT),),
                reviews=("23",),
                unauthorized=True,
            )
        if position is Position.RHO:
            return Rectify(
                ("30B1",),
                N_("{seat} must pass at his next turn (2007 Law 30B1)"),
                forced=(Forced(Role.OFFENDER, _NEXT),),
                unauthorized=True,
            )
        return Rectify(
            ("30B2(a)", "30B2(b)", "23"),
            N_(
                "{seat} must pass whenever it is his turn; at this turn {partner} may make any "
                "sufficient bid or pass but may not double or redouble (2007 Law 30B2)"
            ),
            forced=(Forced(Role.OFFENDER, _REST),),
            no_double=Role.PARTNER,
            reviews=("23",),
            unauthorized=True,
        )

    def _bid_refused(self, position: Position, *, artificial_pass: bool) -> Step:
        if position is Position.RHO:
            return Rectify(
                ("31A",),
                N_("the auction reverts to {rho}; what follows depends on his call (Law 31A)"),
                then=AwaitCall(Role.RHO, "31A", Rule(self._after_rho_2007, (artificial_pass,))),
            )
        return Rectify(
            ("31B", "16D", "23"),
            N_(
                "{partner} must pass whenever it is his turn; if {seat} changes {original} "
                "to another call, declarer may restrict a lead (2007 Law 31B)"
            ),
            forced=(Forced(Role.PARTNER, _REST),),
            reviews=("23",),
            unauthorized=True,
            then=self._final_call("31B"),
        )

    def _after_rho_2007(self, facts: CallFacts, artificial_pass: bool) -> Step:
        if isinstance(facts.call, Pass):
            return Rectify(
                ("31A1",),
                N_(
                    "{rho} passed: {seat} must repeat his call; if it is legal there is no "
                    "rectification (Law 31A1)"
                ),
                repeat=True,
            )
        return Rectify(
            ("31A2",),
            N_("{rho} called: {seat} may make any legal call and the Director rules on it"),
            then=AwaitCall(
                Role.OFFENDER,
                "31A2",
                Rule(self._same_denomination, (artificial_pass,)),
            ),
        )

    def _same_denomination(self, facts: CallFacts, artificial_pass: bool) -> Step:
        rest = Rectify(
            ("31A2(b)", "26", "23"),
            N_(
                "{partner} must pass whenever it is his turn; if {seat} becomes a defender "
                "declarer may restrict his partner's first lead (2007 Law 31A2(b))"
            ),
            forced=(Forced(Role.PARTNER, _REST),),
            lead=True,
            reviews=("23",),
            unauthorized=True,
        )
        if artificial_pass or not isinstance(facts.call, Bid):
            return rest
        return Ask(
            "same_denomination",
            "31A2",
            N_(
                "Is {seat}'s {call} in the same denomination as his cancelled {original} (for an "
                "artificial call, the denomination it specified: Law 29C)?"
            ),
            yes=Rectify(
                ("31A2(a)", "23"),
                N_("same denomination: {partner} must pass at his next turn (2007 Law 31A2(a))"),
                forced=(Forced(Role.PARTNER, _NEXT),),
                reviews=("23",),
                unauthorized=True,
            ),
            no=rest,
        )

    def double_out_of_rotation(self, position: Position) -> Offer:
        """2007 Law 32."""
        if position is Position.PARTNER:
            refused: Step = Rectify(
                ("32A", "16D", "23"),
                N_(
                    "{partner} must pass whenever it is his turn (2007 Law 32A); declarer may "
                    "restrict a lead if {seat} changes {original} to another call"
                ),
                forced=(Forced(Role.PARTNER, _REST),),
                reviews=("23",),
                unauthorized=True,
                then=self._final_call("32"),
            )
        else:
            refused = Rectify(
                ("32B",),
                N_("the auction reverts to {rho}; what follows depends on his call (Law 32B)"),
                then=AwaitCall(Role.RHO, "32B", self._after_rho_32_2007),
            )
        return self._accept_or_refuse(refused, cancel_laws=("32",))

    def _after_rho_32_2007(self, facts: CallFacts) -> Step:
        if isinstance(facts.call, Pass):
            return Rectify(
                ("32B1",),
                N_("{rho} passed: {seat} must repeat his {original}; no rectification (Law 32B1)"),
                repeat=True,
            )
        return Rectify(
            ("32B2", "23"),
            N_(
                "{rho} called: {seat} may make any legal call, and {partner} must pass whenever "
                "it is his turn (2007 Law 32B2)"
            ),
            forced=(Forced(Role.PARTNER, _REST),),
            reviews=("23",),
            unauthorized=True,
            then=self._final_call("32B2"),
        )

    # --- Law 25 (2007) -----------------------------------------------------------------------

    def unintended_question(self, *, bidding_boxes: bool) -> tuple[str, str]:
        """2007 Law 25A1: only when corrected without pause for thought; with bidding boxes in
        Sweden, only a mechanical mis-pull from the box (Swedish Law 112D)."""
        if bidding_boxes:
            return (
                N_(
                    "Did {seat} take {original} out of the bidding box by a mechanical mis-pull, "
                    "meaning {call} (Swedish Law 112D; 2007 Law 25A)?"
                ),
                "25A",
            )
        return (
            N_(
                "Was {original} unintended, and did {seat} put {call} in its place without a "
                "pause for thought (2007 Law 25A1)?"
            ),
            "25A",
        )

    def _changed_lead(self, *, accepted: bool) -> Step:
        return self._withdrawn_lead("26", withdrawn="original" if accepted else "call")

    # --- Laws 50D2, 51B (2007) ---------------------------------------------------------------

    def neither_allowed(self, *, several: bool) -> bool:
        """2007 Law 51B2 has no "neither" when the penalty cards are in several suits."""
        return not several

    def inadmissible_double(self, *, out_of_rotation: bool) -> Ask:
        """2007 Law 36: as 2017, with Law 26 in its 2007 form (the double is always changed
        to another call)."""
        ask = super().inadmissible_double(out_of_rotation=out_of_rotation)
        assert isinstance(ask.no, Rectify)
        no = Rectify(
            ask.no.laws,
            ask.no.text,
            do=ask.no.do,
            forced=ask.no.forced,
            forced_law=ask.no.forced_law,
            reviews=ask.no.reviews,
            unauthorized=True,
            lead=True,
        )
        return Ask(ask.key, ask.law, ask.question, ask.yes, no, ask.callers)

    # --- the play (2007) ---------------------------------------------------------------------

    def premature_options(self, led: Suit) -> tuple[Option, ...]:
        """2007 Law 57A: highest, lowest, or not a specified other suit (no "require")."""
        others = tuple(
            s for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS) if s is not led
        )
        base = super().premature_options(led)
        kept = [option for option in base if option.name in ("highest", "lowest")]
        return (*kept, *self._forbid_options(others))

    def _forbid_law(self) -> str:
        return "57A3"

    def _forbid_text(self) -> str:
        return N_("{partner} may not play a card of the suit declarer names (2007 Law 57A3)")

    def penalty_reviews(self) -> tuple[str, ...]:
        """2007 Law 50E3: the Director adjusts if the exposed card's information damaged the
        non-offending side."""
        return ("50E3",)

    def both_sides_on_one_trick(self) -> bool:
        """2007 has no Law 62C3: an established revoke is not corrected."""
        return False

    def claim_play_continued(self) -> Rectify | None:
        """2007 Law 68D: play ceases after a claim; it cannot continue."""
        return None

    def _no_transfer(self, facts: RevokeFacts) -> tuple[str, str] | None:
        """The 2007 exceptions of Law 64B (B3 any card faced on the table or of a hand laid
        face up; B7 both sides revoked, established or not; no B8)."""
        if facts.when == "after_next_call":
            return "64B4", N_(
                "attention was first drawn after a non-offender called on the next deal (Law 64B4)"
            )
        if facts.when == "after_round":
            return "64B5", N_("attention was first drawn after the round ended (Law 64B5)")
        if facts.kind in ("dummy", "penalty_card"):
            return "64B3", N_(
                "the revoke was a failure to play a card faced on the table or of a hand laid "
                "face up, dummy's included (2007 Law 64B3)"
            )
        if facts.trick == 12 and facts.kind != "defective":
            return "64B6", N_("the revoke was on the twelfth trick (Law 64B6)")
        if facts.other_side_revoked:
            return "64B7", N_("both sides revoked on this board (2007 Law 64B7)")
        if facts.repeated:
            return "64B2", N_(
                "a repeated revoke in the same suit by the same player (Law 64B2; 64C may apply)"
            )
        return None

    def incorrect_number_of_cards(self, *, stage: str, surplus: bool) -> Step:
        """2007 Law 13 (A-F ordering: A/B a call made, C after play, D no call, F surplus)."""
        if surplus:
            return Rectify(
                ("13F",),
                N_(
                    "a card not part of the deal is removed; the auction and play go on "
                    "unchanged; an adjusted score may be given if it was played to a completed "
                    "trick (2007 Law 13F)"
                ),
            )
        if stage == "after_play":
            return Rectify(
                ("13C", "90"),
                N_(
                    "found after play: the result is cancelled and an adjusted score awarded; "
                    "the offender may be penalized (2007 Law 13C)"
                ),
                do=("cancel_board",),
                reviews=("13C",),
            )
        if stage == "no_call":
            return Ask(
                "card_seen",
                "13D",
                N_(
                    "The hand with a wrong number of cards has not called. Did a player see a "
                    "card of another player's hand (2007 Law 13D2)?"
                ),
                yes=Ask(
                    "playable",
                    "13D2",
                    N_(
                        "Is the information unlikely to interfere with normal bidding and play "
                        "(2007 Law 13D2(a)), rather than making normal play impossible (13D2(b))?"
                    ),
                    yes=Rectify(
                        ("13D2(a)", "13E"),
                        N_(
                            "the board is played and scored; the Director adjusts if the "
                            "information affected the result (2007 Law 13D2(a))"
                        ),
                        reviews=("13D2(a)",),
                    ),
                    no=Rectify(
                        ("13D2(b)", "12C2"),
                        N_(
                            "normal play is impossible: the Director awards an artificial "
                            "adjusted score (2007 Law 13D2(b))"
                        ),
                        do=("cancel_board",),
                        reviews=("13D2(b)",),
                    ),
                ),
                no=Rectify(
                    ("13D1",),
                    N_("the Director corrects the hands; the board is played normally (13D1)"),
                ),
            )
        return Ask(
            "playable",
            "13A",
            N_(
                "A player with a wrong number of cards has called. Can the deal be corrected "
                "and played normally with no change of call (2007 Law 13A)?"
            ),
            yes=Rectify(
                ("13A", "13E"),
                N_(
                    "the board is played with no change of call; the Director may adjust at the "
                    "end (2007 Law 13A)"
                ),
                reviews=("13A",),
            ),
            no=Rectify(
                ("13B", "12C2", "90"),
                N_(
                    "the Director awards an artificial adjusted score and may penalize an "
                    "offender (2007 Law 13B)"
                ),
                do=("cancel_board",),
                reviews=("13B",),
            ),
        )

    def cards_from_wrong_board(self, *, partner_called: bool, lho_called: bool = False) -> Rectify:
        """2007 Law 17D: a call made holding cards from a wrong board is cancelled and the
        offender calls again with his own hand (17D2). An artificial adjusted score is due
        if his partner had called over the cancelled call, or if his LHO had and the new call
        differs from it (the footnote: a much different meaning, or a psychic call); else the
        LHO repeats his call."""
        if partner_called:
            return Rectify(
                ("17D1", "17D2", "12C2"),
                N_(
                    "{seat}'s call with cards from a wrong board is cancelled; {partner} has "
                    "called over it, so the Director awards an artificial adjusted score "
                    "(2007 Law 17D2)"
                ),
                do=("cancel_board",),
                reviews=("17D2",),
            )
        return Rectify(
            ("17D1", "17D2", "16D"),
            N_(
                "{seat}'s call made with cards from a wrong board is cancelled; he calls again "
                "after looking at his correct hand and the auction goes on; if his left-hand "
                "opponent had called over it, an artificial adjusted score is due should the new "
                "call differ (2007 Law 17D2)"
            ),
            do=("cancel_calls",),
            then=AwaitCall(Role.OFFENDER, "17D2", Rule(self.call_again_on, ()))
            if lho_called
            else None,
        )

    def call_again_on(self, facts: CallFacts) -> Step:
        """2007 Law 17D2: the offender's new call after his LHO called over the cancelled one."""
        stands = Rectify(
            ("17D2",),
            N_(
                "{call} does not differ from the cancelled {original}: the auction goes on and "
                "{lho} must repeat the call he made over it (2007 Law 17D2)"
            ),
            do=("lho_repeats",),
        )
        if facts.same_call:
            return stands
        return Ask(
            "differs",
            "17D2",
            N_(
                "Does {seat}'s new call {call} differ from his cancelled {original}: a much "
                "different meaning, or a psychic call (2007 Law 17D2, footnote)?"
            ),
            yes=Rectify(
                ("17D2", "12C2"),
                N_(
                    "{call} differs from the cancelled {original} and {lho} had called over it: "
                    "the Director awards an artificial adjusted score (2007 Law 17D2)"
                ),
                do=("cancel_board",),
                reviews=("17D2",),
            ),
            no=stands,
        )

    def wrong_board(self, *, during_auction: bool, calls: tuple[tuple[Role, Call], ...]) -> Ask:
        """2007 Law 15: a board not meant for this round; found during the auction (15C), the
        auction starts again with the correct opponents and every call must be repeated."""
        if during_auction and calls:
            role, call = calls[0]
            del call
            again: Step = Rectify(
                ("15C",),
                N_(
                    "the auction is cancelled; with the correct opponents seated it starts "
                    "again, and each player must repeat the calls he made: if any call differs "
                    "the board is cancelled (2007 Law 15C)"
                ),
                do=("cancel_auction",),
                then=AwaitCall(role, "15C", Rule(self.repeat_calls_on, (calls, 0))),
            )
        else:
            again = Rectify(
                ("15A1", "15A2"),
                N_(
                    "none of the four has played it: the score stands, and the Director may "
                    "have the pairs play the correct board against each other later (2007 Law 15A)"
                ),
            )
        return Ask(
            "played_before",
            "15B",
            N_("Has any player at this table played this board before (2007 Law 15B)?"),
            yes=Rectify(
                ("15B", "12C2"),
                N_(
                    "the second result is cancelled for both sides; artificial adjusted scores go "
                    "to the contestants deprived of a valid score (2007 Law 15B)"
                ),
                do=("cancel_board",),
                reviews=("15B",),
            ),
            no=again,
        )
