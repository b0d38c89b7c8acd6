"""Do two builds' PDFs look the same?  Every page rendered (pdftoppm) and compared pixel by pixel.

For a change that alters the PDFs' bytes but must not alter what prints (text drawn as fewer
text objects, say): build before and after into two folders, then

    python3 benchmarks/compare_pages.py BEFORE AFTER [--dpi 100] [--show N]

prints, per PDF, its pages, the largest difference of any channel of any pixel (0-255) and how
many pixels differ by more than 32, then the N pages that differ most; exit 1 if a PDF is
missing, has another page count, or a page another size.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageChops


def pages(pdf: Path, dpi: int, into: Path) -> list[Path]:
    """Every page of `pdf` as a PNG in `into`, in order."""
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", str(pdf), str(into / "p")], check=True)
    return sorted(into.glob("p-*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))


def difference(a: Path, b: Path) -> tuple[int, int] | None:
    """(largest channel difference, pixels differing by more than 32), or None when the sizes differ."""
    with Image.open(a) as one, Image.open(b) as two:
        if one.size != two.size:
            return None
        diff = ImageChops.difference(one.convert("RGB"), two.convert("RGB"))
        largest = max(high for _, high in diff.getextrema())
        grey = diff.convert("L").point(lambda v: 255 if v > 32 else 0)
        return largest, grey.histogram()[255]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--dpi", type=int, default=100)
    parser.add_argument("--show", type=int, default=5, help="list the N pages that differ most")
    args = parser.parse_args()
    failed = False
    found: list[tuple[int, int, str]] = []
    for pdf in sorted(args.before.glob("*.pdf")):
        other = args.after / pdf.name
        if not other.exists():
            print(f"{pdf.name}: missing in {args.after}")
            failed = True
            continue
        with tempfile.TemporaryDirectory() as tmp:
            one, two = Path(tmp, "a"), Path(tmp, "b")
            one.mkdir()
            two.mkdir()
            first, second = pages(pdf, args.dpi, one), pages(other, args.dpi, two)
            if len(first) != len(second):
                print(f"{pdf.name}: {len(first)} pages before, {len(second)} after")
                failed = True
                continue
            worst = 0
            for n, (a, b) in enumerate(zip(first, second), 1):
                result = difference(a, b)
                if result is None:
                    print(f"{pdf.name} page {n}: another page size")
                    failed = True
                    continue
                worst = max(worst, result[0])
                found.append((result[0], result[1], f"{pdf.name} page {n}"))
            print(f"{pdf.name}: {len(first)} pages, largest difference {worst}/255, "
                  f"pixels over 32: {sum(f[1] for f in found if f[2].startswith(pdf.name + ' '))}")
    for largest, over, where in sorted(found, reverse=True)[:args.show]:
        print(f"  {where}: largest {largest}/255, {over} pixels over 32")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
