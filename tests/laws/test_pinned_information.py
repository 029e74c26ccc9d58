"""Laws 16B, 17D3, 21B, 24, 25 and 50B step by step (2017 form): what mutation testing found
unpinned (issue 19).

Each test states the whole ruling (the laws, the text, what happens to the calls, the forced
passes, the lead right, the reviews, what follows), built inside the test so that mutmut's
mutant is active when it is built (docs/performance.md, "Mutation testing").
"""

from __future__ import annotations

from dupbridge.core.rectify import Span
from dupbridge.laws import LAWS_2007, LAWS_2017
from dupbridge.laws.steps import (
    Ask,
    Do,
    Forced,
    Meaning,
    Offer,
    Option,
    Rectify,
    Role,
    Withdrawn,
)

UNINTENDED_QUESTION = (
    "Was {original} unintended: a mechanical error or a slip of the tongue, not a change of "
    "mind (Law 25A2), so that {call} is what {seat} meant to call?"
)


def exposed(text: str, law: str) -> Rectify:
    """Law 24B or 24C: the card(s) stay face up; partner passes at his next turn; 72C."""
    return Rectify(
        ("24", law, "16C", "72C"),
        text,
        forced=(Forced(Role.PARTNER, Span.NEXT_TURN),),
        forced_law=law,
        reviews=("72C",),
    )


HONOUR_OR_LED = (
    "an honour, or a card led early: it stays face up on the table until the auction ends and "
    "{partner} must pass at his next turn to call; the information is authorized for the other "
    "side, unauthorized for {seat}'s"
)
TWO_OR_MORE = (
    "two or more cards exposed: they stay face up on the table until the auction ends and "
    "{partner} must pass at his next turn to call; the information is authorized for the other "
    "side, unauthorized for {seat}'s"
)


class TestCardsExposedDuringTheAuction:
    def test_a_low_card_not_led(self) -> None:
        """Law 24A: a single card below an honour, not led: face up until the auction ends,
        no further rectification (it may become a penalty card, 24E)."""
        expected = Rectify(
            ("24", "24A"),
            "a single card below an honour, not led: it stays face up on the table until the "
            "auction ends, with no further rectification (Law 24A; see 24E)",
        )
        assert expected == LAWS_2017.exposed_cards(count=1, honour=False, led=False)

    def test_an_honour_or_a_led_card(self) -> None:
        """Law 24B: a single honour, or any card led early: partner passes at his next
        turn (72C)."""
        assert exposed(HONOUR_OR_LED, "24B") == LAWS_2017.exposed_cards(
            count=1, honour=True, led=False
        )
        assert exposed(HONOUR_OR_LED, "24B") == LAWS_2017.exposed_cards(
            count=1, honour=False, led=True
        )

    def test_two_or_more_cards(self) -> None:
        """Law 24C: two or more cards, honours or not: partner passes at his next turn."""
        for count in (2, 3):
            for honour in (False, True):
                assert exposed(TWO_OR_MORE, "24C") == LAWS_2017.exposed_cards(
                    count=count, honour=honour, led=False
                )


class TestPenaltyCardMajorOrMinor:
    def test_law_50b(self) -> None:
        """Law 50B: a single card below an honour exposed unintentionally is minor; two or
        more cards, an honour, or a card exposed deliberately make it major."""
        assert not LAWS_2017.penalty_card_is_major(count=1, honour=False, deliberate=False)
        assert LAWS_2017.penalty_card_is_major(count=2, honour=False, deliberate=False)
        assert LAWS_2017.penalty_card_is_major(count=1, honour=True, deliberate=False)
        assert LAWS_2017.penalty_card_is_major(count=1, honour=False, deliberate=True)


class TestChangeOfCall:
    def intended(self, accept_do: tuple[Do, ...]) -> Offer:
        """Law 25B: the LHO may accept the intended change (25B1; the first call withdrawn,
        Law 26 judged on it) or not (25B2; the change cancelled, Law 26 judged on it)."""
        return Offer(
            Role.LHO,
            "25B1",
            "The change to {call} is not allowed by Law 25A: does {lho} accept it?",
            (
                Option(
                    "accept",
                    "{original} is withdrawn and {call} stands; the auction goes on; Law 26 "
                    "may apply (Law 25B1)",
                    Rectify(
                        ("25B1", "16C"),
                        "{lho} accepted the change: {call} stands (Law 25B1)",
                        do=accept_do,
                        then=LAWS_2017.withdrawn_lead("26B", withdrawn=Withdrawn.ORIGINAL),
                    ),
                ),
                Option(
                    "refuse",
                    "the change is cancelled and {original} stands; the auction goes on; Law 26 "
                    "may apply (Law 25B2)",
                    Rectify(
                        ("25B2", "16C"),
                        "the change to {call} is cancelled; {original} stands (Law 25B2)",
                        do=(Do.KEEP_ORIGINAL,),
                        then=LAWS_2017.withdrawn_lead("26B", withdrawn=Withdrawn.CALL),
                    ),
                ),
            ),
            callers=((Role.LHO, Meaning.ACCEPT),),
        )

    def test_before_the_lho_called(self) -> None:
        """Law 25A1: an unintended call is replaced by the intended one, subject to the
        appropriate law, without Law 26; otherwise 25B."""
        expected = Ask(
            "unintended",
            "25A",
            UNINTENDED_QUESTION,
            yes=Rectify(
                ("25A1",),
                "{call} replaces the unintended {original}; it is subject to the appropriate "
                "law, without the lead restrictions of Law 26 (Law 25A1)",
                do=(Do.REPLACE,),
            ),
            no=self.intended((Do.REPLACE,)),
        )
        assert expected == LAWS_2017.change_of_call(lho_called=False, bidding_boxes=False)
        assert expected == LAWS_2017.change_of_call(lho_called=False, bidding_boxes=True)

    def test_after_the_lho_called(self) -> None:
        """Law 25A6: the LHO may withdraw the call he made over the unintended call (its
        information authorized for his side); 25B1: an accepted change withdraws his call
        too."""
        withdraw = Offer(
            Role.LHO,
            "25A6",
            "{seat}'s call was replaced: does {lho} withdraw the call he made over it?",
            (
                Option(
                    "withdraw",
                    "{lho}'s call is withdrawn and he calls again; its information is "
                    "authorized for his side, unauthorized for the opponents (Law 25A6)",
                    Rectify(
                        ("25A6",),
                        "{lho} withdrew the call he had made over {original} (Law 25A6)",
                        do=(Do.WITHDRAW_LHO,),
                    ),
                ),
                Option(
                    "keep",
                    "{lho}'s call stands (Law 25A6)",
                    Rectify(("25A6",), "{lho} keeps his call (Law 25A6)"),
                ),
            ),
        )
        expected = Ask(
            "unintended",
            "25A",
            UNINTENDED_QUESTION,
            yes=Rectify(
                ("25A1",),
                "{call} replaces the unintended {original}; it is subject to the appropriate "
                "law, without the lead restrictions of Law 26 (Law 25A1)",
                do=(Do.REPLACE,),
                then=withdraw,
            ),
            no=self.intended((Do.REPLACE, Do.WITHDRAW_LHO)),
        )
        assert expected == LAWS_2017.change_of_call(lho_called=True, bidding_boxes=False)

    def test_lead_rights_after_a_change(self) -> None:
        """Law 26 after 25B: accepted, the first call was withdrawn and the change stands
        (is the change comparable to it?); refused, the change was cancelled and the first
        call stands (is the first call comparable to the change?)."""
        accepted = LAWS_2017.changed_lead(accepted=True)
        refused = LAWS_2017.changed_lead(accepted=False)
        assert isinstance(accepted, Ask)
        assert isinstance(refused, Ask)
        assert (
            "Is {call}, which stands, comparable to {seat}'s withdrawn {original} (Law 23A)?"
            == accepted.question
        )
        assert (
            "Is {original}, which stands, comparable to {seat}'s cancelled {call} (Law 23A)?"
            == refused.question
        )
        assert isinstance(accepted.no, Rectify)
        assert isinstance(refused.no, Rectify)
        assert (("26B", "16C"), True, Withdrawn.ORIGINAL) == (
            accepted.no.laws,
            accepted.no.lead,
            accepted.no.withdrawn,
        )
        assert (("26B", "16C"), True, Withdrawn.CALL) == (
            refused.no.laws,
            refused.no.lead,
            refused.no.withdrawn,
        )

    def test_2007_asks_by_bidding_boxes(self) -> None:
        """2007 Law 25A: the question depends on whether bidding boxes are in use (the
        edition's hook is asked with the table's setting)."""
        with_boxes = LAWS_2007.change_of_call(lho_called=False, bidding_boxes=True)
        without = LAWS_2007.change_of_call(lho_called=False, bidding_boxes=False)
        assert (with_boxes.question, with_boxes.law) == LAWS_2007.unintended_question(
            bidding_boxes=True
        )
        assert (without.question, without.law) == LAWS_2007.unintended_question(bidding_boxes=False)
        assert with_boxes.question != without.question

    def test_2017_question(self) -> None:
        """2017 Law 25A: a mechanical error or a slip of the tongue, not a change of mind."""
        assert (UNINTENDED_QUESTION, "25A") == LAWS_2017.unintended_question(bidding_boxes=True)


class TestMisinformation:
    def test_too_late(self) -> None:
        """Law 21B3: too late to change the call: the Director adjusts at the end of play if
        the offending side gained."""
        expected = Rectify(
            ("21B3",),
            "it is too late to change the call; at the end of play the Director awards an "
            "adjusted score if the offending side gained (Law 21B3)",
            reviews=("21B3",),
        )
        assert expected == LAWS_2017.misinformation(can_change=False)

    def test_change_or_keep(self) -> None:
        """Law 21B1(a): a call that could well have been influenced by misinformation may be
        changed with no other rectification for that side (21B2: the offender, his LHO, may
        then change a later call; 16C); the player may keep it; either way, or if the call
        was not influenced (21A, 21B1(b)), the Director reviews at the end (21B3)."""
        expected = Ask(
            "misinformation",
            "21B1(a)",
            "Could {reporter}'s last call well have been influenced by misinformation from "
            "{seat}? (Without evidence to the contrary the Director presumes a mistaken "
            "explanation rather than a mistaken call, Law 21B1(b).)",
            yes=Offer(
                Role.REPORTER,
                "21B1(a)",
                "Does {reporter} change his call?",
                (
                    Option(
                        "change",
                        "{reporter}'s call is withdrawn and he calls again with no other "
                        "rectification for his side; {seat}, his LHO, may then change a later "
                        "call; Law 16C applies (Laws 21B1, 21B2)",
                        Rectify(
                            ("21B1(a)", "21B2", "16C"),
                            "{reporter}'s call is withdrawn; he calls again (Law 21B1)",
                            do=(Do.WITHDRAW_REPORTER,),
                            reviews=("21B3",),
                        ),
                    ),
                    Option(
                        "keep",
                        "{reporter}'s call stands",
                        Rectify(
                            ("21B1(a)",),
                            "{reporter} keeps his call; the Director reviews at the end",
                            reviews=("21B3",),
                        ),
                    ),
                ),
            ),
            no=Rectify(
                ("21A", "21B1(b)"),
                "no change of call; the Director reviews the board at the end of play",
                reviews=("21B3",),
            ),
        )
        assert expected == LAWS_2017.misinformation(can_change=True)


class TestUnauthorizedInformation:
    def test_reserved(self) -> None:
        """Law 16B2, 16B3: the right to call the Director later is reserved; at the end of
        play he adjusts if a logical alternative was passed over for the suggested action."""
        expected = Rectify(
            ("16B1", "16B2", "16B3"),
            "{reporter} reserves the right to call the Director later; at the end of play the "
            "Director adjusts the score if an action suggested by the information was chosen "
            "over a logical alternative and gained (Law 16B3)",
            reviews=("16B3",),
        )
        assert expected == LAWS_2017.unauthorized_information(reserve=True)

    def test_called_at_once(self) -> None:
        """Law 16B2: where regulations require the Director at once, he records the facts and
        judges at the end of play (16B3)."""
        expected = Rectify(
            ("16B1", "16B2", "16B3"),
            "the regulations require the Director to be called at once; he records the facts "
            "and decides at the end of play whether to adjust (Law 16B3)",
            reviews=("16B3",),
        )
        assert expected == LAWS_2017.unauthorized_information(reserve=False)


class TestRetentionOfTheRightToCall:
    def test_law_17d3(self) -> None:
        """Law 17D3 (and 34): a pass out of rotation cannot end the auction; it reverts to
        the player who missed his turn; the offender is subject to 16C."""
        expected = Rectify(
            ("17D3", "34", "16C"),
            "the auction does not end: it reverts to {turn}, who missed his turn; the passes "
            "made since are cancelled and the auction goes on normally; {seat}, who passed out "
            "of rotation, is an offender for Law 16C",
            do=(Do.REVERT,),
        )
        assert expected == LAWS_2017.retention_of_right_to_call()
