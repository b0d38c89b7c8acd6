"""Gold and Steel faces, read back from a PDF: every definition renders (safe zone
checked), printed texts are the effects' phrases, costs and weapon bonuses sit where
the design file puts them, market cards wear their own border, the Throne flips to spent."""
from __future__ import annotations

import io
import re
from dataclasses import dataclass

import pdfplumber
import pypdfium2
import pytest
from reportlab.pdfgen.canvas import Canvas

from cards import load_game
from cards.effects import strip_icons
from generator.engine import text as engine_text
from generator.engine.box import MM, Box, Style
from generator.engine.errors import TextOverflow
from generator.engine.icons import icon_scope
from generator.engine.safezone import drawing_face
from generator.templates import looks_for
from generator.templates.eternal_gold_and_steel.cards import STRIP, card_text
from generator.templates.eternal_gold_and_steel.icons import GOLD, INFLUENCE_COLOURS
from generator.templates.eternal_gold_and_steel.tray import net_panels, outline

GAME = "eternal-gold-and-steel"


@dataclass
class Face:
    component: str
    record: object
    side: str
    page: int
    box: Box


def render(game, style: Style = Style(), only=None) -> tuple[bytes, list[Face]]:
    """Every record's front and back on its own page (trim plus bleed), as the engine will place them."""
    looks = looks_for(game.rules)
    buf = io.BytesIO()
    c = Canvas(buf, invariant=1)
    faces: list[Face] = []
    with icon_scope(looks.scope, game.family.ICONS):
        for comp in game.components:
            w, h = comp.spec.size_mm
            box = Box(w * MM, h * MM)
            for rec in comp.records:
                if only and rec.id not in only:
                    continue
                for side, draw in (("front", looks.front(comp.spec)), ("back", looks.back(comp.spec))):
                    if draw is None:
                        continue
                    c.setPageSize((box.w + 2 * box.bleed, box.h + 2 * box.bleed))
                    c.translate(box.bleed, box.bleed)
                    with drawing_face(c, rec, box):
                        draw(c, rec, comp.spec, box, style)
                    c.showPage()
                    faces.append(Face(comp.id, rec, side, len(faces), box))
    c.save()
    return buf.getvalue(), faces


@pytest.fixture(scope="module")
def game():
    return load_game(GAME)


@pytest.fixture(scope="module")
def kit(game):
    data, faces = render(game)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        pages = [(p.extract_text(x_tolerance=1) or "", p.extract_words(x_tolerance=1), p.height) for p in pdf.pages]
    return data, faces, pages


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def face(faces, record_id, side="front") -> Face:
    return next(f for f in faces if f.record.id == record_id and f.side == side)


def test_every_definition_has_its_own_front_and_back(game, kit):
    _, faces, _ = kit
    looks = looks_for(game.rules)
    for comp in game.components:
        if comp.spec.schema_ != "reference":
            assert looks.front(comp.spec).__module__.startswith("generator.templates.eternal_gold_and_steel"), comp.id
        if comp.spec.back and comp.spec.back != "reference":
            assert looks.back(comp.spec).__module__.startswith("generator.templates.eternal_gold_and_steel"), comp.id
    expected = sum(len(c.records) * (2 if c.spec.back else 1) for c in game.components)
    assert len(faces) == expected
    # the engine stores faces as form objects, which cannot use page-level graphics states (alpha)
    assert b"ExtGState" not in kit[0]


def test_ink_saver_renders_every_face_with_light_backgrounds(game, kit):
    data, faces = render(game, Style(ink_saver=True))
    assert len(faces) == len(kit[1])
    crow = face(faces, "acquisitive-crow")
    assert all(v > 200 for v in _pixel(data, crow, 1.0, 40))   # the frame is a pale tint
    assert _close(_pixel(kit[0], face(kit[1], "acquisitive-crow"), 1.0, 40), INFLUENCE_COLOURS["primal"])


def test_printed_texts_are_the_effects_phrases(game, kit):
    _, faces, pages = kit
    checked = 0
    for f in faces:
        if f.side != "front" or not hasattr(f.record, "ability_texts"):
            continue
        text = flat(pages[f.page][0])
        assert set(f.record.name.split()) <= set(text.split()), (f.record.id, text)   # a long name may wrap
        for ability in f.record.ability_texts:
            assert flat(strip_icons(ability)) in text, (f.record.id, ability, text)
            checked += 1
        if f.record.type == "unit" and f.record.keywords:
            assert f.record.keyword_line in text
    assert checked >= 35
    throne = face(faces, "eternal-throne")
    assert flat(strip_icons(throne.record.rules_text)) in flat(pages[throne.page][0])


def _words_at(pages, f: Face, value: str):
    words, height = pages[f.page][1], pages[f.page][2]
    bleed = f.box.bleed
    # pdfplumber measures from the page's top-left; convert to trim coordinates from the bottom-left
    return [(w["x0"] - bleed, height - w["bottom"] - bleed) for w in words if w["text"] == value]


def test_market_gold_cost_upper_right_and_forge_cost_upper_left(game, kit):
    _, faces, pages = kit
    for f in faces:
        if f.side != "front" or f.component not in ("market", "forge"):
            continue
        value = str(f.record.gold if f.component == "market" else f.record.cost)
        spots = [(x, y) for x, y in _words_at(pages, f, value) if y > f.box.h - 15 * MM]
        assert spots, (f.record.id, value)
        x, _ = spots[0]
        if f.component == "market":
            assert x > f.box.w - 15 * MM, (f.record.id, x)
        else:
            assert x < 15 * MM, (f.record.id, x)


def test_weapon_bonus_stays_visible_at_the_bottom_edge(game, kit):
    _, faces, pages = kit
    weapons = [f for f in faces if f.side == "front" and getattr(f.record, "type", None) == "weapon"]
    assert len(weapons) == 8
    for f in weapons:
        spots = _words_at(pages, f, f"+{f.record.bonus}")
        assert any(y < STRIP for _, y in spots), (f.record.id, spots)
        for keyword in f.record.keyword_line.split(", ") if f.record.keywords else []:
            assert any(y < STRIP for _, y in _words_at(pages, f, keyword)), (f.record.id, keyword)


def _pixel(data: bytes, f: Face, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    """The colour printed at a point of a face's trim (mm from its bottom-left corner)."""
    scale = 4
    page = pypdfium2.PdfDocument(data)[f.page]
    image = page.render(scale=scale).to_pil().convert("RGB")
    px = (f.box.bleed + x_mm * MM) * scale
    py = image.height - (f.box.bleed + y_mm * MM) * scale
    return image.getpixel((int(px), int(py)))


def _close(rgb, colour, tolerance=20) -> bool:
    return all(abs(a - b * 255) <= tolerance for a, b in zip(rgb, colour))


def test_market_cards_have_a_border_of_their_own(game, kit):
    data, faces, _ = kit
    market = face(faces, "learned-herbalist")
    forge = face(faces, "acquisitive-crow")   # also primal: only the border may tell them apart
    assert _close(_pixel(data, market, 1.0, 40), GOLD)
    assert _close(_pixel(data, forge, 1.0, 40), INFLUENCE_COLOURS["primal"])


def test_playable_cards_share_an_identical_back(game, kit):
    data, faces, _ = kit
    backs = [f for f in faces if f.side == "back" and f.component in ("forge", "market", "diplomacy", "treasure-trove")]
    doc = pypdfium2.PdfDocument(data)
    images = {doc[f.page].render(scale=1).to_pil().tobytes() for f in backs}
    assert len(backs) > 40 and len(images) == 1


def test_double_influence_shows_the_symbol_twice(game, monkeypatch):
    drawn: list[tuple[str, float]] = []
    real = engine_text.draw_icon

    def record(c, name, x, y, size, **kw):
        drawn.append((name, round(y, 2)))
        return real(c, name, x, y, size, **kw)

    monkeypatch.setattr(engine_text, "draw_icon", record)
    render(game, only={"sand-warrior"})
    inline = [d for d in drawn if d[0] == "time"]
    assert len(inline) >= 2 and inline[0] == inline[1]   # two time symbols on one line of text
    assert card_text(game.record("sand-warrior")).startswith(":time::time: ")


def test_throne_flips_to_its_spent_side(game, kit):
    _, faces, pages = kit
    front, back = face(faces, "eternal-throne"), face(faces, "eternal-throne", "back")
    assert "Then flip this card." in flat(pages[front.page][0])
    back_text = flat(pages[back.page][0])
    assert "Ability spent" in back_text and game.record("eternal-throne").spent_text in back_text
    assert "pay 5" not in back_text


def test_tokens_are_round_and_print_their_value(game, kit):
    _, faces, pages = kit
    for comp in ("gold", "sentinel", "attack-tokens"):
        assert game.component(comp).spec.shape == "round"
    assert "1" in flat(pages[face(faces, "gold").page][0]).split()
    assert "Sentinel" in flat(pages[face(faces, "sentinel").page][0])
    assert "+3" in flat(pages[face(faces, "attack-3").page][0])


def test_market_tray_net_fits_home_paper_and_its_cut_line_closes(game, kit):
    _, faces, pages = kit
    tray = face(faces, "market-tray")
    w_mm, h_mm = game.component("market-tray").spec.size_mm
    for paper in ((297, 210), (279.4, 215.9)):  # A4 and Letter, landscape, 6 mm printer margin
        assert w_mm <= paper[0] - 12 and h_mm <= paper[1] - 12
    panels = net_panels(tray.box)
    points = [p for poly in panels.values() for p in poly]
    assert min(p[0] for p in points) >= 0 and max(p[0] for p in points) <= w_mm
    assert min(p[1] for p in points) >= 0 and max(p[1] for p in points) <= h_mm
    cut = outline(panels)
    corners = {p for name, poly in panels.items() for p in poly}
    assert set(cut) <= corners and len(set(cut)) == len(cut)
    floor = panels["floor"]
    assert floor[2][0] - floor[0][0] >= 88.9 and floor[2][1] - floor[0][1] >= 63.5   # a card lies on the floor
    text = flat(pages[tray.page][0])
    assert all(flat(strip_icons(line)) in text for line in tray.record.lines)


def test_a_text_too_long_for_its_card_is_an_error_naming_the_field(game):
    card = game.record("xo-of-the-endless-hoard").model_copy(update={"flavor": "Gold. " * 200})
    box = Box(63.5 * MM, 88.9 * MM)
    looks = looks_for(game.rules)
    c = Canvas(io.BytesIO())
    with icon_scope(looks.scope, game.family.ICONS), drawing_face(c, card, box), pytest.raises(TextOverflow) as info:
        looks.front(game.component("forge").spec)(c, card, game.component("forge").spec, box, Style())
    assert info.value.field == "abilities"
