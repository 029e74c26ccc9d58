"""Secure, reproducible dealing (Law 6E): keys, the derivation, uniformity, board ranges."""

from __future__ import annotations

import hmac
import math
import random
from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dupbridge.analysis.dealing import (
    DealingKey,
    KeyFormatError,
    deal_board,
    deal_from_index,
    deal_index,
    deal_set,
    parse_board_range,
)
from dupbridge.core.boards import Board
from dupbridge.core.cards import Hand, Suit
from dupbridge.core.deal import DEAL_COUNT, Deal
from dupbridge.core.errors import NotationError

KEY = DealingKey(bytes(range(32)))
OTHER_KEY = DealingKey(bytes(range(1, 33)))
SAMPLE = 20_000


# --- statistics helpers -----------------------------------------------------------------------


def chi2_sf(statistic: float, dof: int) -> float:
    """P(X >= statistic) for a chi-square variable with ``dof`` degrees of freedom."""
    a, x = dof / 2, statistic / 2
    if x <= 0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:  # series for the lower incomplete gamma
        term = total = 1 / a
        n = a
        while term > total * 1e-15:
            n += 1
            term *= x / n
            total += term
        return max(0.0, 1 - total * math.exp(log_front))
    b, c, d = x + 1 - a, 1e300, 1 / (x + 1 - a)  # Lentz's continued fraction
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1 / d if d else 1e300
        c = b + an / c
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return math.exp(log_front) * h


def chi_square(observed: list[int], expected: list[float]) -> tuple[float, int]:
    """The statistic and degrees of freedom, pooling cells expected below 5 into one."""
    cells_o: list[float] = []
    cells_e: list[float] = []
    pool_o = pool_e = 0.0
    for o, e in zip(observed, expected, strict=True):
        if e < 5:
            pool_o += o
            pool_e += e
        else:
            cells_o.append(o)
            cells_e.append(e)
    if pool_e > 0:
        cells_o.append(pool_o)
        cells_e.append(pool_e)
    statistic = sum((o - e) ** 2 / e for o, e in zip(cells_o, cells_e, strict=True))
    return statistic, len(cells_o) - 1


def card_seat_p_value(deals: list[Deal]) -> float:
    """Chi-square p-value of "each card is equally likely in each seat" (52 × 4 cells)."""
    counts = [[0, 0, 0, 0] for _card in range(52)]
    for deal in deals:
        for seat, hand in enumerate(deal.hands):
            mask = hand.mask
            for card in range(52):
                if mask >> card & 1:
                    counts[card][seat] += 1
    expected = len(deals) / 4
    statistic = sum((o - expected) ** 2 / expected for row in counts for o in row)
    return chi2_sf(statistic, 52 * 3)


def length_p_value(deals: list[Deal]) -> float:
    """Chi-square p-value of North's spade length against its exact hypergeometric law."""
    probability = [math.comb(13, k) * math.comb(39, 13 - k) / math.comb(52, 13) for k in range(14)]
    counts = Counter(deal.north.length(Suit.SPADES) for deal in deals)
    statistic, dof = chi_square(
        [counts[k] for k in range(14)], [p * len(deals) for p in probability]
    )
    return chi2_sf(statistic, dof)


def pattern_p_value(deals: list[Deal]) -> float:
    """Chi-square p-value of South's hand patterns (4-4-3-2 ...) against exact probabilities."""
    exact: dict[tuple[int, ...], float] = {}
    for s in range(14):
        for h in range(14 - s):
            for d in range(14 - s - h):
                c = 13 - s - h - d
                ways = math.comb(13, s) * math.comb(13, h) * math.comb(13, d) * math.comb(13, c)
                key = tuple(sorted((s, h, d, c), reverse=True))
                exact[key] = exact.get(key, 0) + ways / math.comb(52, 13)
    counts = Counter(tuple(sorted(deal.south.shape, reverse=True)) for deal in deals)
    patterns = sorted(exact)
    statistic, dof = chi_square(
        [counts[p] for p in patterns], [exact[p] * len(deals) for p in patterns]
    )
    return chi2_sf(statistic, dof)


def naive_swap_dealer(rng: random.Random) -> Deal:
    """A classic biased shuffle: swap each position with any position (not Fisher-Yates)."""
    cards = list(range(52))
    for i in range(52):
        j = rng.randrange(52)
        cards[i], cards[j] = cards[j], cards[i]
    masks = [0, 0, 0, 0]
    for position, card in enumerate(cards):
        masks[position // 13] |= 1 << card
    return Deal(*(Hand(mask) for mask in masks))


def room_dealer(rng: random.Random) -> Deal:
    """Another biased dealer: each card to a random seat among those with room left."""
    masks = [0, 0, 0, 0]
    left = [13, 13, 13, 13]
    for card in range(52):
        seat = rng.choice([s for s in range(4) if left[s]])
        masks[seat] |= 1 << card
        left[seat] -= 1
    return Deal(*(Hand(mask) for mask in masks))


@pytest.fixture(scope="module")
def keyed_deals() -> list[Deal]:
    """Boards 1 .. SAMPLE dealt from a fixed key (so the test is reproducible)."""
    return [board.deal for board in deal_set(KEY, range(1, SAMPLE + 1))]


# --- tests ------------------------------------------------------------------------------------


class TestChiSquareHelper:
    def test_matches_known_quantiles(self) -> None:
        """The helper's tail probabilities match published chi-square tables."""
        assert abs(chi2_sf(3.841, 1) - 0.05) < 1e-3
        assert abs(chi2_sf(18.307, 10) - 0.05) < 1e-3
        assert abs(chi2_sf(124.342, 100) - 0.05) < 1e-3
        assert abs(chi2_sf(29.588, 10) - 0.001) < 1e-4


class TestUniformity:
    """Law 6E: computer dealing must give equally random results."""

    def test_each_card_equally_likely_in_each_seat(self, keyed_deals: list[Deal]) -> None:
        """Chi-square over 52 cards × 4 seats does not reject uniformity (Law 6E)."""
        assert card_seat_p_value(keyed_deals) > 0.001

    def test_suit_length_follows_the_hypergeometric_law(self, keyed_deals: list[Deal]) -> None:
        """North's spade length follows C(13,k)C(39,13-k)/C(52,13) (Law 6E)."""
        assert length_p_value(keyed_deals) > 0.001

    def test_hand_patterns_follow_their_exact_probabilities(self, keyed_deals: list[Deal]) -> None:
        """South's hand patterns (4-4-3-2, 5-3-3-2 ...) occur as often as they should."""
        assert pattern_p_value(keyed_deals) > 0.001

    @pytest.mark.parametrize("dealer", [naive_swap_dealer, room_dealer])
    def test_the_same_tests_reject_a_biased_dealer(
        self, dealer: Callable[[random.Random], Deal]
    ) -> None:
        """The statistics have power: a biased dealer fails at least one of them."""
        rng = random.Random(7)
        deals = [dealer(rng) for _ in range(SAMPLE)]
        p_values = (card_seat_p_value(deals), length_p_value(deals), pattern_p_value(deals))
        assert min(p_values) < 1e-6

    def test_every_deal_is_valid(self, keyed_deals: list[Deal]) -> None:
        """Each dealt board has four hands of thirteen distinct cards (Law 6B)."""
        assert all(deal.is_valid() for deal in keyed_deals[:2000])


class TestDerivation:
    def test_index_is_hmac_sha256_counter_mode(self) -> None:
        """The index is HMAC-SHA256(key, label || board || counter) mod DEAL_COUNT, as documented."""
        block = hmac.digest(
            KEY.secret, b"dupbridge/deal/v1" + (7).to_bytes(8, "big") + bytes(4), "sha256"
        )
        value = int.from_bytes(block, "big")
        assert value < (1 << 256) // DEAL_COUNT * DEAL_COUNT  # accepted on the first try
        assert value % DEAL_COUNT == deal_index(KEY, 7)

    def test_reproducible_from_the_key_and_board_number(self) -> None:
        """The same key and board give the same deal, so a lost set can be regenerated."""
        assert deal_board(KEY, 13) == deal_board(DealingKey.from_str(KEY.to_str()), 13)

    def test_boards_differ(self) -> None:
        """Different boards of one set get different deals."""
        deals = {board.deal for board in deal_set(KEY, range(1, 201))}
        assert 200 == len(deals)

    def test_different_keys_give_different_sets(self) -> None:
        """Another key deals a different set."""
        first = [b.deal for b in deal_set(KEY, range(1, 37))]
        second = [b.deal for b in deal_set(OTHER_KEY, range(1, 37))]
        assert all(a != b for a, b in zip(first, second, strict=True))

    def test_board_carries_law_2_dealer_and_vulnerability(self) -> None:
        """A dealt board has the dealer and vulnerability Law 2 gives its number."""
        assert [Board.numbered(n) for n in range(1, 17)] == [
            deal_board(KEY, n).board for n in range(1, 17)
        ]

    def test_any_first_board(self) -> None:
        """A set may start at any board: board 37 is the same alone or in a range."""
        assert deal_set(KEY, range(37, 41))[0] == deal_board(KEY, 37)

    @pytest.mark.parametrize("board", [0, -1, True, 2**64])
    def test_bad_board_number(self, board: int) -> None:
        """A board number must be a positive integer (Law 2 numbers boards from 1)."""
        with pytest.raises(NotationError, match="board number"):
            deal_index(KEY, board)

    def test_board_twice(self) -> None:
        """Asking for the same board twice is an error, not two copies."""
        with pytest.raises(NotationError, match="board 3 is asked for twice"):
            deal_set(KEY, [1, 3, 3])


class TestFastFromIndex:
    @given(st.integers(min_value=0, max_value=DEAL_COUNT - 1))
    def test_same_numbering_as_the_core(self, index: int) -> None:
        """The table-driven decoder numbers deals exactly as Deal.from_index does."""
        assert Deal.from_index(index) == deal_from_index(index)

    @pytest.mark.parametrize("index", [0, 1, DEAL_COUNT - 2, DEAL_COUNT - 1])
    def test_edges(self, index: int) -> None:
        """The first and last deals decode like the core's."""
        assert Deal.from_index(index) == deal_from_index(index)
        assert index == deal_from_index(index).index()

    @pytest.mark.parametrize("index", [-1, DEAL_COUNT])
    def test_out_of_range(self, index: int) -> None:
        """An index outside 0 .. DEAL_COUNT - 1 is refused."""
        with pytest.raises(ValueError, match="outside"):
            deal_from_index(index)


class TestKey:
    def test_round_trip(self) -> None:
        """A key written with to_str reads back equal."""
        key = DealingKey.generate()
        assert key == DealingKey.from_str(key.to_str())

    def test_written_in_eight_groups(self) -> None:
        """The key is written as eight groups of eight hex digits."""
        text = KEY.to_str()
        assert "00010203-04050607-08090a0b-0c0d0e0f-10111213-14151617-18191a1b-1c1d1e1f" == text

    def test_separators_and_case_do_not_matter(self) -> None:
        """Spaces, dashes, line breaks and upper case are accepted when reading."""
        text = KEY.to_str().upper().replace("-", " \n")
        assert KEY == DealingKey.from_str(text)

    def test_secret_never_in_repr_or_str(self) -> None:
        """Neither repr nor str shows the secret (it must not reach a log or an output)."""
        secret = KEY.secret.hex()
        for text in (repr(KEY), str(KEY), KEY.fingerprint):
            assert secret[:16] not in text
            assert KEY.fingerprint in repr(KEY)

    def test_fingerprints_differ(self) -> None:
        """Different keys have different fingerprints."""
        assert KEY.fingerprint != OTHER_KEY.fingerprint

    def test_fresh_keys_differ(self) -> None:
        """Two generated keys are different."""
        assert DealingKey.generate() != DealingKey.generate()

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("0123", "4 hexadecimal digits; expected 64"),
            ("g" * 64, "'g' is not a hexadecimal digit"),
            ("", "0 hexadecimal digits"),
            ("00" * 33, "66 hexadecimal digits"),
        ],
    )
    def test_unreadable_key(self, text: str, message: str) -> None:
        """An unreadable key is one clear error naming what is wrong."""
        with pytest.raises(KeyFormatError, match=message):
            DealingKey.from_str(text)

    def test_key_of_wrong_size(self) -> None:
        """A key is exactly 32 bytes."""
        with pytest.raises(KeyFormatError, match="32 bytes"):
            DealingKey(b"short")


class TestBoardRange:
    @pytest.mark.parametrize(
        ("text", "boards"),
        [
            ("1-36", list(range(1, 37))),
            ("7", [7]),
            ("1-4,9-10", [1, 2, 3, 4, 9, 10]),
            (" 37 - 40 ", [37, 38, 39, 40]),
        ],
    )
    def test_ranges(self, text: str, boards: list[int]) -> None:
        """Ranges and single boards, separated by commas."""
        assert boards == parse_board_range(text)

    @pytest.mark.parametrize(
        ("text", "message"),
        [
            ("0-3", "not a board number: 0"),
            ("5-3", "runs backwards"),
            ("a-b", "not a board or range"),
            ("1-3,2", "board 2 is asked for twice"),
            ("", "not a board or range"),
        ],
    )
    def test_bad_ranges(self, text: str, message: str) -> None:
        """A bad range is one clear error naming the part that is wrong."""
        with pytest.raises(NotationError, match=message):
            parse_board_range(text)
