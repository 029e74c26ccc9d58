"""The vocabulary in which the editions state their rectifications (pure data).

An edition answers each irregularity with a *step*: a tree of decisions that the rulings engine
(``dupbridge.rulings``) walks against a table.

* :class:`Rectify` applies a rectification: what happens to the irregular call (``do``),
  forced passes, a lead restriction right for declarer (Law 26), end-of-play reviews (Laws 23C,
  27D, 72C...), the laws applied and a paraphrase; then perhaps another step.
* :class:`Offer` gives a player a choice between named options (Law 10C): ``accept`` or
  ``refuse`` an insufficient bid, a call out of rotation, a changed call...
* :class:`Ask` asks the Director a yes/no question that the Laws leave to his judgement
  ("is the replacement a comparable call?", Law 23A) and goes on by the answer.
* :class:`AwaitCall` waits for a player's next call and rules on it (the replacement of an
  insufficient bid, Law 27B; the offender's call at his proper turn, Laws 30B1, 31A2...).
* :class:`Judge` asks the Director for a number of tricks after laying out the facts (a
  contested claim, Law 70; a withdrawn agreement, 69B; a cancelled concession, 71; a
  disagreement on the tricks won, 79B).

During the play ``Rectify.do`` names what happens to the card at issue (``place``,
``penalty_major``, ``commit``...) and to revokes (``correct``); see :class:`Rectify`.

Texts are English source strings marked for translation; the engine translates them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum, StrEnum

from dupbridge.core.calls import Bid, Call, Strain
from dupbridge.core.cards import Suit
from dupbridge.core.rectify import Span

__all__ = [
    "Ask",
    "AwaitCall",
    "CallFacts",
    "Do",
    "Forced",
    "Judge",
    "LeadForm",
    "LeadRule",
    "Meaning",
    "Offer",
    "Option",
    "Position",
    "Rectify",
    "Role",
    "Rule",
    "Step",
    "Withdrawn",
]


class Role(Enum):
    """A player named by his relation to the offender (or declarer, once there is one)."""

    OFFENDER = "offender"
    PARTNER = "partner"
    LHO = "lho"
    RHO = "rho"
    DECLARER = "declarer"
    #: The player whose turn it was when the call out of rotation was made (Law 28B).
    TURN = "turn"
    #: The player who reported misinformation (Law 21B).
    REPORTER = "reporter"
    #: Dummy, once there is a declarer.
    DUMMY = "dummy"
    #: The defender who draws attention or chooses for the defending side: the one on
    #: declarer's left (Laws 43B2(a), 55A when no other is named).
    DEFENDER = "defender"


class Do(StrEnum):
    """What a :class:`Rectify` does to the calls or the card at issue (its ``do`` tags; see
    :class:`Rectify` for each)."""

    ACCEPT = "accept"
    CANCEL = "cancel"
    STAND = "stand"
    SUBSTITUTE_PASS = "substitute_pass"  # noqa: S105 - a tag, not a password
    CANCEL_LATER = "cancel_later"
    LHO_CALL_STANDS = "lho_call_stands"
    REPLACE = "replace"
    KEEP_ORIGINAL = "keep_original"
    WITHDRAW_LHO = "withdraw_lho"
    REVERT = "revert"
    WITHDRAW_REPORTER = "withdraw_reporter"
    PLACE = "place"
    SPREAD = "spread"
    PENALTY_MAJOR = "penalty_major"
    PENALTY = "penalty"
    SUBSTITUTE_PENALTY = "substitute_penalty"
    COMMIT = "commit"
    CORRECT = "correct"
    CORRECT_OTHER = "correct_other"
    AS_ESTABLISHED = "as_established"
    RESTRICT_HIGHEST = "restrict_play:highest"
    RESTRICT_LOWEST = "restrict_play:lowest"
    RESTRICT_REQUIRE = "restrict_play:require"
    RESTRICT_PROHIBIT = "restrict_play:prohibit"
    LEAD_FROM_DECLARER = "lead_from:declarer"
    LEAD_FROM_DUMMY = "lead_from:dummy"
    REOPEN = "reopen"
    CANCEL_BOARD = "cancel_board"
    CANCEL_CALLS = "cancel_calls"
    CANCEL_AUCTION = "cancel_auction"
    DEEMED_REVOKE = "deemed_revoke"
    PENALTY_REVOKE = "penalty_revoke"
    PENALTY_REVOKE_CORRECTED = "penalty_revoke_corrected"
    LHO_REPEATS = "lho_repeats"


class Meaning(StrEnum):
    """What a caller's call or card means while a decision is pending (``callers`` of
    :class:`Offer` and :class:`Ask`)."""

    #: Acceptance by calling or playing over the irregularity (Laws 25B1, 27A1, 29A, 53A).
    ACCEPT = "accept"
    #: The correct player called at his turn before the ruling (Law 28B).
    FORFEIT = "forfeit"
    #: The offender replaced his insufficient bid before the ruling (Law 27C).
    PREMATURE = "premature"
    #: The offender's LHO called before rectification (Laws 36A, 37A, 38D, 39B).
    LHO_CALLED = "lho_called"
    #: The proper leader led in turn (Law 53B).
    PROPER_LEAD = "proper_lead"


class Withdrawn(StrEnum):
    """Which call of a ruling was withdrawn, for Law 26 (:attr:`Rectify.withdrawn`)."""

    #: The irregular or first call.
    ORIGINAL = "original"
    #: The awaited or changed call (Law 25B2: the change is cancelled).
    CALL = "call"


class Position(Enum):
    """Whose turn it was, seen from a player who called out of rotation (Laws 30-32)."""

    RHO = "rho"
    PARTNER = "partner"
    LHO = "lho"


@dataclass(frozen=True, slots=True)
class Forced:
    """A player of the offending side who must pass, and for how long."""

    role: Role
    span: Span


class LeadForm(Enum):
    """The lead restriction declarer may impose (Law 26)."""

    #: 2017 Law 26B: prohibit any one suit the offender has not specified in the legal
    #: auction, while the offender's partner retains the lead. (2007 Law 26B: any one suit.)
    PROHIBIT_ONE = "prohibit_one"
    #: 2007 Law 26A: the withdrawn call related only to specific suits; declarer may require
    #: one such suit (not specified legally by the offender) or prohibit it.
    REQUIRE_OR_PROHIBIT = "require_or_prohibit"


@dataclass(frozen=True, slots=True)
class LeadRule:
    """Declarer's right to restrict the offender's partner's first lead (Law 26)."""

    law: str
    form: LeadForm
    #: The suits the withdrawn call related to (2007 Law 26A), when the form needs them.
    suits: tuple[Strain, ...] = ()


@dataclass(frozen=True, slots=True)
class CallFacts:
    """What the engine knows about a call awaited by a step, for the edition to rule on."""

    call: Call
    #: The call the ruling is about (the insufficient bid, the call out of rotation...).
    original: Call | None
    #: Legal at that point of the auction (a sufficient bid, Pass, an admissible X/XX).
    legal: bool
    #: A bid below the last bid (Law 18D).
    insufficient: bool
    #: A bid that is the lowest sufficient bid in its own denomination.
    lowest_in_strain: bool
    #: The player who made it called after the offender's right-hand opponent passed.
    after_pass: bool = False

    @property
    def same_strain(self) -> bool:
        """A bid naming the same denomination as the original call."""
        call, original = self.call, self.original
        return (
            isinstance(call, Bid) and isinstance(original, Bid) and call.strain is original.strain
        )

    @property
    def same_call(self) -> bool:
        """The very call that was cancelled."""
        return self.call == self.original


@dataclass(frozen=True, slots=True)
class Rectify:
    """Apply a rectification, then ``then`` (if any).

    ``do`` lists what happens to calls, by tag (the engine knows each):

    * ``accept``: the irregular call stands as if legal and in rotation (Laws 27A1, 29A,
      25B1); a call out of rotation makes the auction go on from its maker.
    * ``cancel``: the irregular call is cancelled (it never stood), the auction reverts to the
      player whose turn it was (Law 29B).
    * ``stand``: the awaited call stands (a replacement, Laws 27B1, 27B2).
    * ``unstand``: the awaited call, which stood, is cancelled (Law 27B3).
    * ``substitute_pass``: a pass is put in place of the cancelled call (Laws 37B2, 38C).
    * ``cancel_later``: the calls made after the irregular one are cancelled too (36A, 38B).
    * ``lho_call_stands``: the call the offender's LHO made over it stands (37A).
    * ``replace``: the changed call replaces the first one (Laws 25A, 25B1).
    * ``keep_original``: the first call stands, the change is cancelled (Law 25B2).
    * ``withdraw_lho``: the LHO's call over the first call is withdrawn (Laws 21B2, 25A6).
    * ``revert``: the auction reverts to the player who missed his turn (Law 17D3).
    * ``withdraw_reporter``: the misinformed player's call and the later ones are withdrawn
      (Law 21B1).

    During the play ``do`` also names what happens to the card at issue, the *card* of the
    case, from the *hand* that played it:

    * ``place``: it stands as played (an accepted lead out of turn, Law 53A; 52B1).
    * ``spread``: declarer spreads his hand and becomes dummy; the lead stands (54A).
    * ``penalty_major``: it goes back to the hand as a major penalty card (54D, 56B, 57A,
      57D, 52B2).
    * ``penalty``: it becomes a penalty card, major or minor by Law 50B (49).
    * ``substitute_penalty``: the penalty card that was due is played instead (52B2).
    * ``commit``: it is deemed played and must be played at the hand's proper turn (57C3,
      57D).
    * ``correct``: the revoke of the case is corrected (Law 62B: the card goes back, a
      defender's card from his unfaced hand as a major penalty card; later cards are set
      aside, 62C); ``correct_other`` also corrects the other side's revoke on that trick
      (2017 62C3); ``as_established``: Law 64 applies as if it were established (43B2(b)).
    * ``restrict_play:highest`` / ``:lowest`` / ``:require`` / ``:prohibit``: the
      offender's partner's card to this trick (57A); ``suit`` names the suit required or
      prohibited.
    * ``lead_from:declarer`` / ``lead_from:dummy``: the hand declarer leads from (43B2(a)).
    * ``reopen``: play continues (68B2, 68D2(b)); ``cancel_board``: no table result, the
      score will be an adjusted score (13, 15); ``cancel_calls``: the offender's calls and
      every later one are cancelled (15A); ``deemed_revoke``: a revoke deemed on the
      defective trick, one trick transferred by 64A2 (67B1).

    ``lead``: declarer gets the Law 26 lead right (the edition's :meth:`lead_rule` for the
    withdrawn call: ``withdrawn`` says which call that is, ``"original"`` (the irregular or
    first call) or ``"call"`` (the awaited or changed one, Law 25B2)). ``forced``: forced
    passes, imposed by ``forced_law`` (by default the first of ``laws``);
    ``repeat``: the offender must repeat his cancelled call (Laws 31A1, 32A1); ``no_double``: that
    player may not double or redouble at his next turn (2007 Law 30B2(b)); ``reviews``: laws
    of the end-of-play reviews. That information from a withdrawn call is unauthorized for the
    offending side (Law 16C; 2007: 16D) is stated by citing that law in ``laws`` and saying so
    in ``text``, which the Director sees (docs/rulings.md).
    """

    laws: tuple[str, ...]
    text: str
    do: tuple[Do, ...] = ()
    forced: tuple[Forced, ...] = ()
    forced_law: str = ""
    repeat: bool = False
    no_double: Role | None = None
    #: The law of the ``no_double`` duty (by default the first of ``laws``).
    no_double_law: str = ""
    lead: bool = False
    withdrawn: Withdrawn = Withdrawn.ORIGINAL
    reviews: tuple[str, ...] = ()
    then: Step | None = None
    #: The suit of a ``restrict_play:require`` or ``:prohibit`` tag (Law 57A3, 57A4).
    suit: Suit | None = None


@dataclass(frozen=True, slots=True)
class Option:
    """One option of an :class:`Offer`: its name, a paraphrase of the Law, what follows."""

    name: str
    explanation: str
    step: Step


@dataclass(frozen=True, slots=True)
class Offer:
    """``chooser`` picks one of ``options`` (Law 10C). ``callers`` are roles whose *call*
    now is part of the ruling, with what it means (``accept``: acceptance by calling,
    Laws 27A1, 29A; ``forfeit``: the correct player's call, Law 28B; ``premature``: the
    offender replaces his insufficient bid before the ruling, Law 27C)."""

    chooser: Role
    law: str
    question: str
    options: tuple[Option, ...]
    callers: tuple[tuple[Role, Meaning], ...] = ()


@dataclass(frozen=True, slots=True)
class Ask:
    """A yes/no question for the Director (``key``: the answer's name in the records).

    ``callers`` as for :class:`Offer` (``lho_called``: the offender's LHO called before
    rectification, Laws 36A, 37A, 38D, 39B).
    """

    key: str
    law: str
    question: str
    yes: Step
    no: Step
    callers: tuple[tuple[Role, Meaning], ...] = ()
    lho_called: Step | None = None


@dataclass(frozen=True, slots=True)
class AwaitCall:
    """Wait for ``role``'s next call, then rule on it with ``then``.

    ``raw``: the engine sees the call before the table judges it (the call is the
    replacement of an insufficient bid and is ruled by Law 27B, even if insufficient).
    ``no_double``: he may not double or redouble (Law 27B3's second replacement).
    """

    role: Role
    law: str
    then: Callable[[CallFacts], Step]
    raw: bool = False
    no_double: bool = False


@dataclass(frozen=True, slots=True)
class Judge:
    """The Director decides how many tricks ``role``'s side takes in all (key ``tricks``),
    after the engine lays out the facts (the cards left, double-dummy tricks, outstanding
    trumps; for a claim, each line of play he asks about: key ``line``). ``laws`` are cited
    with the decision."""

    role: Role
    law: str
    question: str
    laws: tuple[str, ...]
    how: str = "ruling"


Step = Rectify | Offer | Ask | AwaitCall | Judge


@dataclass(frozen=True, slots=True)
class Rule:
    """A ruling on an awaited call: an edition's method with fixed arguments. Unlike a lambda
    it compares equal to another made the same way, so a replayed log equals the original."""

    method: Callable[..., Step]
    args: tuple[object, ...] = ()

    def __call__(self, facts: CallFacts) -> Step:
        return self.method(facts, *self.args)
