"""`generator changes OLD.json NEW.json --html DIR`: each changed face before and after, side by side.

Each face is cut from its build's PDF at the trim box its manifest gives (pdfium renders the page
region, as `raster` renders a face), so the page shows what was printed, not a fresh drawing.  A
manifest's PDF is the file it lists beside it under `files`; it must be there and match the sha256
recorded, else the positions could be another build's (ManifestError).
"""
from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
from PIL import Image

from common.files import FileRefused, read_bytes, sha256

from .raster import png_bytes
from .versions import Changes, FaceKey, ManifestError, change_lines, face_keys

DPI = 150
MAX_PDF_BYTES = 2 * 1024 * 1024 * 1024


def pdf_of(manifest_path: Path, manifest: dict[str, Any]) -> bytes:
    """The PDF a manifest describes (NAME.pdf beside NAME.json), checked against the sha256 it records."""
    name = manifest_path.with_suffix(".pdf").name
    recorded = manifest.get("files", {}).get(name) if isinstance(manifest.get("files"), dict) else None
    if recorded is None:
        raise ManifestError(f"{manifest_path}: expected its PDF {name} under files, got a manifest without it")
    try:
        data = read_bytes(manifest_path.with_suffix(".pdf"), limit=MAX_PDF_BYTES)
    except FileRefused as exc:
        raise ManifestError(f"{manifest_path.with_suffix('.pdf')}: the PDF of {manifest_path.name}: {exc}") from None
    if sha256(data) != recorded:
        raise ManifestError(f"{manifest_path.with_suffix('.pdf')}: does not match the sha256 {manifest_path.name} "
                            "records for it (rebuilt or edited since): expected the PDF of that build")
    return data


def placements(manifest: dict[str, Any]) -> dict[FaceKey, tuple[int, dict[str, Any]]]:
    """(page number, item) where each face is printed whole (a tile only when nothing shows it whole)."""
    found: dict[FaceKey, tuple[int, dict[str, Any]]] = {}
    for page in manifest["pages"]:
        for item in page["items"]:
            key = (item["component"], item["id"], item["side"], item.get("die_face"))
            if key not in found or ("tile" in found[key][1] and "tile" not in item):
                found[key] = (page["number"], item)
    return found


def cut(pdf: pdfium.PdfDocument, number: int, item: dict[str, Any], pages: dict[int, Image.Image]) -> Image.Image:
    """The item's trim box from page `number` (rendered once into `pages`), upright: pixels rounded from the
    mm its manifest gives, so the image is the face's size at DPI."""
    if number not in pages:
        pages[number] = pdf[number - 1].render(scale=DPI / 72).to_pil().convert("RGB")
    page = pages[number]
    dpm = DPI / 25.4
    left, top = round(item["x"] * dpm), page.height - round((item["y"] + item["h"]) * dpm)
    image = page.crop((left, top, left + round(item["w"] * dpm), top + round(item["h"] * dpm)))
    return image.rotate(180) if item.get("rotation") == 180 else image


def page_files(old_path: Path, old: dict[str, Any], new_path: Path, new: dict[str, Any], found: Changes,
               folder: Path) -> dict[Path, bytes]:
    """{path: bytes}: `folder/index.html` and the PNG of each changed face before and after."""
    before_at, after_at = placements(old), placements(new)
    before_keys, after_keys = face_keys(old), face_keys(new)
    faces = [k for k in after_keys if before_keys.get(k) != after_keys[k]] + \
        [k for k in before_keys if k not in after_keys and k[1] in found.removed]
    old_pdf, new_pdf = pdfium.PdfDocument(pdf_of(old_path, old)), pdfium.PdfDocument(pdf_of(new_path, new))
    for path, manifest, pdf in ((old_path, old, old_pdf), (new_path, new, new_pdf)):
        if [p["number"] for p in manifest["pages"]] != list(range(1, len(pdf) + 1)):
            raise ManifestError(f"{path}: expected its pages numbered 1 to {len(pdf)}, as its PDF has them, got "
                                f"{len(manifest['pages'])} pages")
    files: dict[Path, bytes] = {}
    rendered: dict[str, dict[int, Image.Image]] = {"before": {}, "after": {}}
    rows = []
    for key in faces:
        cells = []
        for when, at, pdf in (("before", before_at, old_pdf), ("after", after_at, new_pdf)):
            if key in at:
                name = f"{when}/{key[0]}/{key[1]}-{key[2]}{'' if key[3] is None else f'-{key[3]}'}.png"
                files[folder / name] = png_bytes(cut(pdf, *at[key], rendered[when]), DPI)
                cells.append(f'<td><img src="{html.escape(name)}" alt="{when}"></td>')
            else:
                keys = before_keys if when == "before" else after_keys
                said = "not in this build's PDF" if key in keys else "new" if when == "before" else "removed"
                cells.append(f"<td class=none>{said}</td>")
        rows.append(f"<tr><th>{html.escape(key[1])}<br><small>{html.escape(key[0])}, {html.escape(key[2])}</small>"
                    f"</th>{''.join(cells)}</tr>")
    old_pdf.close()
    new_pdf.close()
    listed = "".join(f"<li>{html.escape(line)}</li>" for line in change_lines(found))
    title = f"{new['game']}: {old_path.name} -> {new_path.name}"
    files[folder / "index.html"] = _PAGE.format(title=html.escape(title), listed=listed, rows="".join(rows)).encode()
    return files


_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font-family: sans-serif; margin: 2em; color: #222; }}
table {{ border-collapse: collapse; }}
th, td {{ border: 1px solid #ccc; padding: 8px; vertical-align: top; text-align: left; }}
td img {{ max-width: 420px; display: block; }}
td.none {{ color: #888; font-style: italic; }}
</style></head>
<body><h1>{title}</h1>
<ul>{listed}</ul>
<table><tr><th>Face</th><th>Before</th><th>After</th></tr>{rows}</table>
</body></html>
"""
