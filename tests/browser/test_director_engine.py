"""Rulings on the engine at an online table, on the desktop console in Chromium (issue 16,
must show 5; docs/director.md): a disputed claim (Laws 68D, 70) is ruled with the claim
checks shown and the board ends at the table; an unintended call (Law 25A) is replaced and
East takes his choice (25A6, Law 10C), and play goes on online. Every control has an
accessible name. With ``DUPBRIDGE_SCREENSHOTS=1`` the screenshots go to docs/img."""

from __future__ import annotations

from typing import Any

from tests.browser.test_director_pages import (  # noqa: F401 - the module's server fixture
    all_named,
    click,
    server,
    shot,
    sign_in,
)


def online_table(desktop: Any, server: Any, steps: list[tuple[str, str, dict[str, Any]]]) -> Any:  # noqa: F811
    """A table of the server and its seats' commands, over HTTP."""
    from tests.web.conftest import DEAL

    api = desktop.request
    table = api.post(server.base + "/tables", data={"deal": DEAL, "board": 1}).json()
    seq = 0
    for kind, seat, fields in steps:
        frame = {"type": kind, "seat": seat, "expected_seq": seq, "key": f"k{seq}", **fields}
        answer = api.post(f"{server.base}/tables/{table['table']}/commands", data=frame,
                          headers={"Authorization": f"Bearer {table['seats'][seat]}"})  # fmt: skip
        assert answer.ok, answer.text()
        seq = answer.json()["last"]
    return table


def view_of(desktop: Any, server: Any, table: Any, seat: str) -> Any:  # noqa: F811
    answer = desktop.request.get(
        f"{server.base}/tables/{table['table']}/view", params={"token": table["seats"][seat]}
    )
    return answer.json()


def test_disputed_claim_ruled_at_the_table_with_the_checks(desktop: Any, server: Any) -> None:  # noqa: F811
    """Laws 68D, 70: West disputes North's claim; the Director switches the table to
    recording mode, reads the claim checks, decides 7 tricks and the board ends at the
    table with that result."""
    table = online_table(
        desktop,
        server,
        [
            *[("call", seat, {"call": call}) for seat, call in zip("NESW", ["1NT", "Pass", "Pass", "Pass"], strict=True)],
            ("card", "E", {"card": "CA"}),
            ("claim", "N", {"tricks": 8, "statement": "clubs run"}),
            ("reject_claim", "W", {}),
        ],
    )  # fmt: skip
    page = desktop
    sign_in(page, server)
    page.goto(f"{server.base}/director/tables/{table['table']}")
    with page.expect_navigation():
        page.get_by_role("link", name="Rule at the table on the engine").click()
    assert "Law 81C3" in page.locator("main").inner_text()
    all_named(page)
    click(page, "button", "Switch to recording mode")
    assert page.locator(".checks").is_visible()
    assert "70" in page.locator("#pending-title").inner_text()
    all_named(page)
    shot(page, "director-engine-claim.png")
    page.get_by_role("spinbutton", name="Tricks for the side the question names").fill("7")
    click(page, "button", "Decide")
    click(page, "button", "Play goes on online")
    view = view_of(desktop, server, table, "E")["view"]
    assert (view["phase"], view["result"]) == ("finished", 7)
    assert "Maria Nowak" in page.locator("ol.log").inner_text()


def test_unintended_call_replaced_and_play_goes_on(desktop: Any, server: Any) -> None:  # noqa: F811
    """Law 25A: North's 1C was a slip for 1D and East called 1H over it. The Director
    enters the change, answers that it was unintended, East withdraws his call (25A6) and
    the auction goes on online from 1D."""
    table = online_table(
        desktop,
        server,
        [("call", "N", {"call": "1C"}), ("call", "E", {"call": "1H"}),
         ("director_call", "N", {"reason": "I meant 1D"})],
    )  # fmt: skip
    page = desktop
    sign_in(page, server)
    page.goto(f"{server.base}/director/tables/{table['table']}/engine")
    click(page, "button", "Switch to recording mode")
    page.get_by_label("Who").select_option("N")
    page.get_by_label("What", exact=True).select_option("change")
    page.get_by_label("Call, card or seat").fill("1D")
    click(page, "button", "Enter")
    click(page, "button", "Yes")
    assert "25A6" in page.locator("#pending-title").inner_text()
    assert page.get_by_role("button", name="withdraw").is_visible()
    all_named(page)
    shot(page, "director-engine-choice.png")
    click(page, "button", "withdraw")
    click(page, "button", "Play goes on online")
    view = view_of(desktop, server, table, "E")["view"]
    assert [entry["call"] for entry in view["auction"]] == ["1D"]
    assert view["turn"] == "E"
