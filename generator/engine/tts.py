"""Tabletop Simulator export (`generator tts`): deck sheets, token and board images, one saved object.

`OUT/GAME-tts/` holds:
- `COMPONENT-N.png`: a card component's faces, each unique face once, at most 69 a sheet:
  Tabletop Simulator shows a deck's last grid slot as the hidden card, so the grid
  (at most 10 x 7, 4096 px a side, RGB) always keeps its last slot free, and the deck says
  `BackIsHidden` so the back is what a hidden card shows;
- `COMPONENT-back.png` (one back for all) or `COMPONENT-back-N.png` (backs differing card to card);
- `COMPONENT/ID.png`: a token's or board's or map's face, trimmed, at most 4096 px a side
  (a round token transparent outside its circle);
- `GAME.json`: a saved object (Saves/Saved Objects) holding a deck per card component,
  its `DeckIDs` repeating each card's copies, a Custom_Token per token copy and a
  Custom_Board per board and map, face up.  Image references are relative to the JSON's folder,
  or `URL_BASE/NAME` when the images are hosted (`--tts-url`): the bytes never depend
  on the output folder.
"""
from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from .box import Style
from .raster import png_bytes, render_pages
from .shop import face_pdf
from .sheet import FaceRef, Options

COLS, ROWS, MAX_PX = 10, 7, 4096
PER_SHEET = COLS * ROWS - 1          # slot 70 is Tabletop Simulator's hidden card
CARD_KINDS, TOKEN_KINDS, BOARD_KINDS = ("card",), ("token",), ("board", "map")


def grid(faces: int) -> tuple[int, int]:
    """Columns and rows of a sheet holding `faces` with its last slot free."""
    cols = min(COLS, faces + 1)
    return cols, math.ceil((faces + 1) / cols)


def tts_files(game: Any, looks: Any, style: Style, opts: Options, folder: Path, name: str,
              url: str | None = None) -> dict[Path, bytes]:
    """{path: bytes}: the sheets and images in `folder`, and `folder/NAME.json`."""
    files: dict[Path, bytes] = {}
    objects: list[dict] = []
    deck_key = 0

    def ref(file: str) -> str:
        return f"{url.rstrip('/')}/{file}" if url else file

    def render(faces: list[FaceRef], dpi: float) -> list[Image.Image]:
        return render_pages(face_pdf(game, looks, style, opts, faces, game.name), dpi, opts.bleed * 72 / 25.4)

    for comp in game.components:
        kind, records = comp.spec.kind, list(comp.records)
        w_in, h_in = (v / 25.4 for v in comp.spec.size_mm)
        if kind in CARD_KINDS:
            cols, rows = grid(min(len(records), PER_SHEET))   # the fullest sheet sets the resolution
            dpi = min(300.0, 0.995 * MAX_PX / (cols * w_in), 0.995 * MAX_PX / (rows * h_in))
            fronts = render([FaceRef(comp, r, "front") for r in records], dpi)
            backs = render([FaceRef(comp, r, "back") for r in records], dpi) if comp.spec.back and opts.backs else None
            one_back = backs is None or len({b.tobytes() for b in backs}) == 1
            if one_back:
                back_name = f"{comp.id}-back.png"
                files[folder / back_name] = png_bytes(backs[0] if backs else Image.new("RGB", fronts[0].size, "white"), dpi)
            custom: dict[str, dict] = {}
            contained, ids = [], []
            for n, start in enumerate(range(0, len(records), PER_SHEET), 1):
                chunk = range(start, min(start + PER_SHEET, len(records)))
                deck_key += 1
                cols, rows = grid(len(chunk))
                sheet_name = f"{comp.id}-{n}.png"
                files[folder / sheet_name] = png_bytes(_sheet([fronts[i] for i in chunk], cols, rows), dpi)
                if not one_back:
                    back_name = f"{comp.id}-back-{n}.png"
                    files[folder / back_name] = png_bytes(_sheet([backs[i] for i in chunk], cols, rows), dpi)  # type: ignore[index]
                deck = {"FaceURL": ref(sheet_name), "BackURL": ref(back_name), "NumWidth": cols, "NumHeight": rows,
                        "BackIsHidden": True, "UniqueBack": not one_back, "Type": 0}
                custom[str(deck_key)] = deck
                for slot, i in enumerate(chunk):
                    card_id = deck_key * 100 + slot
                    for _ in range(comp.spec.copies * records[i].copies):
                        ids.append(card_id)
                        contained.append({"Name": "Card", "Nickname": records[i].name, "CardID": card_id,
                                          "Transform": _at(len(objects)), "CustomDeck": {str(deck_key): deck}})
            if len(contained) == 1:
                objects.append(contained[0])
            else:
                objects.append({"Name": "DeckCustom", "Nickname": comp.spec.name, "Transform": _at(len(objects)),
                                "DeckIDs": ids, "CustomDeck": custom, "ContainedObjects": contained})
        elif kind in TOKEN_KINDS + BOARD_KINDS:
            dpi = min(300.0, 0.995 * MAX_PX / max(w_in, h_in))
            for record, image in zip(records, render([FaceRef(comp, r, "front") for r in records], dpi)):
                image_name = f"{comp.id}/{record.id}.png"
                if comp.spec.shape == "round":
                    image = _round(image)
                files[folder / comp.id / f"{record.id}.png"] = png_bytes(image, dpi)
                if kind in TOKEN_KINDS:
                    for _ in range(comp.spec.copies * record.copies):
                        objects.append({"Name": "Custom_Token", "Nickname": record.name, "Transform": _at(len(objects)),
                                        "CustomImage": {"ImageURL": ref(image_name), "ImageSecondaryURL": "",
                                                        "ImageScalar": 1.0, "WidthScale": 0.0,
                                                        "CustomToken": {"Thickness": 0.2, "MergeDistancePixels": 15.0,
                                                                        "StandUp": False, "Stackable": True}}})
                else:
                    objects.append({"Name": "Custom_Board", "Nickname": record.name,
                                    "Transform": _at(len(objects), face_up=True),
                                    "CustomImage": {"ImageURL": ref(image_name), "ImageSecondaryURL": "",
                                                    "ImageScalar": 1.0, "WidthScale": 0.0}})
    saved = {"SaveName": "", "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": game.name, "Rules": "",
             "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": objects, "TabStates": {},
             "VersionNumber": ""}
    files[folder / f"{name}.json"] = (json.dumps(saved, indent=1, ensure_ascii=False) + "\n").encode()
    return files


def _at(n: int, face_up: bool = False) -> dict[str, float]:
    """Objects side by side on the table, face down for decks as Tabletop Simulator stores them; boards face up."""
    return {"posX": 4.0 * n, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 0.0 if face_up else 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _round(image: Image.Image) -> Image.Image:
    """A round piece's image, transparent outside its circle: Tabletop Simulator cuts a Custom_Token's outline from the alpha."""
    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).ellipse((0, 0, image.size[0] - 1, image.size[1] - 1), fill=255)
    image = image.convert("RGBA")
    image.putalpha(mask)
    return image


def _sheet(images: list[Image.Image], cols: int, rows: int) -> Image.Image:
    w, h = images[0].size
    sheet = Image.new("RGB", (cols * w, rows * h), (255, 255, 255))
    for i, img in enumerate(images):
        sheet.paste(img, ((i % cols) * w, (i // cols) * h))
    return sheet
