"""How the Laws and the rulings engine are built: one protocol, editions by hooks, small
modules, no private imports, closed sets as enums (docs/rulings.md, "How it is built")."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

import dupbridge.laws
import dupbridge.rulings
from dupbridge.core.calls import parse_call
from dupbridge.core.kinds import Edition, IrregularityName, NoticeTime, RevokeKind
from dupbridge.laws import EDITIONS, LAWS_2007, LAWS_2017, Laws2007, Laws2017, LawsEdition
from dupbridge.laws.base import EditionBase
from dupbridge.laws.steps import Ask, AwaitCall, CallFacts, Do, Offer, Rectify, Role, Step
from dupbridge.rulings.irregularities import IRREGULARITIES

PACKAGES = (Path(dupbridge.laws.__file__).parent, Path(dupbridge.rulings.__file__).parent)
MODULES = sorted(path for package in PACKAGES for path in package.glob("*.py"))


class TestProtocol:
    def test_editions_are_laws_editions(self) -> None:
        """Both editions follow the one protocol; 2007 is not a kind of 2017."""
        assert isinstance(LAWS_2017, LawsEdition)
        assert isinstance(LAWS_2007, LawsEdition)
        assert not issubclass(Laws2007, Laws2017)

    def test_protocol_is_abstract(self) -> None:
        """An edition must name itself: the protocol alone cannot be instantiated."""
        with pytest.raises(TypeError):
            LawsEdition()  # type: ignore[abstract]

    def test_2007_overrides_only_public_hooks(self) -> None:
        """Laws2007 overrides no private method of the protocol: what differs is a public
        hook (its own private helpers are not overrides)."""
        overridden = {
            name
            for cls in Laws2007.__mro__
            if cls not in LawsEdition.__mro__
            for name in vars(cls)
            if name.startswith("_")
            and not name.startswith("__")
            and hasattr(LawsEdition, name)
            and name != "_abc_impl"
        }
        assert overridden == set()

    def test_2017_adds_nothing_to_the_protocol(self) -> None:
        """The 2017 edition is the protocol as it stands: it only names itself."""
        assert set(vars(Laws2017)) - {"__module__", "__doc__", "__qualname__", "name"} <= {
            "__abstractmethods__",
            "_abc_impl",
            "__static_attributes__",
            "__firstlineno__",
        }

    def test_edition_names_are_enum_members(self) -> None:
        """The editions are keyed by the Edition enum, equal to their stored strings."""
        assert set(EDITIONS) == {Edition.E2017, Edition.E2007}
        assert LAWS_2017.name == "2017"
        assert LAWS_2007.name is Edition.E2007


class TestModules:
    @pytest.mark.parametrize("path", MODULES, ids=[f"{p.parent.name}/{p.name}" for p in MODULES])
    def test_no_module_over_600_lines(self, path: Path) -> None:
        """No module of laws/ or rulings/ is over 600 lines."""
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 600

    @pytest.mark.parametrize("path", MODULES, ids=[f"{p.parent.name}/{p.name}" for p in MODULES])
    def test_no_private_imports(self, path: Path) -> None:
        """No module of laws/ or rulings/ imports another module's private names (gettext's
        ``_`` aside)."""
        tree = ast.parse(path.read_text(encoding="utf-8"))
        private = [
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom)
            for alias in node.names
            if alias.name.startswith("_") and alias.name != "_"
        ]
        assert private == []

    def test_every_law_family_is_a_part_of_the_protocol(self) -> None:
        """The law families are mixins of the protocol, on the shared base."""
        families = [cls for cls in LawsEdition.__mro__ if cls.__module__.startswith("dupbridge")]
        modules = {cls.__module__.rsplit(".", 1)[1] for cls in families}
        assert {"insufficient", "rotation", "information", "leads", "play_irregularities",
                "revokes", "claims", "board", "base"} <= modules  # fmt: skip
        assert all(issubclass(cls, EditionBase) for cls in families)


def all_steps(step: Step | None, seen: set[int] | None = None) -> list[Step]:
    """``step`` and every step reachable from it without a call (Offer options, Ask
    branches, Rectify.then)."""
    seen = set() if seen is None else seen
    if step is None or id(step) in seen:
        return []
    seen.add(id(step))
    found: list[Step] = [step]
    if isinstance(step, Rectify):
        found += all_steps(step.then, seen)
    elif isinstance(step, Offer):
        for option in step.options:
            found += all_steps(option.step, seen)
    elif isinstance(step, Ask):
        found += all_steps(step.yes, seen) + all_steps(step.no, seen)
    return found


class TestEnums:
    def test_enums_store_as_their_strings(self) -> None:
        """StrEnum members are their strings: stored JSON is unchanged."""
        assert json.dumps([IrregularityName.REVOKE, RevokeKind.PENALTY_CARD, Do.PLACE]) == (
            '["revoke", "penalty_card", "place"]'
        )
        assert NoticeTime("after_round") is NoticeTime.AFTER_ROUND

    def test_irregularities_are_named_by_the_enum(self) -> None:
        """Every irregularity the rulings describe has an IrregularityName."""
        assert all(isinstance(kind.name, IrregularityName) for kind in IRREGULARITIES.values())

    @pytest.mark.parametrize("edition", [LAWS_2017, LAWS_2007], ids=["2017", "2007"])
    def test_every_do_tag_is_a_member(self, edition: LawsEdition) -> None:
        """Every tag the auction steps use is a Do member (a typo cannot pass mypy, and none
        slipped in as a string)."""
        roots: list[Step] = [
            edition.insufficient_bid(),
            edition.penalty_card_not_played(),
            edition.obliged_to_pass(),
            edition.bid_above_seven(),
            edition.change_of_call(lho_called=True, bidding_boxes=False),
        ]
        tags = [tag for root in roots for step in all_steps(root) if isinstance(step, Rectify)
                for tag in step.do]  # fmt: skip
        assert tags
        assert all(isinstance(tag, Do) for tag in tags)


class TestWithdrawnInformation:
    @pytest.mark.parametrize(("edition", "law"), [(LAWS_2017, "16C"), (LAWS_2007, "16D")])
    def test_withdrawn_call_cites_16c(self, edition: LawsEdition, law: str) -> None:
        """Law 16C (2007 16D): a cancelled call's information is unauthorized for the
        offending side; the ruling cites it (the Director sees it with the ruling)."""
        steps = [edition.forfeit(), edition.ib_double(), edition.ib_not_comparable()]
        for step in steps:
            cited = {edition.ref(code).code for code in step.laws}
            assert law in cited or f"{law}2" in cited
            assert "unauthorized" in step.text or "restrict" in step.text

    def test_no_unread_flag(self) -> None:
        """The Rectify step has no 'unauthorized' flag any more: the law citation shows it."""
        assert "unauthorized" not in Rectify.__dataclass_fields__


class TestReadings:
    @pytest.mark.parametrize("edition", [LAWS_2017, LAWS_2007], ids=["2017", "2007"])
    def test_67a_is_no_revoke(self, edition: LawsEdition) -> None:
        """Law 67A: noticed before both sides played on, the defect is put right (67A1) with
        no deemed revoke; later it is one (67B1)."""
        early = edition.defective_trick(cards="omitted", both_sides_played_on=False)
        late = edition.defective_trick(cards="omitted", both_sides_played_on=True)
        assert "67A1" in early.laws
        assert Do.DEEMED_REVOKE not in early.do
        assert "64A2" not in early.laws
        assert late.do == (Do.DEEMED_REVOKE,)
        surplus = edition.defective_trick(cards="surplus", both_sides_played_on=False)
        assert "67A2" in surplus.laws

    @pytest.mark.parametrize("edition", [LAWS_2017, LAWS_2007], ids=["2017", "2007"])
    def test_penalty_card_not_played_is_a_revoke(self, edition: LawsEdition) -> None:
        """Law 61A: both answers of Law 52 record the revoke; accepted it stands (64B3),
        refused it is corrected."""
        offer = edition.penalty_card_not_played()
        steps = {option.name: option.step for option in offer.options}
        accept, refuse = steps["accept"], steps["refuse"]
        assert isinstance(accept, Rectify)
        assert isinstance(refuse, Rectify)
        assert Do.PENALTY_REVOKE in accept.do
        assert {"61A", "64B3"} <= set(accept.laws)
        assert Do.PENALTY_REVOKE_CORRECTED in refuse.do

    def test_2007_17d2_waits_for_the_new_call_when_the_lho_called(self) -> None:
        """2007 Law 17D2: with the LHO's call over the cancelled one, the new call is ruled
        on: the same call lets the LHO repeat his, another asks whether it differs."""
        step = LAWS_2007.cards_from_wrong_board(partner_called=False, lho_called=True)
        assert isinstance(step.then, AwaitCall)
        assert step.then.role is Role.OFFENDER
        same = step.then.then(CallFacts(parse_call("1S"), parse_call("1S"), True, False, True))
        assert isinstance(same, Rectify)
        assert same.do == (Do.LHO_REPEATS,)
        other = step.then.then(CallFacts(parse_call("1NT"), parse_call("1S"), True, False, True))
        assert isinstance(other, Ask)
        assert other.key == "differs"
        assert isinstance(other.yes, Rectify)
        assert Do.CANCEL_BOARD in other.yes.do
        without = LAWS_2007.cards_from_wrong_board(partner_called=False, lho_called=False)
        assert without.then is None

    def test_2017_15a_has_no_17d2_rule(self) -> None:
        """2017 Law 15A2(b): the offender calls again and the auction continues normally."""
        step = LAWS_2017.cards_from_wrong_board(partner_called=False, lho_called=True)
        assert step.then is None
        assert step.do == (Do.CANCEL_CALLS,)
