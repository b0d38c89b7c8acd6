"""`checker serve`'s page in headless Chromium at phone size: a whole dispute of each game entered by tapping.

The real command serves the page; Playwright (from PyPI) drives Debian's chromium, no browser downloaded.
Without chromium these tests fail (they never skip): `.ci/run` installs it.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "cases"
CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 360, "height": 740}
SHOTS = os.environ.get("PNPKIT_SERVE_SHOTS")  # a folder: docs/serve-*.png are taken from these runs
# The server starts with an empty cache: a game's first resolve compiles its definitions, seconds on a
# loaded machine. Waits are for the page to change, not a measure of speed (benchmarks/bench_serve.py).
expect.set_options(timeout=30_000)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """`checker serve` on a free port; its printed URL."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = dict(os.environ, PNPKIT_CACHE=str(tmp_path_factory.getbasetemp() / "cache"))
    process = subprocess.Popen([sys.executable, "-c", "from checker.cli import main; main()", "serve", "--port",
                                str(port)], stdout=subprocess.PIPE, text=True, env=env)
    try:
        line = process.stdout.readline()
        assert line.startswith("Serving el-dorado-canyon, eternal-gold-and-steel, eldorado at http://127.0.0.1:"), line
        assert process.stdout.readline() == "Press Ctrl+C to stop.\n"
        yield line.split(" at ")[1].strip()
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def browser():
    assert shutil.which("chromium") or os.path.exists(CHROMIUM), "chromium is missing: apt-get install -y chromium"
    with sync_playwright() as play:
        chromium = play.chromium.launch(executable_path=CHROMIUM,
                                        args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, server):
    context = browser.new_context(viewport=PHONE, accept_downloads=True)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.on("dialog", lambda d: errors.append(f"dialog: {d.message}"))
    tab.goto(server)
    yield tab
    context.close()
    assert errors == []


def shot(page: Page, name: str, at: str | None = None) -> None:
    """The phone's screen, scrolled to `at`, for docs/serve-NAME.png."""
    if SHOTS:
        if at is not None:
            page.locator(at).first.scroll_into_view_if_needed()
        for _ in range(600):  # the faces on screen drawn (the first use draws them all); the page's CSP forbids
            if page.evaluate("""[...document.images].every((i) => { const r = i.getBoundingClientRect();
                    return r.bottom < 0 || r.top > innerHeight || r.width === 0 || (i.complete && i.naturalWidth > 0);
                })"""):  # wait_for_function (it evaluates a string in the page)
                break
            page.wait_for_timeout(100)
        page.screenshot(path=str(Path(SHOTS) / f"serve-{name}.png"), full_page=False)


def cli_json(state: Path) -> str:
    return subprocess.run([sys.executable, "-c", "from checker.cli import main; main()", "resolve", state.name,
                           "--json"], capture_output=True, text=True, cwd=state.parent, check=True).stdout


def seats(page: Page, game: str, names: list[str]) -> None:
    page.click(f"#game-list button[data-game='{game}']")
    expect(page.locator(f"#game-list button[data-game='{game}']")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#names input").first).to_be_visible()
    for i, name in enumerate(names):
        while page.locator("#names input").count() <= i:
            page.click("#add-player")
        box = page.locator("#names input").nth(i)
        box.fill(name)
        box.press("Tab")


def row(page: Page, field: str, player: int | None = None):
    """The form row of `field` (as refusals name it), of the player in seat `player`."""
    if player is None:
        return page.locator(f".field[data-field='{field}']:not([data-player])")
    return page.locator(f".field[data-player='{player}'][data-field='{field}']")


def reveal(page: Page, field: str, player: int | None = None) -> None:
    """Open the folded "More fields" holding the row, as a player taps it."""
    target = row(page, field, player)
    folded = target.locator("xpath=ancestor::details[1]")
    if not target.is_visible() and folded.count():
        folded.locator("xpath=./summary").first.click()


def tap_card(page: Page, field: str, card: str, player: int | None = None, done: bool = False) -> None:
    reveal(page, field, player)
    row(page, field, player).locator("button.add").click()
    page.locator(f"#picker button.pick[data-id='{card}']").click()
    if done and page.locator("#picker").is_visible():  # a list's picker stays open for more taps
        page.click("#picker-done")


def choose(page: Page, field: str, label: str, player: int | None = None) -> None:
    reveal(page, field, player)
    row(page, field, player).locator("select").select_option(label=label)


def type_in(page: Page, field: str, text: str, player: int | None = None) -> None:
    reveal(page, field, player)
    box = row(page, field, player).locator("input").first
    box.fill(text)
    box.press("Tab")


def tap_square(page: Page, field: str, squares: list[str], player: int | None = None) -> None:
    reveal(page, field, player)
    row(page, field, player).locator("button.map-button").click()
    for square in squares:
        page.locator(f"#picker rect[data-square='{square}']").click()
    if not page.locator("#picker").is_hidden():
        page.click("#picker-done")


def verdict_json(page: Page) -> str:
    with page.expect_download() as info:
        page.click("#save-verdict")
    return Path(info.value.path()).read_text()


def state_toml(page: Page, tmp_path: Path) -> Path:
    with page.expect_download() as info:
        page.click("#save-state")
    target = tmp_path / info.value.suggested_filename
    info.value.save_as(target)
    return target


def settled_as_the_cli(page: Page, case: Path) -> None:
    """Resolve: the headline shown and the verdict downloaded are what `checker resolve --json` prints for `case`."""
    page.click("#resolve")
    expected = json.loads(cli_json(case))
    expect(page.locator("#verdict .headline")).to_have_text(expected["headline"])
    assert json.loads(verdict_json(page)) == expected


def what_if_then_next(page: Page, tmp_path: Path, change) -> None:
    """What if: `change` one choice and resolve, the differences are listed; Next turn loads the state that
    verdict left, and the state downloaded then is that state, as `--out` writes it."""
    page.click("#whatif")
    change()
    page.click("#resolve")
    expect(page.locator("#verdict .differences li")).not_to_have_count(0)
    turned = json.loads(verdict_json(page))["state"]
    page.click("#next")
    expect(page.locator("#verdict")).to_be_hidden()
    assert tomllib.loads(state_toml(page, tmp_path).read_text()) == {"format": 1, **turned}


def edc_readme_dispute(page: Page) -> None:
    seats(page, "el-dorado-canyon", ["Ann", "Bob", "Cid"])
    choose(page, "first_player", "Ann")
    for seat, character in enumerate(("rattlesnake-jane", "doc-holloway", "black-bart")):
        tap_card(page, "character", character, seat)
    type_in(page, "health", "2", 1)
    tap_card(page, "play.card", "pistol", 0)
    expect(row(page, "play.card", 0).locator(".needs")).to_have_text(
        "Pistol: its arrow turns: choose direction left or right")
    choose(page, "play.direction", "left", 0)
    tap_card(page, "play.card", "take-cover", 1)
    choose(page, "play.option", "1", 1)
    tap_card(page, "play.card", "go-to-town", 2)
    choose(page, "play.option", "2", 2)


def readme_verdict() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.search(r"\$ checker resolve dispute.toml\nVerdict: (.*)\n", text).group(1)


def test_the_readme_dispute_tapped_at_phone_size(page, tmp_path):
    expect(page.locator("#game-list button")).to_have_text(
        ["El Dorado Canyon", "Eternal: Chronicles of the Throne - Gold and Steel", "Eldorado"])
    expect(page.locator("#actions")).to_be_hidden()
    shot(page, "1-game")
    edc_readme_dispute(page)
    shot(page, "2-players", ".field[data-player='0'][data-field='play.card']")
    page.click("#resolve")
    expect(page.locator("#verdict .headline")).to_have_text(readme_verdict())
    expect(page.locator("#verdict .changes")).to_contain_text("Bob: health 2 -> 1")
    shot(page, "3-verdict", "#verdict h2")
    first = page.locator("#verdict .steps details").first
    expect(first.locator(".rule")).to_be_hidden()
    first.locator("summary").click()  # one tap opens a step's citation
    expect(first.locator(".rule")).to_contain_text('rule: Gameplay: "all players reveal their card')
    shot(page, "4-steps", "#verdict .steps details[open]")
    saved = state_toml(page, tmp_path)
    assert verdict_json(page) == cli_json(saved)  # the download is a state `checker resolve` reads, same verdict
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_edc_what_if_next_turn_and_open(page, tmp_path):
    edc_readme_dispute(page)
    page.click("#resolve")
    expect(page.locator("#verdict .headline")).to_have_text(readme_verdict())
    page.click("#whatif")
    choose(page, "play.direction", "right", 0)  # Ann shoots Cid instead
    page.click("#resolve")
    differs = page.locator("#verdict .differences")
    expect(differs).to_contain_text("was: Bob: health 2 -> 1")  # Bob is not shot any more
    expect(differs).to_contain_text("now: Cid: health 5 -> 3")
    shot(page, "5-what-if", "#verdict .differences")
    page.click("#next")
    expect(row(page, "first_player").locator("select")).to_have_value(
        row(page, "first_player").locator("option", has_text="Bob").get_attribute("value"))
    expect(row(page, "play.card", 0).locator(".chip")).to_have_count(0)  # the next turn's plays are to be chosen
    shot(page, "6-next-turn", "#table")
    case = CASES / "el-dorado-canyon" / "50-marker-wraps-and-default-hand.toml"
    page.set_input_files("#open", str(case))
    expect(row(page, "play.card", 0).locator(".chip")).to_have_count(1)
    page.click("#resolve")
    expect(page.locator("#verdict .headline")).not_to_be_empty()
    assert json.loads(verdict_json(page)) == json.loads(cli_json(case))


def test_a_refusal_is_shown_beside_its_field(page):
    edc_readme_dispute(page)
    choose(page, "play.direction", "default (the printed arrow)", 0)
    page.click("#resolve")
    beside = row(page, "play.direction", 0).locator(".refusal")
    expect(beside).to_contain_text("state.toml: player 'Ann': play.direction: expected 'left' or 'right'")
    shot(page, "7-refusal", ".field .refusal.server")


def test_eldorado_dispute_with_the_map(page, tmp_path):
    """Case 15 (ashore, Manoa opened) entered by tapping the map and the counters."""
    case = CASES / "eldorado" / "15-ashore-and-open-eldorado.toml"
    seats(page, "eldorado", ["Ann", "Bob"])
    type_in(page, "dice", "4")
    tap_card(page, "leader", "henry", 0, done=True)
    tap_square(page, "at", ["I11"], 0)
    for field, value in (("soldiers", "6"), ("muskets", "1"), ("cannons", "2"), ("barrels", "3"), ("eldorado", "manoa")):
        type_in(page, field, value, 0)
    type_in(page, "at", "AL99", 1)
    expect(row(page, "at", 1).locator(".refusal")).to_contain_text("not on the map: AL99")
    type_in(page, "at", "al14", 1)
    expect(row(page, "at", 1).locator(".refusal")).to_be_hidden()
    choose(page, "action.kind", "move")
    choose(page, "action.player", "Ann")
    reveal(page, "action.path")
    row(page, "action.path").locator("button.map-button").click()
    for square in ("I12", "I13"):
        page.locator(f"#picker rect[data-square='{square}']").click()
    expect(page.locator("#picker .readout")).to_have_text("I13: mountains; city: Manoa (added)")
    shot(page, "8-eldorado-map", "#picker rect[data-square='I13']")
    page.click("#picker-done")
    type_in(page, "action.guard", "2")
    settled_as_the_cli(page, case)
    what_if_then_next(page, tmp_path, lambda: type_in(page, "action.guard", "0"))
    expect(row(page, "at", 0).locator("input")).to_have_value("I13")
    page.set_input_files("#open", str(case))
    expect(row(page, "action.path").locator("input")).to_have_value("I12, I13")


def test_eternal_dispute_by_tapping_cards(page, tmp_path):
    case = CASES / "eternal-gold-and-steel" / "addmarket-01-forge-apprentice.toml"
    seats(page, "eternal-gold-and-steel", ["Ann", "Bob"])
    tap_card(page, "market_deck", "temple-warden")
    page.locator("#picker button.pick[data-id='fortunes-favor']").click()
    shot(page, "9-eternal-cards")
    page.click("#picker-done")
    tap_card(page, "hand", "forge-apprentice", 0, done=True)
    tap_card(page, "market", "ember-whelp", 0, done=True)
    choose(page, "action.kind", "play")
    tap_card(page, "action.card", "forge-apprentice")
    settled_as_the_cli(page, case)
    what_if_then_next(page, tmp_path, lambda: choose(page, "action.kind", "end_turn"))
    expect(row(page, "turn").locator("select")).to_have_value("1")  # Bob's turn: the second name
    page.set_input_files("#open", str(case))
    expect(row(page, "hand", 0).locator(".chip")).to_have_count(1)


def test_hostile_names_stay_text(page):
    """Markup, script, control and terminal escapes typed as a name: shown as text, never run."""
    hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script>\x07\x1b[31m'
    edc_readme_dispute(page)
    box = page.locator("#names input").first
    box.fill(hostile)
    box.press("Tab")
    row(page, "first_player").locator("select").select_option(index=1)  # the first seat: the hostile name
    page.click("#resolve")
    expect(page.locator("#verdict .headline")).to_contain_text('<img src=x onerror="alert(1)"><script>alert(2)</script>')
    assert page.locator("#verdict img, #verdict script, #rows script").count() == 0
