"""Mutated definition files: the loader only ever raises its own DefinitionError."""
from __future__ import annotations

import tomllib

import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards import DefinitionError, load_game
from conftest import CARDS

ORIGINAL = (CARDS / "el-dorado-canyon" / "starting.toml").read_text()
GAME = (CARDS / "el-dorado-canyon" / "game.toml").read_text()

scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=8),
                    st.floats(allow_nan=False), st.lists(st.integers(), max_size=3))


def _paths(node, prefix=()):
    """Every (container, key) path in a parsed TOML document."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield prefix + (key,)
            yield from _paths(value, prefix + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield prefix + (i,)
            yield from _paths(value, prefix + (i,))


@st.composite
def mutated_documents(draw):
    doc = tomllib.loads(ORIGINAL)
    for _ in range(draw(st.integers(1, 4))):
        paths = list(_paths(doc))
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        action = draw(st.sampled_from(["drop", "retype", "add"]))
        if action == "drop":
            del parent[path[-1]]
        elif action == "retype":
            value = draw(scalars)
            if value is None:
                del parent[path[-1]]
            else:
                parent[path[-1]] = value
        elif isinstance(parent, dict):
            parent[draw(st.text("abcdefgh_", min_size=1, max_size=6))] = draw(scalars.filter(lambda v: v is not None))
        else:
            parent.append(draw(scalars.filter(lambda v: v is not None)))
    return tomli_w.dumps(doc).encode()


@st.composite
def corrupted_bytes(draw):
    data = bytearray(ORIGINAL.encode())
    for _ in range(draw(st.integers(1, 5))):
        action = draw(st.sampled_from(["truncate", "insert", "flip"]))
        pos = draw(st.integers(0, max(len(data) - 1, 0)))
        if action == "truncate":
            del data[pos:]
        elif action == "insert":
            data[pos:pos] = draw(st.binary(min_size=1, max_size=6))
        elif data:
            data[pos] = draw(st.integers(0, 255))
    return bytes(data)


def _load(tmp_path_factory, content: bytes, file: str = "starting.toml") -> None:
    folder = tmp_path_factory.mktemp("game")
    (folder / "game.toml").write_text(GAME)
    (folder / "starting.toml").write_text(ORIGINAL)
    (folder / file).write_bytes(content)
    try:
        load_game(str(folder))
    except DefinitionError as exc:
        assert exc.problems and all(str(p) for p in exc.problems)


fuzz = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@fuzz
@given(content=mutated_documents())
def test_mutated_cards_only_raise_definition_errors(tmp_path_factory, content):
    _load(tmp_path_factory, content)


@fuzz
@given(content=corrupted_bytes())
def test_corrupted_bytes_only_raise_definition_errors(tmp_path_factory, content):
    _load(tmp_path_factory, content)


@fuzz
@given(content=corrupted_bytes().map(lambda b: GAME.encode()[: len(b) % (len(GAME) + 1)] + b[:20]))
def test_corrupted_game_file_only_raises_definition_errors(tmp_path_factory, content):
    _load(tmp_path_factory, content, file="game.toml")
