"""`generator calibrate`, read back from its PDF: the back's scales sit behind the front's cross
as a duplex printer puts them, each tick at its number of millimetres (so the number under the
cross is the offset to give `--back-offset`), ticks every 0.5 mm, rulers of true length, the check
circle where the given offset moves the backs; bad options exit 2."""
from __future__ import annotations

import subprocess
import sys

import pdfplumber
import pytest

MM = 72 / 25.4
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def calibrate(tmp_path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator.cli", "calibrate", "--out", str(tmp_path), *args],
                          capture_output=True, text=True)


def _segments(page) -> list[tuple[float, float, float, float]]:
    """Every straight line as (x0, y0, x1, y1) in mm from the page's bottom-left."""
    h = page.height
    return [(ln["x0"] / MM, (h - ln["bottom"]) / MM, ln["x1"] / MM, (h - ln["top"]) / MM) for ln in page.lines]


def _cross(page) -> tuple[float, float]:
    """The front's cross: the long upright line's x and the long level line's y."""
    lines = _segments(page)
    upright = [s for s in lines if abs(s[0] - s[2]) < 1e-3 and abs(s[3] - s[1] - 60) < 0.01]
    level = [s for s in lines if abs(s[1] - s[3]) < 1e-3 and abs(s[2] - s[0] - 60) < 0.01]
    assert len(upright) == 1 and len(level) == 1, (upright, level)
    return upright[0][0], level[0][1]


def _numbers(page) -> list[tuple[float, float, float]]:
    """(value, x centre, y centre) in mm of every number printed on the page (characters on one baseline
    that touch make a word: the scale's labels are too close for pdfplumber's word grouping)."""
    words: list[list[dict]] = []
    for ch in sorted(page.chars, key=lambda ch: (round(ch["top"], 1), ch["x0"])):
        last = words[-1][-1] if words else None
        if last is not None and abs(last["top"] - ch["top"]) < 0.1 and 0 <= ch["x0"] - last["x1"] < 0.5:
            words[-1].append(ch)
        else:
            words.append([ch])
    out = []
    for word in words:
        try:
            value = float("".join(ch["text"] for ch in word))
        except ValueError:
            continue
        x = (word[0]["x0"] + word[-1]["x1"]) / 2 / MM
        out.append((value, x, page.height / MM - (word[0]["top"] + word[0]["bottom"]) / 2 / MM))
    return out


@pytest.mark.parametrize("paper,duplex,offset", [("a4", "long", (0.0, 0.0)), ("letter", "short", (1.5, -1.0)),
                                                  ("a4", "short", (-2.0, 0.5))])
def test_the_scale_number_under_the_cross_is_the_back_offset_to_give(tmp_path, paper, duplex, offset):
    args = ["--paper", paper, "--duplex", duplex, "--back-offset", f"{offset[0]:g},{offset[1]:g}"]
    result = calibrate(tmp_path, *args)
    assert result.returncode == 0, result.stderr
    w, h = PAPERS[paper]
    with pdfplumber.open(tmp_path / f"calibration-{paper}-{duplex}.pdf") as pdf:
        assert len(pdf.pages) == 2
        assert all(abs(p.width / MM - w) < 0.01 and abs(p.height / MM - h) < 0.01 for p in pdf.pages)
        cx, cy = _cross(pdf.pages[0])
        # Where a printer that shifts nothing puts the cross on the back page (portrait: a long-edge
        # flip turns about the vertical axis, a short-edge flip about the horizontal one).
        bx, by = (w - cx, cy) if duplex == "long" else (cx, h - cy)
        back = pdf.pages[1]
        lines = _segments(back)
        x_ticks = sorted(s[0] for s in lines if abs(s[0] - s[2]) < 1e-3 and 1.5 < s[3] - s[1] < 6 and s[3] < by)
        y_ticks = sorted(s[1] for s in lines if abs(s[1] - s[3]) < 1e-3 and 1.5 < s[2] - s[0] < 6 and s[0] > bx)
        for ticks, zero in ((x_ticks, bx), (y_ticks, by)):
            assert len(ticks) == 25                                          # -6 to +6 mm
            assert [round(t - zero, 3) for t in ticks] == [k / 2 for k in range(-12, 13)]
        numbers = _numbers(back)
        x_labels = [(v, x) for v, x, y in numbers if by - 30 < y < by - 10 and abs(x - bx) < 10]
        y_labels = [(v, y) for v, x, y in numbers if x > bx + 10 and abs(y - by) < 8]
        assert sorted(v for v, _ in x_labels) == list(range(-6, 7))
        assert sorted(v for v, _ in y_labels) == list(range(-6, 7))
        assert all(abs(x - (bx + v)) < 0.15 for v, x in x_labels), x_labels
        assert all(abs(y - (by + v)) < 0.6 for v, y in y_labels), y_labels
        # A printer shifting the back by s puts tick L at (bx + L + s): the cross reads L = -s.
        for s in (-2.5, 0.5, 3.0):
            under = min(x_ticks, key=lambda t: abs(t + s - bx))
            assert round(under - bx, 3) == -s
        circles = [c for c in back.curves if abs((c["x1"] - c["x0"]) - 3 * MM) < 0.2]
        if offset == (0.0, 0.0):
            assert circles == []
        else:
            (circle,) = circles
            centre = ((circle["x0"] + circle["x1"]) / 2 / MM, h - (circle["top"] + circle["bottom"]) / 2 / MM)
            assert abs(centre[0] - (bx + offset[0])) < 0.05 and abs(centre[1] - (by + offset[1])) < 0.05
        front_text = pdf.pages[0].extract_text()
        assert f"generator build --paper {paper} --duplex {duplex} --back-offset X,Y" in front_text


def test_rulers_are_true_length_in_millimetres(tmp_path):
    assert calibrate(tmp_path).returncode == 0
    with pdfplumber.open(tmp_path / "calibration-a4-long.pdf") as pdf:
        lines = _segments(pdf.pages[0])
    level = next(s for s in lines if abs(s[1] - s[3]) < 1e-3 and abs(s[2] - s[0] - 150) < 0.01)
    upright = next(s for s in lines if abs(s[0] - s[2]) < 1e-3 and abs(s[3] - s[1] - 200) < 0.01)
    ticks = sorted(s[0] for s in lines if abs(s[0] - s[2]) < 1e-3 and abs(s[1] - level[1]) < 1e-3)
    assert [round(t - ticks[0], 3) for t in ticks] == list(range(151))
    side = sorted(s[1] for s in lines if abs(s[1] - s[3]) < 1e-3 and abs(s[2] - upright[0]) < 1e-3)
    assert [round(t - side[0], 3) for t in side] == list(range(201))


@pytest.mark.parametrize("args,message", [
    (["--paper", "a5"], "--paper: expected a4 or letter, got 'a5'"),
    (["--duplex", "diagonal"], "--duplex: expected long or short, got 'diagonal'"),
    (["--back-offset", "7,0"], "--back-offset: expected X,Y in mm, each from -6 to 6"),
    (["--back-offset", "one"], "--back-offset: expected X,Y in mm, in ASCII digits"),
])
def test_bad_options_exit_2_with_one_line_and_write_nothing(tmp_path, args, message):
    result = calibrate(tmp_path / "out", *args)
    assert result.returncode == 2
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert not (tmp_path / "out").exists()
