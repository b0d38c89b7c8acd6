"""Make a large user folder for the scaling benchmark: El Dorado Canyon with many distinct town cards.

The folder is a copy of `cards/el-dorado-canyon` whose town deck is replaced by TOTAL minus
the other components' records distinct town cards: the kit's town cards in turn, each under a
new id and name (`stagecoach-0042`, "Stagecoach 42"), one copy each, so every face differs and
the build cannot share one drawing between them.

    python3 benchmarks/make_big_folder.py TOTAL FOLDER
"""
from __future__ import annotations

import re
import shutil
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KIT = ROOT / "cards" / "el-dorado-canyon"


def _records(path: Path) -> int:
    return len(tomllib.loads(path.read_text(encoding="utf-8")).get("cards", []))


def make(total: int, folder: Path, kit: Path = KIT) -> int:
    """Write the folder from `kit` (another tree's El Dorado Canyon, whose definitions that tree reads); return
    how many town cards it holds."""
    shutil.copytree(kit, folder)
    others = sum(_records(p) for p in folder.glob("*.toml") if p.name not in ("game.toml", "town.toml"))
    count = total - others
    if count < 1:
        raise SystemExit(f"TOTAL must exceed the {others} records outside the town deck")
    text = (kit / "town.toml").read_text(encoding="utf-8")
    blocks = ["[[cards]]\n" + b for b in text.split("[[cards]]\n")[1:]]
    out = []
    for i in range(count):
        block = blocks[i % len(blocks)]
        block = re.sub(r'^id = "([^"]+)"', lambda m: f'id = "{m[1]}-{i:04d}"', block, count=1, flags=re.M)
        block = re.sub(r'^name = "([^"]+)"', lambda m: f'name = "{m[1]} {i}"', block, count=1, flags=re.M)
        out.append(re.sub(r"^copies = \d+\n", "", block, flags=re.M))
    (folder / "town.toml").write_text("".join(out), encoding="utf-8")
    return count


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    print(f"{make(int(sys.argv[1]), Path(sys.argv[2]))} town cards written")
