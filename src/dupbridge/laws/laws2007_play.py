"""The 2007 Laws in the play and for the board: where they differ from 2017.

Source: the Swedish 2007 text (seed 001) as summarised in SPEC §1.3 and §6.1: Law 57A has no
"require" option, 50E3 is the penalty card's review, 62C3 does not exist, play ceases after a
claim (68D), the exceptions of Law 64B are worded otherwise, Laws 13 and 15 are ordered
otherwise, and a call with cards from a wrong board is 17D.
"""

from __future__ import annotations

from dupbridge.core.calls import Call
from dupbridge.core.cards import Suit
from dupbridge.core.kinds import NoticeTime, RevokeKind
from dupbridge.i18n import N_
from dupbridge.laws.edition import LawsEdition
from dupbridge.laws.play_laws import RevokeFacts
from dupbridge.laws.steps import (
    Ask,
    AwaitCall,
    CallFacts,
    Do,
    Judge,
    Option,
    Rectify,
    Role,
    Rule,
    Step,
)

__all__ = ["Laws2007Play"]


class Laws2007Play(LawsEdition):
    """The play and board-level half of :class:`~dupbridge.laws.laws2007.Laws2007`."""

    def premature_options(self, led: Suit) -> tuple[Option, ...]:
        """2007 Law 57A: highest, lowest, or not a specified other suit (no "require")."""
        others = tuple(
            s for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS) if s is not led
        )
        base = super().premature_options(led)
        kept = [option for option in base if option.name in ("highest", "lowest")]
        return (*kept, *self._forbid_options(others))

    def forbid_law(self) -> str:
        return "57A3"

    def forbid_text(self) -> str:
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

    def tricks_disputed(self, *, after_round: bool) -> Judge:
        """2007 Law 79B2: with no claim or concession (79B1) the Director rules what score is
        recorded; called only after the round, he rules under Law 79C or Law 87 and need not
        raise either side's score. The 2007 Laws have no 79B3 (2017's test that the score is
        changed for both sides only if he is clearly convinced of the table result)."""
        if not after_round:
            return super().tricks_disputed(after_round=False)
        return Judge(
            Role.DECLARER,
            "79B",
            N_(
                "The players disagree on the tricks won and the Director was called after the "
                "round: he rules under Law 79C or Law 87 and need not raise either side's "
                "score (2007 Law 79B2). How many tricks in all does declarer's side take?"
            ),
            ("79B2",),
        )

    def no_transfer(self, facts: RevokeFacts) -> tuple[str, str] | None:
        """The 2007 exceptions of Law 64B (B3 any card faced on the table or of a hand laid
        face up; B7 both sides revoked, established or not; no B8)."""
        if facts.when == NoticeTime.AFTER_NEXT_CALL:
            return "64B4", N_(
                "attention was first drawn after a non-offender called on the next deal (Law 64B4)"
            )
        if facts.when == NoticeTime.AFTER_ROUND:
            return "64B5", N_("attention was first drawn after the round ended (Law 64B5)")
        if facts.kind in (RevokeKind.DUMMY, RevokeKind.PENALTY_CARD):
            return "64B3", N_(
                "the revoke was a failure to play a card faced on the table or of a hand laid "
                "face up, dummy's included (2007 Law 64B3)"
            )
        if facts.trick == 12 and facts.kind != RevokeKind.DEFECTIVE:
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
                do=(Do.CANCEL_BOARD,),
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
                        do=(Do.CANCEL_BOARD,),
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
                do=(Do.CANCEL_BOARD,),
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
                do=(Do.CANCEL_BOARD,),
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
            do=(Do.CANCEL_CALLS,),
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
            do=(Do.LHO_REPEATS,),
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
                do=(Do.CANCEL_BOARD,),
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
                do=(Do.CANCEL_AUCTION,),
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
                do=(Do.CANCEL_BOARD,),
                reviews=("15B",),
            ),
            no=again,
        )

    def repeat_calls_on(
        self, facts: CallFacts, calls: tuple[tuple[Role, Call], ...], index: int
    ) -> Step:
        """2007 Law 15C: after a wrong board found in the auction, each call must be the same."""
        if facts.call != calls[index][1]:
            return Rectify(
                ("15C",),
                N_("{call} differs from the call made before: the board is cancelled (Law 15C)"),
                do=(Do.CANCEL_BOARD,),
                reviews=("15C",),
            )
        if index + 1 < len(calls):
            role, call = calls[index + 1]
            del call
            return AwaitCall(role, "15C", Rule(self.repeat_calls_on, (calls, index + 1)))
        return Rectify(
            ("15C",), N_("every call was repeated: the board is played normally (Law 15C)")
        )
