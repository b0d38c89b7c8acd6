"""Gold and Steel's card pictures, read back from a PDF: each card has a picture of its own (no two
card ids render alike), drawn as vectors (no raster image), from its definition (its `figure` and
`props` are what it shows, the influence picks the land).  Look-alikes: test_lookalikes.py."""
from __future__ import annotations

import hashlib
import io

import pdfplumber
import pypdfium2
import pytest
from reportlab.pdfgen.canvas import Canvas

from cards import load_game
from cards.models.eternal_gold_and_steel import Card
from generator.engine.box import MM, Style
from generator.engine.icons import icon_scope
from generator.templates import looks_for
from generator.templates.eternal_gold_and_steel.pictures import draw_picture

W, H = 50 * MM, 30 * MM


def pictures(cards: list[Card], style: Style = Style()) -> bytes:
    """Each card's picture alone on a page of its own size."""
    game = load_game("eternal-gold-and-steel")
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(W, H), invariant=1)
    with icon_scope(looks_for(game.rules).scope, game.family.ICONS):
        for card in cards:
            draw_picture(c, card, 0, 0, W, H, style)
            c.showPage()
    c.save()
    return buf.getvalue()


@pytest.fixture(scope="module")
def cards() -> list[Card]:
    game = load_game("eternal-gold-and-steel")
    return [r for comp in game.components for r in comp.records if isinstance(r, Card)]


@pytest.mark.parametrize("style", [Style(), Style(ink_saver=True)], ids=["full", "ink-saver"])
def test_every_card_has_a_picture_of_its_own_drawn_as_vectors(cards, style):
    data = pictures(cards, style)
    doc = pypdfium2.PdfDocument(data)
    looks = {hashlib.sha256(doc[n].render(scale=1).to_pil().tobytes()).hexdigest() for n in range(len(cards))}
    assert len(cards) > 40 and len(looks) == len({card.id for card in cards})
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert all(page.images == [] for page in pdf.pages)


def test_the_picture_shows_the_definitions_figure_and_the_influence_picks_the_land(cards):
    weapon = next(card for card in cards if card.type == "weapon")
    shown = [weapon.model_copy(update={"figure": f, "props": p}) for f, p in (("hammer", []), ("longbow", []),
                                                                              ("longbow", ["coin"]))]
    with pdfplumber.open(io.BytesIO(pictures(shown))) as pdf:
        drawn = [sorted((round(c["x0"], 1), round(c["y0"], 1)) for c in page.curves) for page in pdf.pages]
    assert drawn[0] != drawn[1] and drawn[1] != drawn[2]
    lands = [weapon.model_copy(update={"influence": [i]}) for i in ("fire", "shadow")]
    with pdfplumber.open(io.BytesIO(pictures(lands))) as pdf:
        skies = [tuple(pdf.pages[n].rects[0]["non_stroking_color"]) for n in range(2)]
    assert skies[0] != skies[1]
