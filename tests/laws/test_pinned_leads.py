"""Leads out of turn (Laws 53-56) and declarer's lead options (26B, 50D2, 51B), 2017 form:
what mutation testing found unpinned (issue 19).

Each step is stated whole and built inside the test, so that mutmut's mutant is active when it
is built (docs/performance.md, "Mutation testing").
"""

from __future__ import annotations

from dupbridge.core.cards import Suit
from dupbridge.laws import LAWS_2007, LAWS_2017
from dupbridge.laws.leads import combinations
from dupbridge.laws.steps import (
    Ask,
    Do,
    LeadForm,
    LeadRule,
    Meaning,
    Offer,
    Option,
    Rectify,
    Role,
)

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
PROPER_LEAD = ((Role.LHO, Meaning.ACCEPT), (Role.TURN, Meaning.PROPER_LEAD))


class TestOpeningLeadOutOfTurn:
    def test_law_54(self) -> None:
        """Law 54C: if declarer could have seen dummy's cards he must accept the lead and
        stays declarer; otherwise he accepts it (54B: dummy spread, declarer plays second),
        spreads his hand and becomes dummy (54A), or refuses it (54D: a major penalty card,
        Law 50D, the proper leader leads). Declarer accepts also by playing (53A)."""
        expected = Ask(
            "dummy_seen",
            "54C",
            "Could declarer have seen any of dummy's cards (other than cards exposed during the "
            "auction under Law 24)? If so he must accept the lead (Law 54C).",
            yes=Rectify(
                ("54C", "53A"),
                "declarer could have seen dummy's cards: he must accept the lead of {card}, and "
                "remains declarer (Law 54C)",
                do=(Do.PLACE,),
            ),
            no=Offer(
                Role.DECLARER,
                "54",
                "{seat} faced the opening lead {card} out of turn: what does declarer choose?",
                (
                    Option(
                        "accept",
                        "accept the lead: dummy is spread and {declarer} plays second "
                        "(Laws 54B, 53A)",
                        Rectify(
                            ("54B", "53A", "41D"),
                            "the lead of {card} stands and dummy is spread; the second card to "
                            "the trick comes from declarer's hand (Law 54B1)",
                            do=(Do.PLACE,),
                        ),
                    ),
                    Option(
                        "spread",
                        "{declarer} spreads his hand and becomes dummy; {dummy} becomes "
                        "declarer and the lead of {card} stands (Law 54A)",
                        Rectify(
                            ("54A",),
                            "{declarer} spread his hand: {dummy} is now declarer and the lead "
                            "of {card} stands (Law 54A)",
                            do=(Do.SPREAD,),
                        ),
                    ),
                    Option(
                        "refuse",
                        "{seat} takes the card back as a major penalty card and {turn} leads; "
                        "Law 50D applies (Law 54D)",
                        Rectify(
                            ("54D", "50D"),
                            "declarer refused the lead: {card} is a major penalty card and "
                            "{turn} leads (Laws 54D, 50D)",
                            do=(Do.PENALTY_MAJOR,),
                            reviews=("50E4",),
                        ),
                    ),
                ),
                callers=((Role.DECLARER, Meaning.ACCEPT),),
            ),
            callers=((Role.DECLARER, Meaning.ACCEPT),),
        )
        assert expected == LAWS_2017.opening_lead_out_of_turn()

    def test_2007_review(self) -> None:
        """2007: the penalty card's review is Law 50E3."""
        offer = LAWS_2007.opening_lead_out_of_turn().no
        assert isinstance(offer, Offer)
        refuse = offer.options[2].step
        assert isinstance(refuse, Rectify)
        assert ("50E3",) == refuse.reviews

    def test_by_the_declaring_side(self) -> None:
        """Law 54E: an opening lead by declarer or dummy is ruled by Law 24 (24D: the card
        goes back to the hand of the declaring side); 16C."""
        expected = Rectify(
            ("54E", "24", "24D", "16C"),
            "an opening lead by the declaring side is ruled by Law 24: {seat} will not defend, "
            "so {card} goes back to his hand (Law 24D); information from it is unauthorized for "
            "his side",
        )
        assert expected == LAWS_2017.opening_lead_by_declaring_side()


class TestDefendersLeadOutOfTurn:
    def test_law_56(self) -> None:
        """Law 56A: declarer accepts the lead (Law 53; also by a play from the next hand, or
        the proper leader may lead in turn, 53B); 56B: retracted as a major penalty card
        (50D), the proper leader leads."""
        expected = Offer(
            Role.DECLARER,
            "56",
            "{seat} led {card} out of turn ({turn} was on lead): what does declarer choose?",
            (
                Option(
                    "accept",
                    "the lead stands; {lho} plays next (Laws 56A, 53A)",
                    Rectify(("56A", "53A"), "declarer accepted the lead of {card}", do=(Do.PLACE,)),
                ),
                Option(
                    "refuse",
                    "{seat} retracts {card}, a major penalty card; {turn} leads (Law 56B)",
                    Rectify(
                        ("56B", "50D"),
                        "{card} is retracted as a major penalty card and {turn} leads "
                        "(Laws 56B, 50D)",
                        do=(Do.PENALTY_MAJOR,),
                        reviews=("50E4",),
                    ),
                ),
            ),
            callers=PROPER_LEAD,
        )
        assert expected == LAWS_2017.lead_out_of_turn(last_trick=False)

    def test_at_trick_thirteen(self) -> None:
        """Law 53A (footnote): a lead out of turn at trick thirteen must be retracted; a
        defender's card is a major penalty card (56B)."""
        expected = Rectify(
            ("53A", "56B", "50D"),
            "a lead out of turn at trick thirteen must be retracted: {card} is a major penalty "
            "card and {turn} leads (Laws 53A, 56B)",
            do=(Do.PENALTY_MAJOR,),
        )
        assert expected == LAWS_2017.lead_out_of_turn(last_trick=True)


class TestDeclarersLeadOutOfTurn:
    def retract_b1(self) -> Rectify:
        return Rectify(
            ("55B1", "55C"),
            "{card} goes back to {hand}'s hand with no further rectification; {turn} leads "
            "(Law 55B1); if declarer then plays on information from his infraction, Law 16 "
            "applies (55C)",
        )

    def retract_b2(self) -> Rectify:
        return Rectify(
            ("55B2", "55C"),
            "{card} is withdrawn and declarer must lead from the correct hand, {turn} (Law 55B2)",
        )

    def offer(self, retract: Rectify) -> Offer:
        """Law 55A: either defender may accept (53) or require retraction; if they differ,
        the one next in turn decides."""
        return Offer(
            Role.LHO,
            "55A",
            "Declarer led {card} from {hand} out of turn ({turn} was on lead): do the defenders "
            "accept it? If they differ, {lho}, next in turn, decides (Law 55A).",
            (
                Option(
                    "accept",
                    "the lead stands; {lho} plays next (Laws 55A, 53A)",
                    Rectify(
                        ("55A", "53A"),
                        "the defenders accepted the lead of {card}",
                        do=(Do.PLACE,),
                    ),
                ),
                Option("refuse", "the lead is retracted (Law 55B)", retract),
            ),
            callers=PROPER_LEAD,
        )

    def test_at_a_defenders_turn(self) -> None:
        """Law 55B1: retracted, the card goes back to its hand, no further rectification."""
        assert self.offer(self.retract_b1()) == LAWS_2017.declarer_lead_out_of_turn(
            last_trick=False, defenders_turn=True
        )

    def test_from_the_wrong_hand(self) -> None:
        """Law 55B2: from the wrong one of his two hands: he leads from the correct one."""
        assert self.offer(self.retract_b2()) == LAWS_2017.declarer_lead_out_of_turn(
            last_trick=False, defenders_turn=False
        )

    def test_at_trick_thirteen(self) -> None:
        """Law 53A: at trick thirteen the lead must be retracted, then 55B1 or 55B2."""
        for defenders_turn, retract in ((True, self.retract_b1()), (False, self.retract_b2())):
            expected = Rectify(
                ("53A", *retract.laws),
                "a lead out of turn at trick thirteen must be retracted (Law 53A)",
                then=retract,
            )
            assert expected == LAWS_2017.declarer_lead_out_of_turn(
                last_trick=True, defenders_turn=defenders_turn
            )

    def test_proper_lead(self) -> None:
        """Law 53B: the proper leader, an opponent of the offender, leads in turn: his lead
        stands, the card led in error goes back; 16C."""
        expected = Rectify(
            ("53B", "16C"),
            "{turn} made his proper lead: it stands and {card} goes back to {hand}'s hand; "
            "information from it is unauthorized for {seat}'s side (Laws 53B, 16C)",
        )
        assert expected == LAWS_2017.proper_lead()


class TestLeadOptions:
    def test_law_26b(self) -> None:
        """2017 Law 26B: declarer may prohibit one suit the offender did not specify in the
        legal auction, or restrict nothing."""
        rule = LeadRule("26B", LeadForm.PROHIBIT_ONE)
        assert (
            ("prohibit_spades", None, frozenset({S})),
            ("prohibit_clubs", None, frozenset({C})),
            ("no_restriction", None, frozenset()),
        ) == LAWS_2017.lead_options(rule, (S, C), (H,))

    def test_no_restriction_only_for_prohibit_one(self) -> None:
        """Only the 26B form adds "no restriction" to the suits offered (2007 26A's form
        lists its own options)."""
        rule = LeadRule("26A2", LeadForm.REQUIRE_OR_PROHIBIT, ())
        assert (("prohibit_hearts", None, frozenset({H})),) == LAWS_2017.lead_options(
            rule, (H,), ()
        )


class TestPenaltyLeadOptions:
    def test_one_suit(self) -> None:
        """Law 50D2: one suit of major penalty cards: require it, prohibit it, or neither
        (50D2(b)) at the partner's lead."""
        assert (
            ("require_hearts", H, frozenset()),
            ("prohibit_hearts", None, frozenset({H})),
            ("no_restriction", None, frozenset()),
        ) == LAWS_2017.penalty_lead_options((H,))

    def test_several_suits(self) -> None:
        """Law 51B2: several suits: require one (a), prohibit one or more of them (b), or
        (2017, c) neither."""
        assert (
            ("require_spades", S, frozenset()),
            ("require_hearts", H, frozenset()),
            ("require_clubs", C, frozenset()),
            ("prohibit_spades", None, frozenset({S})),
            ("prohibit_hearts", None, frozenset({H})),
            ("prohibit_clubs", None, frozenset({C})),
            ("prohibit_spades_and_hearts", None, frozenset({S, H})),
            ("prohibit_spades_and_clubs", None, frozenset({S, C})),
            ("prohibit_hearts_and_clubs", None, frozenset({H, C})),
            ("prohibit_spades_and_hearts_and_clubs", None, frozenset({S, H, C})),
            ("no_restriction", None, frozenset()),
        ) == LAWS_2017.penalty_lead_options((S, H, C))

    def test_2007_without_neither(self) -> None:
        """2007 Law 51B2 has no option (c): with several suits declarer must require or
        prohibit; with one suit (50D2) he may do neither."""
        options = LAWS_2007.penalty_lead_options((S, D))
        assert "no_restriction" not in [name for name, _, _ in options]
        assert "prohibit_spades_and_diamonds" == options[-1][0]
        assert "no_restriction" == LAWS_2007.penalty_lead_options((D,))[-1][0]
        assert LAWS_2017.neither_allowed(several=True)
        assert LAWS_2017.neither_allowed(several=False)

    def test_combinations(self) -> None:
        """The suits combined in order, each combination once (Law 51B2(b))."""
        assert [()] == combinations((S, H), 0)
        assert [(S,), (H,), (D,)] == combinations((S, H, D), 1)
        assert [(S, H), (S, D), (S, C), (H, D), (H, C), (D, C)] == combinations((S, H, D, C), 2)
        assert [(S, H, D)] == combinations((S, H, D), 3)
        assert [] == combinations((S,), 2)
