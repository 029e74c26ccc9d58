"""Declarer's lead and play choices (rulings/leads.py) pinned one branch at a time.

Law 26 (lead restrictions after a withdrawn call), Law 24E with 50B (cards exposed in the
auction become major or minor penalty cards), Law 50D2 and 51B (declarer requires or prohibits
a lead while the partner holds major penalty cards, and the cards of that suit are picked up)
and Law 51A (declarer designates which of several penalty cards is played). Each test plays a
short recording-mode record on the deal of the scenario records and checks what the law
requires: the laws cited, the exact texts, the options and the table's state after.

The deal: North AKQ2.J3.T98.5432, East JT98.AKQ.765.AKQ, South 7654.T987.AKQ.JT,
West 3.6542.J432.9876.
"""

from __future__ import annotations

from typing import Any

from dupbridge.core.cards import Suit
from dupbridge.core.seats import Seat
from dupbridge.rulings.leads import lead_explanation
from tests.rulings.test_auction_pins import call, choose, director, state


def card(seat: str, text: str) -> dict[str, Any]:
    return {"seat": seat, "card": text}


def expose(seat: str, *cards: str) -> dict[str, Any]:
    return {"seat": seat, "expose": list(cards)}


def rectifications(result: dict[str, Any]) -> list[str]:
    return [text for ruling in result["rulings"] for text in ruling["rectification"]]


# North opens 1H; West exposes cards; three passes: North declares 1H, East is to lead.
AFTER_1H = [call("E", "Pass"), call("S", "Pass"), call("W", "Pass")]

# East declares 1NT; South leads the DA, the first trick is played out, South wins it.
NT_FIRST_TRICK = [
    call("N", "Pass"),
    call("E", "1NT"),
    call("S", "Pass"),
    call("W", "Pass"),
    call("N", "Pass"),
    card("S", "DA"),
    card("W", "D2"),
    card("N", "D8"),
    card("E", "D5"),
]


class TestExposedInTheAuctionBecomePenaltyCards:
    """Law 24E with 50B: a defender's cards exposed during the auction become penalty cards,
    major unless a single card below an honour was exposed unintentionally."""

    def test_single_low_card_exposed_is_minor(self) -> None:
        """Laws 24A, 24E, 50B: one low card, not led: a minor penalty card, no lead choice
        for declarer (Law 50C: the partner has no lead restriction)."""
        result = state([call("N", "1H"), expose("W", "D2"), *AFTER_1H])
        assert "West defends: D2 become penalty cards (minor)" in rectifications(result)
        assert result["penalty_cards"] == {"W": [{"card": "D2", "kind": "minor"}]}
        assert result["pending"] is None
        assert result["turn"] == "E"

    def test_single_honour_exposed_is_major(self) -> None:
        """Laws 24B, 24E, 50B: a card of honour rank is a major penalty card, and declarer
        may require or prohibit its suit at the partner's lead (Law 50D2)."""
        result = state([call("N", "1H"), expose("W", "DJ"), *AFTER_1H])
        assert "West defends: DJ become penalty cards (major)" in rectifications(result)
        assert result["penalty_cards"] == {"W": [{"card": "DJ", "kind": "major"}]}
        assert result["pending"]["law"] == "50D2"

    def test_single_low_card_led_is_major(self) -> None:
        """Laws 24B, 50B: a low card led early is exposed deliberately: major."""
        result = state([call("N", "1H"), card("W", "D2"), *AFTER_1H])
        assert "West defends: D2 become penalty cards (major)" in rectifications(result)
        assert result["penalty_cards"] == {"W": [{"card": "D2", "kind": "major"}]}

    def test_two_low_cards_are_both_major(self) -> None:
        """Laws 24C, 50B: two cards exposed by one defender are all major, and declarer
        chooses under Law 51B."""
        result = state([call("N", "1H"), expose("W", "D2", "C6"), *AFTER_1H])
        assert "West defends: D2 C6 become penalty cards (major)" in rectifications(result)
        assert result["pending"]["law"] == "51B"


# East bids 2C legally, then an insufficient 2C over 2H, refused and replaced by a
# pass of another meaning: West must pass, South declares 2H and West leads.
SPECIFIED_2C = [
    call("N", "1D"),
    call("E", "2C"),
    call("S", "2H"),
    call("W", "Pass"),
    call("N", "Pass"),
    call("E", "2C"),
    choose("S", "refuse"),
    call("E", "Pass"),
    director(same_meaning=False),
]


# East's insufficient 1C over 1D is refused and replaced by a pass of another meaning; East
# never bids clubs, and South declares 2S: West leads.
UNSPECIFIED_1C = [
    call("N", "1D"),
    call("E", "1C"),
    choose("S", "refuse"),
    call("E", "Pass"),
    director(same_meaning=False),
    call("S", "1S"),
    call("W", "Pass"),
    call("N", "2S"),
    call("E", "Pass"),
    call("S", "Pass"),
    call("W", "Pass"),
]


class TestSuitSpecifiedLegallyMeansNoRestriction:
    """2007 Law 26A1: when the withdrawn call related only to a suit the offender had
    specified legally, declarer has no lead restriction."""

    def test_no_lead_restriction_and_the_note(self) -> None:
        result = state(SPECIFIED_2C, "2007")
        assert result["contract"] == "2H"
        assert result["pending"] is None
        assert result["phase"] == "play"
        assert result["turn"] == "W"
        assert result["lead_restrictions"] == []
        # West may lead any card, a club included.
        assert "C9" in result["legal_cards"]
        assert len(result["legal_cards"]) == 13
        ruling = result["rulings"][0]
        assert ruling["rectification"][-1] == (
            "East specified the suit of the withdrawn call legally: no lead restriction"
        )
        assert "26A1" in ruling["laws"]

    def test_an_unspecified_suit_is_restricted(self) -> None:
        """2007 Law 26A2: the same withdrawn 2C without East's earlier 2C: declarer may
        require or prohibit clubs at West's first lead."""
        actions = UNSPECIFIED_1C
        result = state(actions, "2007")
        pending = result["pending"]
        assert pending["law"] == "26A2"
        assert pending["chooser"] == "S"
        assert pending["irregularity"] == "lead_restriction"
        assert pending["question"] == (
            "West is to lead for the first time since his partner East's call was withdrawn: "
            "does declarer (South) restrict the lead (Law 26A2 (2007))?"
        )
        assert pending["options"] == ["require_clubs", "prohibit_clubs", "no_restriction"]
        assert pending["explanations"] == [
            "West must lead a club",
            "West may not lead clubs for as long as he keeps the lead",
            "declarer imposes no restriction",
        ]
        # The decision is recorded in the ruling of East's insufficient bid.
        ruling = result["rulings"][0]
        assert pending["ruling"] == ruling["id"]
        assert ruling["decisions"][-1]["law"] == "26A2"
        assert ruling["decisions"][-1]["question"] == pending["question"]

    def test_declarer_requires_the_suit(self) -> None:
        """2007 Law 26A2: required, West must lead a club; the restriction is part of the
        ruling of East's insufficient bid."""
        actions = [*UNSPECIFIED_1C, choose("S", "require_clubs")]
        result = state(actions, "2007")
        ruling = result["rulings"][0]
        assert result["lead_restrictions"] == [
            {
                "seat": "W",
                "offender": "E",
                "law": "26A2",
                "status": "in force",
                "require": "C",
                "prohibit": [],
                "ruling": ruling["id"],
            }
        ]
        assert result["legal_cards"] == ["C9", "C8", "C7", "C6"]
        assert ruling["decisions"][-1]["answer"] == "require_clubs"
        assert ruling["rectification"][-1] == "West must lead a club"

    def test_declarer_imposes_nothing(self) -> None:
        """2007 Law 26A2: declarer may also let the lead go free; no restriction stays."""
        actions = [*UNSPECIFIED_1C, choose("S", "no_restriction")]
        result = state(actions, "2007")
        assert result["lead_restrictions"] == []
        assert len(result["legal_cards"]) == 13
        assert result["rulings"][0]["rectification"][-1] == "declarer imposes no restriction"

    def test_a_law_26_restriction_leaves_the_penalty_card(self) -> None:
        """2007 Laws 26A2 and 50D2: East also exposed the CA in the auction (a major penalty
        card, Law 24). Declarer's Law 26 requirement of clubs restricts West's lead but picks
        up nothing (only a Law 50D2/51B choice does): the CA stays, and declarer is then asked
        about it under Law 50D2."""
        actions = [*UNSPECIFIED_1C[:6], expose("E", "CA"), *UNSPECIFIED_1C[6:]]
        assert state(actions, "2007")["pending"]["law"] == "26A2"
        for option in ("require_clubs", "prohibit_clubs"):
            result = state([*actions, choose("S", option)], "2007")
            assert result["penalty_cards"] == {"E": [{"card": "CA", "kind": "major"}]}
            assert result["lead_restrictions"][0]["law"] == "26A2"
            assert result["pending"]["law"] == "50D2"
            assert result["pending"]["options"] == [
                "require_clubs",
                "prohibit_clubs",
                "no_restriction",
            ]


class TestPenaltyCardsAtThePartnersLead:
    """Laws 50D2 and 51B: while a defender has major penalty cards, declarer requires or
    prohibits his partner's lead of their suits; the cards of those suits are picked up."""

    def test_question_and_explanations(self) -> None:
        """Law 51B: penalty cards in two suits: declarer's six options, each explained."""
        result = state([*NT_FIRST_TRICK, expose("N", "SA", "HJ")])
        pending = result["pending"]
        assert pending["law"] == "51B"
        assert pending["chooser"] == "E"
        assert pending["irregularity"] == "penalty_cards"
        assert pending["question"] == (
            "South is to lead while North has major penalty cards (SA HJ): does declarer "
            "(East) require or prohibit a lead?"
        )
        picked = "; the penalty cards of that suit are picked up"
        picked_all = "; the penalty cards of those suits are picked up"
        assert pending["explanations"] == [
            "South must lead a spade" + picked,
            "South must lead a heart" + picked,
            "South may not lead spades for as long as he keeps the lead" + picked_all,
            "South may not lead hearts for as long as he keeps the lead" + picked_all,
            "South may not lead spades or hearts for as long as he keeps the lead" + picked_all,
            "no requirement or prohibition: the penalty cards stay on the table",
        ]
        ruling = result["rulings"][-1]
        assert pending["ruling"] == ruling["id"]
        assert ruling["decisions"][-1]["question"] == pending["question"]

    def test_require_picks_up_that_suit_only(self) -> None:
        """Law 51B2(a) with 51B1(a): required to lead spades, South must; North picks up the
        spade and keeps the heart as a penalty card."""
        result = state([*NT_FIRST_TRICK, expose("N", "SA", "HJ"), choose("E", "require_spades")])
        assert result["penalty_cards"] == {"N": [{"card": "HJ", "kind": "major"}]}
        assert result["legal_cards"] == ["S7", "S6", "S5", "S4"]
        ruling = result["rulings"][-1]
        assert result["lead_restrictions"] == [
            {
                "seat": "S",
                "offender": "N",
                "law": "51B",
                "status": "in force",
                "require": "S",
                "prohibit": [],
                "ruling": ruling["id"],
            }
        ]
        assert "51B" in ruling["laws"]
        assert ruling["rectification"][-1] == (
            "South must lead a spade; the penalty cards of that suit are picked up"
        )

    def test_prohibit_both_picks_up_both(self) -> None:
        """Law 51B2(b): both suits prohibited, every penalty card in them is picked up."""
        actions = [
            *NT_FIRST_TRICK,
            expose("N", "SA", "HJ"),
            choose("E", "prohibit_spades_and_hearts"),
        ]
        result = state(actions)
        assert result["penalty_cards"] == {}
        assert result["legal_cards"] == ["DK", "DQ", "CJ", "CT"]
        assert result["lead_restrictions"][0]["prohibit"] == ["S", "H"]
        assert result["rulings"][-1]["rectification"][-1] == (
            "South may not lead spades or hearts for as long as he keeps the lead; the penalty "
            "cards of those suits are picked up"
        )

    def test_neither_leaves_the_cards(self) -> None:
        """Law 51B2(c): neither required nor prohibited, the cards stay penalty cards."""
        result = state([*NT_FIRST_TRICK, expose("N", "SA", "HJ"), choose("E", "no_restriction")])
        assert len(result["penalty_cards"]["N"]) == 2
        assert result["lead_restrictions"] == []
        assert len(result["legal_cards"]) == 12
        assert result["rulings"][-1]["rectification"][-1] == (
            "no requirement or prohibition: the penalty cards stay on the table"
        )


# East declares 1NT; before the opening lead South exposes the DK and the CJ.
SOUTH_EXPOSES = [
    call("N", "Pass"),
    call("E", "1NT"),
    call("S", "Pass"),
    call("W", "Pass"),
    call("N", "Pass"),
    expose("S", "DK", "CJ"),
]


class TestDeclarerDesignatesThePenaltyCard:
    """Law 51A (2007 Law 50D1(a)): a defender with several penalty cards he may legally
    play plays the one declarer designates."""

    def test_question_options_and_explanations(self) -> None:
        result = state(SOUTH_EXPOSES)
        pending = result["pending"]
        assert pending["law"] == "51A"
        assert pending["chooser"] == "E"
        assert pending["irregularity"] == "penalty_cards"
        assert pending["options"] == ["designate_DK", "designate_CJ"]
        assert pending["question"] == (
            "South has several penalty cards he may play: which does declarer designate?"
        )
        assert pending["explanations"] == [
            "South must play DK now (Law 51A)",
            "South must play CJ now (Law 51A)",
        ]

    def test_designated_card_is_the_only_one(self) -> None:
        """Law 51A: the designated CJ must be led; the DK stays a penalty card."""
        result = state([*SOUTH_EXPOSES, choose("E", "designate_CJ")])
        assert result["pending"] is None
        assert result["turn"] == "S"
        assert result["legal_cards"] == ["CJ"]
        ruling = result["rulings"][-1]
        assert ruling["rectification"][-1] == "declarer designates CJ"
        assert "51A" in ruling["laws"]
        result = state([*SOUTH_EXPOSES, choose("E", "designate_DK")])
        assert result["legal_cards"] == ["DK"]
        after = state([*SOUTH_EXPOSES, choose("E", "designate_DK"), card("S", "DK")])
        assert after["penalty_cards"] == {"S": [{"card": "CJ", "kind": "major"}]}

    def test_one_penalty_card_needs_no_designation(self) -> None:
        """Law 50D1(a): a single major penalty card is simply played at the first legal
        opportunity; declarer designates nothing."""
        actions = [*SOUTH_EXPOSES[:-1], expose("S", "DK")]
        result = state(actions)
        assert result["pending"] is None
        assert result["legal_cards"] == ["DK"]

    def test_a_restriction_narrows_the_cards_he_may_play(self) -> None:
        """Laws 50D1(b), 51A, 51B1: South exposed the DK and CJ, North the D9 and D8 in the
        auction (Law 24E). Declarer first chooses for North's diamonds at South's lead; a
        prohibition of diamonds leaves South only the CJ to play, a requirement only the DK,
        with no designation; with neither, declarer designates (51A)."""
        actions = [
            call("N", "Pass"),
            call("E", "1NT"),
            expose("S", "DK", "CJ"),
            call("S", "Pass"),
            call("W", "Pass"),
            expose("N", "D9", "D8"),
            call("N", "Pass"),
        ]
        result = state(actions)
        assert result["pending"]["law"] == "51B"
        assert result["pending"]["options"] == [
            "require_diamonds",
            "prohibit_diamonds",
            "no_restriction",
        ]
        prohibited = state([*actions, choose("E", "prohibit_diamonds")])
        assert prohibited["pending"] is None
        assert prohibited["legal_cards"] == ["CJ"]
        assert "N" not in prohibited["penalty_cards"]
        assert len(prohibited["penalty_cards"]["S"]) == 2
        required = state([*actions, choose("E", "require_diamonds")])
        assert required["pending"] is None
        assert required["legal_cards"] == ["DK"]
        neither = state([*actions, choose("E", "no_restriction")])
        assert neither["pending"]["law"] == "51A"
        assert neither["pending"]["options"] == ["designate_DK", "designate_CJ"]

    def test_a_requirement_he_cannot_follow_narrows_nothing(self) -> None:
        """Laws 51B1(a), 59 and 51A: South, void in clubs, is required to lead a club
        (North's club penalty cards); unable to comply he may lead anything, so both of his
        own penalty cards are playable and declarer designates one."""
        actions = [
            call("N", "Pass"),
            call("E", "1NT"),
            call("S", "Pass"),
            call("W", "Pass"),
            call("N", "Pass"),
            *(card("S", "CJ"), card("W", "C6"), card("N", "C2"), card("E", "CA")),
            *(card("E", "CK"), card("S", "CT"), card("W", "C7"), card("N", "C3")),
            card("E", "D5"),
            expose("S", "H9", "H8"),
            expose("N", "C5", "C4"),
            *(card("S", "DA"), card("W", "D2"), card("N", "D8")),
            choose("E", "require_clubs"),
        ]
        result = state(actions)
        assert result["lead_restrictions"][0]["require"] == "C"
        assert result["pending"]["law"] == "51A"
        assert result["pending"]["options"] == ["designate_H9", "designate_H8"]
        assert state([*actions, choose("E", "designate_H8")])["legal_cards"] == ["H8"]

    def test_required_suit_keeps_its_two(self) -> None:
        """Laws 51B1(a), 51A: North holds the SA and the S2 as penalty cards, South the S7
        and S6; required to lead a spade at the opening lead, North may lead either penalty
        card (the two of the suit is of the suit), so declarer designates."""
        actions = [
            call("N", "Pass"),
            call("E", "Pass"),
            call("S", "Pass"),
            call("W", "1NT"),
            expose("S", "S7", "S6"),
            expose("N", "SA", "S2"),
            call("N", "Pass"),
            call("E", "Pass"),
            call("S", "Pass"),
            choose("W", "require_spades"),
        ]
        result = state(actions)
        assert result["lead_restrictions"][0]["require"] == "S"
        assert result["pending"]["law"] == "51A"
        assert result["pending"]["options"] == ["designate_SA", "designate_S2"]

    def test_required_suit_stops_at_its_ace(self) -> None:
        """Laws 51B1(a), 51A: West holds the H2 and the DJ as penalty cards, East the D7 and
        D6; required to lead a diamond, West's only playable penalty card is the DJ (the H2
        is of the next suit): no designation, the DJ is led."""
        actions = [
            call("N", "Pass"),
            call("E", "Pass"),
            call("S", "1NT"),
            expose("E", "D7", "D6"),
            expose("W", "H2", "DJ"),
            call("W", "Pass"),
            call("N", "Pass"),
            call("E", "Pass"),
            choose("S", "require_diamonds"),
        ]
        result = state(actions)
        assert result["lead_restrictions"][0]["require"] == "D"
        assert result["pending"] is None
        assert result["turn"] == "W"
        assert result["legal_cards"] == ["DJ"]

    def test_every_prohibited_suit_is_left_out(self) -> None:
        """Laws 51B2(b), 51A: South holds the S7, H9 and CJ as penalty cards, North the SA
        and HJ. Spades and hearts prohibited, only the CJ may be led: no designation. Hearts
        alone prohibited, the S7 and CJ remain, and declarer designates between them."""
        actions = [
            call("N", "Pass"),
            call("E", "1NT"),
            expose("S", "S7", "H9", "CJ"),
            call("S", "Pass"),
            call("W", "Pass"),
            expose("N", "SA", "HJ"),
            call("N", "Pass"),
        ]
        both = state([*actions, choose("E", "prohibit_spades_and_hearts")])
        assert both["pending"] is None
        assert both["legal_cards"] == ["CJ"]
        hearts = state([*actions, choose("E", "prohibit_hearts")])
        assert hearts["pending"]["law"] == "51A"
        assert hearts["pending"]["options"] == ["designate_S7", "designate_CJ"]

    def test_prohibited_suit_includes_its_two(self) -> None:
        """Laws 50D2(a), 51A: West holds the H2 and DJ as penalty cards, East the HQ; hearts
        prohibited, the H2 is prohibited too: only the DJ may be led, no designation."""
        actions = [
            call("N", "Pass"),
            call("E", "Pass"),
            call("S", "1NT"),
            expose("E", "HQ"),
            expose("W", "H2", "DJ"),
            call("W", "Pass"),
            call("N", "Pass"),
            call("E", "Pass"),
            choose("S", "prohibit_hearts"),
        ]
        result = state(actions)
        assert result["lead_restrictions"][0]["prohibit"] == ["H"]
        assert result["lead_restrictions"][0]["law"] == "50D2"
        assert result["pending"] is None
        assert result["legal_cards"] == ["DJ"]

    def test_prohibited_suit_stops_at_its_ace(self) -> None:
        """Laws 51B1(b), 51A: North holds the S2 and C2 as penalty cards, South the H9 and
        H8; hearts prohibited, the S2 (of the next suit) stays playable with the C2, and
        declarer designates."""
        actions = [
            call("N", "Pass"),
            call("E", "Pass"),
            call("S", "Pass"),
            call("W", "1NT"),
            expose("S", "H9", "H8"),
            expose("N", "S2", "C2"),
            call("N", "Pass"),
            call("E", "Pass"),
            call("S", "Pass"),
            choose("W", "prohibit_hearts"),
        ]
        result = state(actions)
        assert result["pending"]["law"] == "51A"
        assert result["pending"]["options"] == ["designate_S2", "designate_C2"]


class TestLeadExplanation:
    """``lead_explanation``, the text of each of declarer's options (Laws 26, 50D2, 51B)."""

    def test_require_and_prohibit(self) -> None:
        none: frozenset[Suit] = frozenset()
        assert lead_explanation(Seat.W, "require_clubs", Suit.CLUBS, none, False) == (
            "West must lead a club"
        )
        prohibit = frozenset({Suit.CLUBS, Suit.HEARTS})
        assert lead_explanation(Seat.E, "prohibit", None, prohibit, False) == (
            "East may not lead hearts or clubs for as long as he keeps the lead"
        )
        assert lead_explanation(Seat.E, "no_restriction", None, none, False) == (
            "declarer imposes no restriction"
        )
        assert lead_explanation(Seat.E, "no_restriction", None, none, True) == (
            "no requirement or prohibition: the penalty cards stay on the table"
        )

    def test_a_designation_names_itself(self) -> None:
        """Law 51A: an option that designates a card is shown by its name."""
        none: frozenset[Suit] = frozenset()
        assert lead_explanation(Seat.S, "designate_DK", None, none, True) == "designate_DK"
        assert lead_explanation(Seat.S, "designate_DK", None, none, False) == "designate_DK"
