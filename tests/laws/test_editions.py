"""The editions as strategy objects: 2017 and 2007 differ exactly where SPEC §1.3 says."""

from __future__ import annotations

import pytest

from dupbridge.core.calls import Bid, Strain, parse_call
from dupbridge.core.rectify import Span
from dupbridge.laws import EDITIONS, LAWS_2007, LAWS_2017, find_edition
from dupbridge.laws.steps import (
    Ask,
    AwaitCall,
    CallFacts,
    Forced,
    LeadForm,
    Offer,
    Position,
    Rectify,
    Role,
    Step,
)


def refused(offer: Step) -> Step:
    """The step after the LHO refuses a call out of rotation (Law 29B)."""
    assert isinstance(offer, Offer)
    refuse = next(option.step for option in offer.options if option.name == "refuse")
    assert isinstance(refuse, Rectify)
    assert refuse.then is not None
    return refuse.then


def facts(call: str, original: str, *, lowest: bool = True) -> CallFacts:
    return CallFacts(parse_call(call), parse_call(original), True, False, lowest)


class TestCitations:
    @pytest.mark.parametrize(
        ("code", "in_2007"),
        [("16C", "16D"), ("16C2", "16D2"), ("72C", "23"), ("17D3", "17E2"), ("25A6", "25A4")],
    )
    def test_moved_laws(self, code: str, in_2007: str) -> None:
        """SPEC §1.3: 16C/16D swapped, 72C was 23, 17D3 was 17E2, 25A6 was 25A4."""
        assert code == LAWS_2017.cite(code)
        assert in_2007 == LAWS_2007.cite(code)

    def test_references_carry_the_edition(self) -> None:
        """Every ruling records the edition it used (DESIGN §2.8)."""
        assert "Law 27B2 (2007)" == str(LAWS_2007.ref("27B2"))
        assert "Law 23 (2007)" == str(LAWS_2007.ref("72C"))

    def test_registry(self) -> None:
        """Two editions, 2017 the default of the registry."""
        assert ["2017", "2007"] == list(EDITIONS)
        assert LAWS_2007 is find_edition("2007")
        with pytest.raises(ValueError, match="1997"):
            find_edition("1997")


class TestInsufficientBid:
    def test_2017_same_denominations_then_comparable(self) -> None:
        """2017 Law 27B1(a) asks whether the lowest sufficient bid specifies the same
        denomination(s); otherwise 27B1(b) asks for a comparable call."""
        step = LAWS_2017.ib_replacement(facts("2H", "1H"))
        assert isinstance(step, Ask)
        assert ("same_denominations", "27B1(a)") == (step.key, step.law)
        assert isinstance(step.no, Ask)
        assert "comparable" == step.no.key

    def test_2007_not_artificial_only_for_the_same_denomination(self) -> None:
        """2007 Law 27B1(a) needs the same (named) denomination and both calls
        incontrovertibly not artificial; otherwise B1(b) asks for the same or a more precise
        meaning."""
        step = LAWS_2007.ib_replacement(facts("2H", "1H"))
        assert isinstance(step, Ask)
        assert "not_artificial" == step.key
        other = LAWS_2007.ib_replacement(facts("2D", "1H"))
        assert isinstance(other, Ask)
        assert "same_meaning" == other.key

    @pytest.mark.parametrize("laws", [LAWS_2017, LAWS_2007])
    def test_b2_partner_passes_throughout(self, laws: object) -> None:
        """Law 27B2 (both editions): otherwise partner passes throughout, lead restriction."""
        step = laws.ib_replacement(facts("Pass", "1H", lowest=False))  # type: ignore[attr-defined]
        assert isinstance(step, Ask)
        assert isinstance(step.no, Rectify)
        assert (Forced(Role.PARTNER, Span.REST_OF_AUCTION),) == step.no.forced
        assert step.no.lead
        assert "27B2" == step.no.laws[0]


class TestCallsOutOfRotation:
    def test_pass_at_partners_turn(self) -> None:
        """SPEC §6.1: 2017 30B1 leaves partner free and judges the offender's later call;
        2007 30B2 makes the offender pass throughout and bars partner's double."""
        ask_2017 = refused(LAWS_2017.pass_out_of_rotation(Position.PARTNER, any_bid=True))
        assert isinstance(ask_2017, Ask)
        assert "artificial" == ask_2017.key
        rule_2017 = ask_2017.no
        assert isinstance(rule_2017, Rectify)
        assert () == rule_2017.forced
        assert isinstance(rule_2017.then, AwaitCall)
        ask_2007 = refused(LAWS_2007.pass_out_of_rotation(Position.PARTNER, any_bid=True))
        assert isinstance(ask_2007, Ask)
        rule_2007 = ask_2007.no
        assert isinstance(rule_2007, Rectify)
        assert (Forced(Role.OFFENDER, Span.REST_OF_AUCTION),) == rule_2007.forced
        assert Role.PARTNER is rule_2007.no_double

    def test_bid_at_partners_turn(self) -> None:
        """SPEC §6.1: 2017 31B partner free (16C2); 2007 31B partner passes throughout."""
        rule_2017 = refused(LAWS_2017.bid_out_of_rotation(Position.PARTNER, any_bid=True))
        assert isinstance(rule_2017, Rectify)
        assert () == rule_2017.forced
        rule_2007 = refused(LAWS_2007.bid_out_of_rotation(Position.PARTNER, any_bid=True))
        assert isinstance(rule_2007, Rectify)
        assert (Forced(Role.PARTNER, Span.REST_OF_AUCTION),) == rule_2007.forced

    def test_double_at_partners_turn(self) -> None:
        """SPEC §6.1: 2017 32B partner free; 2007 32A partner passes throughout."""
        rule_2017 = refused(LAWS_2017.double_out_of_rotation(Position.PARTNER))
        assert isinstance(rule_2017, Rectify)
        assert () == rule_2017.forced
        rule_2007 = refused(LAWS_2007.double_out_of_rotation(Position.PARTNER))
        assert isinstance(rule_2007, Rectify)
        assert (Forced(Role.PARTNER, Span.REST_OF_AUCTION),) == rule_2007.forced

    @pytest.mark.parametrize(
        ("laws", "any_bid", "called", "change"),
        [
            (LAWS_2017, False, True, True),  # 30B2: any time the offender had called
            (LAWS_2017, True, False, False),
            (LAWS_2007, False, True, False),  # 2007 30A: before any bid, not a change
            (LAWS_2007, True, True, True),  # 2007 30B3
        ],
    )
    def test_change_of_call_at_lhos_turn(
        self, laws: object, any_bid: bool, called: bool, change: bool
    ) -> None:
        """A call at LHO's turn after calling is a change of call (Law 25)."""
        assert change == laws.is_change_of_call(  # type: ignore[attr-defined]
            position=Position.LHO, any_bid=any_bid, offender_called=called
        )

    def test_acceptance_and_forfeit(self) -> None:
        """Law 29A: the LHO may accept by calling; Law 28B: the correct player's call
        forfeits the rectification."""
        offer = LAWS_2017.bid_out_of_rotation(Position.RHO, any_bid=False)
        assert (Role.LHO, "29A") == (offer.chooser, offer.law)
        assert ((Role.LHO, "accept"), (Role.TURN, "forfeit")) == offer.callers


class TestLeadRestrictions:
    def test_2017_prohibit_one_suit(self) -> None:
        """2017 Law 26B: whatever the withdrawn call, prohibit one suit."""
        rule = LAWS_2017.lead_rule(Bid(1, Strain.HEARTS), None)
        assert (LeadForm.PROHIBIT_ONE, "26B") == (rule.form, rule.law)

    def test_2007_suit_related_calls(self) -> None:
        """2007 Law 26A: a call related to specific suits lets declarer require or prohibit
        them; any other call (26B) lets him prohibit any one suit."""
        rule = LAWS_2007.lead_rule(Bid(1, Strain.HEARTS), None)
        assert (LeadForm.REQUIRE_OR_PROHIBIT, (Strain.HEARTS,)) == (rule.form, rule.suits)
        assert LeadForm.PROHIBIT_ONE is LAWS_2007.lead_rule(parse_call("X"), None).form
        assert LeadForm.PROHIBIT_ONE is LAWS_2007.lead_rule(Bid(1, Strain.NOTRUMP), None).form
        stated = LAWS_2007.lead_rule(Bid(2, Strain.CLUBS), (Strain.SPADES, Strain.HEARTS))
        assert (Strain.SPADES, Strain.HEARTS) == stated.suits  # the Director's word (29C)

    def test_neither_with_several_penalty_suits(self) -> None:
        """SPEC §1.3: 51B2(c) (neither require nor prohibit) is new in 2017."""
        assert LAWS_2017.neither_allowed(several=True)
        assert not LAWS_2007.neither_allowed(several=True)
        assert LAWS_2007.neither_allowed(several=False)


class TestExposedCards:
    @pytest.mark.parametrize(
        ("count", "honour", "led", "law", "partner_passes"),
        [
            (1, False, False, "24A", False),
            (1, True, False, "24B", True),
            (1, False, True, "24B", True),
            (2, False, False, "24C", True),
        ],
    )
    def test_law_24(
        self, count: int, honour: bool, led: bool, law: str, partner_passes: bool
    ) -> None:
        """Law 24A-C: a low card alone costs nothing more; an honour, a led card or two
        cards make partner pass at his next turn (both editions)."""
        for laws in (LAWS_2017, LAWS_2007):
            rule = laws.exposed_cards(count=count, honour=honour, led=led)
            assert law in rule.laws
            assert partner_passes == (Forced(Role.PARTNER, Span.NEXT_TURN) in rule.forced)

    @pytest.mark.parametrize(
        ("count", "honour", "deliberate", "major"),
        [
            (1, False, False, False),
            (1, True, False, True),
            (1, False, True, True),
            (2, False, False, True),
        ],
    )
    def test_law_50b(self, count: int, honour: bool, deliberate: bool, major: bool) -> None:
        """Law 50B: minor only for a single card below an honour exposed unintentionally."""
        assert major == LAWS_2017.penalty_card_is_major(
            count=count, honour=honour, deliberate=deliberate
        )


class TestChangeOfCall:
    def test_questions(self) -> None:
        """Law 25A: 2017 drops the 'pause for thought' test of 2007; with bidding boxes in
        Sweden (Law 112D) only a mechanical mis-pull counts."""
        assert "pause for thought" not in LAWS_2017.unintended_question(bidding_boxes=False)[0]
        assert "pause for thought" in LAWS_2007.unintended_question(bidding_boxes=False)[0]
        assert "bidding box" in LAWS_2007.unintended_question(bidding_boxes=True)[0]


class TestPlayPeriod:
    """Where the editions differ in the play (SPEC §1.3): 57A, 64B, 62C3, 68D, 50E."""

    def test_57a_options(self) -> None:
        """2017 Law 57A has four options (highest, lowest, require, forbid another suit);
        2007 three (no requirement of another suit)."""
        from dupbridge.core.cards import Suit

        names_2017 = [o.name for o in LAWS_2017.premature_options(Suit.CLUBS)]
        names_2007 = [o.name for o in LAWS_2007.premature_options(Suit.CLUBS)]
        assert ["highest", "lowest", "require_spades", "require_hearts", "require_diamonds",
                "prohibit_spades", "prohibit_hearts", "prohibit_diamonds"] == names_2017  # fmt: skip
        assert ["highest", "lowest", "prohibit_spades", "prohibit_hearts",
                "prohibit_diamonds"] == names_2007  # fmt: skip

    @pytest.mark.parametrize(
        ("facts", "in_2017", "in_2007"),
        [
            ({"other_side_revoked": True}, "64A2", "64B7"),
            ({"other_side_revoked": True, "other_side_established": True}, "64B7", "64B7"),
            ({"corrected_62c3": True}, "64B8", "64A2"),
            ({"kind": "dummy"}, "64B3", "64B3"),
            ({"kind": "penalty_card"}, "64B3", "64B3"),
            ({"trick": 12}, "64B6", "64B6"),
            ({"when": "after_next_call"}, "64B4", "64B4"),
            ({"when": "after_round"}, "64B5", "64B5"),
            ({"repeated": True}, "64B2", "64B2"),
        ],
    )
    def test_64b(self, facts: dict[str, object], in_2017: str, in_2007: str) -> None:
        """Law 64B: 2017 B7 needs both revokes established and adds B8 (62C3); 2007 B7 is
        both sides having revoked."""
        from dupbridge.laws.play_laws import RevokeFacts

        base: dict[str, object] = {
            "kind": "follow",
            "trick": 3,
            "won_by_offender": False,
            "os_won_revoke_trick": False,
            "os_later": 2,
        }
        revoke = RevokeFacts(**{**base, **facts})  # type: ignore[arg-type]
        assert in_2017 == LAWS_2017.revoke_adjustment(revoke).laws[0]
        assert in_2007 == LAWS_2007.revoke_adjustment(revoke).laws[0]

    @pytest.mark.parametrize(
        ("won_by", "os_won", "later", "tricks"),
        [
            (True, True, 0, 1),
            (True, True, 3, 2),
            (False, True, 0, 1),
            (False, False, 1, 1),
            (False, False, 0, 0),
        ],
    )
    def test_64a(self, won_by: bool, os_won: bool, later: int, tricks: int) -> None:
        """Law 64A1: the revoke trick and one later trick of the offending side; 64A2: one
        trick if the offending side won the revoke trick or a later one (both editions)."""
        from dupbridge.laws.play_laws import RevokeFacts

        revoke = RevokeFacts("follow", 3, won_by, os_won, later)
        assert tricks == LAWS_2017.revoke_adjustment(revoke).tricks
        assert tricks == LAWS_2007.revoke_adjustment(revoke).tricks

    def test_62c3_and_68d(self) -> None:
        """2017 adds Law 62C3 (both revokes corrected) and 68D2(b) (play continues by
        agreement); 2007 has neither."""
        assert LAWS_2017.both_sides_on_one_trick()
        assert not LAWS_2007.both_sides_on_one_trick()
        assert LAWS_2017.claim_play_continued() is not None
        assert LAWS_2007.claim_play_continued() is None

    def test_penalty_card_reviews(self) -> None:
        """The end-of-play review for a penalty card's information: 2017 50E4, 2007 50E3."""
        assert ("50E4",) == LAWS_2017.penalty_reviews()
        assert ("50E3",) == LAWS_2007.penalty_reviews()

    def test_proper_lead_citation(self) -> None:
        """2007 numbers the proper lead after a lead out of turn 53C (2017 53B)."""
        assert "53C" == LAWS_2007.ref("53B").code
        assert "53B" == LAWS_2017.ref("53B").code
