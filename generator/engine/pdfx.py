"""PDF/X-1a:2003 for DriveThruCards (`--shop dtc`): CMYK through one ICC profile, total ink at most 240 %.

ReportLab draws in RGB, and its `enforceColorSpace="cmyk"` refuses RGB colours rather than
converting them, so the shop's PDF is converted once it is drawn (the face cache keeps only
the RGB faces every other output uses).  pikepdf (qpdf) reads and rewrites the PDF's objects
without re-drawing them, and Pillow's ImageCms (littleCMS) converts through the profile:

- every colour operator of every page and form (`rg`/`RG`, `g`/`G`, `k`/`K`, `sc`/`scn` in a
  device space) becomes `k`/`K`: greys and black as black ink alone (text stays one plate
  sharp, never four plates out of register), other colours through the profile;
- every image becomes DeviceCMYK through the profile; a shading's end colours likewise;
- a page with what PDF/X-1a forbids or this conversion does not read (opacity, soft masks,
  blend modes, art with an alpha channel, inline images, patterns, other colour spaces,
  fonts not embedded) is flattened: rendered at 300 dpi by pdfium, converted as one image;
- every colour is held to the ink limit (C+M+Y+K <= 240 %: cyan, magenta and yellow scaled
  down, black kept), though the profile's own separation already keeps within it;
- the file gets the OutputIntent (GTS_PDFX, the profile embedded), `GTS_PDFXVersion` and
  `Trapped` in its document information, PDF 1.4 without object streams.

The profile, `generator/icc/pnpkit-swop-tr003-240.icc`, is made from CGATS TR 003 (SWOP coated
publication paper) with a 240 % ink limit: where it comes from and its licence are in
`generator/icc/README.md`.
"""
from __future__ import annotations

import io
import zlib
from functools import lru_cache
from importlib.resources import files
from typing import Any, Callable

import numpy as np
import pikepdf
from pikepdf import Array, Dictionary, Name, Operator, PdfImage, String
from PIL import Image, ImageCms

PROFILE = "pnpkit-swop-tr003-240.icc"
CONDITION = "CGATS TR 003"   # the registered characterization the profile is made from
CONDITION_INFO = "SWOP Grade 3 coated publication paper (CGATS TR 003-2007), total ink limited to 240 %"
INK_LIMIT = 2.4              # 240 %: DriveThruCards' limit
FLAT_DPI = 300
DEVICE = {"/DeviceRGB": 3, "/DeviceGray": 1, "/DeviceCMYK": 4}
OPAQUE = {"/CA": 1, "/ca": 1}


class _Flatten(Exception):
    """What makes a page be flattened: PDF/X-1a forbids it or the conversion does not read it."""


@lru_cache(maxsize=1)
def profile_bytes() -> bytes:
    return files("generator").joinpath("icc", PROFILE).read_bytes()


@lru_cache(maxsize=1)
def _transform() -> ImageCms.ImageCmsTransform:
    cmyk = ImageCms.ImageCmsProfile(io.BytesIO(profile_bytes()))
    return ImageCms.buildTransform(ImageCms.createProfile("sRGB"), cmyk, "RGB", "CMYK",
                                   renderingIntent=ImageCms.Intent.PERCEPTUAL)


def limit_ink(cmyk: np.ndarray) -> np.ndarray:
    """Pixels (..., 4) of 0-255 held to INK_LIMIT: cyan, magenta and yellow scaled down, black kept."""
    values = cmyk.astype(np.float64) / 255
    cmy, k = values[..., :3], values[..., 3:]
    total = cmy.sum(axis=-1, keepdims=True)
    room = INK_LIMIT - k
    scale = np.where(total > room, room / np.maximum(total, 1e-9), 1.0)
    return np.floor(np.concatenate([cmy * scale, k], axis=-1) * 255 + 1e-6).clip(0, 255).astype(np.uint8)


def to_cmyk(image: Image.Image) -> Image.Image:
    """An RGB (or grey) picture as CMYK through the profile, within the ink limit."""
    cmyk = ImageCms.applyTransform(image.convert("RGB"), _transform())
    return Image.fromarray(limit_ink(np.asarray(cmyk)), "CMYK")


@lru_cache(maxsize=4096)
def colour(values: tuple[float, ...]) -> tuple[float, ...]:
    """A device colour (grey, RGB or CMYK components 0-1) as CMYK within the ink limit; greys as black ink only."""
    if len(values) == 4:
        return tuple(float(v) / 255 for v in limit_ink(np.round(np.array(values) * 255)))
    if len(values) == 1 or max(values) - min(values) < 1 / 512:
        return (0.0, 0.0, 0.0, round(1 - values[0], 4))
    pixel = Image.new("RGB", (1, 1), tuple(round(v * 255) for v in values))
    cmyk = to_cmyk(pixel).getpixel((0, 0))
    assert isinstance(cmyk, tuple)
    return tuple(round(v / 255, 4) for v in cmyk)


def pdfx1a(pdf: bytes, title: str) -> bytes:
    """The PDF `pdf` as PDF/X-1a:2003 in CMYK (see the module's docstring)."""
    doc = pikepdf.open(io.BytesIO(pdf))
    converter = _Converter()
    flat = []
    for number, page in enumerate(doc.pages):
        try:
            if "/Group" in page.obj:
                raise _Flatten("a transparency group")
            page.obj.Contents = doc.make_stream(converter.content(page.obj, page.obj.get("/Resources")))
        except _Flatten:
            flat.append(number)
    if flat:
        _flatten(doc, pdf, flat)
    _identify(doc, title)
    out = io.BytesIO()
    doc.save(out, force_version="1.4", object_stream_mode=pikepdf.ObjectStreamMode.disable, deterministic_id=True)
    return out.getvalue()


class _Converter:
    """Rewrites content streams, images and shadings in CMYK; each shared object once."""

    def __init__(self) -> None:
        self.done: set[tuple[int, int]] = set()
        self.refused: set[tuple[int, int]] = set()

    def content(self, owner: Any, resources: Any, enclosing: Any = None) -> bytes:
        """The CMYK content of a page or form `owner` (its forms and images converted in place); a resource
        its own `resources` lack is looked up in the `enclosing` page's or form's, as ReportLab's forms need."""
        resources = resources if resources is not None else Dictionary()

        def named(kind: str, name: Any) -> Any:
            for where in (resources, enclosing):
                found = None if where is None else (where.get(kind) or Dictionary()).get(str(name))
                if found is not None:
                    return found
            raise _Flatten(f"a missing resource {kind} {name}")

        spaces = {"fill": 1, "stroke": 1}   # components of the current colour space (DeviceGray to start)
        out: list[Any] = []
        font: str | None = None
        shown: set[str] = set()
        for item in pikepdf.parse_content_stream(owner):
            if isinstance(item, pikepdf.ContentStreamInlineImage):
                raise _Flatten("an inline image")
            operands, op = item.operands, str(item.operator)
            stroke = op.isupper() or op in ("SC", "SCN")
            if op in ("rg", "RG", "g", "G", "k", "K"):
                out.append(([*colour(tuple(float(v) for v in operands))], Operator("K" if stroke else "k")))
                continue
            if op in ("cs", "CS"):
                space = str(operands[0])
                if space not in DEVICE:
                    raise _Flatten(f"colour space {space}")
                spaces["stroke" if op == "CS" else "fill"] = DEVICE[space]
                out.append(([Name.DeviceCMYK], item.operator))
                continue
            if op in ("sc", "scn", "SC", "SCN"):
                if len(operands) != spaces["stroke" if stroke else "fill"] or isinstance(operands[-1], Name):
                    raise _Flatten("a pattern")
                out.append(([*colour(tuple(float(v) for v in operands))], item.operator))
                continue
            if op == "gs":
                self._state(named("/ExtGState", operands[0]))
            elif op == "sh":
                self._shading(named("/Shading", operands[0]))
            elif op == "Do":
                self._xobject(named("/XObject", operands[0]), resources)
            elif op in ("d0", "d1"):
                raise _Flatten("a Type 3 font")
            elif op == "Tf":
                font = str(operands[0])
            elif op in ("Tj", "TJ", "'", '"') and font is not None:
                shown.add(font)
            out.append((operands, item.operator))
        fonts = {name: named("/Font", name) for name in shown}
        self._embedded(fonts)
        # ReportLab opens every page with `BT /F1 12 Tf 14.4 TL ET` (Helvetica, never embedded, showing nothing):
        # the owner gets its own resources, naming only the fonts it shows text in (and what it took from the
        # enclosing page or form)
        own = Dictionary()
        for where in (enclosing, resources):
            for kind, entries in ([] if where is None else where.items()):
                if kind != "/Font" and isinstance(entries, Dictionary):
                    own[kind] = Dictionary({**dict(own.get(kind, Dictionary()).items()), **dict(entries.items())})
                elif kind != "/Font":
                    own[kind] = entries
        if fonts:
            own.Font = Dictionary(fonts)
        owner.Resources = own
        return pikepdf.unparse_content_stream([(o, op) for o, op in out if str(op) != "Tf" or str(o[0]) in shown])

    def _once(self, obj: Any, convert: Callable[[], None]) -> None:
        """Convert `obj` the first time it is met (an indirect object once, however often it is used); one that
        could not be converted refuses every page using it."""
        key = obj.objgen if obj.is_indirect else None
        if key in self.refused:
            raise _Flatten("an object already refused")
        if key is not None and key in self.done:
            return
        try:
            convert()
        except _Flatten:
            if key is not None:
                self.refused.add(key)
            raise
        if key is not None:
            self.done.add(key)

    @staticmethod
    def _embedded(fonts: dict[str, Any]) -> None:
        """Every font showing text is embedded."""
        for name, font in fonts.items():
            descendants = font.get("/DescendantFonts")
            described = (descendants[0] if descendants else font).get("/FontDescriptor")
            if described is None or not any(k in described for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                raise _Flatten(f"font {name} not embedded")

    @staticmethod
    def _state(state: Any) -> None:
        if any(key in state and float(state[key]) != value for key, value in OPAQUE.items()):
            raise _Flatten("opacity")
        if str(state.get("/SMask", "/None")) != "/None" or str(state.get("/BM", "/Normal")) not in ("/Normal", "/Compatible"):
            raise _Flatten("a soft mask or blend mode")

    def _shading(self, shading: Any) -> None:
        self._once(shading, lambda: self._shading_cmyk(shading))

    @staticmethod
    def _shading_cmyk(shading: Any) -> None:
        space = str(shading.get("/ColorSpace"))
        if space not in DEVICE or "/Background" in shading:
            raise _Flatten(f"a shading in {space}")
        functions = shading.Function
        parts = functions.Functions if functions.get("/FunctionType") == 3 else [functions]
        if any(part.get("/FunctionType") != 2 for part in parts):
            raise _Flatten("a sampled shading")
        for part in parts:
            if "/C0" not in part or "/C1" not in part:
                raise _Flatten("a shading without its end colours")
            for end in ("/C0", "/C1"):
                part[end] = Array(list(colour(tuple(float(v) for v in part[end]))))
            if "/Range" in part:
                part.Range = Array([0, 1] * 4)
        shading.ColorSpace = Name.DeviceCMYK

    def _xobject(self, xobject: Any, resources: Any) -> None:
        if xobject.get("/Subtype") == "/Form":
            if "/Group" in xobject:
                raise _Flatten("a transparency group")
            self._once(xobject, lambda: xobject.write(self.content(xobject, xobject.get("/Resources"), resources)))
            return
        if xobject.get("/ImageMask"):          # a stencil: painted in the fill colour, already converted
            return
        if "/SMask" in xobject or "/Mask" in xobject:
            raise _Flatten("an image with transparency")
        self._once(xobject, lambda: _put_image(xobject, to_cmyk(_picture(xobject))))


def _picture(xobject: Any) -> Image.Image:
    """An image's pixels; one pikepdf cannot decode flattens its page (pdfium renders what it can)."""
    try:
        return PdfImage(xobject).as_pil_image()
    except (pikepdf.PikepdfError, NotImplementedError, ValueError, OSError) as exc:
        raise _Flatten(f"an image pikepdf cannot decode ({exc})") from exc


def _put_image(xobject: Any, cmyk: Image.Image) -> None:
    xobject.write(zlib.compress(cmyk.tobytes()), filter=Name.FlateDecode)
    for key in ("/DecodeParms", "/Decode", "/Intent"):
        if key in xobject:
            del xobject[key]
    xobject.ColorSpace = Name.DeviceCMYK
    xobject.BitsPerComponent = 8
    xobject.Width, xobject.Height = cmyk.size


def _flatten(doc: pikepdf.Pdf, original: bytes, numbers: list[int]) -> None:
    """Pages `numbers` as one CMYK image each, rendered from the original at FLAT_DPI by pdfium."""
    import pypdfium2 as pdfium

    source = pdfium.PdfDocument(original)
    try:
        for number in numbers:
            page = doc.pages[number]
            x0, y0, x1, y1 = (float(v) for v in page.mediabox)
            w, h = x1 - x0, y1 - y0
            size = (round(w / 72 * FLAT_DPI), round(h / 72 * FLAT_DPI))
            rendered = source[number].render(scale=FLAT_DPI / 72).to_pil().convert("RGB")
            if rendered.size != size:
                rendered = rendered.resize(size)
            image = doc.make_stream(b"", Type=Name.XObject, Subtype=Name.Image)
            _put_image(image, to_cmyk(rendered))
            page.obj.Resources = Dictionary(XObject=Dictionary(Flat=image))
            page.obj.Contents = doc.make_stream(f"q {w:g} 0 0 {h:g} {x0:g} {y0:g} cm /Flat Do Q".encode())
            for key in ("/Group", "/Annots"):
                if key in page.obj:
                    del page.obj[key]
    finally:
        source.close()


def _identify(doc: pikepdf.Pdf, title: str) -> None:
    """The OutputIntent and the PDF/X-1a:2003 keys of the document information."""
    profile = doc.make_stream(profile_bytes(), N=4, Alternate=Name.DeviceCMYK)
    doc.Root.OutputIntents = Array([Dictionary(
        Type=Name.OutputIntent, S=Name.GTS_PDFX, OutputConditionIdentifier=String(CONDITION),
        RegistryName=String("http://www.color.org"), Info=String(CONDITION_INFO), DestOutputProfile=profile)])
    info = doc.trailer.get("/Info")
    if info is None:
        info = doc.trailer.Info = doc.make_indirect(Dictionary())
    info.Title = String(title)
    info.GTS_PDFXVersion = String("PDF/X-1a:2003")
    info.Trapped = Name("/False")
    if "/CreationDate" not in info:   # PDF/X asks both dates; ReportLab's are fixed, so the bytes stay the same
        info.CreationDate = String("D:20000101000000+00'00'")
    if "/ModDate" not in info:
        info.ModDate = info.CreationDate
