"""Irregularities in the play other than revokes (Laws 43B2(a), 45F, 48-52, 57), 2017 form."""

from __future__ import annotations

from dupbridge.core.cards import Suit
from dupbridge.core.rectify import Span
from dupbridge.i18n import N_
from dupbridge.laws.base import EditionBase, suit_word
from dupbridge.laws.steps import (
    Ask,
    Do,
    Meaning,
    Offer,
    Option,
    Rectify,
    Role,
    Step,
)

__all__ = ["PlayIrregularityLaws"]

_NEXT = Span.NEXT_TURN
_REST = Span.REST_OF_AUCTION


class PlayIrregularityLaws(EditionBase):
    """Laws 43B2(a), 45F, 48-52 and 57."""

    def premature_play(self, *, led: Suit, declarer_played_both: bool) -> Step:
        """Law 57A: a defender plays ahead of his partner, to this trick out of turn or by
        leading to the next one while partner has yet to play."""
        if declarer_played_both:
            return Rectify(
                ("57C1", "16C"),
                N_(
                    "declarer had played from both hands: no rectification; {card} goes back "
                    "to {seat}'s hand and information from it is unauthorized for {partner} "
                    "(Law 57C1)"
                ),
            )
        return Rectify(
            ("57A", "50D"),
            N_("{card} becomes a major penalty card (Law 57A)"),
            do=(Do.PENALTY_MAJOR,),
            reviews=self.penalty_reviews(),
            then=Offer(
                Role.DECLARER,
                "57A",
                N_(
                    "{seat} played {card} before his partner {partner}: what must {partner} "
                    "play to this trick (Law 57A)?"
                ),
                self.premature_options(led),
            ),
        )

    def premature_options(self, led: Suit) -> tuple[Option, ...]:
        """2017 Law 57A: highest, lowest, a card of another suit, or not that suit."""
        others = tuple(
            s for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS) if s is not led
        )
        options = [
            Option(
                "highest",
                N_("{partner} must play his highest card of the suit led (Law 57A1)"),
                Rectify(
                    ("57A1", "59"),
                    N_("{partner} must play his highest {suit}"),
                    do=(Do.RESTRICT_HIGHEST,),
                ),
            ),
            Option(
                "lowest",
                N_("{partner} must play his lowest card of the suit led (Law 57A2)"),
                Rectify(
                    ("57A2", "59"),
                    N_("{partner} must play his lowest {suit}"),
                    do=(Do.RESTRICT_LOWEST,),
                ),
            ),
        ]
        options.extend(
            Option(
                f"require_{suit_word(suit)}",
                N_("{partner} must play a card of the suit declarer names (Law 57A3)"),
                Rectify(
                    ("57A3", "59"),
                    N_("{partner} must play a card of the suit declarer named, if he can"),
                    do=(Do.RESTRICT_REQUIRE,),
                    suit=suit,
                ),
            )
            for suit in others
        )
        options.extend(self._forbid_options(others))
        return tuple(options)

    def _forbid_options(self, others: tuple[Suit, ...]) -> list[Option]:
        law = self.forbid_law()
        return [
            Option(
                f"prohibit_{suit_word(suit)}",
                self.forbid_text(),
                Rectify(
                    (law, "59"),
                    N_("{partner} may not play a card of the suit declarer named"),
                    do=(Do.RESTRICT_PROHIBIT,),
                    suit=suit,
                ),
            )
            for suit in others
        ]

    def forbid_law(self) -> str:
        return "57A4"

    def forbid_text(self) -> str:
        return N_("{partner} may not play a card of the suit declarer names (Law 57A4)")

    def play_at_rho_turn(self, *, legal: bool) -> Rectify:
        """Law 57D: a defender plays (not leads) at his right-hand opponent's turn."""
        if legal:
            return Rectify(
                ("57D", "16"),
                N_(
                    "{card} can legally be played to this trick: it must be played at {seat}'s "
                    "proper turn; Law 16 may apply (Law 57D)"
                ),
                do=(Do.COMMIT,),
            )
        return Rectify(
            ("57D", "50D"),
            N_(
                "{card} cannot legally be played to this trick: it is a major penalty card "
                "(Law 57D)"
            ),
            do=(Do.PENALTY_MAJOR,),
        )

    def premature_play_by_declarer(self, *, legal: bool) -> Rectify:
        """Law 57C3: a premature play (not a lead) by declarer from either hand."""
        if legal:
            return Rectify(
                ("57C3",),
                N_(
                    "declarer's premature {card} from {hand} is a played card: it stands and is "
                    "played at {hand}'s turn (Law 57C3)"
                ),
                do=(Do.COMMIT,),
            )
        return Rectify(
            ("57C3", "48A"),
            N_(
                "{card} could not legally be played to this trick: it goes back to {hand}'s "
                "hand; declarer's cards are never penalty cards (Law 48A)"
            ),
        )

    # --- Laws 48-52: exposed cards and penalty cards ----------------------------------------

    def exposed_in_play(self, *, declaring_side: bool) -> Rectify:
        """Laws 48, 49: cards exposed during the play (a fifth card, two cards at once, a card
        dropped or named: 45E, 58B)."""
        if declaring_side:
            return Rectify(
                ("48A",),
                N_(
                    "declarer is not restricted for exposing a card and his or dummy's cards "
                    "never become penalty cards: {card} goes back to {hand}'s hand (Law 48A)"
                ),
            )
        return Rectify(
            ("49", "50B", "50E1"),
            N_(
                "{card} becomes a penalty card, left face up before {seat} (Laws 49, 50A, 50B); "
                "what it shows is authorized for all while it is on the table (Law 50E1)"
            ),
            do=(Do.PENALTY,),
            reviews=self.penalty_reviews(),
        )

    def penalty_card_not_played(self) -> Offer:
        """Law 52: a defender led or played another card when a penalty card was due."""
        return Offer(
            Role.DECLARER,
            "52B1",
            N_(
                "{seat} played {card} when he had to play a penalty card: does declarer accept "
                "{card} (Law 52B)?"
            ),
            (
                Option(
                    "accept",
                    N_(
                        "{card} stands; every unplayed penalty card stays a penalty card (Law 52B1)"
                    ),
                    Rectify(
                        ("52B1(a)", "52B1(c)", "61A", "64B3"),
                        N_(
                            "declarer accepted {card}: it stands and the penalty cards remain "
                            "(Law 52B1); the failure to play the penalty card is a revoke "
                            "(Law 61A), with no trick transferred for it (Law 64B3)"
                        ),
                        do=(Do.PENALTY_REVOKE, Do.PLACE),
                    ),
                ),
                Option(
                    "refuse",
                    N_(
                        "{seat} must play the penalty card instead; {card} becomes a major "
                        "penalty card too (Law 52B2)"
                    ),
                    Rectify(
                        ("52B2", "61A"),
                        N_(
                            "{card} becomes a major penalty card; {seat} plays his penalty card, "
                            "which corrects the revoke (Law 61A)"
                        ),
                        do=(Do.PENALTY_REVOKE_CORRECTED, Do.SUBSTITUTE_PENALTY, Do.PENALTY_MAJOR),
                    ),
                ),
            ),
            callers=((Role.DECLARER, Meaning.ACCEPT), (Role.DUMMY, Meaning.ACCEPT)),
        )

    def dummy_suggested_play(self) -> Rectify:
        """Law 45F: dummy touched or indicated a card without declarer's instruction."""
        return Rectify(
            ("45F",),
            N_(
                "dummy indicated a card without instruction: play continues; at the end the "
                "Director awards an adjusted score if dummy suggested a play that damaged the "
                "defenders (Law 45F)"
            ),
            reviews=("45F",),
        )

    def dummy_warned_wrong_hand(self) -> Ask:
        """Law 43B2(a): dummy, after breaching 43A2, warns declarer about the hand to lead
        from: either defender chooses the hand."""
        return Ask(
            "dummy_violation",
            "43B2(a)",
            N_(
                "Dummy warned declarer not to lead from the wrong hand. Had dummy breached Law "
                "43A2 first (exchanged hands, left his seat to watch, looked at a defender's "
                "hand)?"
            ),
            yes=Offer(
                Role.DEFENDER,
                "43B2(a)",
                N_("From which hand must declarer lead? (either defender chooses, Law 43B2(a))"),
                (
                    Option(
                        "lead_from_declarer",
                        N_("declarer leads from his own hand"),
                        Rectify(
                            ("43B2(a)",),
                            N_("declarer leads from his own hand"),
                            do=(Do.LEAD_FROM_DECLARER,),
                        ),
                    ),
                    Option(
                        "lead_from_dummy",
                        N_("declarer leads from dummy"),
                        Rectify(
                            ("43B2(a)",), N_("declarer leads from dummy"), do=(Do.LEAD_FROM_DUMMY,)
                        ),
                    ),
                ),
            ),
            no=Rectify(
                ("42B2",),
                N_("dummy may try to prevent an irregularity (Law 42B2): no rectification"),
            ),
        )
