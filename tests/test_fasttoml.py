"""The state reader's fast TOML path gives exactly `tomllib`'s table, or steps aside (checker/core/fasttoml.py)."""
from __future__ import annotations

import math
import random
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from checker.core import fasttoml
from checker.core.errors import StateError
from checker.core.state_io import read_state

ROOT = Path(__file__).resolve().parent.parent
TOML_FILES = sorted(p for folder in ("tests", "cards", "checker") for p in (ROOT / folder).rglob("*.toml"))
STATES = sorted(p for p in (ROOT / "tests" / "cases").rglob("*.toml") if not p.name.endswith(".expect.toml"))


def typed(value):
    """The value with every type and order spelt out: 1 and 1.0 and True differ, so do key orders."""
    if isinstance(value, dict):
        return ("table", [(k, typed(v)) for k, v in value.items()])
    if isinstance(value, list):
        return ("array", [typed(v) for v in value])
    if isinstance(value, float) and math.isnan(value):
        return ("float", "nan", math.copysign(1, value))
    return (type(value).__name__, repr(value))


def test_the_fast_reader_is_there_and_reads_every_state_of_the_cases():
    assert fasttoml._parser() is not None  # toml-rs installed: the good path skips tomllib
    for path in STATES:
        text = path.read_text(encoding="utf-8")
        fast = fasttoml.loads(text)
        assert fast is not None, path
        assert typed(fast) == typed(tomllib.loads(text)), path


@pytest.mark.parametrize("path", TOML_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_toml_file_of_the_project_reads_the_same(path):
    text = path.read_text(encoding="utf-8")
    fast = fasttoml.loads(text)
    assert fast is None or typed(fast) == typed(tomllib.loads(text))


# tomllib refuses these (TOML 1.1 syntax, a byte-order mark, too deep, too many digits) or reads them its way
EDGES = [
    "\ufeffa = 1\n", "a = { b = 1, }\n", "a = { b = 1,\n c = 2 }\n", 'a = "\\e"\n', 'a = "\\x41"\n', "a = 07:32\n",
    "a = 1979-05-27T07:32\n", "a = " + "[" * 600 + "]" * 600 + "\n", "a = " + "{b=" * 400 + "1" + "}" * 400 + "\n",
    "a = " + "9" * 5000 + "\n", "a = 99999999999999999999\n", "a = 0000-01-01\n", "a = 23:59:60\n", "a = 1e400\n",
    "a = nan\nb = -nan\nc = -0.0\n", 'a = "\\uD800"\n', "a = 1\na = 2\n", "[a]\nb = 1\n[a]\n", "a = -0x1\n",
    "a = 1979-05-27T07:32:00.1234567891-08:00\n", "a = 0x" + "f" * 100 + "\n", "a.b = 1\n[a]\nc = 2\n", "a = [1, 'x']\n", "x = 1\nv = \n",
]


@pytest.mark.parametrize("text", EDGES, ids=range(len(EDGES)))
def test_where_tomllib_refuses_or_differs_the_state_reader_says_what_it_said(text, tmp_path):
    fast = fasttoml.loads(text)
    try:
        expected = typed(tomllib.loads(text))
    except tomllib.TOMLDecodeError as exc:
        assert fast is None
        message = f"TOML syntax error: {exc}"
    except (RecursionError, ValueError) as exc:
        assert fast is None
        message = f"unreadable state: {type(exc).__name__}"
    else:
        assert fast is None or typed(fast) == expected
        return
    path = tmp_path / "turn.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(StateError) as refused:
        read_state(path)
    assert refused.value.message == message


def test_mutated_states_read_the_same_or_fall_back():
    """Thousands of small edits of the cases' states: the fast path never reads one differently from tomllib."""
    texts = [p.read_text(encoding="utf-8") for p in STATES]
    alphabet = list("[]{}=.,\"'#\n\r\t \\-+_:0123456789aeflnrstuTZ") + ["\x00", "\x7f", "\u00e9", '"""', "'''", "\\u0041",
                                                                      "inf", "nan", "1979-05-27", "07:32", "[[", "]]"]
    rng = random.Random(14)
    read = 0
    for _ in range(3000):
        text = rng.choice(texts)
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(text) + 1)
            text = text[:at] + rng.choice(alphabet) + text[at + rng.choice((0, 1, 2)):]
        fast = fasttoml.loads(text)
        try:
            expected = typed(tomllib.loads(text))
        except (ValueError, RecursionError):
            assert fast is None, repr(text)
            continue
        if fast is not None:
            read += 1
            assert typed(fast) == expected, repr(text)
    assert read > 300  # the edits left many documents valid, and the fast path read them


def test_a_good_state_is_read_without_tomllib():
    probe = ("import sys\nfrom pathlib import Path\nfrom checker.core.state_io import read_state\n"
             "read_state(Path(sys.argv[1]))\nprint('tomllib' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", probe, str(STATES[0])], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False"]
