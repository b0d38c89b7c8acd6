"""What `checker validate` costs on 500 cards: the benchmark folder (El Dorado Canyon's look, no layout
files) and a designer's deck of the same size (examples/banner-deck's layout: styles, `when`, rotation,
every text box measured for each card at load, issue 30 defect 6), each alternated with `--against DIR`'s.

    python3 benchmarks/bench_validate.py [--rounds N] [--cards 500] [--against DIR]

DIR is another checkout (e.g. `git worktree add /tmp/before main`); the designer deck is then the fox deck
(which DIR can load) scaled to the same size, as both trees validate it.
"""
from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

from make_big_folder import make
from timing import alternate, bench_env, report

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def validate_cmd(tree: Path, folder: Path) -> list[str]:
    """A whole `checker validate FOLDER` of `tree`'s code, as the `checker` command runs it."""
    code = (f"import sys; sys.path.insert(0, {str(tree)!r}); sys.argv = ['checker', 'validate', {str(folder)!r}]; "
            "from checker.cli import main; main()")
    return [sys.executable, "-c", code]


def deck(example: str, cards: int, folder: Path) -> Path:
    """`examples/EXAMPLE` with its cards repeated under new ids up to `cards`."""
    shutil.copytree(EXAMPLES / example, folder)
    text = (folder / "cards.toml").read_text(encoding="utf-8")
    blocks = ["[[cards]]\n" + b for b in text.split("[[cards]]\n")[1:]]
    out = []
    for i in range(cards):
        block = blocks[i % len(blocks)]
        out.append(block.replace('id = "', f'id = "c{i:04d}-', 1).replace("copies = 2\n", ""))
    (folder / "cards.toml").write_text("\n".join(out), encoding="utf-8")
    return folder


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--cards", type=int, default=500)
    parser.add_argument("--against", type=Path, help="another checkout to alternate with")
    args = parser.parse_args()
    env = bench_env()
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        big = t / "big"
        make(args.cards, big)
        example = "fox-deck" if args.against else "banner-deck"
        designer = deck(example, args.cards, t / example)
        for name, folder in ((f"the {args.cards}-card benchmark folder", big), (f"{example} of {args.cards} cards",
                                                                                designer)):
            sides = {"validate": validate_cmd(ROOT, folder)}
            if args.against:
                sides["DIR's validate"] = validate_cmd(args.against.resolve(), folder)
            print(f"checker validate, {name}, {args.rounds} rounds:")
            report(alternate(sides, args.rounds, ROOT, env), "validate")


if __name__ == "__main__":
    main()
