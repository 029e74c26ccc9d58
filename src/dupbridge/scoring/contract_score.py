"""The duplicate score of a contract (Law 77), as data.

The score is that of declarer's side: positive when the contract is made, negative (the
defenders' penalty) when it is defeated. A passed-out board scores zero for both sides.
There are no honour bonuses in duplicate (Law 77 has none).
"""

from __future__ import annotations

from dupbridge.core.calls import Strain
from dupbridge.core.contract import Contract, Risk
from dupbridge.core.errors import DupbridgeError
from dupbridge.i18n import _

__all__ = ["ScoreError", "score", "trick_score", "undertrick_penalty"]


class ScoreError(DupbridgeError, ValueError):
    """A score asked for with impossible inputs (tricks outside 0-13)."""


# Law 77, trick score: points per odd trick bid and made, undoubled (first, each later).
_TRICK_VALUE: dict[Strain, tuple[int, int]] = {
    Strain.CLUBS: (20, 20),
    Strain.DIAMONDS: (20, 20),
    Strain.HEARTS: (30, 30),
    Strain.SPADES: (30, 30),
    Strain.NOTRUMP: (40, 30),
}
_GAME_THRESHOLD = 100  # trick score of 100 or more is a game (Law 77)
# Law 77 premium score: (not vulnerable, vulnerable).
_GAME_BONUS = (300, 500)
_PARTSCORE_BONUS = (50, 50)
_SMALL_SLAM_BONUS = (500, 750)
_GRAND_SLAM_BONUS = (1000, 1500)
_DOUBLED_OVERTRICK = (100, 200)  # each overtrick, doubled; twice as much redoubled
_MAKING_BONUS = {Risk.UNDOUBLED: 0, Risk.DOUBLED: 50, Risk.REDOUBLED: 100}
# Law 77 undertricks, per trick: (first, second and third, fourth and each later), doubled.
_DOUBLED_UNDERTRICKS = {False: (100, 200, 300), True: (200, 300, 300)}
_UNDOUBLED_UNDERTRICK = (50, 100)


def trick_score(contract: Contract) -> int:
    """The trick score of the contract bid and made (doubling multiplies it, Law 77)."""
    first, later = _TRICK_VALUE[contract.strain]
    return (first + later * (contract.level - 1)) * contract.risk.multiplier


def undertrick_penalty(undertricks: int, risk: Risk, vulnerable: bool) -> int:
    """The defenders' score for ``undertricks`` tricks down (Law 77), a positive number."""
    if risk is Risk.UNDOUBLED:
        return undertricks * _UNDOUBLED_UNDERTRICK[vulnerable]
    first, second_third, later = _DOUBLED_UNDERTRICKS[vulnerable]
    total = 0
    for trick in range(1, undertricks + 1):
        total += first if trick == 1 else second_third if trick <= 3 else later
    return total * (risk.multiplier // 2)


def score(contract: Contract | None, tricks: int, vulnerable: bool) -> int:
    """The score of declarer's side for ``tricks`` tricks won by declarer (Law 77).

    Args:
        contract: the contract, or None for a passed-out board (which scores 0).
        tricks: the tricks declarer's side won, 0 to 13.
        vulnerable: whether declarer's side is vulnerable.

    Returns:
        Declarer's side's score: positive if made, negative if defeated.

    Raises:
        ScoreError: if ``tricks`` is not between 0 and 13.
    """
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise ScoreError(_("tricks must be between 0 and 13, not {tricks!r}").format(tricks=tricks))
    if contract is None:
        return 0
    need = contract.level + 6
    if tricks < need:
        return -undertrick_penalty(need - tricks, contract.risk, vulnerable)
    base = trick_score(contract)
    total = base
    total += (_GAME_BONUS if base >= _GAME_THRESHOLD else _PARTSCORE_BONUS)[vulnerable]
    if contract.level == 6:
        total += _SMALL_SLAM_BONUS[vulnerable]
    elif contract.level == 7:
        total += _GRAND_SLAM_BONUS[vulnerable]
    total += _MAKING_BONUS[contract.risk]
    overtricks = tricks - need
    if contract.risk is Risk.UNDOUBLED:
        total += overtricks * _TRICK_VALUE[contract.strain][1]
    else:
        total += overtricks * _DOUBLED_OVERTRICK[vulnerable] * (contract.risk.multiplier // 2)
    return total
