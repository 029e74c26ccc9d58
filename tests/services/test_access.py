"""The ways in: Directors' accounts, session PINs, players, table devices, one-time links."""

from __future__ import annotations

from pathlib import Path

import pytest
from argon2 import PasswordHasher

from dupbridge.services.access import AccessError, AccessStore, Principal, Role
from dupbridge.store import make_engine, upgrade


@pytest.fixture
def access(tmp_path: Path) -> AccessStore:
    engine = make_engine(f"sqlite:///{tmp_path / 'access.sqlite3'}")
    upgrade(engine)
    # Cheap argon2 parameters: the tests check behaviour, not the hash's cost.
    return AccessStore(engine, PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))


class TestDirectors:
    def test_sign_in_with_the_right_password_only(self, access: AccessStore) -> None:
        account = access.add_director("Maria", "correct horse")
        principal = access.sign_in_director("Maria", "correct horse")
        assert Principal(Role.DIRECTOR, "Maria", account_id=account) == principal
        with pytest.raises(AccessError, match="wrong name or password"):
            access.sign_in_director("Maria", "wrong horse")
        with pytest.raises(AccessError, match="wrong name or password"):
            access.sign_in_director("Nobody", "correct horse")

    def test_a_playing_director_has_his_own_role(self, access: AccessStore) -> None:
        access.add_director("Jan", "12345678", playing=True)
        assert Role.PLAYING_DIRECTOR == access.sign_in_director("Jan", "12345678").role

    def test_the_password_is_stored_hashed(self, access: AccessStore, tmp_path: Path) -> None:
        access.add_director("Maria", "correct horse")
        assert b"correct horse" not in (tmp_path / "access.sqlite3").read_bytes()

    @pytest.mark.parametrize(
        ("name", "password", "message"),
        [("", "12345678", "needs a name"), ("Eva", "short", "at least 8")],
    )
    def test_bad_accounts_are_refused(
        self, access: AccessStore, name: str, password: str, message: str
    ) -> None:
        with pytest.raises(AccessError, match=message):
            access.add_director(name, password)

    def test_a_name_is_taken_once(self, access: AccessStore) -> None:
        access.add_director("Maria", "12345678")
        with pytest.raises(AccessError, match="already an account called Maria"):
            access.add_director("Maria", "87654321")


class TestSessions:
    def test_players_sign_in_with_the_pin_and_their_number(self, access: AccessStore) -> None:
        access.set_pin("s1", "4321")
        access.register_player("s1", 7, "Ann Smith")
        assert Principal(Role.PLAYER, "Ann Smith", "s1", 7) == access.sign_in_player(
            "s1", "4321", 7
        )
        with pytest.raises(AccessError, match="wrong session or PIN"):
            access.sign_in_player("s1", "1234", 7)
        with pytest.raises(AccessError, match="no player number 8"):
            access.sign_in_player("s1", "4321", 8)
        with pytest.raises(AccessError, match="wrong session or PIN"):
            access.sign_in_player("s2", "4321", 7)

    def test_a_table_device_signs_in_with_the_pin(self, access: AccessStore) -> None:
        access.set_pin("s1", "4321")
        principal = access.sign_in_table("s1", "4321", 3)
        assert (Role.TABLE, "s1", 3) == (principal.role, principal.session_id, principal.number)
        with pytest.raises(AccessError):
            access.sign_in_table("s1", "0000", 3)

    def test_a_pin_is_at_least_four_characters(self, access: AccessStore) -> None:
        with pytest.raises(AccessError, match="at least 4"):
            access.set_pin("s1", "12")


class TestLinks:
    def test_a_link_works_once(self, access: AccessStore) -> None:
        access.register_player("s1", 2, "Bo")
        token = access.issue_link("s1", 2)
        assert Principal(Role.PLAYER, "Bo", "s1", 2) == access.redeem_link(token)
        with pytest.raises(AccessError, match="already been used"):
            access.redeem_link(token)

    def test_an_expired_or_unknown_link_is_refused(self, access: AccessStore) -> None:
        access.register_player("s1", 2, "Bo")
        token = access.issue_link("s1", 2, ttl_s=-1)
        with pytest.raises(AccessError, match="expired"):
            access.redeem_link(token)
        with pytest.raises(AccessError, match="not valid"):
            access.redeem_link("nonsense")

    def test_no_link_for_an_unknown_player(self, access: AccessStore) -> None:
        with pytest.raises(AccessError, match="no player number 5"):
            access.issue_link("s1", 5)


def test_principals_round_trip_through_json() -> None:
    principal = Principal(Role.TABLE, "Table 4", "s9", 4)
    assert principal == Principal.from_json(principal.to_json())
    assert Principal.ANONYMOUS == Principal.from_json({"role": "emperor"})
    assert Principal.ANONYMOUS == Principal.from_json("not an object")
