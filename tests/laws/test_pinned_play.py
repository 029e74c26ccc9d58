"""Irregularities in the play other than revokes (Laws 43B2(a), 45F, 48-52, 57), 2017 form:
what mutation testing found unpinned (issue 19).

Each ruling is stated whole and built inside the test, so that mutmut's mutant is active when
it is built (docs/performance.md, "Mutation testing").
"""

from __future__ import annotations

from dupbridge.core.cards import Suit
from dupbridge.laws import LAWS_2007, LAWS_2017
from dupbridge.laws.steps import Ask, Do, Meaning, Offer, Option, Rectify, Role

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
WORDS = {S: "spades", H: "hearts", D: "diamonds", C: "clubs"}


def premature_options_2017(led: Suit) -> tuple[Option, ...]:
    """2017 Law 57A: the offender's partner plays his highest (57A1) or lowest (57A2) card of
    the suit led, a card of another suit declarer names (57A3), or not that suit (57A4)."""
    others = [suit for suit in (S, H, D, C) if suit is not led]
    return (
        Option(
            "highest",
            "{partner} must play his highest card of the suit led (Law 57A1)",
            Rectify(("57A1", "59"), "{partner} must play his highest {suit}", do=(Do.RESTRICT_HIGHEST,)),
        ),
        Option(
            "lowest",
            "{partner} must play his lowest card of the suit led (Law 57A2)",
            Rectify(("57A2", "59"), "{partner} must play his lowest {suit}", do=(Do.RESTRICT_LOWEST,)),
        ),
        *(
            Option(
                f"require_{WORDS[suit]}",
                "{partner} must play a card of the suit declarer names (Law 57A3)",
                Rectify(
                    ("57A3", "59"),
                    "{partner} must play a card of the suit declarer named, if he can",
                    do=(Do.RESTRICT_REQUIRE,),
                    suit=suit,
                ),
            )
            for suit in others
        ),
        *(
            Option(
                f"prohibit_{WORDS[suit]}",
                "{partner} may not play a card of the suit declarer names (Law 57A4)",
                Rectify(
                    ("57A4", "59"),
                    "{partner} may not play a card of the suit declarer named",
                    do=(Do.RESTRICT_PROHIBIT,),
                    suit=suit,
                ),
            )
            for suit in others
        ),
    )  # fmt: skip


class TestPrematurePlay:
    def test_law_57a(self) -> None:
        """Law 57A: a defender's premature card is a major penalty card (50D; review 50E4),
        and declarer chooses what the offender's partner plays to the trick."""
        expected = Rectify(
            ("57A", "50D"),
            "{card} becomes a major penalty card (Law 57A)",
            do=(Do.PENALTY_MAJOR,),
            reviews=("50E4",),
            then=Offer(
                Role.DECLARER,
                "57A",
                "{seat} played {card} before his partner {partner}: what must {partner} play to "
                "this trick (Law 57A)?",
                premature_options_2017(D),
            ),
        )
        assert expected == LAWS_2017.premature_play(led=D, declarer_played_both=False)

    def test_options_by_the_suit_led(self) -> None:
        """Law 57A3, 57A4 name the other three suits, whichever was led."""
        for led in (S, H, D, C):
            assert premature_options_2017(led) == LAWS_2017.premature_options(led)

    def test_law_57c1(self) -> None:
        """Law 57C1: declarer had played from both hands: no rectification; the card goes
        back, its information unauthorized for partner (16C)."""
        expected = Rectify(
            ("57C1", "16C"),
            "declarer had played from both hands: no rectification; {card} goes back to "
            "{seat}'s hand and information from it is unauthorized for {partner} (Law 57C1)",
        )
        assert expected == LAWS_2017.premature_play(led=S, declarer_played_both=True)

    def test_2007_has_no_other_suit_required(self) -> None:
        """2007 Law 57A: highest, lowest, or forbid another suit (its law 57A3)."""
        options = LAWS_2007.premature_options(H)
        last = options[-1]
        assert "prohibit_clubs" == last.name
        assert isinstance(last.step, Rectify)
        assert (LAWS_2007.forbid_law(), "59") == last.step.laws
        assert LAWS_2007.forbid_text() == last.explanation
        assert "57A4" == LAWS_2017.forbid_law()


class TestPlayOutOfTurn:
    def test_law_57d(self) -> None:
        """Law 57D: a defender's card played at his RHO's turn: if legal it must be played
        at his proper turn (Law 16); if not, it is a major penalty card."""
        assert Rectify(
            ("57D", "16"),
            "{card} can legally be played to this trick: it must be played at {seat}'s proper "
            "turn; Law 16 may apply (Law 57D)",
            do=(Do.COMMIT,),
        ) == LAWS_2017.play_at_rho_turn(legal=True)
        assert Rectify(
            ("57D", "50D"),
            "{card} cannot legally be played to this trick: it is a major penalty card (Law 57D)",
            do=(Do.PENALTY_MAJOR,),
        ) == LAWS_2017.play_at_rho_turn(legal=False)

    def test_law_57c3(self) -> None:
        """Law 57C3: declarer's premature play from either hand is a played card if legal;
        otherwise it goes back (declarer's cards are never penalty cards, 48A)."""
        assert Rectify(
            ("57C3",),
            "declarer's premature {card} from {hand} is a played card: it stands and is played "
            "at {hand}'s turn (Law 57C3)",
            do=(Do.COMMIT,),
        ) == LAWS_2017.premature_play_by_declarer(legal=True)
        assert Rectify(
            ("57C3", "48A"),
            "{card} could not legally be played to this trick: it goes back to {hand}'s hand; "
            "declarer's cards are never penalty cards (Law 48A)",
        ) == LAWS_2017.premature_play_by_declarer(legal=False)


class TestExposedInPlay:
    def test_declaring_side(self) -> None:
        """Law 48A: declarer's and dummy's exposed cards go back; never penalty cards."""
        assert Rectify(
            ("48A",),
            "declarer is not restricted for exposing a card and his or dummy's cards never "
            "become penalty cards: {card} goes back to {hand}'s hand (Law 48A)",
        ) == LAWS_2017.exposed_in_play(declaring_side=True)

    def test_defender(self) -> None:
        """Laws 49, 50: a defender's exposed card is a penalty card, major or minor (50B);
        its information authorized for all while on the table (50E1)."""
        assert Rectify(
            ("49", "50B", "50E1"),
            "{card} becomes a penalty card, left face up before {seat} (Laws 49, 50A, 50B); "
            "what it shows is authorized for all while it is on the table (Law 50E1)",
            do=(Do.PENALTY,),
            reviews=("50E4",),
        ) == LAWS_2017.exposed_in_play(declaring_side=False)


class TestPenaltyCardNotPlayed:
    def test_law_52(self) -> None:
        """Law 52B1: declarer may accept the card played instead of a due penalty card (the
        penalty cards remain; a revoke by 61A with no transfer, 64B3), also by playing next
        (he or dummy); 52B2: otherwise the penalty card is played and the card played becomes
        a major penalty card."""
        expected = Offer(
            Role.DECLARER,
            "52B1",
            "{seat} played {card} when he had to play a penalty card: does declarer accept "
            "{card} (Law 52B)?",
            (
                Option(
                    "accept",
                    "{card} stands; every unplayed penalty card stays a penalty card (Law 52B1)",
                    Rectify(
                        ("52B1(a)", "52B1(c)", "61A", "64B3"),
                        "declarer accepted {card}: it stands and the penalty cards remain "
                        "(Law 52B1); the failure to play the penalty card is a revoke (Law 61A), "
                        "with no trick transferred for it (Law 64B3)",
                        do=(Do.PENALTY_REVOKE, Do.PLACE),
                    ),
                ),
                Option(
                    "refuse",
                    "{seat} must play the penalty card instead; {card} becomes a major penalty "
                    "card too (Law 52B2)",
                    Rectify(
                        ("52B2", "61A"),
                        "{card} becomes a major penalty card; {seat} plays his penalty card, "
                        "which corrects the revoke (Law 61A)",
                        do=(Do.PENALTY_REVOKE_CORRECTED, Do.SUBSTITUTE_PENALTY, Do.PENALTY_MAJOR),
                    ),
                ),
            ),
            callers=((Role.DECLARER, Meaning.ACCEPT), (Role.DUMMY, Meaning.ACCEPT)),
        )
        assert expected == LAWS_2017.penalty_card_not_played()


class TestDummy:
    def test_law_45f(self) -> None:
        """Law 45F: dummy suggested a play: play goes on; adjusted score if it damaged the
        defenders."""
        assert (
            Rectify(
                ("45F",),
                "dummy indicated a card without instruction: play continues; at the end the "
                "Director awards an adjusted score if dummy suggested a play that damaged the "
                "defenders (Law 45F)",
                reviews=("45F",),
            )
            == LAWS_2017.dummy_suggested_play()
        )

    def test_law_43b2a(self) -> None:
        """Law 43B2(a): dummy who breached 43A2 warned declarer about the hand to lead from:
        either defender chooses the hand; 42B2: otherwise dummy may try to prevent an
        irregularity, no rectification."""
        expected = Ask(
            "dummy_violation",
            "43B2(a)",
            "Dummy warned declarer not to lead from the wrong hand. Had dummy breached Law "
            "43A2 first (exchanged hands, left his seat to watch, looked at a defender's hand)?",
            yes=Offer(
                Role.DEFENDER,
                "43B2(a)",
                "From which hand must declarer lead? (either defender chooses, Law 43B2(a))",
                (
                    Option(
                        "lead_from_declarer",
                        "declarer leads from his own hand",
                        Rectify(
                            ("43B2(a)",),
                            "declarer leads from his own hand",
                            do=(Do.LEAD_FROM_DECLARER,),
                        ),
                    ),
                    Option(
                        "lead_from_dummy",
                        "declarer leads from dummy",
                        Rectify(
                            ("43B2(a)",), "declarer leads from dummy", do=(Do.LEAD_FROM_DUMMY,)
                        ),
                    ),
                ),
            ),
            no=Rectify(
                ("42B2",),
                "dummy may try to prevent an irregularity (Law 42B2): no rectification",
            ),
        )
        assert expected == LAWS_2017.dummy_warned_wrong_hand()
