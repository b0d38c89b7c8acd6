"""A card's fixed artwork (what depends on its type, cost and look, not on its text) is one form object
per PDF, placed by every card that shows it; what differs between cards stays in each card's own face."""
from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from cards import load_game
from generator.engine.box import MM, Box, Style
from generator.engine.icons import collecting_forms, icon_scope
from generator.templates import looks_for
from generator.templates.el_dorado_canyon.action import ends


def _faces(game_id: str, component: str, records, style: Style = Style()):
    """{record id: the forms its front places}, and {form name: its drawing}, for one PDF's worth of faces."""
    game = load_game(game_id)
    looks = looks_for(game)
    comp = next(c for c in game.components if c.id == component)
    w, h = comp.spec.size_mm
    box = Box(w * MM, h * MM, bleed=3 * MM)
    c = Canvas(io.BytesIO())
    placed = {}
    with icon_scope(looks.scope, getattr(game.family, "ICONS", set()), style), collecting_forms() as used:
        for record in records(comp.records):
            c.beginForm(record.id)
            looks.front(comp.spec)(c, record, comp.spec, box, style)
            placed[record.id] = {name for name in c._formsinuse if name.startswith("art_")}
            c.endForm()
    return placed, used


def test_town_cards_of_one_type_and_cost_place_the_same_frame_and_medallions():
    placed, _ = _faces("el-dorado-canyon", "town", lambda records: records)
    game = load_game("el-dorado-canyon")
    town = next(c for c in game.components if c.id == "town").records
    by_look: dict[tuple, list[str]] = {}
    for record in town:
        by_look.setdefault((record.type, record.cost, len(ends(record))), []).append(record.id)
    twins = [ids for ids in by_look.values() if len(ids) > 1]
    assert twins, "the town deck has two cards of one type, cost and number of ends"
    for ids in twins:
        shared = set.intersection(*(placed[i] for i in ids))
        assert len(shared) >= 2, ids   # the frame and the corner medallions at least
    # another type gets another frame: the art is keyed by what it shows
    types = {record.type: record.id for record in town}
    assert len({frozenset(placed[i]) for i in types.values()}) == len(types)
    # every card of a type places its frame: one form, however many cards print it
    for card_type in types:
        assert set.intersection(*(placed[r.id] for r in town if r.type == card_type))


def test_a_cards_text_is_not_in_the_shared_art():
    """The numeral and the name are each card's own: two cards sharing art forms print different names."""
    game = load_game("el-dorado-canyon")
    town = next(c for c in game.components if c.id == "town").records
    a, b = next((x, y) for x in town for y in town
                if x.id != y.id and (x.type, x.cost, len(ends(x))) == (y.type, y.cost, len(ends(y))) and x.name != y.name)
    placed, used = _faces("el-dorado-canyon", "town", lambda records: [a, b])
    c = Canvas(io.BytesIO())
    for name in placed[a.id] & placed[b.id]:
        c.beginForm(name)
        used[name].draw(c)
        code = "\n".join(c._code)
        c.endForm()
        assert a.name not in code and b.name not in code


def test_gold_and_steel_market_cards_of_one_influence_share_their_ground_and_ink_saver_has_its_own():
    full, _ = _faces("eternal-gold-and-steel", "market", _alike)
    saver, _ = _faces("eternal-gold-and-steel", "market", _alike, Style(ink_saver=True))
    assert len(full) > 1 and len(set.intersection(*full.values())) >= 2   # the studded border and the ground
    assert not set.intersection(*full.values()) & set.intersection(*saver.values())


def _alike(records):
    """Market cards of one influence and shape (the ground follows the influence; a weapon's panel is shorter)."""
    groups: dict[tuple, list] = {}
    for record in records:
        groups.setdefault((tuple(record.influence), record.type == "weapon"), []).append(record)
    return max(groups.values(), key=len)
