"""The examples of README.md and docs/*.md, as the tests run them.

Every fenced ```toml and ```sh block, and every block whose first line is a `$ command`,
carries a tag on the line above it saying how it is checked:

    <!-- check: state NAME -->              a state file, written as NAME; resolved (exit 0)
                                            unless a `run` block of the page runs it
    <!-- check: run -->                     `$ command` lines, each followed by its exact output
    <!-- check: run exit=2 -->              the same, for a command that must exit 2
    <!-- check: commands -->                shell lines, each exit 0; a trailing `# comment` naming
                                            `output/...` files promises they are written
    <!-- check: definition GAME FILE -->    every table with an `id` equals, field by field, the
                                            record with that id in cards/GAME/FILE
    <!-- check: new-definition GAME FILE --> appended to FILE in `my-game`, which validates
                                            (GAME is el-dorado-canyon: my-game is a copy of it)
    <!-- check: example PATH -->            the block is part of examples/PATH, verbatim (the
                                            examples are built by tests/test_designer.py and
                                            tests/test_layout_values.py)
    <!-- check: skip WHY -->                not run, and the page's reader is told why in WHY

Commands run in an empty folder holding the page's state files and `my-game` (a copy of
El Dorado Canyon's definitions, plus the page's `new-definition` cards): never in the checkout. After a change of output,
`python tests/docs_examples.py --update` rewrites the shown outputs of `run` blocks.
"""
from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TAG = re.compile(r"^<!-- check: (\S+)(?: (.*?))? -->$")
FENCE = re.compile(r"^```(\S*)$")


@dataclass
class Block:
    page: Path
    line: int  # 1-based line of the opening fence
    lang: str
    body: str
    kind: str | None  # the tag's kind, or None when untagged
    args: str

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def blocks(page: Path) -> list[Block]:
    """The page's fenced blocks, each with the tag on the line above it (if any)."""
    lines = page.read_text(encoding="utf-8").splitlines()
    found, i = [], 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        end = next(j for j in range(i + 1, len(lines)) if lines[j] == "```")
        tag = TAG.match(lines[i - 1]) if i else None
        found.append(Block(page, i + 1, opening.group(1), "\n".join(lines[i + 1:end]),
                           tag.group(1) if tag else None, (tag.group(2) or "") if tag else ""))
        i = end + 1
    return found


def needs_tag(block: Block) -> bool:
    return block.lang in ("toml", "sh") or block.body.startswith("$ ")


def commands(block: Block) -> list[tuple[str, str]]:
    """A `run` block's (command, shown output) pairs."""
    pairs: list[tuple[str, list[str]]] = []
    for line in block.body.splitlines():
        if line.startswith("$ "):
            pairs.append((line[2:], []))
        else:
            pairs[-1][1].append(line)
    return [(cmd, "\n".join(out)) for cmd, out in pairs]


def shell_lines(block: Block) -> list[tuple[str, list[str]]]:
    """A `commands` block's commands, each with the files its comment says it writes (`output/...`)."""
    found = []
    for line in block.body.splitlines():
        command, _, comment = line.partition(" #")
        if command.strip() and not command.startswith("#"):
            found.append((command.strip(), re.findall(r"output/[\w./-]+\.(?:pdf|png|json)", comment)))
    return found


def workdir(folder: Path, page: Path) -> Path:
    """An empty folder with the page's state files and `my-game`."""
    folder.mkdir(parents=True, exist_ok=True)
    for block in blocks(page):
        if block.kind == "state":
            (folder / block.args).write_text(block.body + "\n", encoding="utf-8")
    if not (folder / "my-game").exists():
        shutil.copytree(ROOT / "cards" / "el-dorado-canyon", folder / "my-game")
        for block in blocks(page):  # the page's own cards join the copy, for its commands to use
            if block.kind == "new-definition":
                target = folder / "my-game" / block.args.split()[1]
                target.write_text(target.read_text(encoding="utf-8") + "\n" + block.body + "\n", encoding="utf-8")
    return folder


def run(command: str, cwd: Path, cache: Path) -> subprocess.CompletedProcess:
    """One documented command, with the installed `generator` and `checker` first on PATH."""
    bin_dir = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": bin_dir + os.pathsep + os.environ.get("PATH", ""), "PNPKIT_CACHE": str(cache),
           "COLUMNS": "100"}
    return subprocess.run(shlex.split(command), cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def shown(done: subprocess.CompletedProcess) -> str:
    return (done.stdout + done.stderr).rstrip("\n")


def update() -> None:
    """Rewrite every `run` block's shown output with what the commands print now."""
    import tempfile

    for page in pages():
        text = page.read_text(encoding="utf-8")
        with tempfile.TemporaryDirectory() as tmp:
            work = workdir(Path(tmp) / "work", page)
            for block in blocks(page):
                if block.kind != "run":
                    continue
                body = "\n".join(f"$ {cmd}\n{shown(run(cmd, work, Path(tmp) / 'cache'))}"
                                 for cmd, _ in commands(block))
                text = text.replace(f"```\n{block.body}\n```", f"```\n{body}\n```", 1)
        page.write_text(text, encoding="utf-8")


if __name__ == "__main__" and sys.argv[1:] == ["--update"]:
    update()
