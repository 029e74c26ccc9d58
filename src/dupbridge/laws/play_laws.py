"""The 2017 Laws from the opening lead to the agreed result (Laws 41-71) and the board-level
irregularities (13-15, 79): one method per rectification, returning steps
(:mod:`dupbridge.laws.steps`) that the rulings engine walks, as for the auction.

:class:`PlayLaws` is a base of :class:`~dupbridge.laws.laws2017.Laws2017`;
:class:`~dupbridge.laws.laws2007.Laws2007` overrides the methods where the 2007 edition
differs (57A, 64B, 68D, 13, 15 and the citations that moved). The texts paraphrase the Laws
(seed 003, 2017 English; seed 001 for 2007); codes are the edition's numbering.

The revoke trick transfer (Law 64) is stated in :meth:`PlayLaws.revoke_adjustment` from the
facts the engine gathers (:class:`RevokeFacts`).
"""

from __future__ import annotations

from dataclasses import dataclass

from dupbridge.core.calls import Call
from dupbridge.core.cards import Suit
from dupbridge.i18n import N_
from dupbridge.laws.steps import (
    Ask,
    AwaitCall,
    CallFacts,
    Judge,
    Offer,
    Option,
    Rectify,
    Role,
    Rule,
    Step,
)

__all__ = ["Adjustment", "PlayLaws", "RevokeFacts"]

_WORDS = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds",
          Suit.CLUBS: "clubs"}  # fmt: skip


@dataclass(frozen=True, slots=True)
class RevokeFacts:
    """What Law 64 needs to know about one established revoke.

    Attributes:
        kind: ``"follow"``, ``"restriction"``, ``"dummy"`` (a card of dummy),
            ``"penalty_card"`` (the only cards of the suit were penalty cards on the table)
            or ``"defective"`` (deemed by Law 67B1).
        trick: the revoke trick (1-13).
        won_by_offender: whether the offending *player* won the revoke trick (a trick won in
            dummy is not won by declarer); None when it was not completed in play.
        os_won_revoke_trick: whether the offending side won it (None as above).
        os_later: tricks the offending side won after the revoke trick (in play, or by the
            claim, concession or ruling that ended play).
        repeated: a later revoke in the same suit by the same player, an earlier one having
            been established (64B2).
        other_side_revoked: the other side revoked on the board too (2007 64B7).
        other_side_established: ... and that revoke is established (2017 64B7).
        corrected_62c3: corrected under 2017 Law 62C3 (64B8).
        when: when attention was first drawn: ``"play"``, ``"after_play"``,
            ``"after_next_call"`` (64B4) or ``"after_round"`` (64B5).
    """

    kind: str
    trick: int
    won_by_offender: bool | None
    os_won_revoke_trick: bool | None
    os_later: int
    repeated: bool = False
    other_side_revoked: bool = False
    other_side_established: bool = False
    corrected_62c3: bool = False
    when: str = "play"


@dataclass(frozen=True, slots=True)
class Adjustment:
    """The tricks a revoke transfers to the non-offending side, the laws and why."""

    tricks: int
    laws: tuple[str, ...]
    text: str


def suit_word(suit: Suit) -> str:
    """The option word for a suit: ``spades``, ``hearts``, ``diamonds``, ``clubs``."""
    return _WORDS[suit]


class PlayLaws:
    """Laws 13-15, 41-71 and 79 in their 2017 form."""

    # --- Laws 53-56: leads out of turn -------------------------------------------------------

    def opening_lead_out_of_turn(self) -> Step:
        """Law 54: a faced opening lead out of turn by a defender."""
        accept = Rectify(
            ("54B", "53A", "41D"),
            N_(
                "the lead of {card} stands and dummy is spread; the second card to the trick "
                "comes from declarer's hand (Law 54B1)"
            ),
            do=("place",),
        )
        offer = Offer(
            Role.DECLARER,
            "54",
            N_("{seat} faced the opening lead {card} out of turn: what does declarer choose?"),
            (
                Option(
                    "accept",
                    N_(
                        "accept the lead: dummy is spread and {declarer} plays second "
                        "(Laws 54B, 53A)"
                    ),
                    accept,
                ),
                Option(
                    "spread",
                    N_(
                        "{declarer} spreads his hand and becomes dummy; {dummy} becomes "
                        "declarer and the lead of {card} stands (Law 54A)"
                    ),
                    Rectify(
                        ("54A",),
                        N_(
                            "{declarer} spread his hand: {dummy} is now declarer and the lead "
                            "of {card} stands (Law 54A)"
                        ),
                        do=("spread",),
                    ),
                ),
                Option(
                    "refuse",
                    N_(
                        "{seat} takes the card back as a major penalty card and {turn} leads; "
                        "Law 50D applies (Law 54D)"
                    ),
                    Rectify(
                        ("54D", "50D"),
                        N_(
                            "declarer refused the lead: {card} is a major penalty card and "
                            "{turn} leads (Laws 54D, 50D)"
                        ),
                        do=("penalty_major",),
                        reviews=self.penalty_reviews(),
                    ),
                ),
            ),
            callers=((Role.DECLARER, "accept"),),
        )
        return Ask(
            "dummy_seen",
            "54C",
            N_(
                "Could declarer have seen any of dummy's cards (other than cards exposed during "
                "the auction under Law 24)? If so he must accept the lead (Law 54C)."
            ),
            yes=Rectify(
                ("54C", "53A"),
                N_(
                    "declarer could have seen dummy's cards: he must accept the lead of {card}, "
                    "and remains declarer (Law 54C)"
                ),
                do=("place",),
            ),
            no=offer,
            callers=((Role.DECLARER, "accept"),),
        )

    def opening_lead_by_declaring_side(self) -> Rectify:
        """Law 54E: an attempted opening lead by declarer or dummy is ruled by Law 24."""
        return Rectify(
            ("54E", "24", "24D", "16C"),
            N_(
                "an opening lead by the declaring side is ruled by Law 24: {seat} will not "
                "defend, so {card} goes back to his hand (Law 24D); information from it is "
                "unauthorized for his side"
            ),
        )

    def lead_out_of_turn(self, *, last_trick: bool) -> Step:
        """Law 56: a defender's faced lead out of turn (after the opening lead)."""
        refuse = Rectify(
            ("56B", "50D"),
            N_("{card} is retracted as a major penalty card and {turn} leads (Laws 56B, 50D)"),
            do=("penalty_major",),
            reviews=self.penalty_reviews(),
        )
        if last_trick:
            return Rectify(
                ("53A", "56B", "50D"),
                N_(
                    "a lead out of turn at trick thirteen must be retracted: {card} is a major "
                    "penalty card and {turn} leads (Laws 53A, 56B)"
                ),
                do=("penalty_major",),
            )
        return Offer(
            Role.DECLARER,
            "56",
            N_("{seat} led {card} out of turn ({turn} was on lead): what does declarer choose?"),
            (
                Option(
                    "accept",
                    N_("the lead stands; {lho} plays next (Laws 56A, 53A)"),
                    Rectify(
                        ("56A", "53A"), N_("declarer accepted the lead of {card}"), do=("place",)
                    ),
                ),
                Option(
                    "refuse",
                    N_("{seat} retracts {card}, a major penalty card; {turn} leads (Law 56B)"),
                    refuse,
                ),
            ),
            callers=((Role.LHO, "accept"), (Role.TURN, "proper_lead")),
        )

    def declarer_lead_out_of_turn(self, *, last_trick: bool, defenders_turn: bool) -> Step:
        """Law 55: declarer led out of turn from his hand or dummy's."""
        if defenders_turn:
            retract = Rectify(
                ("55B1", "55C"),
                N_(
                    "{card} goes back to {hand}'s hand with no further rectification; {turn} "
                    "leads (Law 55B1); if declarer then plays on information from his "
                    "infraction, Law 16 applies (55C)"
                ),
            )
        else:
            retract = Rectify(
                ("55B2", "55C"),
                N_(
                    "{card} is withdrawn and declarer must lead from the correct hand, {turn} "
                    "(Law 55B2)"
                ),
            )
        if last_trick:
            return Rectify(
                ("53A", *retract.laws),
                N_("a lead out of turn at trick thirteen must be retracted (Law 53A)"),
                then=retract,
            )
        return Offer(
            Role.LHO,
            "55A",
            N_(
                "Declarer led {card} from {hand} out of turn ({turn} was on lead): do the "
                "defenders accept it? If they differ, {lho}, next in turn, decides (Law 55A)."
            ),
            (
                Option(
                    "accept",
                    N_("the lead stands; {lho} plays next (Laws 55A, 53A)"),
                    Rectify(
                        ("55A", "53A"),
                        N_("the defenders accepted the lead of {card}"),
                        do=("place",),
                    ),
                ),
                Option("refuse", N_("the lead is retracted (Law 55B)"), retract),
            ),
            callers=((Role.LHO, "accept"), (Role.TURN, "proper_lead")),
        )

    def proper_lead(self) -> Rectify:
        """Law 53B: the proper leader, an opponent of the offender, leads in turn."""
        return Rectify(
            ("53B", "16C"),
            N_(
                "{turn} made his proper lead: it stands and {card} goes back to {hand}'s hand; "
                "information from it is unauthorized for {seat}'s side (Laws 53B, 16C)"
            ),
        )

    # --- Law 57: premature lead or play ------------------------------------------------------

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
            do=("penalty_major",),
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
                    do=("restrict_play:highest",),
                ),
            ),
            Option(
                "lowest",
                N_("{partner} must play his lowest card of the suit led (Law 57A2)"),
                Rectify(
                    ("57A2", "59"),
                    N_("{partner} must play his lowest {suit}"),
                    do=("restrict_play:lowest",),
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
                    do=(f"restrict_play:require:{suit.letter}",),
                ),
            )
            for suit in others
        )
        options.extend(self._forbid_options(others))
        return tuple(options)

    def _forbid_options(self, others: tuple[Suit, ...]) -> list[Option]:
        law = self._forbid_law()
        return [
            Option(
                f"prohibit_{suit_word(suit)}",
                self._forbid_text(),
                Rectify(
                    (law, "59"),
                    N_("{partner} may not play a card of the suit declarer named"),
                    do=(f"restrict_play:prohibit:{suit.letter}",),
                ),
            )
            for suit in others
        ]

    def _forbid_law(self) -> str:
        return "57A4"

    def _forbid_text(self) -> str:
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
                do=("commit",),
            )
        return Rectify(
            ("57D", "50D"),
            N_(
                "{card} cannot legally be played to this trick: it is a major penalty card "
                "(Law 57D)"
            ),
            do=("penalty_major",),
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
                do=("commit",),
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
            do=("penalty",),
            reviews=self.penalty_reviews(),
        )

    def penalty_reviews(self) -> tuple[str, ...]:
        """The end-of-play review when a penalty card may have helped (2017 Law 50E4)."""
        return ("50E4",)

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
                        do=("penalty_revoke", "place"),
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
                        do=("penalty_revoke_corrected", "substitute_penalty", "penalty_major"),
                    ),
                ),
            ),
            callers=((Role.DECLARER, "accept"), (Role.DUMMY, "accept")),
        )

    # --- Laws 61-64: revokes -----------------------------------------------------------------

    def revoke_noticed(self, *, correctable: bool, other_too: bool) -> Rectify:
        """Law 62 (attention drawn before establishment, or 62D on trick 12): corrected; Law
        63B: an established revoke stands and Law 64 follows at the end of play."""
        if correctable:
            laws = ("62A", "62B", "62C", "16C")
            do: tuple[str, ...] = ("correct", "correct_other") if other_too else ("correct",)
            return Rectify(
                ("62C3", *laws) if other_too else laws,
                N_(
                    "the revoke must be corrected: {seat} takes back {card} and plays a legal "
                    "card; the non-offending side may withdraw cards played after it, then the "
                    "next offender may (Laws 62A-62C)"
                ),
                do=do,
            )
        return Rectify(
            ("63A", "63B", "64A", "64C"),
            N_(
                "the revoke is established: the trick stands as played, and at the end of play "
                "tricks are transferred by Law 64A unless 64B applies; the Director checks "
                "that the non-offending side is compensated (Law 64C)"
            ),
            reviews=("64C",),
        )

    def trick_twelve(self) -> str:
        """The law that corrects an established revoke on trick 12 (62D1)."""
        return "62D1"

    def both_sides_on_one_trick(self) -> bool:
        """2017 Law 62C3: both sides revoked on one trick and only one side has played to the
        next: both revokes are corrected."""
        return True

    def dummy_asks_declarer(self, *, correctable: bool) -> Ask:
        """Laws 61B2(a), 43B2(b): dummy asks declarer about a possible revoke."""
        return Ask(
            "dummy_violation",
            "43B2(b)",
            N_(
                "Had dummy ({dummy}) breached Law 43A2 (exchanged hands, left his seat to watch "
                "declarer, looked at a defender's hand) before asking about the revoke?"
            ),
            yes=Rectify(
                ("43B2(b)", "62B", "64A"),
                N_(
                    "declarer must replace {card} by a legal card, and Law 64 applies as if the "
                    "revoke were established (Law 43B2(b))"
                ),
                do=("correct", "as_established"),
                reviews=("64C",),
            ),
            no=self.revoke_noticed(correctable=correctable, other_too=False),
        )

    def dummy_draws_attention(self, *, then: Step) -> Ask:
        """Laws 43A1(b), 43B3: dummy draws attention to a defender's irregularity in play."""
        return Ask(
            "dummy_violation",
            "43B3",
            N_(
                "Dummy ({dummy}) drew attention to {seat}'s revoke during play. Had he breached "
                "Law 43A2 first?"
            ),
            yes=Rectify(
                ("43B3",),
                N_(
                    "no immediate rectification: play continues as if there had been no "
                    "irregularity; at the end the Director adjusts only the defenders' score if "
                    "they gained (Law 43B3)"
                ),
                reviews=("43B3",),
            ),
            no=Rectify(
                ("43A1(b)", "90"),
                N_(
                    "dummy may not draw attention to an irregularity during play (Law 43A1(b); "
                    "a procedural penalty may follow, Law 90); the revoke is ruled as usual"
                ),
                then=then,
            ),
        )

    def revoke_adjustment(self, facts: RevokeFacts) -> Adjustment:
        """Law 64A/64B: the tricks an established revoke transfers at the end of play."""
        exception = self._no_transfer(facts)
        if exception is not None:
            code, text = exception
            return Adjustment(0, (code, "64C"), text)
        if facts.kind == "defective":
            return self._a2(facts, "67B1")
        if facts.won_by_offender:
            tricks = 1 + min(1, facts.os_later)
            return Adjustment(
                tricks,
                ("64A1",),
                N_(
                    "the offender won the revoke trick: it goes to the non-offending side, with "
                    "one later trick of the offending side if it won one (Law 64A1)"
                ),
            )
        return self._a2(facts, "64A2")

    def _a2(self, facts: RevokeFacts, law: str) -> Adjustment:
        if facts.os_won_revoke_trick or facts.os_later > 0:
            return Adjustment(
                1,
                (law, "64A2"),
                N_(
                    "the offender did not win the revoke trick and his side won it or a later "
                    "trick: one trick goes to the non-offending side (Law 64A2)"
                ),
            )
        return Adjustment(
            0,
            ("64B1",),
            N_("the offending side won neither the revoke trick nor any later one (Law 64B1)"),
        )

    def _no_transfer(self, facts: RevokeFacts) -> tuple[str, str] | None:
        """The 2017 exceptions of Law 64B, by law."""
        if facts.when == "after_next_call":
            return "64B4", N_(
                "attention was first drawn after a non-offender called on the next deal (Law 64B4)"
            )
        if facts.when == "after_round":
            return "64B5", N_("attention was first drawn after the round ended (Law 64B5)")
        if facts.corrected_62c3:
            return "64B8", N_("the revoke was corrected under Law 62C3 (Law 64B8)")
        if facts.kind in ("dummy", "penalty_card"):
            return "64B3", N_(
                "the revoke was a failure to play a penalty card or a card of dummy (Law 64B3)"
            )
        if facts.trick == 12 and facts.kind != "defective":
            return "64B6", N_("the revoke was on the twelfth trick (Law 64B6)")
        if facts.other_side_established:
            return "64B7", N_(
                "both sides revoked on this board and both revokes are established (Law 64B7)"
            )
        if facts.repeated:
            return "64B2", N_(
                "a later revoke in the same suit by the same player after his first was "
                "established (Law 64B2; the Director adjusts if the later revokes cost the "
                "non-offending side tricks, 64C2(a))"
            )
        return None

    # --- Law 67: defective trick -------------------------------------------------------------

    def defective_trick(self, *, cards: str, both_sides_played_on: bool = True) -> Rectify:
        """Law 67: a defective trick. Noticed before a player of each side has played to the
        next trick (67A) it is put right at once and is no revoke; noticed later (67B) an
        omission is a deemed revoke (67B1) and extra cards go back to the hand (67B2)."""
        if not both_sides_played_on:
            if cards == "surplus":
                return Rectify(
                    ("67A", "67A2", "45E", "58B"),
                    N_(
                        "attention was drawn before a player of each side played to the next "
                        "trick: {seat}'s extra card is dealt with as a fifth card played to a "
                        "trick or as simultaneous cards (Laws 67A2, 45E, 58B)"
                    ),
                )
            return Rectify(
                ("67A", "67A1"),
                N_(
                    "attention was drawn before a player of each side played to the next "
                    "trick: {seat} puts trick {trick} right by supplying a card he can legally "
                    "play; this is not a revoke and Law 64 does not apply (Law 67A1)"
                ),
            )
        if cards == "surplus":
            return Rectify(
                ("67B2",),
                N_(
                    "the Director restores {seat}'s extra cards to his hand, leaving the card "
                    "faced to trick {trick}; ownership of the trick does not change; a restored "
                    "card may show an earlier revoke, and an exposed one of a defender is a "
                    "penalty card (Law 67B2)"
                ),
            )
        return Rectify(
            ("67B1", "64A2"),
            N_(
                "{seat} had omitted to play to trick {trick}: he places a card of the suit led "
                "(any card without one) among his played cards, without changing who won the "
                "trick; he is deemed to have revoked and loses one trick by Law 64A2 (67B1)"
            ),
            do=("deemed_revoke",),
        )

    # --- Laws 68-71: claims and concessions -------------------------------------------------

    def contested_claim(self) -> Judge:
        """Law 70: the Director adjudicates a disputed claim."""
        return Judge(
            Role.OFFENDER,
            "70",
            N_(
                "{seat}'s claim is disputed. How many tricks in all does {seat}'s side take? "
                "The Director rules as equitably as possible, doubtful points against the "
                "claimer (70A); a trick to an outstanding trump the claimer did not mention "
                "(70C); no unstated successful line where a normal line would do worse (70D1), "
                "none depending on which opponent holds a card (70E1)"
            ),
            ("70A", "70B", "70C", "70D", "70E"),
            how="claim ruling",
        )

    def claim_play_continued(self) -> Rectify | None:
        """2017 Law 68D2(b): play continues when all four agree (None: not allowed)."""
        return Rectify(
            ("68D2(b)",),
            N_(
                "all four agree: play continues, the claim is void and not adjudicated, Laws 16 "
                "and 50 do not apply to it, and the score obtained stands (Law 68D2(b))"
            ),
            do=("reopen",),
        )

    def concession_objected(self) -> Rectify:
        """Law 68B2: a defender's concession to which his partner objects at once."""
        return Rectify(
            ("68B2", "16C"),
            N_(
                "{partner} objected at once: there is no concession and play continues; cards "
                "{seat} exposed are not penalty cards, but their information is unauthorized "
                "for {partner} (Law 68B2)"
            ),
            do=("reopen",),
        )

    def agreement_withdrawn(self) -> Judge:
        """Law 69B: an agreement to a claim or concession withdrawn in the Correction Period."""
        return Judge(
            Role.OFFENDER,
            "69B",
            N_(
                "{seat}'s side agreed to lose tricks. Within the Correction Period the agreement "
                "may be withdrawn for a trick it had in fact won (69B1) or would likely have "
                "won had play continued (69B2). How many tricks in all does {seat}'s side get?"
            ),
            ("69B",),
        )

    def concession_cancelled(self) -> Judge:
        """Law 71: a concession cancelled in the Correction Period."""
        return Judge(
            Role.OFFENDER,
            "71",
            N_(
                "{seat}'s side conceded tricks. The Director cancels the concession of a trick "
                "the side had in fact won (71A) or could not lose by any normal play, careless "
                "or inferior play included (71B). How many tricks in all does {seat}'s side get?"
            ),
            ("71",),
        )

    # --- Laws 13-15, 43B2(a), 79: board level and reports ------------------------------------

    def incorrect_number_of_cards(self, *, stage: str, surplus: bool) -> Step:
        """Law 13: a hand with more than 13 cards (another with fewer)."""
        if surplus:
            return Rectify(
                ("13C",),
                N_(
                    "a surplus card not part of the deal is removed; the auction and play go "
                    "on with no rectification (an adjusted score only if it was played to a "
                    "quitted trick) (Law 13C)"
                ),
            )
        if stage == "after_play":
            return Rectify(
                ("13D", "12C1(b)", "90"),
                N_(
                    "found after play: the result is cancelled and the Director awards an "
                    "adjusted score; the offender is liable to a procedural penalty (Law 13D)"
                ),
                do=("cancel_board",),
                reviews=("13D",),
            )
        if stage == "no_call":
            return Ask(
                "card_seen",
                "13A",
                N_(
                    "No player with a wrong number of cards has called. Did a player see a "
                    "card of another player's hand (Law 13A2)?"
                ),
                yes=Rectify(
                    ("13A2", "12C1(b)", "14C"),
                    N_(
                        "the Director corrects the hands; the board is played and scored, and "
                        "he adjusts if the extraneous information affected the result (Law 13A2)"
                    ),
                    reviews=("13A2",),
                ),
                no=Rectify(
                    ("13A1",),
                    N_("the Director corrects the hands and the board is played normally (13A1)"),
                ),
            )
        return Ask(
            "playable",
            "13B",
            N_(
                "A player with a wrong number of cards has called. Can the deal be corrected "
                "and played with no change of call (Law 13B1)?"
            ),
            yes=Rectify(
                ("13B1", "14C"),
                N_(
                    "the deal is corrected and played with no change of call; the Director may "
                    "adjust at the end (Law 13B1)"
                ),
                reviews=("13B1",),
            ),
            no=Rectify(
                ("13B2", "12C1(b)", "90"),
                N_(
                    "the board cannot be played normally: the Director awards an adjusted score "
                    "and may penalize an offender (Law 13B2)"
                ),
                do=("cancel_board",),
                reviews=("13B2",),
            ),
        )

    def missing_card(self, *, faced: bool, found: str) -> Rectify:
        """Law 14: a hand with fewer than 13 cards, none with more."""
        if not faced:
            return Rectify(
                ("14A", "14C"),
                N_(
                    "before the opening lead was faced: the card is restored (or the deal "
                    "reconstructed), the auction and play go on with no change of call, and "
                    "{seat}'s hand is deemed to have held it throughout (Law 14A); knowledge of "
                    "the replacement is unauthorized for {partner} (14C)"
                ),
            )
        if found == "played":
            return Rectify(
                ("14B1", "67"),
                N_("the card is found among the played cards: Law 67 applies (Law 14B1)"),
            )
        return Rectify(
            ("14B2", "14B3", "14B4", "14C"),
            N_(
                "the card is restored to {seat}'s hand (or the deal reconstructed); it is "
                "deemed to have been there throughout: it may become a penalty card, and a "
                "failure to have played it may be a revoke (Law 14B4); knowledge of the "
                "replacement is unauthorized for {partner} (14C)"
            ),
        )

    def cards_from_wrong_board(self, *, partner_called: bool, lho_called: bool = False) -> Rectify:
        """Law 15A: a call made holding cards from a wrong board (``lho_called`` matters in
        2007 only)."""
        del lho_called
        if partner_called:
            return Rectify(
                ("15A1", "15A2(a)", "12C1(b)"),
                N_(
                    "{seat}'s call with cards from a wrong board is cancelled with every later "
                    "call; {partner} has called since, so the Director awards an adjusted score "
                    "(Law 15A2(a))"
                ),
                do=("cancel_board",),
                reviews=("15A2(a)",),
            )
        return Rectify(
            ("15A1", "15A2(b)", "15A2(c)", "16C"),
            N_(
                "{seat}'s call made with cards from a wrong board is cancelled with every later "
                "call; he looks at his correct hand and calls again, and the auction goes on; "
                "information from the cancelled calls is unauthorized for his side (Law 15A2)"
            ),
            do=("cancel_calls",),
        )

    def wrong_board(self, *, during_auction: bool, calls: tuple[tuple[Role, Call], ...]) -> Ask:
        """2017 Law 15B: a board not designated for this round (pairs and individual events;
        teams: Law 86B)."""
        del during_auction, calls
        return Ask(
            "played_before",
            "15B",
            N_("Has any player at this table played this board before (Law 15B1)?"),
            yes=Rectify(
                ("15B1", "15B3", "12C2(a)"),
                N_(
                    "the board is cancelled for both sides; the Director awards an artificial "
                    "adjusted score to any contestant deprived of a valid score (Laws 15B1, 15B3)"
                ),
                do=("cancel_board",),
                reviews=("15B3",),
            ),
            no=Rectify(
                ("15B2", "15B3"),
                N_(
                    "none of the four has played it: the auction and play are completed and the "
                    "score stands; the Director may have the correct board played later, with "
                    "artificial scores to any contestant deprived of a result (Laws 15B2, 15B3)"
                ),
            ),
        )

    def tricks_disputed(self, *, after_round: bool) -> Judge:
        """Law 79B: a disagreement on the tricks won."""
        question = (
            N_(
                "The players disagree on the tricks won and the Director was called after the "
                "round: he changes the score for both sides only if clearly convinced of the "
                "table result, else lets the recorded score stand or lowers one side's score "
                "(Law 79B3). How many tricks in all does declarer's side take?"
            )
            if after_round
            else N_(
                "The players disagree on the tricks won (Law 79B). With no claim or concession "
                "the Director rules what score is recorded: how many tricks in all does "
                "declarer's side take?"
            )
        )
        return Judge(Role.DECLARER, "79B", question, ("79B3",) if after_round else ("79B2",))

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
                            do=("lead_from:declarer",),
                        ),
                    ),
                    Option(
                        "lead_from_dummy",
                        N_("declarer leads from dummy"),
                        Rectify(
                            ("43B2(a)",), N_("declarer leads from dummy"), do=("lead_from:dummy",)
                        ),
                    ),
                ),
            ),
            no=Rectify(
                ("42B2",),
                N_("dummy may try to prevent an irregularity (Law 42B2): no rectification"),
            ),
        )

    def repeat_calls_on(
        self, facts: CallFacts, calls: tuple[tuple[Role, Call], ...], index: int
    ) -> Step:
        """2007 Law 15C: after a wrong board found in the auction, each call must be the same."""
        if facts.call != calls[index][1]:
            return Rectify(
                ("15C",),
                N_("{call} differs from the call made before: the board is cancelled (Law 15C)"),
                do=("cancel_board",),
                reviews=("15C",),
            )
        if index + 1 < len(calls):
            role, call = calls[index + 1]
            del call
            return AwaitCall(role, "15C", Rule(self.repeat_calls_on, (calls, index + 1)))
        return Rectify(
            ("15C",), N_("every call was repeated: the board is played normally (Law 15C)")
        )
