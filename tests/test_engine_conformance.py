"""One conformance suite for every rules engine the registry knows (issue 27), like OpenSpiel's `random_sim_test`.

Every family with an engine in `cards.families` is checked through `checker.core.engine.RulesEngine` alone,
so a new family is checked by its registry entry (and its case book) and nothing else:

- from every case-book state of the family's games (`tests/cases/<game>/`) and the state each one's
  resolution writes, every action `legal_actions` offers is accepted, a player who may not act is offered
  none, and every action refused (the actions offered elsewhere in the book, given to this player) is
  refused with one line that ends listing the legal ones;
- every step of every resolution cites its rule from the family's citation table (`checker.core.cite`);
- a state written with `--out` reads back equal, and the engine reads it; the same seed gives the same
  result;
- where the family sets up a game (`start`: El Dorado Canyon, Eldorado), seeded random legal playouts
  through the interface check every turn as above, and its simulator's random playouts run to the end,
  each game ending in a result, the same seed giving the same tally. Gold and Steel has no set-up (its
  base game's turn structure is not in the rulebook): it is checked action by action from its states.

The checks return the problems they find, so the last tests hold them to a deliberately broken engine
(an action that raises, a step citing no rule of the table) and see them caught. Counts are bounded and
sampled with fixed seeds: the suite stays in a few tens of seconds.
"""
from __future__ import annotations

import ast
import contextlib
import importlib
import io
import json
import random
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from cards.families import FAMILIES, builtin_games
from checker.core.action import Action
from checker.core.cite import uncited
from checker.core.engine import RulesEngine, engine_of_game
from checker.core.errors import StateError
from checker.core.gamecache import load_for_play
from checker.core.log import KINDS, Step
from checker.core.resolve_cmd import resolve_file
from checker.core.state_io import read_state, write_state

CASES = Path(__file__).resolve().parent / "cases"
ENGINES = [name for name, fam in FAMILIES.items() if fam.engine is not None]
PER_PLAYER = 6  # legal actions tried per player and state (sampled): each is resolved
REFUSED = 4  # actions offered elsewhere tried per player and state
# 100 resolutions: long enough for an Eldorado crew to starve and its leader to be stranded at sea (ELD-18)
PLAYOUTS, PLAYOUT_RESOLUTIONS, SIMULATED = 2, 100, 6
# How a refusal lists the legal actions, at the end of its line: El Dorado Canyon's plays, the others' actions.
LISTED = re.compile(r"; legal (plays|for .+ now): .+$")


# ---- the family's games and states, found through the registry ---------------------------------------------

def games_of(family: str) -> list[str]:
    """The built-in games of a family (found, not listed: cards.families)."""
    return [game_id for game_id, folder in builtin_games().items()
            if tomllib.loads((folder / "game.toml").read_text(encoding="utf-8")).get("rules") == family]


class Book:
    """A family's case states, each with the engine of the game it names (a built-in id or a folder)."""

    def __init__(self, family: str) -> None:
        self.family = family
        self.engines: dict[str, RulesEngine] = {}
        self.data: dict[str, Any] = {}
        self.states: list[tuple[str, Path, dict[str, Any], RulesEngine]] = []
        for game in games_of(family):
            for path in sorted((CASES / game).glob("*.toml")) if (CASES / game).is_dir() else []:
                if path.name.endswith(".expect.toml"):
                    continue
                try:
                    state = read_state(path)
                except StateError:
                    continue  # a case about an unreadable file
                ref = state.get("game")
                if not isinstance(ref, str):
                    continue
                key = ref if ref in builtin_games() else str((path.parent / ref).resolve())
                if key not in self.engines:
                    try:
                        self.engines[key] = engine_of_game(key)
                        self.data[key] = load_for_play(key)[1]
                    except Exception:  # a case about a game that does not load
                        continue
                expect = path.with_name(f"{path.stem}.expect.toml")
                seed = tomllib.loads(expect.read_text()).get("seed") if expect.exists() else None
                self.states.append((f"{game}/{path.stem}", path, {**state, "_seed": seed}, self.engines[key]))

    def game_engines(self) -> list[tuple[str, RulesEngine]]:
        """Each built-in game's engine (what playouts start from)."""
        return [(game, engine_of_game(game)) for game in games_of(self.family)]


_BOOKS: dict[str, Book] = {}


def book(family: str) -> Book:
    if family not in _BOOKS:
        _BOOKS[family] = Book(family)
    return _BOOKS[family]


def _seed(state: dict[str, Any]) -> tuple[dict[str, Any], int | None]:
    state = dict(state)
    return state, state.pop("_seed", None)


# ---- the checks: each returns the problems it finds ----------------------------------------------------------

def check_resolution(engine: RulesEngine, result: Any, where: str, tmp: Path) -> list[str]:
    """Every step of a kind and citing its family's table; the next state written, read back equal, read by the
    engine; a game over has winners among the players, and the state agrees with them."""
    problems = []
    for n, step in enumerate(result.steps, 1):
        if step.kind not in KINDS:
            problems.append(f"{where}: step {n} has kind {step.kind!r}, not one of checker.core.log.KINDS")
        elif uncited(step.rule, step.kind, engine.citations):
            problems.append(f"{where}: step {n} ({step.kind}: {step.text}) cites {sorted(uncited(step.rule, step.kind, engine.citations))}, "
                            f"which no rule of {engine.family}'s citation table for that kind gives")
    path = tmp / "next.toml"
    path.unlink(missing_ok=True)
    write_state(path, result.state)
    back = read_state(path)
    if back != result.state:
        problems.append(f"{where}: the next state written with --out reads back changed")
    try:
        engine.read(back)
        players = engine.players(back)
        shown = engine.winners(back)
    except StateError as exc:
        return problems + [f"{where}: the next state it wrote does not read: {exc}"]
    if result.game_over:
        if not result.winners or not set(result.winners) <= set(players):
            problems.append(f"{where}: the game is over with winners {result.winners!r}, not players")
        if shown is not None and shown != result.winners:
            problems.append(f"{where}: the state after the game shows winners {shown!r}, the resolution {result.winners!r}")
    elif shown is not None:
        problems.append(f"{where}: the game goes on but the state after it shows winners {shown!r}")
    if shown is not None and engine.to_act(back):
        problems.append(f"{where}: the state shows the game won by {shown} and {engine.to_act(back)} may still act")
    return problems


def made_by(code: str) -> Action:
    """The action a repr's code makes: a call of `Action` with literal arguments (read, never run)."""
    call = ast.parse(code, mode="eval").body
    assert isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "Action", code
    return Action(*map(ast.literal_eval, call.args), **{k.arg: ast.literal_eval(k.value) for k in call.keywords
                                                         if k.arg is not None})


def ready_for(engine: RulesEngine, state: dict[str, Any], player: str) -> dict[str, Any]:
    """`state` with the players who act alongside `player` (a simultaneous reveal) having acted, each their first
    legal action, so that `player` acts last; unchanged where one action settles the state (sequential turns)."""
    while True:
        waiting = engine.to_act(state)
        others = [q for q in waiting if q != player]
        if player not in waiting or not others:
            return state
        legal = engine.legal_actions(state, others[0])
        if not legal:
            return state
        after = engine.apply(state, legal[0])
        if player not in engine.to_act(after):
            return state  # acting for another settles the state: the player acts alone
        state = after


def check_actions(engine: RulesEngine, state: dict[str, Any], where: str, rng: random.Random, offered: set[Action],
                  tmp: Path, seed: int = 27, only: str | None = None) -> tuple[list[str], list[Any]]:
    """The actions of every player at `state`: offered ones accepted (up to PER_PLAYER), none for one who may not
    act, refused ones listing the legal ones. (problems, the resolutions of the accepted actions)

    Where every action the state needs is given (a case state), an offered action is one taken in place of the
    player's own; where none is (the state a resolution writes), only those who must act are offered any.
    `only`: that player alone (the one whose action a case refuses: the others' may be refused with it). An
    action is resolved with a seed: a die or a shuffle the state does not give is chance, not a choice (E1)."""
    problems: list[str] = []
    results = []
    waiting = engine.to_act(state) or engine.players(state)
    for player in engine.players(state) if only is None else [only]:
        if player not in waiting:
            extra = engine.legal_actions(state, player)
            if extra:
                problems.append(f"{where}: {player} may not act now but is offered {extra[0].text()}")
            continue
        before = ready_for(engine, state, player)
        legal = engine.legal_actions(before, player)
        offered.update(legal)
        for action in rng.sample(legal, min(PER_PLAYER, len(legal))):
            if Action.from_text(action.text()) != action or made_by(repr(action)) != action:
                problems.append(f"{where}: {action!r} does not come back from its text or its repr")
            try:
                taken = engine.apply(before, action)
                if engine.to_act(taken):
                    problems.append(f"{where}: after {action.text()} {engine.to_act(taken)} must still act")
                    continue
                result = engine.resolve(taken, seed)
            except StateError as exc:
                problems.append(f"{where}: offered {action.text()}, refused: {exc}")
                continue
            except Exception as exc:  # an engine's own fault: the suite names it, never stops at it
                problems.append(f"{where}: {action.text()} raised {type(exc).__name__}: {exc}")
                continue
            again = engine.resolve(taken, seed)
            if json.dumps(again.as_json(), sort_keys=True) != json.dumps(result.as_json(), sort_keys=True):
                problems.append(f"{where}: {action.text()} resolved twice with seed {seed} gives two results")
            problems += check_resolution(engine, result, f"{where}: {action.text()}", tmp)
            results.append(result)
        others = sorted((a for a in offered if a not in legal), key=Action.text) if legal else []  # none to list
        for other in rng.sample(others, min(REFUSED, len(others))):
            action = Action(other.kind, player, **other.fields)
            if action in legal:
                continue
            try:
                engine.resolve(engine.apply(before, action), seed)
            except StateError as exc:
                message = str(exc)
                if "\n" in message or not LISTED.search(message):
                    problems.append(f"{where}: {action.text()} is refused without listing the legal actions: {message}")
            except Exception as exc:
                problems.append(f"{where}: {action.text()} raised {type(exc).__name__}: {exc}")
    return problems, results


def playout(engine: RulesEngine, players: int, seed: int, tmp: Path, offered: set[Action]) -> tuple[list[str], list[str]]:
    """A random legal game through the interface from `start`, up to PLAYOUT_RESOLUTIONS resolutions, each player in
    turn in seat order: (problems, the actions taken, as text)."""
    rng = random.Random(seed)
    state = engine.start(players, rng)
    assert state is not None
    problems: list[str] = []
    taken: list[str] = []
    turn = 0
    for resolved in range(PLAYOUT_RESOLUTIONS):
        where = f"{engine.family} playout {seed}, resolution {resolved + 1}"
        state = engine.roll(state, rng)
        seats = engine.players(state)
        while engine.to_act(state):
            waiting = engine.to_act(state)
            player = next((seats[(turn + k) % len(seats)] for k in range(len(seats))
                           if seats[(turn + k) % len(seats)] in waiting), waiting[0])
            turn = seats.index(player) + 1
            legal = engine.legal_actions(state, player)
            offered.update(legal)
            if not legal:
                problems.append(f"{where}: {player} must act and is offered nothing")
                return problems, taken
            action = rng.choice(legal)
            taken.append(action.text())
            state = engine.apply(state, action)
        try:
            result = engine.resolve(state, rng.randrange(1 << 30))
        except Exception as exc:
            problems.append(f"{where}: {taken[-1]} raised {type(exc).__name__}: {exc}")
            return problems, taken
        problems += check_resolution(engine, result, where, tmp)
        state = result.state
        if result.game_over:
            break
    return problems, taken


# ---- the suite, per family ---------------------------------------------------------------------------------------

@pytest.fixture(scope="module", params=ENGINES)
def family(request) -> str:
    return request.param


def test_the_registry_gives_every_family_with_an_engine_its_interface_and_states(family):
    """Each built-in game of the family is played by its package's `engine.Engine`, with every member of the
    interface, and the family has something to be checked from: case states, or a set-up."""
    engine_class = importlib.import_module(f"{FAMILIES[family].engine}.engine").Engine
    engines = book(family).game_engines()
    assert engines, f"{family}: no built-in game to check"
    members = [name for name in vars(RulesEngine) if not name.startswith("_")]
    assert {"legal_actions", "apply", "resolve", "winners", "citations"} <= set(members)
    for game, engine in engines:
        assert type(engine) is engine_class and engine.family == family, game
        assert all(hasattr(engine, name) for name in members), game
        assert engine.citations and engine.players(engine.start(2, random.Random(0)) or _seed(book(family).states[0][2])[0])
    assert book(family).states or engines[0][1].start(2, random.Random(0)) is not None, \
        f"{family}: neither case states nor a set-up: nothing to check it from"


def test_every_offered_action_is_accepted_and_every_refused_one_lists_the_legal_ones(family, tmp_path):
    rng = random.Random(27)
    offered: set[Action] = set()
    problems: list[str] = []
    checked = 0
    for name, _, raw, engine in book(family).states:
        state, seed = _seed(raw)
        try:
            engine.read(state)
        except StateError:
            continue  # a case about a state that does not read
        try:
            after = engine.resolve(state, seed).state
        except StateError as refused:  # a case about a refused action: the others' may be refused with it
            if refused.player in engine.players(state):
                problems += check_actions(engine, state, name, rng, offered, tmp_path, only=refused.player)[0]
            continue
        problems += check_actions(engine, state, name, rng, offered, tmp_path)[0]
        problems += check_actions(engine, after, f"{name} (after)", rng, offered, tmp_path)[0]
        checked += 1
    assert not problems, "\n".join(problems[:20])
    assert checked >= 10 and offered, (checked, len(offered))


def test_every_case_state_resolves_the_same_with_its_seed_and_its_out_reads_back(family, tmp_path):
    problems: list[str] = []
    for name, path, raw, engine in book(family).states:
        state, seed = _seed(raw)
        out = tmp_path / "out.toml"
        out.unlink(missing_ok=True)
        text = io.StringIO()
        with contextlib.redirect_stdout(text), contextlib.redirect_stderr(io.StringIO()):
            code = resolve_file(path, True, out, seed)
        try:
            result = engine.resolve(state, seed)
        except StateError:
            if code != 2 or out.exists():
                problems.append(f"{name}: the engine refuses it, `checker resolve` gives {code}")
            continue
        if code == 2 and {"focus", "question"} & set(state):
            continue  # the command's own check of the dispute (checker.core.headline), not the engine's
        shown = json.loads(text.getvalue()) if code == 0 else {}
        if code != 0 or shown["state"] != result.state or shown["log"] != [s.as_dict() for s in result.steps]:
            problems.append(f"{name}: `checker resolve --json` ({code}) and the engine's resolve differ")
            continue
        if read_state(out) != result.state:
            problems.append(f"{name}: --out does not read back as the next state")
        problems += check_resolution(engine, result, name, tmp_path)
        again = engine.resolve(state, seed)
        if json.dumps(again.as_json(), sort_keys=True) != json.dumps(result.as_json(), sort_keys=True):
            problems.append(f"{name}: the same seed gives another result")
    assert not problems, "\n".join(problems[:20])


def test_seeded_random_playouts_through_the_interface(family, tmp_path):
    engines = [(game, engine) for game, engine in book(family).game_engines() if engine.start(2, random.Random(0))]
    if not engines:  # Gold and Steel: its base game's turn structure is not in its rulebook
        assert len(book(family).states) >= 10, f"{family} sets up no game: it is checked from its case states"
    for game, engine in engines:
        offered: set[Action] = set()
        for seed in range(PLAYOUTS):
            players = 2 + seed % 3
            problems, taken = playout(engine, players, seed, tmp_path, offered)
            assert not problems, "\n".join(problems[:20])
            assert taken and playout(engine, players, seed, tmp_path, set())[1] == taken, "the same seed, the same game"


def test_seeded_simulator_playouts_run_to_the_end(family):
    for game, engine in book(family).game_engines():
        if engine.simulator is None:  # no simulator: checked action by action, from its case states
            assert engine.start(2, random.Random(0)) is None and len(book(family).states) >= 10, family
            continue
        sim = importlib.import_module(engine.simulator)
        data = sim.prepare(load_for_play(game)[1])
        players = 3
        sim.check(data, players)
        policies = ["random"] * players
        tally = sim.tally_games(data, 0, SIMULATED, players, 27, policies, sim.DEFAULT_BUDGET)
        assert tally["games"] == SIMULATED and sum(tally["reasons"].values()) == SIMULATED, tally["reasons"]
        assert sum(tally["lengths"].values()) == SIMULATED and min(map(int, tally["lengths"])) >= 1, tally["lengths"]
        assert sim.tally_games(data, 0, SIMULATED, players, 27, policies, sim.DEFAULT_BUDGET) == tally


# ---- the suite can fail: deliberately broken engines -------------------------------------------------------------

class Wrapped:
    """An engine passing everything to a real one but for what a broken engine's subclass changes."""

    def __init__(self, inner: RulesEngine) -> None:
        self.inner = inner

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


class RaisingAction(Wrapped):
    """Its play of a card (any action naming a card) raises inside the engine."""

    def resolve(self, state: dict[str, Any], seed: int | None = None) -> Any:
        if any(isinstance(row, dict) and "play" in row for row in state.get("players", [])) or "action" in state:
            raise KeyError("options")
        return self.inner.resolve(state, seed)


class UncitedStep(Wrapped):
    """Its resolution adds a damage step citing a passage that is in no citation table."""

    def resolve(self, state: dict[str, Any], seed: int | None = None) -> Any:
        result = self.inner.resolve(state, seed)
        result.steps.append(Step("Bob takes 1 damage.", 'Shooting: "everyone loses one health"', "damage", "Bob"))
        return result


def _a_state_with_actions(family: str) -> tuple[dict[str, Any], RulesEngine]:
    for _, _, raw, engine in book(family).states:
        state, _ = _seed(raw)
        try:
            after = engine.resolve(state, 1).state
        except StateError:
            continue
        if any(engine.legal_actions(ready_for(engine, after, p), p) for p in engine.to_act(after)):
            return after, engine
    raise AssertionError(f"{family}: no case state leads to one with legal actions")


def test_the_suite_catches_an_engine_whose_action_raises(family, tmp_path):
    state, engine = _a_state_with_actions(family)
    problems, _ = check_actions(RaisingAction(engine), state, "broken", random.Random(1), set(), tmp_path)
    assert problems and all("raised KeyError: 'options'" in p for p in problems), problems
    if engine.start(2, random.Random(0)) is not None:
        problems, _ = playout(RaisingAction(engine), 2, 0, tmp_path, set())
        assert len(problems) == 1 and "raised KeyError: 'options'" in problems[0], problems


def test_the_suite_catches_an_uncited_step(family, tmp_path):
    state, engine = _a_state_with_actions(family)
    problems, results = check_actions(UncitedStep(engine), state, "broken", random.Random(1), set(), tmp_path)
    assert results and len(problems) == len(results), problems
    assert all("cites ['Shooting: \"everyone loses one health\"'], which no rule of" in p for p in problems), problems
    problems, _ = check_actions(engine, state, "sound", random.Random(1), set(), tmp_path)
    assert problems == []
