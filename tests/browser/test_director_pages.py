"""The Director's pages in Chromium (issue 16, must show 5 and the screenshots of
docs/director.md): on a phone (390 x 844) an insufficient bid is ruled with taps only
(Law 27); on a desktop a disputed claim is ruled with the claim checks shown (Law 70). Every
control on every page visited has an accessible name. With ``DUPBRIDGE_SCREENSHOTS=1`` the
screenshots go to docs/img."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dupbridge.web.identity import AUTH_COOKIE
from tests.services.director.scripts import RECORDS, role_cookie, scenario, step_of
from tests.web.conftest import SECRET, settings_for

DOCS_IMG = Path(__file__).parents[2] / "docs" / "img"

#: Every interactive element without an accessible name (a rough accname: aria-label,
#: aria-labelledby, its labels, its text, its title).
UNNAMED = """
() => [...document.querySelectorAll(
    'a[href], button, input:not([type=hidden]), select, textarea, summary')]
  .filter(el => {
    const by = (el.getAttribute('aria-labelledby') || '').split(/\\s+/).filter(Boolean)
      .map(id => document.getElementById(id)?.textContent || '').join('');
    const labels = el.labels ? [...el.labels].map(l => l.textContent).join('') : '';
    const name = (el.getAttribute('aria-label') || by || labels || el.textContent
      || el.getAttribute('title') || '').trim();
    return name.length === 0;
  })
  .map(el => el.outerHTML.slice(0, 120))
"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The app on 127.0.0.1 (a free port) in a thread; stopped at the end."""
    import uvicorn

    from dupbridge.web.app import create_app
    from tests.web.servers import free_port

    url = f"sqlite:///{tmp_path_factory.mktemp('director-browser') / 'd.sqlite3'}"
    app = create_app(settings_for(url))
    config = uvicorn.Config(app, host="127.0.0.1", port=free_port(), log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not running.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    running.base = f"http://127.0.0.1:{config.port}"
    running.app = app
    yield running
    running.should_exit = True
    thread.join(timeout=10)


def sign_in(page: Any, server: Any) -> None:
    page.context.add_cookies(
        [
            {
                "name": AUTH_COOKIE,
                "value": role_cookie(SECRET, "director", "Maria Nowak"),
                "url": server.base,
            }
        ]
    )


def shot(page: Any, name: str, part: Any = None) -> None:
    """The whole page, or only ``part`` (a locator), to docs/img."""
    if os.environ.get("DUPBRIDGE_SCREENSHOTS") == "1":
        DOCS_IMG.mkdir(parents=True, exist_ok=True)
        if part is not None:
            part.screenshot(path=str(DOCS_IMG / name))
        else:
            page.screenshot(path=str(DOCS_IMG / name), full_page=True)


def all_named(page: Any) -> None:
    assert page.evaluate(UNNAMED) == []


def tap(page: Any, role: str, name: str) -> None:
    """Tap a control that submits its form, and wait for the next page."""
    with page.expect_navigation():
        page.get_by_role(role, name=name, exact=True).tap()


def click(page: Any, role: str, name: str) -> None:
    """Click a control that submits its form, and wait for the next page."""
    with page.expect_navigation():
        page.get_by_role(role, name=name, exact=True).click()


def test_phone_insufficient_bid_with_taps_only(browser: Any, server: Any) -> None:
    """Law 27 on a phone: North 1S, East 1H (insufficient); South refuses it (27A1);
    East replaces it by 2H; the Director answers that 2H names the same denomination
    (27B1(a)): the auction goes on with no further rectification."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    sign_in(page, server)
    page.goto(server.base + "/director/assistant")
    all_named(page)
    shot(page, "director-assistant-start.png")
    tap(page, "button", "Board 1")
    tap(page, "button", "1 spades")
    assert page.get_by_role("radio", name="E").is_checked()  # East's turn next
    tap(page, "button", "1 hearts")
    assert "Law 27A1" in page.locator(".pending").inner_text()
    all_named(page)
    shot(page, "director-assistant-insufficient-bid.png")
    tap(page, "button", "refuse")
    page.get_by_role("radio", name="E").tap()  # East replaces his bid
    tap(page, "button", "2 hearts")
    pending = page.locator(".pending").inner_text()
    assert "27B" in pending
    all_named(page)
    shot(page, "director-assistant-question.png")
    tap(page, "button", "Yes")
    rulings = page.locator("article.ruling").inner_text()
    assert "27B1(a)" in rulings
    assert "2017" in rulings
    assert (
        "S to call" in page.locator(".status").inner_text()
        or "South" in page.locator(".status").inner_text()
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    all_named(page)
    shot(page, "director-assistant-ruled.png")
    context.close()


def test_desktop_disputed_claim_with_the_checks(desktop: Any, server: Any) -> None:
    """Law 70: the claim is disputed; the page lays out the claim checks (double dummy, the
    stated line at best and at worst, the opponents' trumps, the cards left); the Director
    taps his number of tricks and the ruling is recorded with Laws 70."""
    page = desktop
    sign_in(page, server)
    record = scenario(RECORDS / "c70_2017_contested_claim_ruled.json")["record"]
    actions = record["actions"]
    upto = next(i for i, a in enumerate(actions) if "reject_claim" in a) + 1
    api = page.request
    view = api.post(server.base + "/api/director/rulings",
                    data={"board": record["board"], "deal": record["deal"]}).json()  # fmt: skip
    for action in actions[:upto]:
        kind, value = step_of(action)
        assert kind == "act"
        answer = api.post(f"{server.base}/api/director/rulings/{view['id']}/actions",
                          data={"action": value})  # fmt: skip
        assert answer.ok, answer.text()
    page.goto(f"{server.base}/director/assistant/{view['id']}")
    checks = page.locator(".checks")
    assert checks.is_visible()
    text = checks.inner_text()
    assert "Double dummy" in text
    assert "at best" in text
    all_named(page)
    shot(page, "director-claim-checks.png")
    click(page, "button", "7 tricks")
    rulings = page.locator("article.ruling").inner_text()
    assert "70" in rulings
    assert page.locator(".status").inner_text().strip() == "The board is finished."
    all_named(page)
    shot(page, "director-claim-ruled.png")


def test_desktop_console_scores(desktop: Any, server: Any) -> None:
    """The console's scores page (Law 12C): a weighted score on board 1 of a real
    traveller, the audit log and the ranking."""
    from dupbridge.services.event_results import load_event
    from tests.conftest import shared_file

    event = load_event(shared_file("jfr-pary-mp-wb120802", "wb120802.html")).event
    server.app.state.director.open_event("wb120802", event)
    first = next(r for r in event.results if r.board == 1)
    page = desktop
    sign_in(page, server)
    page.goto(server.base + "/director/events/wb120802")
    all_named(page)
    page.get_by_label("Board", exact=True).fill("1")
    page.get_by_label("NS pair").fill(str(first.ns.number))
    page.get_by_label("EW pair").fill(str(first.ew.number))
    page.locator("#score").fill("30% 4SN=; 70% 4SN-1")
    click(page, "button", "Enter the score")
    log = page.locator("ol.log").inner_text()
    assert "12C1(c)" in log
    assert "Maria Nowak" in log
    all_named(page)
    shot(page, "director-console-scores.png")


def test_desktop_console_disputed_claim(desktop: Any, server: Any) -> None:
    """An online table: West calls the Director, then East disputes North's claim (Laws
    68D, 70). The Director's queue lists both calls; the table inspector lays out the claim
    checks; the Director rules with the assistant and taps his number of tricks."""
    from tests.web.conftest import DEAL

    api = desktop.request
    table = api.post(server.base + "/tables", data={"deal": DEAL, "board": 1}).json()
    seq = 0
    for kind, seat, fields in [
        ("call", "N", {"call": "1S", "alert": True, "explanation": "5+ spades"}),
        ("call", "E", {"call": "Pass"}),
        ("call", "S", {"call": "Pass"}),
        ("director_call", "W", {"reason": "a hesitation"}),
        ("call", "W", {"call": "Pass"}),
        ("card", "E", {"card": "CA"}),
        ("claim", "N", {"tricks": 8, "statement": "trumps first"}),
        ("reject_claim", "E", {}),
    ]:
        frame = {"type": kind, "seat": seat, "expected_seq": seq, "key": f"b{seq}", **fields}
        answer = api.post(f"{server.base}/tables/{table['table']}/commands", data=frame,
                          headers={"Authorization": f"Bearer {table['seats'][seat]}"})  # fmt: skip
        assert answer.ok, answer.text()
        seq = answer.json()["last"]
    page = desktop
    sign_in(page, server)
    page.goto(f"{server.base}/director/sessions/{table['session']}")
    rows = page.locator("table.queue tbody tr")
    assert rows.count() == 2
    assert "a hesitation" in rows.nth(0).inner_text()
    all_named(page)
    shot(page, "director-console-queue.png")
    with page.expect_navigation():
        page.locator("table.queue tbody tr").nth(1).get_by_role("link").click()
    assert "Claim checks" in page.locator("main").inner_text()
    assert "5+ spades" in page.locator("ol.auction").inner_text()
    all_named(page)
    shot(page, "director-console-table.png")
    click(page, "button", "Rule with the assistant")
    assert page.locator(".checks").is_visible()
    click(page, "button", "8 tricks")
    assert page.locator(".status").inner_text().strip() == "The board is finished."
    assert "70" in page.locator("article.ruling").inner_text()
    all_named(page)


def test_desktop_session_scores(desktop: Any, server: Any) -> None:
    """The console's scores of an online session: a board not played (Law 12C2(a)) is
    scored, then revised; the audit log shows both events of the table's log with the
    Director's name, and every control has an accessible name."""
    page = desktop
    sign_in(page, server)
    api = page.request
    made = api.post(server.base + "/manage/sessions", max_redirects=0,
                    form={"name": "Console", "pin": "2468", "boards_per_round": "1"})  # fmt: skip
    session_id = made.headers["location"].split("/")[-1].split("?")[0]
    for k in range(1, 5):
        api.post(f"{server.base}/manage/sessions/{session_id}/pairs", max_redirects=0,
                 form={"first": f"Anna {k}", "second": f"Bo {k}"})  # fmt: skip
    api.post(f"{server.base}/manage/sessions/{session_id}/start", max_redirects=0)
    page.goto(f"{server.base}/director/sessions/{session_id}/scores")
    all_named(page)
    page.locator("#score").fill("A60/40")
    page.locator("#kind").select_option("not_played")
    click(page, "button", "Enter the score")
    log = page.locator("ol.log")
    assert "12C2(a)" in log.inner_text()
    assert "Maria Nowak" in log.inner_text()
    log.get_by_label("New score").fill("A40/60")
    click(page, "button", "Revise")
    entries = page.locator("ol.log li")
    assert entries.count() == 2
    assert "A40/60" in entries.nth(1).inner_text()
    all_named(page)
    shot(page, "director-session-scores.png")


def _phone_form(
    browser: Any, server: Any, actions: list[dict[str, Any]], entry: str
) -> tuple[Any, Any, Any, dict[str, Any]]:
    """A phone (390 x 844, touch) signed in as the Director, a ruling on board 1 of the
    engine tests' deal with ``actions`` entered through the API, and the assistant's form for
    ``entry`` open: the browser context, the page, the API and the ruling's view."""
    from tests.rulings.test_pinned_engine import DEAL

    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    sign_in(page, server)
    api = page.request
    view = api.post(server.base + "/api/director/rulings", data={"board": 1, "deal": DEAL}).json()
    for action in actions:
        answer = api.post(f"{server.base}/api/director/rulings/{view['id']}/actions",
                          data={"action": action})  # fmt: skip
        assert answer.ok, answer.text()
    page.goto(f"{server.base}/director/assistant/{view['id']}?entry={entry}")
    return context, page, api, view


def test_phone_defective_trick_after_the_round(browser: Any, server: Any) -> None:
    """Law 67B1 after play on a phone: the thirteen tricks of 1NT by East are entered, then
    the Director opens "A trick with a card too many or too few", taps who reported it, the
    offender, the trick, and when attention was drawn: after the round (Law 64B5, the revoke
    form's control): the deemed revoke transfers no trick and East keeps his 6 tricks."""
    from tests.rulings.test_pinned_defective_trick import PLAYED

    context, page, api, view = _phone_form(browser, server, PLAYED, "defective_trick")
    form = page.locator("section.entry-form")
    form.get_by_role("group", name="Who reported it").get_by_role("radio", name="S").tap()
    form.get_by_role("group", name="The offender").get_by_role("radio", name="W").tap()
    form.get_by_label("Which trick").fill("1")
    assert form.get_by_role("radio", name="A card too few").is_checked()
    when = form.get_by_role("group", name="When attention was drawn")
    assert when.get_by_role("radio", name="After play", exact=True).is_checked()
    when.get_by_role("radio", name="After the round Law 64B5").tap()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    all_named(page)
    shot(page, "director-defective-trick.png", form)
    tap(page, "button", "Record it")
    rulings = page.locator("article.ruling").inner_text()
    assert "64B5" in rulings
    assert "67B1" in rulings
    state = api.get(f"{server.base}/api/director/rulings/{view['id']}").json()["state"]
    assert (state["result_before_transfers"], state["result"]) == (6, 6)
    assert "Declarer's side: 6 tricks" in page.locator("main").inner_text()
    all_named(page)
    context.close()


def test_phone_tricks_disputed_after_the_round(browser: Any, server: Any) -> None:
    """Law 79B3 on a phone: 1NT by East is played out (no claim: 79B1 does not apply), then
    the Director opens "The players disagree on the tricks won", taps who reported it and
    when he was called: after the round (the time control of the revoke form). He is asked
    for the tricks under 79B3 (the score changed for both sides only if he is clearly
    convinced of the table result) and taps 6: the ruling cites 79B3."""
    from tests.rulings.test_pinned_defective_trick import PLAYED

    context, page, api, view = _phone_form(browser, server, PLAYED, "tricks_disputed")
    form = page.locator("section.entry-form")
    form.get_by_role("group", name="Who reported it").get_by_role("radio", name="N").tap()
    when = form.get_by_role("group", name="When the Director was called")
    assert when.get_by_role("radio", name="During the round Law 79B2").is_checked()
    when.get_by_role("radio", name="After the round Law 79B3").tap()
    assert when.get_by_role("radio", name="After the round Law 79B3").is_checked()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    box = when.bounding_box()
    assert box is not None
    assert 0 <= box["x"]
    assert box["x"] + box["width"] <= 390
    assert form.get_by_role("group", name="The offender").count() == 0  # Law 79B: none
    all_named(page)
    shot(page, "director-tricks-disputed.png", form)
    tap(page, "button", "Record it")
    pending = page.locator(".pending").inner_text()
    assert "79B3" in pending
    assert "clearly convinced" in pending
    all_named(page)
    click(page, "button", "6 tricks")
    assert "79B3" in page.locator("article.ruling").inner_text()
    state = api.get(f"{server.base}/api/director/rulings/{view['id']}").json()["state"]
    assert (state["pending"], state["result"]) == (None, 6)
    assert "Declarer's side: 6 tricks" in page.locator("main").inner_text()
    context.close()


def test_phone_missing_card_found_among_the_played(browser: Any, server: Any) -> None:
    """Law 14B1 on a phone: after South's opening lead against 1NT by East, the Director
    opens "A card is missing", taps who reported it, the offender (West, a card short) and
    where the card was found: among the played cards, so Law 67 applies."""
    from tests.rulings.test_pinned_play import ONE_NT

    context, page, api, view = _phone_form(
        browser, server, [*ONE_NT, {"seat": "S", "card": "H7"}], "missing_card"
    )
    form = page.locator("section.entry-form")
    form.get_by_role("group", name="Who reported it").get_by_role("radio", name="N").tap()
    form.get_by_role("group", name="The offender").get_by_role("radio", name="W").tap()
    found = form.get_by_role("group", name="Where the card was found")
    assert found.get_by_role("radio", name="Elsewhere Law 14B2").is_checked()
    found.get_by_role("radio", name="Among the played cards Law 14B1").tap()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    box = found.bounding_box()
    assert box is not None
    assert 0 <= box["x"]
    assert box["x"] + box["width"] <= 390
    all_named(page)
    shot(page, "director-missing-card.png", form)
    tap(page, "button", "Record it")
    rulings = page.locator("article.ruling").inner_text()
    assert "14B1" in rulings
    assert "67" in rulings
    state = api.get(f"{server.base}/api/director/rulings/{view['id']}").json()["state"]
    assert state["rulings"][-1]["laws"] == ["14B1", "67"]
    all_named(page)
    context.close()


def test_phone_surplus_card(browser: Any, server: Any) -> None:
    """Law 13C on a phone: East has opened 1NT when South reports a hand with a wrong number
    of cards; the Director taps the offender and "A surplus card, not part of the deal": it
    is removed and the auction goes on with no rectification (no question is pending)."""
    context, page, api, view = _phone_form(
        browser,
        server,
        [{"seat": "N", "call": "Pass"}, {"seat": "E", "call": "1NT"}],
        "wrong_number",
    )
    form = page.locator("section.entry-form")
    form.get_by_role("group", name="Who reported it").get_by_role("radio", name="S").tap()
    form.get_by_role("group", name="The offender").get_by_role("radio", name="E").tap()
    wrong = form.get_by_role("group", name="What is wrong with it")
    assert wrong.get_by_role("radio", name="Too many cards, another hand too few").is_checked()
    wrong.get_by_role("radio", name="A surplus card, not part of the deal Law 13C").tap()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    all_named(page)
    shot(page, "director-surplus-card.png", form)
    tap(page, "button", "Record it")
    assert "13C" in page.locator("article.ruling").inner_text()
    state = api.get(f"{server.base}/api/director/rulings/{view['id']}").json()["state"]
    assert (state["pending"], state["rulings"][-1]["laws"]) == (None, ["13C"])
    all_named(page)
    context.close()
