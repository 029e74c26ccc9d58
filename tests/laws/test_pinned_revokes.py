"""Revokes (Laws 43B, 61-64) and the defective trick (67), 2017 form: what mutation testing
found unpinned (issue 19).

Each ruling and each trick adjustment is stated whole and built inside the test, so that
mutmut's mutant is active when it is built (docs/performance.md, "Mutation testing").
"""

from __future__ import annotations

from dupbridge.core.kinds import NoticeTime, RevokeKind
from dupbridge.laws import LAWS_2017
from dupbridge.laws.revokes import Adjustment, RevokeFacts
from dupbridge.laws.steps import Ask, Do, Rectify

CORRECTED = (
    "the revoke must be corrected: {seat} takes back {card} and plays a legal card; the "
    "non-offending side may withdraw cards played after it, then the next offender may "
    "(Laws 62A-62C)"
)
A1 = (
    "the offender won the revoke trick: it goes to the non-offending side, with one later "
    "trick of the offending side if it won one (Law 64A1)"
)
A2 = (
    "the offender did not win the revoke trick and his side won it or a later trick: one trick "
    "goes to the non-offending side (Law 64A2)"
)
B1 = "the offending side won neither the revoke trick nor any later one (Law 64B1)"


def revoke(
    *,
    kind: RevokeKind = RevokeKind.FOLLOW,
    trick: int = 5,
    won_by: bool | None = False,
    os_won: bool | None = False,
    later: int = 0,
    **more: object,
) -> RevokeFacts:
    return RevokeFacts(kind, trick, won_by, os_won, later, **more)  # type: ignore[arg-type]


def established() -> Rectify:
    """Law 63B: an established revoke stands; Law 64 at the end of play (64C review)."""
    return Rectify(
        ("63A", "63B", "64A", "64C"),
        "the revoke is established: the trick stands as played, and at the end of play tricks "
        "are transferred by Law 64A unless 64B applies; the Director checks that the "
        "non-offending side is compensated (Law 64C)",
        reviews=("64C",),
    )


class TestRevokeNoticed:
    def test_corrected(self) -> None:
        """Law 62A-C: a revoke noticed before it is established must be corrected."""
        expected = Rectify(("62A", "62B", "62C", "16C"), CORRECTED, do=(Do.CORRECT,))
        assert expected == LAWS_2017.revoke_noticed(correctable=True, other_too=False)

    def test_both_sides_on_one_trick(self) -> None:
        """2017 Law 62C3: both sides revoked on one trick: both revokes are corrected."""
        expected = Rectify(
            ("62C3", "62A", "62B", "62C", "16C"),
            CORRECTED,
            do=(Do.CORRECT, Do.CORRECT_OTHER),
        )
        assert expected == LAWS_2017.revoke_noticed(correctable=True, other_too=True)
        assert LAWS_2017.both_sides_on_one_trick()

    def test_established(self) -> None:
        """Law 63: once established the revoke stands, whatever the other side did."""
        assert established() == LAWS_2017.revoke_noticed(correctable=False, other_too=False)
        assert established() == LAWS_2017.revoke_noticed(correctable=False, other_too=True)

    def test_trick_twelve(self) -> None:
        """Law 62D1: a revoke on trick twelve is corrected even though established."""
        assert "62D1" == LAWS_2017.trick_twelve()


class TestDummyAndTheRevoke:
    def test_dummy_asks_declarer(self) -> None:
        """Law 43B2(b): dummy who breached 43A2 asks declarer about a revoke: declarer
        corrects it and Law 64 applies as if established; otherwise 61B, 62 or 63."""
        for correctable in (True, False):
            expected = Ask(
                "dummy_violation",
                "43B2(b)",
                "Had dummy ({dummy}) breached Law 43A2 (exchanged hands, left his seat to watch "
                "declarer, looked at a defender's hand) before asking about the revoke?",
                yes=Rectify(
                    ("43B2(b)", "62B", "64A"),
                    "declarer must replace {card} by a legal card, and Law 64 applies as if the "
                    "revoke were established (Law 43B2(b))",
                    do=(Do.CORRECT, Do.AS_ESTABLISHED),
                    reviews=("64C",),
                ),
                no=LAWS_2017.revoke_noticed(correctable=correctable, other_too=False),
            )
            assert expected == LAWS_2017.dummy_asks_declarer(correctable=correctable)
        corrected = LAWS_2017.dummy_asks_declarer(correctable=True).no
        assert isinstance(corrected, Rectify)
        assert (Do.CORRECT,) == corrected.do

    def test_dummy_draws_attention(self) -> None:
        """Law 43A1(b): dummy may not draw attention to an irregularity during play (90);
        the revoke is then ruled as usual. Law 43B3: if he had breached 43A2, only the
        defenders' score is adjusted if they gained."""
        then = established()
        expected = Ask(
            "dummy_violation",
            "43B3",
            "Dummy ({dummy}) drew attention to {seat}'s revoke during play. Had he breached "
            "Law 43A2 first?",
            yes=Rectify(
                ("43B3",),
                "no immediate rectification: play continues as if there had been no "
                "irregularity; at the end the Director adjusts only the defenders' score if "
                "they gained (Law 43B3)",
                reviews=("43B3",),
            ),
            no=Rectify(
                ("43A1(b)", "90"),
                "dummy may not draw attention to an irregularity during play (Law 43A1(b); a "
                "procedural penalty may follow, Law 90); the revoke is ruled as usual",
                then=then,
            ),
        )
        assert expected == LAWS_2017.dummy_draws_attention(then=then)


class TestTrickAdjustment:
    def test_64a1(self) -> None:
        """Law 64A1: the offending player won the revoke trick: it is transferred, with one
        later trick of the offending side if it won any (one only)."""
        assert Adjustment(1, ("64A1",), A1) == LAWS_2017.revoke_adjustment(
            revoke(won_by=True, os_won=True, later=0)
        )
        assert Adjustment(2, ("64A1",), A1) == LAWS_2017.revoke_adjustment(
            revoke(won_by=True, os_won=True, later=1)
        )
        assert Adjustment(2, ("64A1",), A1) == LAWS_2017.revoke_adjustment(
            revoke(won_by=True, os_won=True, later=4)
        )

    def test_64a2(self) -> None:
        """Law 64A2: the offending player did not win the revoke trick (partner did, or a
        trick won in dummy): one trick if his side won it or any later trick. (The laws
        cite 64A2 once, as the rule and the transfer.)"""
        assert Adjustment(1, ("64A2",), A2) == LAWS_2017.revoke_adjustment(
            revoke(won_by=False, os_won=True, later=0)
        )
        assert Adjustment(1, ("64A2",), A2) == LAWS_2017.revoke_adjustment(
            revoke(won_by=False, os_won=False, later=1)
        )
        assert Adjustment(1, ("64A2",), A2) == LAWS_2017.revoke_adjustment(
            revoke(won_by=None, os_won=None, later=3)
        )

    def test_64b1(self) -> None:
        """Law 64B1: the offending side won neither the revoke trick nor a later one."""
        assert Adjustment(0, ("64B1",), B1) == LAWS_2017.revoke_adjustment(
            revoke(won_by=False, os_won=False, later=0)
        )
        assert Adjustment(0, ("64B1",), B1) == LAWS_2017.revoke_adjustment(
            revoke(won_by=None, os_won=None, later=0)
        )

    def test_deemed_revoke_on_a_defective_trick(self) -> None:
        """Law 67B1: a deemed revoke costs one trick by 64A2 (never two), if the offending
        side won the trick or a later one; even on trick twelve (64B6 is about revokes in
        play)."""
        defective = RevokeKind.DEFECTIVE
        assert Adjustment(1, ("67B1", "64A2"), A2) == LAWS_2017.revoke_adjustment(
            revoke(kind=defective, won_by=True, os_won=True, later=3)
        )
        assert Adjustment(1, ("67B1", "64A2"), A2) == LAWS_2017.revoke_adjustment(
            revoke(kind=defective, trick=12, won_by=False, os_won=False, later=1)
        )
        assert Adjustment(0, ("64B1",), B1) == LAWS_2017.revoke_adjustment(
            revoke(kind=defective, won_by=False, os_won=False, later=0)
        )


class TestNoTransfer:
    def exception(self, code: str, text: str, facts: RevokeFacts) -> None:
        assert (code, text) == LAWS_2017.no_transfer(facts)
        assert Adjustment(0, (code, "64C"), text) == LAWS_2017.revoke_adjustment(facts)

    def test_64b4_and_64b5(self) -> None:
        """Law 64B4: attention first drawn after a non-offender called on the next deal;
        64B5: after the round ended. Drawn during or just after play, 64A applies."""
        self.exception(
            "64B4",
            "attention was first drawn after a non-offender called on the next deal (Law 64B4)",
            revoke(won_by=True, os_won=True, when=NoticeTime.AFTER_NEXT_CALL),
        )
        self.exception(
            "64B5",
            "attention was first drawn after the round ended (Law 64B5)",
            revoke(won_by=True, os_won=True, when=NoticeTime.AFTER_ROUND),
        )
        for when in (NoticeTime.PLAY, NoticeTime.AFTER_PLAY):
            assert LAWS_2017.no_transfer(revoke(won_by=True, os_won=True, when=when)) is None

    def test_64b8(self) -> None:
        """Law 64B8 (2017): a revoke corrected under Law 62C3."""
        self.exception(
            "64B8",
            "the revoke was corrected under Law 62C3 (Law 64B8)",
            revoke(won_by=True, os_won=True, corrected_62c3=True),
        )

    def test_64b3(self) -> None:
        """Law 64B3: failing to play a penalty card, or a card of dummy."""
        text = "the revoke was a failure to play a penalty card or a card of dummy (Law 64B3)"
        self.exception("64B3", text, revoke(kind=RevokeKind.DUMMY, won_by=True, os_won=True))
        self.exception("64B3", text, revoke(kind=RevokeKind.PENALTY_CARD, won_by=True, os_won=True))
        assert LAWS_2017.no_transfer(revoke(kind=RevokeKind.RESTRICTION)) is None

    def test_64b6(self) -> None:
        """Law 64B6: a revoke on the twelfth trick (not on the eleventh or thirteenth)."""
        self.exception(
            "64B6",
            "the revoke was on the twelfth trick (Law 64B6)",
            revoke(trick=12, won_by=True, os_won=True, later=1),
        )
        assert LAWS_2017.no_transfer(revoke(trick=11, won_by=True, os_won=True)) is None
        assert LAWS_2017.no_transfer(revoke(trick=13, won_by=True, os_won=True)) is None
        assert LAWS_2017.no_transfer(revoke(kind=RevokeKind.DEFECTIVE, trick=12)) is None

    def test_64b7(self) -> None:
        """Law 64B7 (2017): both sides revoked and both revokes are established; a revoke of
        the other side that was corrected is no exception."""
        self.exception(
            "64B7",
            "both sides revoked on this board and both revokes are established (Law 64B7)",
            revoke(won_by=True, other_side_revoked=True, other_side_established=True),
        )
        assert LAWS_2017.no_transfer(revoke(won_by=True, other_side_revoked=True)) is None

    def test_64b2(self) -> None:
        """Law 64B2: a later revoke in the same suit by the same player, the first having
        been established (64C2(a) for the damage)."""
        self.exception(
            "64B2",
            "a later revoke in the same suit by the same player after his first was "
            "established (Law 64B2; the Director adjusts if the later revokes cost the "
            "non-offending side tricks, 64C2(a))",
            revoke(won_by=True, os_won=True, repeated=True),
        )


class TestDefectiveTrick:
    def test_67a1_omission_put_right(self) -> None:
        """Law 67A1: an omission noticed before a player of each side played to the next
        trick is put right at once; it is no revoke."""
        expected = Rectify(
            ("67A", "67A1"),
            "attention was drawn before a player of each side played to the next trick: {seat} "
            "puts trick {trick} right by supplying a card he can legally play; this is not a "
            "revoke and Law 64 does not apply (Law 67A1)",
        )
        assert expected == LAWS_2017.defective_trick(cards="missing", both_sides_played_on=False)

    def test_67a2_surplus_card(self) -> None:
        """Law 67A2: an extra card noticed in time is ruled by Laws 45E and 58B."""
        expected = Rectify(
            ("67A", "67A2", "45E", "58B"),
            "attention was drawn before a player of each side played to the next trick: "
            "{seat}'s extra card is dealt with as a fifth card played to a trick or as "
            "simultaneous cards (Laws 67A2, 45E, 58B)",
        )
        assert expected == LAWS_2017.defective_trick(cards="surplus", both_sides_played_on=False)

    def test_67b1_deemed_revoke(self) -> None:
        """Law 67B1: an omission noticed later: a card is added to his played cards, the
        trick's ownership unchanged, and he is deemed to have revoked (one trick, 64A2)."""
        expected = Rectify(
            ("67B1", "64A2"),
            "{seat} had omitted to play to trick {trick}: he places a card of the suit led (any "
            "card without one) among his played cards, without changing who won the trick; he "
            "is deemed to have revoked and loses one trick by Law 64A2 (67B1)",
            do=(Do.DEEMED_REVOKE,),
        )
        assert expected == LAWS_2017.defective_trick(cards="missing")
        assert expected == LAWS_2017.defective_trick(cards="missing", both_sides_played_on=True)

    def test_67b2_surplus_cards_restored(self) -> None:
        """Law 67B2: extra cards noticed later go back to the hand; the trick's ownership is
        unchanged."""
        expected = Rectify(
            ("67B2",),
            "the Director restores {seat}'s extra cards to his hand, leaving the card faced to "
            "trick {trick}; ownership of the trick does not change; a restored card may show an "
            "earlier revoke, and an exposed one of a defender is a penalty card (Law 67B2)",
        )
        assert expected == LAWS_2017.defective_trick(cards="surplus")
