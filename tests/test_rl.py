"""ReportLab's private names are used in one module, `generator/engine/rl.py`, read against the ReportLab releases
it names: an unknown release fails here first, and so does a private name used anywhere else."""
from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest
import reportlab
from packaging.requirements import Requirement
from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from generator.engine import rl

FILL_EVEN_ODD = getattr(reportlab.pdfgen.canvas, "FILL_EVEN_ODD")  # (not in ReportLab's type stubs)
from cards.typeset.fonts import TEXT, register_fonts

ROOT = Path(__file__).resolve().parent.parent
DOORS = (ROOT / "generator" / "engine" / "rl.py", ROOT / "cards" / "typeset" / "rl.py")  # the engine's, the font registry's


def test_the_installed_reportlab_is_one_rl_was_read_against():
    assert rl.supported(reportlab.Version), (
        f"ReportLab {reportlab.Version} is not in generator/engine/rl.py's SUPPORTED {rl.SUPPORTED}: check each "
        "private name there against it (and the kits' bytes), then add its series")


def test_only_the_supported_series_are_supported():
    assert rl.supported("5.1.0") and rl.supported("5.1.7")
    assert not rl.supported("5.2.0") and not rl.supported("4.4.4") and not rl.supported("6.0") and not rl.supported("")


def test_pyproject_accepts_the_supported_series_and_no_other():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    [spec] = [Requirement(d).specifier for d in project["dependencies"] if Requirement(d).name == "reportlab"]
    for series in rl.SUPPORTED:
        major, minor = map(int, series.split("."))
        assert spec.contains(f"{series}.0") and spec.contains(f"{series}.99")
        assert not spec.contains(f"{major}.{minor + 1}.0") and not spec.contains(f"{major}.{minor - 1}.99")


def _privates(tree: ast.AST) -> set[str]:
    """The private names (one leading underscore) a tree defines or assigns as attributes."""
    names = set()
    for n in ast.walk(tree):
        if isinstance(n, (ast.FunctionDef, ast.ClassDef)) or (isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)):
            names.add(n.name if not isinstance(n, ast.Name) else n.id)
        elif isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store):
            names.add(n.attr)
    return {name for name in names if name.startswith("_") and not name.startswith("__")}


def _ours() -> set[str]:
    """The private attributes pnpkit's own classes set or define (`self._x = ...`, methods, `__slots__`)."""
    names = set()
    for path in ROOT.glob("[cgt]*/**/*.py"):
        for cls in (n for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(n, ast.ClassDef)):
            for n in ast.walk(cls):
                if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store) and isinstance(n.value, ast.Name) \
                        and n.value.id == "self":
                    names.add(n.attr)
                elif isinstance(n, ast.FunctionDef):
                    names.add(n.name)
                elif isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__slots__" for t in n.targets):
                    names.update(ast.literal_eval(n.value))
    return names


@pytest.fixture(scope="module")
def reportlab_privates() -> set[str]:
    """Every private name ReportLab's sources define: its modules' functions, classes and globals, its objects'
    attributes."""
    names: set[str] = set()
    for path in Path(reportlab.__file__).parent.rglob("*.py"):
        names |= _privates(ast.parse(path.read_bytes()))
    return names - _ours()


def test_no_reportlab_private_name_is_used_outside_rl(reportlab_privates):
    assert {"_code", "_doc", "_formsinuse", "_formatText", "_fontname", "_dynamicFont", "_fonts"} <= reportlab_privates
    used = []
    for path in sorted(p for folder in ("cards", "generator", "checker") for p in (ROOT / folder).rglob("*.py")):
        if path in DOORS:
            continue
        for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(n, ast.Attribute) and n.attr in reportlab_privates:
                name = n.attr
            elif isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in ("getattr", "setattr",
                                                                                           "hasattr", "delattr") \
                    and len(n.args) > 1 and isinstance(n.args[1], ast.Constant) and n.args[1].value in reportlab_privates:
                name = n.args[1].value
            elif isinstance(n, ast.ImportFrom) and (n.module or "").startswith("reportlab"):
                name = next((a.name for a in n.names if a.name.startswith("_")), None)
            else:
                continue
            if name is not None:
                used.append(f"{path.relative_to(ROOT)}:{n.lineno}: {name}")
    assert used == []


def test_each_door_opens_on_a_real_canvas(tmp_path):
    """What rl.py reads is there, of the kind its callers take, on the installed ReportLab."""
    register_fonts()
    c = Canvas(str(tmp_path / "probe.pdf"))
    c.beginForm("probe", 0, 0, 10, 10)
    c.setFillAlpha(0.5)
    c.rect(1, 1, 2, 2)
    text = c.beginText(1, 1)
    text.setFont(TEXT, 9, 11)
    text.textOut("Tj")
    c.drawText(text)
    assert rl.open_form(c) == "probe"
    assert rl.operators(c)[:2] == ["/gRLs0 gs", "n 1 1 2 2 re S"] and rl.preamble(c) == "1 0 0 1 0 0 cm "
    assert rl.forms_in_use(c) == [] and rl.shadings(c) == {} and rl.colour_spaces(c) == {}
    assert rl.graphics_state_items(c) == [(("ca", 0.5), "gRLs0")] and list(rl.graphics_states(c).dict) == ["gRLs0"]
    assert rl.compresses(c) is bool(rl_config.pageCompression) and rl.page_annotations(c) == []
    assert rl.fill_mode(c) == FILL_EVEN_ODD  # ReportLab's default, which `render.place` compares with
    assert rl.current_matrix(c) == (1, 0, 0, 1, 0, 0)
    assert rl.escaped(c, "a(b)") == "a\\(b\\)"
    doc = rl.document(c)
    version = rl.pdf_version(doc)
    rl.raise_pdf_version(doc, (version[0], version[1] + 1))
    assert rl.pdf_version(doc) == (version[0], version[1] + 1)
    assert rl.text_canvas(text) is c and rl.text_font(text) == (TEXT, 9, 11) and rl.text_subset(text) == 0
    rl.set_text_subset(text, -1)
    assert rl.text_subset(text) == -1
    assert rl.is_truetype(reportlab.pdfbase.pdfmetrics.getFont(TEXT))
    assert not rl.is_truetype(reportlab.pdfbase.pdfmetrics.getFont("Helvetica"))
    c.endForm()
