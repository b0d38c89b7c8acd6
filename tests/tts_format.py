"""What a Tabletop Simulator saved object must hold to load, checked field by field (`assert_loadable`).

The fields each object needs are the save format's, as the community's type definitions give
them (github.com/Benjamin-Dobell/tts-types, tts/ObjectState.def.lua): a `Name` the game knows,
a `Transform`, a `CustomDeck` entry (`FaceURL`, `BackURL`, `NumWidth`, `NumHeight`) for every
deck a card's `CardID` (deck x 100 + slot) names, a `CustomImage` with an `ImageURL` for
tokens, boards, figurines and dice, and a `CustomDice.Type` of 0 to 5 for a custom die.  On
top, the rules `generator.engine.tts` follows: sheets of 2 to 10 x 2 to 7 cards with the last
slot (the hidden card) never dealt, sheets whose pixels divide into that grid, decks face down
and every other piece face up, and every image reference a URL the game can fetch: the
percent-encoded file:/// URL of a file that exists, or one under the hosted base.
"""
from __future__ import annotations

from pathlib import Path
from urllib.parse import quote, unquote, urlparse

from PIL import Image

TRANSFORM = ("posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ")
IMAGE_OBJECTS = ("Custom_Token", "Custom_Board", "Figurine_Custom", "Custom_Dice")


def assert_loadable(saved: dict, folder: Path, url: str | None) -> None:
    """Every object of `saved` (written into `folder`, hosted under `url` when given) has what loading needs."""
    assert isinstance(saved["ObjectStates"], list) and saved["ObjectStates"]
    for key in ("SaveName", "Note", "LuaScript", "XmlUI", "VersionNumber"):
        assert isinstance(saved[key], str), key
    for obj in saved["ObjectStates"]:
        _object(obj, folder, url, top=True)


def _object(obj: dict, folder: Path, url: str | None, top: bool) -> None:
    name = obj["Name"]
    assert name in ("DeckCustom", "Card") + IMAGE_OBJECTS, name
    assert isinstance(obj.get("Nickname"), str) and obj["Nickname"], obj
    transform = obj["Transform"]
    assert set(transform) == set(TRANSFORM) and all(isinstance(transform[k], float) for k in TRANSFORM)
    face_down = name == "DeckCustom" or (name == "Card" and not top)
    assert (transform["rotX"], transform["rotZ"]) == (0.0, 180.0 if face_down else 0.0), (name, transform)
    if name in ("DeckCustom", "Card"):
        decks = obj["CustomDeck"]
        for entry in decks.values():
            _deck(entry, folder, url)
        ids = obj["DeckIDs"] if name == "DeckCustom" else [obj["CardID"]]
        for card in ids:
            entry = decks[str(card // 100)]
            assert 0 <= card % 100 < entry["NumWidth"] * entry["NumHeight"] - 1, card   # never the hidden slot
        if name == "DeckCustom":
            inside = obj["ContainedObjects"]
            assert [c["CardID"] for c in inside] == ids and len(ids) >= 2
            for card in inside:
                _object(card, folder, url, top=False)
        return
    image = obj["CustomImage"]
    _file(image["ImageURL"], folder, url)
    if image.get("ImageSecondaryURL"):
        _file(image["ImageSecondaryURL"], folder, url)
    if name == "Custom_Dice":
        assert image["CustomDice"]["Type"] in range(6)


def _deck(entry: dict, folder: Path, url: str | None) -> None:
    cols, rows = entry["NumWidth"], entry["NumHeight"]
    assert isinstance(cols, int) and isinstance(rows, int) and 2 <= cols <= 10 and 2 <= rows <= 7, (cols, rows)
    assert isinstance(entry["BackIsHidden"], bool) and isinstance(entry["UniqueBack"], bool)
    sheet = _file(entry["FaceURL"], folder, url)
    size = Image.open(sheet).size
    assert size[0] % cols == 0 and size[1] % rows == 0 and max(size) <= 4096, (size, cols, rows)
    assert Image.open(sheet).mode == "RGB"
    back = _file(entry["BackURL"], folder, url)
    if entry["UniqueBack"]:
        assert Image.open(back).size == size


def _file(ref: str, folder: Path, url: str | None) -> Path:
    """The file in `folder` that the reference `ref` names (it must exist)."""
    if url is None:
        parts = urlparse(ref)
        assert parts.scheme == "file" and parts.netloc == "" and " " not in ref, ref
        path = Path(unquote(parts.path))
        assert path.is_absolute() and path.parent.absolute().is_relative_to(folder.absolute()), ref
    else:
        base = quote(url.rstrip("/"), safe=":/?#[]@!$&'()*+,;=%~") + "/"
        assert ref.startswith(base) and " " not in ref, ref
        path = folder / unquote(ref[len(base):])
    assert path.is_file(), ref
    return path
