"""The page numbers and counts docs/*.md give for the built-in kits, checked against the kits'
manifests and the definitions (issue 37): a caption "Gold and Steel, page 21: gold tokens ..." names
a page that holds what it says, "Gold and Steel's kit is 38 pages" counts the kit's pages, "46 market
cards" counts the market's cards, and kits.md's page table for Eldorado lists every front page."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cards import load_game
from generator.engine.build import build_game
from generator.engine.sheet import Options

DOCS = Path(__file__).resolve().parent.parent / "docs"
GAMES = {"El Dorado Canyon": "el-dorado-canyon", "Gold and Steel": "eternal-gold-and-steel", "Eldorado": "eldorado"}
NAMES = "|".join(GAMES)
CAPTION = re.compile(rf"!\[({NAMES}), page (\d+)[^:\]]*: ([^\]]*)\]")
KIT_PAGES = re.compile(rf"({NAMES})'s kit is (\d+) pages")
WRITES = re.compile(r"`output/([a-z-]+)-a4\.pdf`,?\s+(\d+) pages")
COUNTS = re.compile(r"\b(\d+) (forge|market) cards\b")
COMMON = {"card", "the", "of", "and", "a", "in", "its", "on", "page", "tile", "five", "value"}


def _words(text: str) -> set[str]:
    """Lower-case words with a plural's s dropped: 'Standees' and 'standee' match."""
    return {w[:-1] if w.endswith("s") and len(w) > 3 else w for w in re.findall(r"[a-z]+", text.lower())} - COMMON


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict[str, tuple[dict, object]]:
    """(manifest, game) of each built-in game's A4 kit."""
    import json

    out: dict[str, tuple[dict, object]] = {}
    for game_id in GAMES.values():
        folder = tmp_path_factory.mktemp(game_id)
        game = load_game(game_id)
        build_game(game, Options(), folder, cache_root=None)
        out[game_id] = json.loads((folder / f"{game_id}-a4.json").read_text()), game
    return out


def _pages() -> list[tuple[str, str]]:
    return [(p.name, p.read_text(encoding="utf-8")) for p in sorted(DOCS.glob("*.md"))]


def _what_is_on(manifest: dict, number: int, game) -> set[str]:
    page = manifest["pages"][number - 1]
    if page.get("guide"):
        return {"guide", "printing"}
    if page["side"] == "back":
        return {"back"}
    names = {c.id: c.spec.name for c in game.components}
    words: set[str] = set()
    for item in page["items"]:
        words |= _words(f"{item['component']} {names.get(item['component'], '')} {item['id']}")
    return words


def test_every_caption_names_a_page_that_holds_what_it_shows(kits):
    wrong, seen = [], 0
    for doc, text in _pages():
        for game_name, number, caption in CAPTION.findall(text):
            seen += 1
            manifest, game = kits[GAMES[game_name]]
            if int(number) > len(manifest["pages"]) or not (_what_is_on(manifest, int(number), game) & _words(caption)):
                wrong.append((doc, game_name, int(number), caption))
    assert seen >= 8
    assert wrong == []


def test_every_page_count_is_the_kits(kits):
    said = [(doc, GAMES[g], int(n)) for doc, text in _pages() for g, n in KIT_PAGES.findall(text)]
    said += [(doc, g, int(n)) for doc, text in _pages() for g, n in WRITES.findall(text)]
    assert len(said) >= 2
    assert [(doc, g, n, len(kits[g][0]["pages"])) for doc, g, n in said if n != len(kits[g][0]["pages"])] == []


def test_every_count_of_forge_and_market_cards_is_the_definitions():
    game = load_game("eternal-gold-and-steel")
    counts = {c.id: sum(r.copies for r in c.records) * c.spec.copies for c in game.components}
    said = [(doc, int(n), what) for doc, text in _pages() for n, what in COUNTS.findall(text)]
    assert len(said) >= 3
    assert [(doc, n, what, counts[what]) for doc, n, what in said if n > 3 and n != counts[what]] == []


def _listed(spec: str) -> set[int]:
    """Pages a table cell lists: '3', '23-26', '5, 7, ... 21' (every other page)."""
    spec = spec.strip()
    if "..." in spec:
        first, second, last = (int(v) for v in re.findall(r"\d+", spec))
        return set(range(first, last + 1, second - first))
    if "-" in spec:
        a, b = (int(v) for v in spec.split("-"))
        return set(range(a, b + 1))
    return {int(spec)}


def test_the_eldorado_page_table_lists_every_front_page(kits):
    text = (DOCS / "kits.md").read_text(encoding="utf-8")
    table = text[text.index("| A4 pages (Letter) | what | back |"):].split("\n\n")[0].splitlines()[2:]
    listed = set().union(*(_listed(row.split("|")[1]) for row in table))
    manifest, _ = kits["eldorado"]
    fronts = {p["number"] for p in manifest["pages"] if p["side"] == "front"}
    # a listed range covers the front pages in it; every front page is listed
    assert fronts <= listed and {n for n in listed if n % 2} <= fronts
