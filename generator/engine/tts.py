"""Tabletop Simulator export (`generator tts`): deck sheets, piece images, one saved object.

`OUT/GAME-tts/` holds:
- `COMPONENT-N.png`: a card component's faces, each unique face once, at most 69 a sheet;
- `COMPONENT-back.png` (one back for all) or `COMPONENT-back-N.png` (backs differing card to card);
- `COMPONENT/ID.png`: a token's, board's or map's face, trimmed, at most 4096 px a side
  (a round token transparent outside its circle); `COMPONENT/ID-back.png` a standee's back;
  `COMPONENT/ID.png` of a die its six faces on its net;
- `GAME.json`: a saved object (Saves/Saved Objects) holding a deck per card component,
  its `DeckIDs` repeating each card's copies, a Custom_Token per token copy, a
  Custom_Board per board and map, a Figurine_Custom per standee copy and a Custom_Dice
  (a D6 of the die's faces) per die copy.

The rules of Tabletop Simulator's format it follows (field names as in its save files,
https://kb.tabletopsimulator.com/custom-content/save-file-format/; the fields of each
object as in the community's type definitions, github.com/Benjamin-Dobell/tts-types,
tts/ObjectState.def.lua):
- a deck sheet is a grid of Width x Height cards, 2 to 10 across and 2 to 7 down (the
  Custom Deck import menu, https://kb.tabletopsimulator.com/custom-content/custom-deck/),
  whose last slot is the "hidden" card shown for cards in a hand: it is always left free,
  and the deck sets `BackIsHidden` so the back is what a hidden card shows; sheets at most
  4096 px a side, in RGB ("CMYK color mode will not work", .../asset-creation/);
- decks lie face down (rotZ 180: a draw pile), every other piece face up (rotZ 0);
- an image reference is a URL Tabletop Simulator can fetch: by default the absolute
  `file:///` URL of the file as written, percent-encoded (it loads on this computer only),
  or `URL/NAME` under `--tts-url` for hosted images (every player loads them).
"""
from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any
from urllib.parse import quote

from PIL import Image, ImageDraw

from .box import Style
from .nets import DIE_CELLS
from .raster import png_bytes, render_pages
from .shop import face_pdf
from .sheet import FaceRef, Options

COLS, ROWS, MAX_PX = 10, 7, 4096
MIN_GRID = 2                          # the import menu's smallest Width and Height
PER_SHEET = COLS * ROWS - 1          # slot 70 is Tabletop Simulator's hidden card
CARD_KINDS, TOKEN_KINDS, BOARD_KINDS = ("card",), ("token",), ("board", "map")
D6 = 1                               # CustomDice Type: 0 D4, 1 D6, 2 D8, 3 D10, 4 D12, 5 D20


def grid(faces: int) -> tuple[int, int]:
    """Columns and rows of a sheet holding `faces` with its last slot free: the fewest rows
    (at least 2) of at most 10, then the fewest columns (at least 2) that hold them."""
    rows = max(MIN_GRID, math.ceil((faces + 1) / COLS))
    return max(MIN_GRID, math.ceil((faces + 1) / rows)), rows


def image_ref(folder: Path, file: str, url: str | None) -> str:
    """How the saved object names `folder/file`: under the hosted `url`, or the file's absolute file:/// URL
    (both percent-encoded: a space is %20)."""
    if url:   # a space or other character a URL cannot hold is escaped; an escape already there is kept
        return quote(f"{url.rstrip('/')}/{file}", safe=":/?#[]@!$&'()*+,;=%~")
    return (folder.absolute() / file).as_uri()


def tts_files(game: Any, looks: Any, style: Style, opts: Options, folder: Path, name: str,
              url: str | None = None) -> dict[Path, bytes]:
    """{path: bytes}: the sheets and images in `folder`, and `folder/NAME.json`."""
    files: dict[Path, bytes] = {}
    objects: list[dict] = []
    deck_key = 0

    def ref(file: str) -> str:
        return image_ref(folder, file, url)

    def render(faces: list[FaceRef], dpi: float) -> list[Image.Image]:
        return render_pages(face_pdf(game, looks, style, opts, faces, game.name), dpi, opts.bleed * 72 / 25.4)

    def add(obj: dict, face_down: bool = False) -> None:
        objects.append({**obj, "Transform": _at(len(objects), face_down)})

    for comp in game.components:
        kind, records = comp.spec.kind, list(comp.records)
        w_in, h_in = (v / 25.4 for v in comp.spec.size_mm)
        backed = bool(comp.spec.back) and opts.backs
        if kind in CARD_KINDS:
            cols, rows = grid(min(len(records), PER_SHEET))   # the fullest sheet sets the resolution
            dpi = min(300.0, 0.995 * MAX_PX / (cols * w_in), 0.995 * MAX_PX / (rows * h_in))
            fronts = render([FaceRef(comp, r, "front") for r in records], dpi)
            backs = render([FaceRef(comp, r, "back") for r in records], dpi) if backed else None
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
                                          "Transform": _at(len(objects), True), "CustomDeck": {str(deck_key): deck}})
            if len(contained) == 1:   # a lone card (the first-player card) lies face up, as dealt
                add({k: v for k, v in contained[0].items() if k != "Transform"})
            else:
                add({"Name": "DeckCustom", "Nickname": comp.spec.name, "DeckIDs": ids, "CustomDeck": custom,
                     "ContainedObjects": contained}, face_down=True)
        elif kind == "die":
            dpi = min(300.0, 0.995 * MAX_PX / (4 * w_in))
            for record in records:
                faces = render([FaceRef(comp, record, "front", die_face=f) for f in range(1, 7)], dpi)
                image_name = f"{comp.id}/{record.id}.png"
                files[folder / image_name] = png_bytes(_die(faces), dpi)
                for _ in range(comp.spec.copies * record.copies):
                    add({"Name": "Custom_Dice", "Nickname": record.name,
                         "CustomImage": {**_image(ref(image_name)), "CustomDice": {"Type": D6}}})
        elif kind == "standee" or kind in TOKEN_KINDS + BOARD_KINDS:
            dpi = min(300.0, 0.995 * MAX_PX / max(w_in, h_in))
            images = render([FaceRef(comp, r, "front") for r in records], dpi)
            backs = render([FaceRef(comp, r, "back") for r in records], dpi) if kind == "standee" and backed else None
            for n, (record, image) in enumerate(zip(records, images)):
                image_name = f"{comp.id}/{record.id}.png"
                if comp.spec.shape == "round":
                    image = _round(image)
                files[folder / image_name] = png_bytes(image, dpi)
                if kind == "standee":
                    back = ""
                    if backs is not None:
                        back = ref(f"{comp.id}/{record.id}-back.png")
                        files[folder / comp.id / f"{record.id}-back.png"] = png_bytes(backs[n], dpi)
                    for _ in range(comp.spec.copies * record.copies):
                        add({"Name": "Figurine_Custom", "Nickname": record.name,
                             "CustomImage": {**_image(ref(image_name)), "ImageSecondaryURL": back}})
                elif kind in TOKEN_KINDS:
                    for _ in range(comp.spec.copies * record.copies):
                        add({"Name": "Custom_Token", "Nickname": record.name,
                             "CustomImage": {**_image(ref(image_name)),
                                             "CustomToken": {"Thickness": 0.2, "MergeDistancePixels": 15.0,
                                                             "StandUp": False, "Stackable": True}}})
                else:
                    add({"Name": "Custom_Board", "Nickname": record.name, "CustomImage": _image(ref(image_name))})
    saved = {"SaveName": "", "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": game.name, "Rules": "",
             "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": objects, "TabStates": {},
             "VersionNumber": ""}
    files[folder / f"{name}.json"] = (json.dumps(saved, indent=1, ensure_ascii=False) + "\n").encode()
    return files


def _image(url: str) -> dict[str, Any]:
    return {"ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0}


def _at(n: int, face_down: bool = False) -> dict[str, float]:
    """Objects side by side on the table, turned to the players; face down only for a deck and its cards."""
    return {"posX": 4.0 * n, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0 if face_down else 0.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _round(image: Image.Image) -> Image.Image:
    """A round piece's image, transparent outside its circle: Tabletop Simulator cuts a Custom_Token's outline from the alpha."""
    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).ellipse((0, 0, image.size[0] - 1, image.size[1] - 1), fill=255)
    image = image.convert("RGBA")
    image.putalpha(mask)
    return image


def _die(faces: list[Image.Image]) -> Image.Image:
    """The six faces (1 to 6) on the printed die's net: a cross 3 faces wide and 4 high."""
    w, h = faces[0].size
    net = Image.new("RGB", (3 * w, 4 * h), (255, 255, 255))
    for (col, row), face in DIE_CELLS.items():
        net.paste(faces[face - 1], (col * w, row * h))
    return net


def _sheet(images: list[Image.Image], cols: int, rows: int) -> Image.Image:
    w, h = images[0].size
    sheet = Image.new("RGB", (cols * w, rows * h), (255, 255, 255))
    for i, img in enumerate(images):
        sheet.paste(img, ((i % cols) * w, (i // cols) * h))
    return sheet
