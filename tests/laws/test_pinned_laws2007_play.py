"""The 2007 edition where it differs in the play and for the board (laws/laws2007_play.py:
Laws 13, 15, 17D, 50E3, 57A, 62C3, 64B, 68D; SPEC §1.3): what mutation testing found unpinned
(issue 19).

Each ruling is stated whole and built inside the test, so that mutmut's mutant is active when
it is built (docs/performance.md, "Mutation testing").
"""

from __future__ import annotations

from dupbridge.core.calls import parse_call
from dupbridge.core.cards import Suit
from dupbridge.core.kinds import NoticeTime, RevokeKind
from dupbridge.laws import LAWS_2007
from dupbridge.laws.play_laws import RevokeFacts
from dupbridge.laws.steps import Ask, AwaitCall, CallFacts, Do, Option, Rectify, Role, Rule

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def facts(call: str, original: str = "1H") -> CallFacts:
    return CallFacts(parse_call(call), parse_call(original), True, False, False)


def revoke(**more: object) -> RevokeFacts:
    base: dict[str, object] = {
        "kind": RevokeKind.FOLLOW,
        "trick": 5,
        "won_by_offender": True,
        "os_won_revoke_trick": True,
        "os_later": 1,
    }
    return RevokeFacts(**{**base, **more})  # type: ignore[arg-type]


class TestPlay2007:
    def test_57a_options(self) -> None:
        """2007 Law 57A: the partner plays his highest or lowest card of the suit led, or
        declarer forbids another suit (2007 57A3); no suit may be required."""
        forbid = "{partner} may not play a card of the suit declarer names (2007 Law 57A3)"
        assert (
            Option(
                "highest",
                "{partner} must play his highest card of the suit led (Law 57A1)",
                Rectify(
                    ("57A1", "59"),
                    "{partner} must play his highest {suit}",
                    do=(Do.RESTRICT_HIGHEST,),
                ),
            ),
            Option(
                "lowest",
                "{partner} must play his lowest card of the suit led (Law 57A2)",
                Rectify(
                    ("57A2", "59"),
                    "{partner} must play his lowest {suit}",
                    do=(Do.RESTRICT_LOWEST,),
                ),
            ),
            *(
                Option(
                    f"prohibit_{word}",
                    forbid,
                    Rectify(
                        ("57A3", "59"),
                        "{partner} may not play a card of the suit declarer named",
                        do=(Do.RESTRICT_PROHIBIT,),
                        suit=suit,
                    ),
                )
                for suit, word in ((S, "spades"), (H, "hearts"), (C, "clubs"))
            ),
        ) == LAWS_2007.premature_options(D)
        assert ("57A3", forbid) == (LAWS_2007.forbid_law(), LAWS_2007.forbid_text())

    def test_50e3_62c3_68d(self) -> None:
        """2007: the penalty card's review is 50E3; there is no 62C3 (an established revoke
        is not corrected) and play ceases after a claim (68D)."""
        assert ("50E3",) == LAWS_2007.penalty_reviews()
        assert not LAWS_2007.both_sides_on_one_trick()
        assert LAWS_2007.claim_play_continued() is None


class TestRevokeExceptions2007:
    def test_each_exception(self) -> None:
        """2007 Law 64B: B4 after a non-offender's call on the next deal, B5 after the
        round, B3 a card faced on the table (dummy's included), B6 the twelfth trick, B7 both
        sides revoked (established or not), B2 a repeated revoke; no B8."""
        cases = [
            (
                {"when": NoticeTime.AFTER_NEXT_CALL},
                "64B4",
                "attention was first drawn after a non-offender called on the next deal (Law 64B4)",
            ),
            (
                {"when": NoticeTime.AFTER_ROUND},
                "64B5",
                "attention was first drawn after the round ended (Law 64B5)",
            ),
            (
                {"kind": RevokeKind.DUMMY},
                "64B3",
                "the revoke was a failure to play a card faced on the table or of a hand laid "
                "face up, dummy's included (2007 Law 64B3)",
            ),
            (
                {"kind": RevokeKind.PENALTY_CARD},
                "64B3",
                "the revoke was a failure to play a card faced on the table or of a hand laid "
                "face up, dummy's included (2007 Law 64B3)",
            ),
            ({"trick": 12}, "64B6", "the revoke was on the twelfth trick (Law 64B6)"),
            (
                {"other_side_revoked": True},
                "64B7",
                "both sides revoked on this board (2007 Law 64B7)",
            ),
            (
                {"repeated": True},
                "64B2",
                "a repeated revoke in the same suit by the same player (Law 64B2; 64C may apply)",
            ),
        ]
        for more, code, text in cases:
            assert (code, text) == LAWS_2007.no_transfer(revoke(**more))

    def test_no_exception(self) -> None:
        """Law 64A applies otherwise: during or after play, tricks 11 and 13, a deemed revoke
        on trick twelve (Law 67B1), and a revoke corrected under a 62C3 that 2007 lacks."""
        for more in (
            {},
            {"when": NoticeTime.AFTER_PLAY},
            {"trick": 11},
            {"trick": 13},
            {"trick": 12, "kind": RevokeKind.DEFECTIVE},
            {"corrected_62c3": True},
            {"kind": RevokeKind.RESTRICTION},
        ):
            assert LAWS_2007.no_transfer(revoke(**more)) is None


class TestIncorrectNumberOfCards2007:
    def test_surplus_card(self) -> None:
        """2007 Law 13F: a card not of the deal is removed; the board goes on."""
        expected = Rectify(
            ("13F",),
            "a card not part of the deal is removed; the auction and play go on unchanged; an "
            "adjusted score may be given if it was played to a completed trick (2007 Law 13F)",
        )
        for stage in ("after_play", "no_call", "called"):
            assert expected == LAWS_2007.incorrect_number_of_cards(stage=stage, surplus=True)

    def test_after_play(self) -> None:
        """2007 Law 13C: found after play, the result is cancelled; adjusted score; 90."""
        assert Rectify(
            ("13C", "90"),
            "found after play: the result is cancelled and an adjusted score awarded; the "
            "offender may be penalized (2007 Law 13C)",
            do=(Do.CANCEL_BOARD,),
            reviews=("13C",),
        ) == LAWS_2007.incorrect_number_of_cards(stage="after_play", surplus=False)

    def test_no_call_yet(self) -> None:
        """2007 Law 13D: no call by that hand: corrected and played (13D1), unless a card was
        seen: played if the information is harmless (13D2(a)), else an artificial adjusted
        score (13D2(b))."""
        assert Ask(
            "card_seen",
            "13D",
            "The hand with a wrong number of cards has not called. Did a player see a card of "
            "another player's hand (2007 Law 13D2)?",
            yes=Ask(
                "playable",
                "13D2",
                "Is the information unlikely to interfere with normal bidding and play (2007 "
                "Law 13D2(a)), rather than making normal play impossible (13D2(b))?",
                yes=Rectify(
                    ("13D2(a)", "13E"),
                    "the board is played and scored; the Director adjusts if the information "
                    "affected the result (2007 Law 13D2(a))",
                    reviews=("13D2(a)",),
                ),
                no=Rectify(
                    ("13D2(b)", "12C2"),
                    "normal play is impossible: the Director awards an artificial adjusted "
                    "score (2007 Law 13D2(b))",
                    do=(Do.CANCEL_BOARD,),
                    reviews=("13D2(b)",),
                ),
            ),
            no=Rectify(
                ("13D1",),
                "the Director corrects the hands; the board is played normally (13D1)",
            ),
        ) == LAWS_2007.incorrect_number_of_cards(stage="no_call", surplus=False)

    def test_after_a_call(self) -> None:
        """2007 Law 13A: played with no change of call if it can be; 13B: otherwise an
        artificial adjusted score."""
        assert Ask(
            "playable",
            "13A",
            "A player with a wrong number of cards has called. Can the deal be corrected and "
            "played normally with no change of call (2007 Law 13A)?",
            yes=Rectify(
                ("13A", "13E"),
                "the board is played with no change of call; the Director may adjust at the end "
                "(2007 Law 13A)",
                reviews=("13A",),
            ),
            no=Rectify(
                ("13B", "12C2", "90"),
                "the Director awards an artificial adjusted score and may penalize an offender "
                "(2007 Law 13B)",
                do=(Do.CANCEL_BOARD,),
                reviews=("13B",),
            ),
        ) == LAWS_2007.incorrect_number_of_cards(stage="called", surplus=False)


class TestCardsFromWrongBoard2007:
    def test_partner_called(self) -> None:
        """2007 Law 17D2: partner called over the call: artificial adjusted score."""
        expected = Rectify(
            ("17D1", "17D2", "12C2"),
            "{seat}'s call with cards from a wrong board is cancelled; {partner} has called "
            "over it, so the Director awards an artificial adjusted score (2007 Law 17D2)",
            do=(Do.CANCEL_BOARD,),
            reviews=("17D2",),
        )
        assert expected == LAWS_2007.cards_from_wrong_board(partner_called=True)
        assert expected == LAWS_2007.cards_from_wrong_board(partner_called=True, lho_called=True)

    def test_call_again(self) -> None:
        """2007 Law 17D2: the call is cancelled and the offender calls again; if his LHO had
        called over it, the new call is judged."""
        text = (
            "{seat}'s call made with cards from a wrong board is cancelled; he calls again "
            "after looking at his correct hand and the auction goes on; if his left-hand "
            "opponent had called over it, an artificial adjusted score is due should the new "
            "call differ (2007 Law 17D2)"
        )
        assert Rectify(
            ("17D1", "17D2", "16D"), text, do=(Do.CANCEL_CALLS,)
        ) == LAWS_2007.cards_from_wrong_board(partner_called=False)
        assert Rectify(
            ("17D1", "17D2", "16D"),
            text,
            do=(Do.CANCEL_CALLS,),
            then=AwaitCall(Role.OFFENDER, "17D2", Rule(LAWS_2007.call_again_on, ())),
        ) == LAWS_2007.cards_from_wrong_board(partner_called=False, lho_called=True)

    def test_the_new_call(self) -> None:
        """2007 Law 17D2 and its footnote: the same call: the LHO repeats his; a different
        one: is it much different (or psychic)? If so, artificial adjusted score."""
        stands = Rectify(
            ("17D2",),
            "{call} does not differ from the cancelled {original}: the auction goes on and "
            "{lho} must repeat the call he made over it (2007 Law 17D2)",
            do=(Do.LHO_REPEATS,),
        )
        assert stands == LAWS_2007.call_again_on(facts("1H", "1H"))
        assert Ask(
            "differs",
            "17D2",
            "Does {seat}'s new call {call} differ from his cancelled {original}: a much "
            "different meaning, or a psychic call (2007 Law 17D2, footnote)?",
            yes=Rectify(
                ("17D2", "12C2"),
                "{call} differs from the cancelled {original} and {lho} had called over it: the "
                "Director awards an artificial adjusted score (2007 Law 17D2)",
                do=(Do.CANCEL_BOARD,),
                reviews=("17D2",),
            ),
            no=stands,
        ) == LAWS_2007.call_again_on(facts("2H", "1H"))


class TestWrongBoard2007:
    def played_before(self, no: Rectify) -> Ask:
        """2007 Law 15B: a board played before by a player at this table: the second result
        is cancelled."""
        return Ask(
            "played_before",
            "15B",
            "Has any player at this table played this board before (2007 Law 15B)?",
            yes=Rectify(
                ("15B", "12C2"),
                "the second result is cancelled for both sides; artificial adjusted scores go to "
                "the contestants deprived of a valid score (2007 Law 15B)",
                do=(Do.CANCEL_BOARD,),
                reviews=("15B",),
            ),
            no=no,
        )

    def test_after_the_auction(self) -> None:
        """2007 Law 15A: none of the four had played it: the score stands."""
        expected = self.played_before(
            Rectify(
                ("15A1", "15A2"),
                "none of the four has played it: the score stands, and the Director may have "
                "the pairs play the correct board against each other later (2007 Law 15A)",
            )
        )
        calls = ((Role.OFFENDER, parse_call("1H")),)
        assert expected == LAWS_2007.wrong_board(during_auction=False, calls=calls)
        assert expected == LAWS_2007.wrong_board(during_auction=True, calls=())

    def test_during_the_auction(self) -> None:
        """2007 Law 15C: found in the auction, it starts again with the correct opponents and
        each call must be repeated, the first caller first."""
        calls = ((Role.LHO, parse_call("1H")), (Role.PARTNER, parse_call("Pass")))
        expected = self.played_before(
            Rectify(
                ("15C",),
                "the auction is cancelled; with the correct opponents seated it starts again, "
                "and each player must repeat the calls he made: if any call differs the board "
                "is cancelled (2007 Law 15C)",
                do=(Do.CANCEL_AUCTION,),
                then=AwaitCall(Role.LHO, "15C", Rule(LAWS_2007.repeat_calls_on, (calls, 0))),
            )
        )
        assert expected == LAWS_2007.wrong_board(during_auction=True, calls=calls)

    def test_each_call_repeated(self) -> None:
        """2007 Law 15C: each call repeated in turn; one that differs cancels the board; all
        repeated, the board is played normally."""
        calls = ((Role.LHO, parse_call("1H")), (Role.PARTNER, parse_call("Pass")))
        assert AwaitCall(
            Role.PARTNER, "15C", Rule(LAWS_2007.repeat_calls_on, (calls, 1))
        ) == LAWS_2007.repeat_calls_on(facts("1H"), calls, 0)
        assert Rectify(
            ("15C",), "every call was repeated: the board is played normally (Law 15C)"
        ) == LAWS_2007.repeat_calls_on(facts("Pass"), calls, 1)
        differs = Rectify(
            ("15C",),
            "{call} differs from the call made before: the board is cancelled (Law 15C)",
            do=(Do.CANCEL_BOARD,),
            reviews=("15C",),
        )
        assert differs == LAWS_2007.repeat_calls_on(facts("2H"), calls, 0)
        assert differs == LAWS_2007.repeat_calls_on(facts("1S"), calls, 1)

    def test_the_next_caller_in_order(self) -> None:
        """2007 Law 15C: the calls are repeated in the order they were made: after the first,
        the second caller, not the last."""
        calls = (
            (Role.LHO, parse_call("1H")),
            (Role.PARTNER, parse_call("Pass")),
            (Role.RHO, parse_call("2C")),
        )
        assert AwaitCall(
            Role.PARTNER, "15C", Rule(LAWS_2007.repeat_calls_on, (calls, 1))
        ) == LAWS_2007.repeat_calls_on(facts("1H"), calls, 0)
        assert AwaitCall(
            Role.RHO, "15C", Rule(LAWS_2007.repeat_calls_on, (calls, 2))
        ) == LAWS_2007.repeat_calls_on(facts("Pass"), calls, 1)
