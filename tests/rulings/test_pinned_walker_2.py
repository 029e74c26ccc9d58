"""The effects a ruling applies to the auction, as StepWalker produces them (rulings/walker.py):
each tag of a rectification (a call that stands, a substituted pass, a cancelled call, the
call that replaces another) with its seat, call, position, the event where the call was made
and the ruling it belongs to; what mutation testing found unpinned (issue 19).

Every table is built inside its test, so that mutmut's mutant is active when it is built
(docs/performance.md, "Mutation testing").
"""

from __future__ import annotations

from dupbridge import Deal, Seat, Table
from dupbridge.core.calls import PASS, Call, Strain, parse_call
from dupbridge.core.effects import Cancel, Effect, Note, Oblige, Proceed, Release, Replace, Stand
from dupbridge.core.events import CallMade, Rectified
from dupbridge.core.lawref import LawRef
from dupbridge.core.rulings_state import Duty, Obligation, Span
from dupbridge.rulings import rulebook_for
from dupbridge.rulings.solver import ExhaustiveSolver

DEAL = "N:AKQ2.J3.T98.5432 JT98.AKQ.765.AKQ 7654.T987.AKQ.JT 3.6542.J432.9876"
#: The effects that change the auction (the others, Pend, Note, Review..., are pinned
#: elsewhere by the rulings' texts and laws).
AUCTION_EFFECTS = (Stand, Proceed, Cancel, Replace, Oblige)


def table(edition: str = "2017") -> Table:
    """Board 1 (North deals) in recording mode under the 2017 (or 2007) Laws."""
    rulebook = rulebook_for(edition, claims=ExhaustiveSolver())
    return Table(1, Deal.from_pbn(DEAL), edition=edition, mode="recording", rulebook=rulebook)


def bid(t: Table, seat: str, text: str) -> None:
    t.make_call(Seat.from_str(seat), parse_call(text))


def applied(t: Table) -> list[Effect]:
    """The auction effects of the log, in order."""
    return [
        event.effect
        for event in t.events
        if isinstance(event, Rectified) and isinstance(event.effect, AUCTION_EFFECTS)
    ]


def standing(t: Table) -> list[tuple[str, str]]:
    rec = t.recording
    assert rec is not None
    return [(entry.seat.letter, str(entry.call)) for entry in rec.standing]


def call(text: str) -> Call:
    return parse_call(text)


def law(code: str, edition: str = "2017") -> LawRef:
    return LawRef.parse(code, edition)


def must_pass(seat: Seat, code: str, ruling: int) -> Oblige:
    duty = Obligation(Duty.PASS, Span.REST_OF_AUCTION, law(code), ruling=ruling)
    return Oblige(seat, duty, ruling=ruling)


def seq_of(t: Table, seat: Seat, text: str) -> int:
    """The event where ``seat`` made ``text`` (the last such call)."""
    made = [
        event.seq
        for event in t.events
        if isinstance(event, CallMade) and event.seat is seat and str(event.call) == text
    ]
    return made[-1]


class TestInsufficientBidReplacement:
    """Law 27B1(a): the lowest sufficient bid in the same denomination stands."""

    def test_lowest_sufficient_bid_stands(self) -> None:
        """North 1D, East 1C refused by South (ruling 3), East 2C (event 9): 2C stands,
        made at event 9, by ruling 3."""
        t = table()
        bid(t, "N", "1D")
        bid(t, "E", "1C")
        t.choose(Seat.S, "refuse")
        bid(t, "E", "2C")
        assert t.pending is not None
        assert str(t.pending.law) == "Law 27B1(a) (2017)"
        t.director(same_denominations=True)
        assert seq_of(t, Seat.E, "2C") == 9
        assert applied(t) == [Stand(Seat.E, call("2C"), 9, ruling=3)]
        assert standing(t) == [("N", "1D"), ("E", "2C")]
        assert t.turn is Seat.S

    def test_not_comparable_stands_and_partner_passes(self) -> None:
        """Law 27B2: East's 3C is not comparable: it stands (event 9) and West must pass
        throughout."""
        t = table()
        bid(t, "N", "1D")
        bid(t, "E", "1C")
        t.choose(Seat.S, "refuse")
        bid(t, "E", "3C")
        t.director(comparable=False)
        assert applied(t) == [
            Stand(Seat.E, call("3C"), 9, ruling=3),
            must_pass(Seat.W, "27B2", 3),
        ]

    def test_second_insufficient_bid_refused_then_replaced(self) -> None:
        """Law 27B4: North 2S, East 1H refused, East 2D, insufficient again, refused too
        (ruling 3): West must pass throughout and East may not double at his next turn
        (27B3); East's 3D (event 19) ends that duty and stands."""
        t = table()
        bid(t, "N", "2S")
        bid(t, "E", "1H")
        t.choose(Seat.S, "refuse")
        bid(t, "E", "2D")
        t.choose(Seat.S, "refuse")
        no_double = Obligation(Duty.NO_DOUBLE, Span.NEXT_TURN, law("27B3"), ruling=3)
        assert applied(t) == [must_pass(Seat.W, "27B3", 3), Oblige(Seat.E, no_double, ruling=3)]
        assert t.turn is Seat.E
        bid(t, "E", "3D")
        assert seq_of(t, Seat.E, "3D") == 19
        released = [
            event.effect
            for event in t.events
            if isinstance(event, Rectified) and isinstance(event.effect, Release)
        ]
        assert released == [Release(Seat.E, Duty.NO_DOUBLE, ruling=3)]
        assert applied(t)[2:] == [Stand(Seat.E, call("3D"), 19, ruling=3)]
        assert standing(t) == [("N", "2S"), ("E", "3D")]

    def test_premature_replacement_judged_at_the_ruling(self) -> None:
        """Law 27C: East replaces his insufficient 1H by 2H (event 5) before South has
        chosen; South refuses the 1H (ruling 3) and the Director finds 2H the lowest
        sufficient bid in hearts (27B1(a)): the 2H made at event 5 stands."""
        t = table()
        bid(t, "N", "1S")
        bid(t, "E", "1H")
        bid(t, "E", "2H")
        t.choose(Seat.S, "refuse")
        assert t.pending is not None
        assert str(t.pending.law) == "Law 27B1(a) (2017)"
        t.director(same_denominations=True)
        assert seq_of(t, Seat.E, "2H") == 5
        assert applied(t) == [Stand(Seat.E, call("2H"), 5, ruling=3)]
        assert standing(t) == [("N", "1S"), ("E", "2H")]
        assert t.turn is Seat.S


def obliged_west() -> Table:
    """Law 27B2 leaves West (East's partner) obliged to pass; South passes, then West bids
    4S (event 19), a bid by a player required to pass (Law 37, ruling 20)."""
    t = table()
    bid(t, "N", "1D")
    bid(t, "E", "1C")
    t.choose(Seat.S, "refuse")
    bid(t, "E", "3C")
    t.director(comparable=False)
    bid(t, "S", "P")
    bid(t, "W", "4S")
    assert t.pending is not None
    assert str(t.pending.law) == "Law 37A (2017)"
    return t


class TestObligationToPass:
    """Law 37: a bid by a player required to pass."""

    def test_cancelled_and_a_pass_substituted(self) -> None:
        """Law 37B: North did not call first: West's 4S is cancelled, a pass substituted
        (it was never made at the table: no event) and both East and West must pass."""
        t = obliged_west()
        t.director(lho_called=False)
        assert applied(t)[2:] == [
            Stand(Seat.W, PASS, None, ruling=20),
            must_pass(Seat.W, "37B2", 20),
            must_pass(Seat.E, "37B2", 20),
        ]
        assert standing(t)[-1] == ("W", "Pass")
        assert t.turn is Seat.N

    def test_lho_called_before_rectification(self) -> None:
        """Law 37A: North called 5C (event 22) over West's 4S before the ruling: 4S and the
        later call stand, and North's call is judged as made then."""
        t = obliged_west()
        bid(t, "N", "5C")
        assert t.pending is None
        assert seq_of(t, Seat.N, "5C") == 22
        assert applied(t)[2:] == [
            Stand(Seat.W, call("4S"), 19, ruling=20),
            Proceed(Seat.N, call("5C"), 22, ruling=20),
        ]
        assert standing(t)[-2:] == [("W", "4S"), ("N", "5C")]
        assert t.turn is Seat.E


class TestBidAboveSeven:
    """Law 38: a bid of more than seven is cancelled, a pass substituted (38C)."""

    def test_in_turn(self) -> None:
        """East bids 8S at his turn (ruling 3): a pass stands in its place, East and West
        must pass whenever it is their turn."""
        t = table()
        bid(t, "N", "1C")
        t.bid_above_seven(Seat.E, 8, Strain.SPADES)
        t.director(lho_called=False)
        assert applied(t) == [
            Stand(Seat.E, PASS, None, ruling=3),
            must_pass(Seat.E, "38C", 3),
            must_pass(Seat.W, "38C", 3),
        ]
        assert standing(t) == [("N", "1C"), ("E", "Pass")]
        assert t.turn is Seat.S

    def test_out_of_rotation_puts_no_pass_in_place(self) -> None:
        """South bids 8S at East's turn: no pass is put in South's place (it is East's
        turn); North and South must pass whenever it is their turn."""
        t = table()
        bid(t, "N", "1C")
        t.bid_above_seven(Seat.S, 8, Strain.SPADES)
        t.director(lho_called=False)
        assert applied(t) == [must_pass(Seat.S, "38C", 3), must_pass(Seat.N, "38C", 3)]
        assert standing(t) == [("N", "1C")]
        assert t.turn is Seat.E


def changed(lho: str, to: str) -> Table:
    """North passes, East bids 1C, South calls ``lho`` over it; then East changes 1C to
    ``to`` (event 4; the ruling is 5)."""
    t = table()
    bid(t, "N", "P")
    bid(t, "E", "1C")
    bid(t, "S", lho)
    t.change_call(Seat.E, call(to))
    return t


class TestChangeOfCall:
    """Law 25: the call that replaces another, and the LHO's call over it."""

    def test_unintended_lho_withdraws(self) -> None:
        """Law 25A1: 1D takes the place of 1C (position 1, changed at event 4); 25A6: South
        withdraws his 1S, the call at the next position."""
        t = changed("1S", "1D")
        t.director(unintended=True)
        t.choose(Seat.S, "withdraw")
        assert applied(t) == [
            Replace(1, call("1D"), 4, ruling=5),
            Cancel(2, ruling=5),
        ]
        assert standing(t) == [("N", "Pass"), ("E", "1D")]
        assert t.turn is Seat.S

    def test_unintended_lho_keeps(self) -> None:
        """Law 25A6: South keeps his 1S, still legal over 1D."""
        t = changed("1S", "1D")
        t.director(unintended=True)
        t.choose(Seat.S, "keep")
        assert applied(t) == [Replace(1, call("1D"), 4, ruling=5)]
        assert standing(t) == [("N", "Pass"), ("E", "1D"), ("S", "1S")]

    def test_intended_change_accepted(self) -> None:
        """Law 25B1: South accepts the change: 1D stands in place of 1C, and South's call
        over 1C is withdrawn."""
        t = changed("1S", "1D")
        t.director(unintended=False)
        t.choose(Seat.S, "accept")
        assert applied(t) == [
            Replace(1, call("1D"), 4, ruling=5),
            Cancel(2, ruling=5),
        ]
        assert standing(t) == [("N", "Pass"), ("E", "1D")]

    def test_intended_call_insufficient_with_lho_call(self) -> None:
        """North 1S, East 1NT, South 2C; East's 1NT becomes 1H, which would be insufficient
        in its place: South's call cannot be kept (Law 25A6 offers nothing), 1NT and what
        followed are cancelled and East must make 1H again at his turn (25A1), where Law 27
        applies to it."""
        t = table()
        bid(t, "N", "1S")
        bid(t, "E", "1NT")
        bid(t, "S", "2C")
        t.change_call(Seat.E, call("1H"))
        t.director(unintended=True)
        assert t.pending is None
        repeat = Obligation(Duty.REPEAT, Span.NEXT_TURN, law("25A1"), call("1H"), 5)
        assert applied(t) == [Cancel(1, ruling=5), Oblige(Seat.E, repeat, ruling=5)]
        assert standing(t) == [("N", "1S")]
        assert t.turn is Seat.E

    def test_later_call_that_no_longer_fits_goes(self) -> None:
        """North passes, East 1C, South 1H, and North's 1D, made out of rotation at West's
        turn, is accepted by East (Law 29A, ruling 5). East then changes 1C to a pass
        (unintended, ruling 12): South's 1H still fits, North's 1D, insufficient after it,
        does not: it is cancelled, and with it nothing is left for South to withdraw."""
        t = table()
        bid(t, "N", "P")
        bid(t, "E", "1C")
        bid(t, "S", "1H")
        bid(t, "N", "1D")
        t.choose(Seat.E, "accept")
        assert standing(t) == [("N", "Pass"), ("E", "1C"), ("S", "1H"), ("N", "1D")]
        t.change_call(Seat.E, PASS)
        t.director(unintended=True)
        assert t.pending is None
        assert applied(t)[1:] == [Replace(1, PASS, 11, ruling=12), Cancel(3, ruling=12)]
        assert standing(t) == [("N", "Pass"), ("E", "Pass"), ("S", "1H")]
        assert t.turn is Seat.W


class TestCallsWithdrawn:
    """The calls a ruling takes back."""

    def test_misinformed_player_changes_his_call(self) -> None:
        """Law 21B1(a): South passed after misinformation from West (ruling 5); he changes
        his call: his pass (position 2) is withdrawn and he calls again."""
        t = table()
        bid(t, "N", "1C")
        bid(t, "E", "1D")
        bid(t, "S", "P")
        t.report(Seat.S, "misinformation", "facts", Seat.W)
        t.director(misinformation=True)
        t.choose(Seat.S, "change")
        assert applied(t) == [Cancel(2, ruling=5)]
        assert standing(t) == [("N", "1C"), ("E", "1D")]
        assert t.turn is Seat.S

    def test_retention_of_the_right_to_call(self) -> None:
        """Law 17D3: West's pass out of rotation at South's turn is accepted (29A, ruling 4),
        and North's pass would end the auction without South having called after 1C: the
        auction reverts to South (ruling 11), the passes since his missed turn cancelled."""
        t = table()
        bid(t, "N", "1C")
        bid(t, "E", "P")
        bid(t, "W", "P")
        t.choose(Seat.N, "accept")
        bid(t, "N", "P")
        assert applied(t) == [Stand(Seat.W, PASS, 3, ruling=4), Cancel(2, ruling=11)]
        assert standing(t) == [("N", "1C"), ("E", "Pass")]
        assert t.turn is Seat.S
        notes = [event.effect.text for event in t.events
                 if isinstance(event, Rectified) and isinstance(event.effect, Note)
                 and event.effect.ruling == 11]  # fmt: skip
        assert len(notes) == 1
        assert notes[0].startswith("the auction does not end: it reverts to South, who missed")
        assert "West, who passed out of rotation, is an offender" in notes[0]


class TestCallsOutOfRotation:
    """Laws 30-31: what the offender must or may not call at his next turn."""

    def test_bid_at_rho_turn_repeated_after_rho_passes(self) -> None:
        """Law 31A1: East bids 1S at North's turn (ruling 2); South does not accept it;
        North passes, so East must repeat 1S at his turn, which is then legal: the duty
        is spent."""
        t = table()
        bid(t, "E", "1S")
        t.choose(Seat.S, "refuse")
        bid(t, "N", "P")
        repeat = Obligation(Duty.REPEAT, Span.NEXT_TURN, law("31A1"), call("1S"), 2)
        assert applied(t) == [Oblige(Seat.E, repeat, ruling=2)]
        assert t.turn is Seat.E
        assert t.legal_calls() == (call("1S"),)
        bid(t, "E", "1S")
        assert standing(t) == [("N", "Pass"), ("E", "1S")]
        assert t.pending is None

    def test_2007_pass_at_partner_turn(self) -> None:
        """2007 Law 30B2: after North's 1C, West passes at East's turn (ruling 3); North
        does not accept it and the pass is not artificial (30C): West must pass for the
        rest of the auction (30B2(a)) and East, at this turn, may not double or redouble
        (30B2(b))."""
        t = table("2007")
        bid(t, "N", "1C")
        bid(t, "W", "P")
        t.choose(Seat.N, "refuse")
        t.director(artificial=False)
        obliges = applied(t)
        assert obliges[0] == must_pass_2007(Seat.W, "30B2(a)", 3)
        assert [(o.seat, o.obligation.duty, o.obligation.span, o.ruling) for o in obliges] == [
            (Seat.W, Duty.PASS, Span.REST_OF_AUCTION, 3),
            (Seat.E, Duty.NO_DOUBLE, Span.NEXT_TURN, 3),
        ]
        assert obliges[1].obligation.ruling == 3
        assert law("30B2(b)", "2007") == obliges[1].obligation.law
        assert t.turn is Seat.E
        assert "X" not in [str(legal) for legal in t.legal_calls()]


def must_pass_2007(seat: Seat, code: str, ruling: int) -> Oblige:
    duty = Obligation(Duty.PASS, Span.REST_OF_AUCTION, law(code, "2007"), ruling=ruling)
    return Oblige(seat, duty, ruling=ruling)


def lead_choice_2007(option: str) -> tuple[str, ...]:
    """2007 Law 25B: North passes, East bids 1C and changes it, not inadvertently, to 1H;
    South ``option``s the change. South then declares 4S and West is on lead: declarer's
    choice of lead restriction (2007 Law 26)."""
    t = table("2007")
    bid(t, "N", "P")
    bid(t, "E", "1C")
    t.change_call(Seat.E, call("1H"))
    t.director(unintended=False)
    t.choose(Seat.S, option)
    for seat, text in [("S", "1S"), ("W", "P"), ("N", "4S"), ("E", "P"), ("S", "P"), ("W", "P")]:
        bid(t, seat, text)
    pending = t.pending
    assert pending is not None
    assert str(pending.law) == "Law 26A2 (2007)"
    assert pending.chooser is Seat.S
    return pending.options


class TestWithdrawnCallForTheLead:
    """2007 Law 26A: the lead restriction relates to the suit of the call withdrawn."""

    def test_change_refused(self) -> None:
        """Law 25B2: South refuses the change; 1C stands and the withdrawn call is 1H:
        declarer may require or prohibit a heart lead."""
        options = lead_choice_2007("refuse")
        assert options == ("require_hearts", "prohibit_hearts", "no_restriction")

    def test_change_accepted(self) -> None:
        """Law 25B1: South accepts the change; 1H stands and the withdrawn call is 1C:
        declarer may require or prohibit a club lead."""
        options = lead_choice_2007("accept")
        assert options == ("require_clubs", "prohibit_clubs", "no_restriction")

    def test_suits_the_director_says_the_call_specified(self) -> None:
        """2007 Law 26A: the Director finds that East's withdrawn 1H (an artificial call)
        specified diamonds, not hearts; that word decides the suit of the restriction."""
        t = table("2007")
        bid(t, "N", "P")
        bid(t, "E", "1C")
        t.change_call(Seat.E, call("1H"))
        t.director(unintended=False)
        t.director(specified="D")
        t.choose(Seat.S, "refuse")
        for seat, text in [
            ("S", "1S"),
            ("W", "P"),
            ("N", "4S"),
            ("E", "P"),
            ("S", "P"),
            ("W", "P"),
        ]:
            bid(t, seat, text)
        assert t.pending is not None
        assert t.pending.options == ("require_diamonds", "prohibit_diamonds", "no_restriction")


class TestTheChoiceOffered:
    """What a player is asked, and what each option means (the paraphrase of the law)."""

    def test_call_out_of_rotation(self) -> None:
        """Law 29A: South may accept East's 1S, made at North's turn, or not (then the
        auction goes back to North and Laws 30-32 apply); South, or North by calling at his
        turn, answers."""
        t = table()
        bid(t, "E", "1S")
        pending = t.pending
        assert pending is not None
        assert (str(pending.law), pending.chooser, pending.options) == (
            "Law 29A (2017)",
            Seat.S,
            ("accept", "refuse"),
        )
        assert (
            pending.question == "Does South accept East's 1S, made out of rotation at North's turn?"
        )
        assert pending.explanations == (
            "South accepts 1S: it stands as if in rotation, there is no rectification, and South "
            "calls next (Law 29A)",
            "1S is cancelled, the auction goes back to North, and the offending side is "
            "rectified under Laws 30-32",
        )
        assert pending.callers == (Seat.S, Seat.N)

    def test_insufficient_bid(self) -> None:
        """Law 27A1: South may accept East's insufficient 1H; else East replaces it (27B)."""
        t = table()
        bid(t, "N", "1S")
        bid(t, "E", "1H")
        pending = t.pending
        assert pending is not None
        assert pending.question == "Does South accept East's insufficient bid 1H?"
        assert pending.explanations == (
            "1H is treated as legal and the auction goes on from it; South calls next (Law 27A1)",
            "East must replace 1H by a legal call; the Director then rules on the replacement "
            "(Law 27B)",
        )

    def test_question_to_the_director(self) -> None:
        """Law 27B1(b): the Director, not a player, says whether East's 3C (replacing the
        insufficient 1C) is comparable (Law 23A); his answer is true or false."""
        t = table()
        bid(t, "N", "1D")
        bid(t, "E", "1C")
        t.choose(Seat.S, "refuse")
        bid(t, "E", "3C")
        pending = t.pending
        assert pending is not None
        assert (str(pending.law), pending.chooser, pending.options) == (
            "Law 27B1(b) (2017)",
            None,
            ("comparable",),
        )
        assert pending.question == (
            "Is East's 3C a comparable call to the insufficient 1C (Law 23A: the same or a "
            "similar meaning, a subset of its meanings, or the same purpose)?"
        )
        assert pending.explanations == ("true or false",)
        assert pending.callers == ()

    def test_question_answered_by_a_call(self) -> None:
        """Law 38D: whether South called over East's bid above seven before the ruling is
        the Director's question, which South's call answers too."""
        t = table()
        bid(t, "N", "1C")
        t.bid_above_seven(Seat.E, 8, Strain.SPADES)
        pending = t.pending
        assert pending is not None
        assert (str(pending.law), pending.chooser, pending.options) == (
            "Law 38D (2017)",
            None,
            ("lho_called",),
        )
        assert pending.question == (
            "Did South call over East's bid above seven before the Director ruled?"
        )
        assert pending.explanations == ("true or false",)
        assert pending.callers == (Seat.S,)


class TestPrematureReplacement:
    """Law 27C: the offender replaced his insufficient bid before the LHO chose; once the
    LHO refuses it, that replacement is ruled on under 27B as if made then, once."""

    def test_double_in_its_place(self) -> None:
        """East's 1H over 1S, then East's double before South chose: the Director must say
        whether the double is comparable (27B1(b)); it is not, so it is cancelled (27B3):
        East must call again (not doubling) and West must pass throughout. The double
        already judged is not taken as East's new call."""
        t = table()
        bid(t, "N", "1S")
        bid(t, "E", "1H")
        bid(t, "E", "X")
        t.choose(Seat.S, "refuse")
        assert t.pending is not None
        assert (str(t.pending.law), t.pending.options) == ("Law 27B1(b) (2017)", ("comparable",))
        t.director(comparable=False)
        assert t.pending is None
        assert t.turn is Seat.E
        no_double = Obligation(Duty.NO_DOUBLE, Span.NEXT_TURN, law("27B3"), ruling=3)
        assert applied(t) == [must_pass(Seat.W, "27B3", 3), Oblige(Seat.E, no_double, ruling=3)]
        assert standing(t) == [("N", "1S")]

    def test_insufficient_again(self) -> None:
        """East's premature replacement 1D is insufficient too: South may accept it (27B4);
        he does not, so East must make a sufficient bid or pass at his turn now."""
        t = table()
        bid(t, "N", "1S")
        bid(t, "E", "1H")
        bid(t, "E", "1D")
        t.choose(Seat.S, "refuse")
        assert t.pending is not None
        assert (str(t.pending.law), t.pending.chooser, t.pending.options) == (
            "Law 27B4 (2017)",
            Seat.S,
            ("accept", "refuse"),
        )
        t.choose(Seat.S, "refuse")
        assert t.pending is None
        assert t.turn is Seat.E
        assert standing(t) == [("N", "1S")]
