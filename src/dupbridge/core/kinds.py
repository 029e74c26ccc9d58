"""Closed sets of names shared by the table, the Laws and the rulings engine, as ``StrEnum``.

Each member *is* its string (``IrregularityName.REVOKE == "revoke"``), so stored JSON and event
logs keep their text, while code that names a member is checked by the type checker: the
irregularity a ruling is about, a revoke's kind and the edition and mode a log starts with are
typed with them (a name read from outside, e.g. a report's kind, is checked on the way in).
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Edition", "IrregularityName", "NoticeTime", "RestrictionRank", "RevokeKind"]


class Edition(StrEnum):
    """An edition of the Laws of Duplicate Bridge dupbridge implements (SPEC §1.5)."""

    E2017 = "2017"
    E2007 = "2007"


class IrregularityName(StrEnum):
    """The irregularities a recording-mode table flags or is told of (docs/rulings.md)."""

    # the auction (Laws 16-39)
    INSUFFICIENT_BID = "insufficient_bid"
    PASS_OUT_OF_ROTATION = "pass_out_of_rotation"  # noqa: S105 - a name, not a password
    BID_OUT_OF_ROTATION = "bid_out_of_rotation"
    DOUBLE_OUT_OF_ROTATION = "double_out_of_rotation"
    REDOUBLE_OUT_OF_ROTATION = "redouble_out_of_rotation"
    INADMISSIBLE_DOUBLE = "inadmissible_double"
    INADMISSIBLE_REDOUBLE = "inadmissible_redouble"
    CALL_BY_PLAYER_OBLIGED_TO_PASS = "call_by_player_obliged_to_pass"  # noqa: S105 - a name, not a password
    BID_ABOVE_SEVEN = "bid_above_seven"
    CALL_AFTER_FINAL_PASS = "call_after_final_pass"  # noqa: S105 - a name, not a password
    RETENTION_OF_RIGHT_TO_CALL = "retention_of_right_to_call"
    CARD_EXPOSED_DURING_AUCTION = "card_exposed_during_auction"
    CARD_LED_DURING_AUCTION = "card_led_during_auction"
    CHANGE_OF_CALL = "change_of_call"
    SIMULTANEOUS_CALL = "simultaneous_call"
    UNAUTHORIZED_INFORMATION = "unauthorized_information"
    MISINFORMATION = "misinformation"
    LEAD_RESTRICTION = "lead_restriction"
    PENALTY_CARDS = "penalty_cards"
    # the play (Laws 41-71)
    OPENING_LEAD_OUT_OF_TURN = "opening_lead_out_of_turn"
    OPENING_LEAD_BY_DECLARING_SIDE = "opening_lead_by_declaring_side"
    LEAD_OUT_OF_TURN = "lead_out_of_turn"
    DECLARER_LEAD_OUT_OF_TURN = "declarer_lead_out_of_turn"
    PREMATURE_LEAD = "premature_lead"
    PREMATURE_PLAY = "premature_play"
    PLAY_AT_RHO_TURN = "play_at_rho_turn"
    PREMATURE_PLAY_BY_DECLARER = "premature_play_by_declarer"
    CARD_EXPOSED_DURING_PLAY = "card_exposed_during_play"
    DECLARER_CARD_EXPOSED = "declarer_card_exposed"
    PENALTY_CARD_NOT_PLAYED = "penalty_card_not_played"
    REVOKE = "revoke"
    DEFECTIVE_TRICK = "defective_trick"
    CONTESTED_CLAIM = "contested_claim"
    CLAIM_PLAY_CONTINUED = "claim_play_continued"
    CONCESSION_OBJECTED = "concession_objected"
    AGREEMENT_WITHDRAWN = "agreement_withdrawn"
    CONCESSION_CANCELLED = "concession_cancelled"
    DUMMY_WARNED_WRONG_HAND = "dummy_warned_wrong_hand"
    DUMMY_SUGGESTED_PLAY = "dummy_suggested_play"
    # the board (Laws 13-15, 79)
    INCORRECT_NUMBER_OF_CARDS = "incorrect_number_of_cards"
    MISSING_CARD = "missing_card"
    CARDS_FROM_WRONG_BOARD = "cards_from_wrong_board"
    WRONG_BOARD = "wrong_board"
    TRICKS_DISPUTED = "tricks_disputed"


class RevokeKind(StrEnum):
    """What a revoke failed to do (Laws 61A, 64B3, 67B1)."""

    #: A failure to follow suit (Law 44C).
    FOLLOW = "follow"
    #: A lead or play restriction not complied with (Laws 26, 50D2, 51B, 57A).
    RESTRICTION = "restriction"
    #: A card of dummy (Law 64B3).
    DUMMY = "dummy"
    #: A penalty card not played when due, or the only cards of the suit lay face up (64B3).
    PENALTY_CARD = "penalty_card"
    #: Deemed on a defective trick (Law 67B1).
    DEFECTIVE = "defective"


class NoticeTime(StrEnum):
    """When attention was first drawn to a revoke (Laws 63, 64B4, 64B5)."""

    PLAY = "play"
    AFTER_PLAY = "after_play"
    AFTER_NEXT_CALL = "after_next_call"
    AFTER_ROUND = "after_round"


class RestrictionRank(StrEnum):
    """Declarer's choice of rank for the offender's partner's card (Law 57A1, 57A2)."""

    HIGHEST = "highest"
    LOWEST = "lowest"
