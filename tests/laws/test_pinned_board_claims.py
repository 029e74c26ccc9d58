"""The board as a whole (Laws 13-15) and claims (68-71, 79), 2017 form: what mutation testing
found unpinned (issue 19).

Each ruling is stated whole and built inside the test, so that mutmut's mutant is active when
it is built (docs/performance.md, "Mutation testing").
"""

from __future__ import annotations

from dupbridge.core.calls import parse_call
from dupbridge.laws import LAWS_2007, LAWS_2017
from dupbridge.laws.steps import Ask, Do, Judge, Rectify, Role


class TestIncorrectNumberOfCards:
    def test_surplus_card(self) -> None:
        """Law 13C: a card not of the deal is removed; no rectification (an adjusted score
        only if it was played to a quitted trick), at any stage."""
        expected = Rectify(
            ("13C",),
            "a surplus card not part of the deal is removed; the auction and play go on with "
            "no rectification (an adjusted score only if it was played to a quitted trick) "
            "(Law 13C)",
        )
        for stage in ("after_play", "no_call", "called"):
            assert expected == LAWS_2017.incorrect_number_of_cards(stage=stage, surplus=True)

    def test_after_play(self) -> None:
        """Law 13D: found after play, the result is cancelled and an adjusted score awarded;
        a procedural penalty (90)."""
        assert Rectify(
            ("13D", "12C1(b)", "90"),
            "found after play: the result is cancelled and the Director awards an adjusted "
            "score; the offender is liable to a procedural penalty (Law 13D)",
            do=(Do.CANCEL_BOARD,),
            reviews=("13D",),
        ) == LAWS_2017.incorrect_number_of_cards(stage="after_play", surplus=False)

    def test_before_any_call_by_that_hand(self) -> None:
        """Law 13A: the hands are corrected and the board played (13A1); if a card of another
        hand was seen, the Director adjusts if the information affected the result (13A2)."""
        assert Ask(
            "card_seen",
            "13A",
            "No player with a wrong number of cards has called. Did a player see a card of "
            "another player's hand (Law 13A2)?",
            yes=Rectify(
                ("13A2", "12C1(b)", "14C"),
                "the Director corrects the hands; the board is played and scored, and he "
                "adjusts if the extraneous information affected the result (Law 13A2)",
                reviews=("13A2",),
            ),
            no=Rectify(
                ("13A1",),
                "the Director corrects the hands and the board is played normally (13A1)",
            ),
        ) == LAWS_2017.incorrect_number_of_cards(stage="no_call", surplus=False)

    def test_after_a_call(self) -> None:
        """Law 13B1: corrected and played with no change of call if the Director deems it
        can be; 13B2: otherwise an adjusted score (90)."""
        assert Ask(
            "playable",
            "13B",
            "A player with a wrong number of cards has called. Can the deal be corrected and "
            "played with no change of call (Law 13B1)?",
            yes=Rectify(
                ("13B1", "14C"),
                "the deal is corrected and played with no change of call; the Director may "
                "adjust at the end (Law 13B1)",
                reviews=("13B1",),
            ),
            no=Rectify(
                ("13B2", "12C1(b)", "90"),
                "the board cannot be played normally: the Director awards an adjusted score "
                "and may penalize an offender (Law 13B2)",
                do=(Do.CANCEL_BOARD,),
                reviews=("13B2",),
            ),
        ) == LAWS_2017.incorrect_number_of_cards(stage="called", surplus=False)


class TestMissingCard:
    def test_before_the_opening_lead(self) -> None:
        """Law 14A: the card is restored and deemed held throughout; 14C."""
        expected = Rectify(
            ("14A", "14C"),
            "before the opening lead was faced: the card is restored (or the deal "
            "reconstructed), the auction and play go on with no change of call, and {seat}'s "
            "hand is deemed to have held it throughout (Law 14A); knowledge of the replacement "
            "is unauthorized for {partner} (14C)",
        )
        assert expected == LAWS_2017.missing_card(faced=False, found="played")
        assert expected == LAWS_2017.missing_card(faced=False, found="elsewhere")

    def test_found_among_the_played_cards(self) -> None:
        """Law 14B1: found among the played cards, Law 67 applies."""
        assert Rectify(
            ("14B1", "67"),
            "the card is found among the played cards: Law 67 applies (Law 14B1)",
        ) == LAWS_2017.missing_card(faced=True, found="played")

    def test_found_elsewhere(self) -> None:
        """Law 14B2-B4: restored and deemed held throughout: it may become a penalty card,
        and not playing it may be a revoke; 14C."""
        assert Rectify(
            ("14B2", "14B3", "14B4", "14C"),
            "the card is restored to {seat}'s hand (or the deal reconstructed); it is deemed "
            "to have been there throughout: it may become a penalty card, and a failure to have "
            "played it may be a revoke (Law 14B4); knowledge of the replacement is unauthorized "
            "for {partner} (14C)",
        ) == LAWS_2017.missing_card(faced=True, found="elsewhere")


class TestWrongBoard:
    def test_cards_from_a_wrong_board(self) -> None:
        """Law 15A2(a): partner called since: adjusted score; 15A2(b), (c): otherwise the
        calls are cancelled and the offender calls again with his own hand (16C)."""
        partner = Rectify(
            ("15A1", "15A2(a)", "12C1(b)"),
            "{seat}'s call with cards from a wrong board is cancelled with every later call; "
            "{partner} has called since, so the Director awards an adjusted score (Law 15A2(a))",
            do=(Do.CANCEL_BOARD,),
            reviews=("15A2(a)",),
        )
        again = Rectify(
            ("15A1", "15A2(b)", "15A2(c)", "16C"),
            "{seat}'s call made with cards from a wrong board is cancelled with every later "
            "call; he looks at his correct hand and calls again, and the auction goes on; "
            "information from the cancelled calls is unauthorized for his side (Law 15A2)",
            do=(Do.CANCEL_CALLS,),
        )
        for lho_called in (False, True):
            assert partner == LAWS_2017.cards_from_wrong_board(
                partner_called=True, lho_called=lho_called
            )
            assert again == LAWS_2017.cards_from_wrong_board(
                partner_called=False, lho_called=lho_called
            )

    def test_a_board_not_for_this_round(self) -> None:
        """Law 15B1: played before by a player at the table: cancelled, artificial adjusted
        scores (15B3); 15B2: otherwise the score stands."""
        expected = Ask(
            "played_before",
            "15B",
            "Has any player at this table played this board before (Law 15B1)?",
            yes=Rectify(
                ("15B1", "15B3", "12C2(a)"),
                "the board is cancelled for both sides; the Director awards an artificial "
                "adjusted score to any contestant deprived of a valid score (Laws 15B1, 15B3)",
                do=(Do.CANCEL_BOARD,),
                reviews=("15B3",),
            ),
            no=Rectify(
                ("15B2", "15B3"),
                "none of the four has played it: the auction and play are completed and the "
                "score stands; the Director may have the correct board played later, with "
                "artificial scores to any contestant deprived of a result (Laws 15B2, 15B3)",
            ),
        )
        calls = ((Role.OFFENDER, parse_call("1H")),)
        assert expected == LAWS_2017.wrong_board(during_auction=True, calls=calls)
        assert expected == LAWS_2017.wrong_board(during_auction=False, calls=())


class TestClaims:
    def test_contested_claim(self) -> None:
        """Law 70: the Director adjudicates a disputed claim, doubtful points against the
        claimer."""
        assert (
            Judge(
                Role.OFFENDER,
                "70",
                "{seat}'s claim is disputed. How many tricks in all does {seat}'s side take? The "
                "Director rules as equitably as possible, doubtful points against the claimer "
                "(70A); a trick to an outstanding trump the claimer did not mention (70C); no "
                "unstated successful line where a normal line would do worse (70D1), none "
                "depending on which opponent holds a card (70E1)",
                ("70A", "70B", "70C", "70D", "70E"),
                how="claim ruling",
            )
            == LAWS_2017.contested_claim()
        )

    def test_play_continued(self) -> None:
        """Law 68D2(b): all four agree to play on: the claim is void and the score stands."""
        assert (
            Rectify(
                ("68D2(b)",),
                "all four agree: play continues, the claim is void and not adjudicated, Laws 16 "
                "and 50 do not apply to it, and the score obtained stands (Law 68D2(b))",
                do=(Do.REOPEN,),
            )
            == LAWS_2017.claim_play_continued()
        )

    def test_concession_objected(self) -> None:
        """Law 68B2: a defender's concession his partner objects to at once: no concession,
        exposed cards no penalty cards, their information unauthorized for partner."""
        assert (
            Rectify(
                ("68B2", "16C"),
                "{partner} objected at once: there is no concession and play continues; cards "
                "{seat} exposed are not penalty cards, but their information is unauthorized for "
                "{partner} (Law 68B2)",
                do=(Do.REOPEN,),
            )
            == LAWS_2017.concession_objected()
        )

    def test_agreement_withdrawn(self) -> None:
        """Law 69B: an agreement to lose tricks withdrawn in the Correction Period."""
        assert (
            Judge(
                Role.OFFENDER,
                "69B",
                "{seat}'s side agreed to lose tricks. Within the Correction Period the agreement "
                "may be withdrawn for a trick it had in fact won (69B1) or would likely have won "
                "had play continued (69B2). How many tricks in all does {seat}'s side get?",
                ("69B",),
            )
            == LAWS_2017.agreement_withdrawn()
        )

    def test_concession_cancelled(self) -> None:
        """Law 71: a concession of a trick won, or that could not be lost by normal play,
        is cancelled."""
        assert (
            Judge(
                Role.OFFENDER,
                "71",
                "{seat}'s side conceded tricks. The Director cancels the concession of a trick the "
                "side had in fact won (71A) or could not lose by any normal play, careless or "
                "inferior play included (71B). How many tricks in all does {seat}'s side get?",
                ("71",),
            )
            == LAWS_2017.concession_cancelled()
        )

    def test_tricks_disputed(self) -> None:
        """Law 79B2: the Director rules the score recorded; 79B3: called after the round,
        he changes it for both sides only if clearly convinced."""
        assert Judge(
            Role.DECLARER,
            "79B",
            "The players disagree on the tricks won (Law 79B). With no claim or concession the "
            "Director rules what score is recorded: how many tricks in all does declarer's "
            "side take?",
            ("79B2",),
        ) == LAWS_2017.tricks_disputed(after_round=False)
        assert Judge(
            Role.DECLARER,
            "79B",
            "The players disagree on the tricks won and the Director was called after the "
            "round: he changes the score for both sides only if clearly convinced of the table "
            "result, else lets the recorded score stand or lowers one side's score (Law 79B3). "
            "How many tricks in all does declarer's side take?",
            ("79B3",),
        ) == LAWS_2017.tricks_disputed(after_round=True)

    def test_tricks_disputed_2007(self) -> None:
        """2007 Law 79B2: no 79B3 in 2007; called after the round the Director rules under
        79C or Law 87, no side's score need increase. Before the round ends, as in 2017."""
        assert Judge(
            Role.DECLARER,
            "79B",
            "The players disagree on the tricks won and the Director was called after the "
            "round: he rules under Law 79C or Law 87 and need not raise either side's score "
            "(2007 Law 79B2). How many tricks in all does declarer's side take?",
            ("79B2",),
        ) == LAWS_2007.tricks_disputed(after_round=True)
        assert LAWS_2017.tricks_disputed(after_round=False) == LAWS_2007.tricks_disputed(
            after_round=False
        )

    def test_tricks_disputed_after_claim(self) -> None:
        """Law 79B1: after a claim or concession the Director applies 69B (the side that
        agreed) or 71 (the side that conceded), citing 79B1 with it, in both editions."""
        for laws in (LAWS_2017, LAWS_2007):
            agreed = laws.tricks_disputed_after_claim(conceded=False)
            assert agreed == Judge(
                Role.OFFENDER,
                "69B",
                laws.agreement_withdrawn().question,
                ("79B1", "69B"),
            )
            conceded = laws.tricks_disputed_after_claim(conceded=True)
            assert conceded == Judge(
                Role.OFFENDER,
                "71",
                laws.concession_cancelled().question,
                ("79B1", "71"),
            )
