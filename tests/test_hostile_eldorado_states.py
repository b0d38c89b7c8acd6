"""Malformed and impossible Eldorado state files: each is refused with exit 2 and one line naming the file (and
the TOML line where the parser knows it), the player, the field and what was expected; no traceback, no --out.

The second audit of `checker resolve` for Eldorado tried these as a hostile table would write them: wrong
types, unknown ids, impossible counts, one card in two places, missing fields, actions not legal now.
"""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from checker.core.resolve_cmd import resolve_file


def act(kind: str, fields: str = "") -> str:
    """Ann's [action] of `kind`, with its other `fields` (TOML lines)."""
    return f'[action]\nkind = "{kind}"\nplayer = "Ann"\n{fields}'


SEA = 'at = "AB10"\nsoldiers = 2\nbarrels = 2'
MOVE = act("move", 'direction = "west"')


def state(ann: str = SEA, bob: str = 'at = "AL14"', action: str = MOVE, top: str = 'dice = [4]') -> str:
    return (f'game = "eldorado"\n{top}\n[[players]]\nname = "Ann"\n{ann}\n[[players]]\nname = "Bob"\n{bob}\n'
            f'{action}\n')


BAD = {
    "toml-syntax": (state(ann='at = "AB10\nsoldiers = 2'), "TOML syntax error: Illegal character '\\n' (at line 5, column 11)"),
    "toml-duplicate-key": (state(ann=SEA + "\nsoldiers = 3"), "TOML syntax error: Cannot overwrite a value (at line 8, column 13)"),
    "count-as-text": (state(ann='at = "AB10"\nsoldiers = "five"'),
                      "player 'Ann': soldiers: expected a whole number from 0 to 999, got 'five'"),
    "count-negative": (state(ann='at = "AB10"\nsoldiers = -1'),
                       "player 'Ann': soldiers: expected a whole number from 0 to 999, got -1"),
    "count-fraction": (state(ann=SEA + "\ntreasure = 2.5"),
                       "player 'Ann': treasure: expected a whole number from 0 to 999, got 2.5"),
    "flag-as-text": (state(ann=SEA + '\nopened = "yes"'), "player 'Ann': opened: expected true or false, got 'yes'"),
    "rounds-as-flag": (state(ann='at = "AM4"', action=act("resupply", "rounds = true")),
                       "player 'Ann': action.rounds: expected a whole number from 1 to 10, got true"),
    "die-as-fraction": (state(top="dice = [3.0]"), "dice[1]: expected a die from 1 to 6, got 3.0"),
    "unknown-leader": (state(ann=SEA + '\nleader = "drake"'), "player 'Ann': leader: expected a character id or name"),
    "unknown-city": (state(ann=SEA + '\neldorado = "atlantis"'),
                     "player 'Ann': eldorado: expected a city id of the map (guatavita, manoa"),
    "unknown-beaten-city": (state(top='dice = [4]\nbeaten = ["atlantis"]'), "beaten[1]: expected a city id of the map"),
    "one-leader-twice": (state(ann=SEA + '\nleader = "pizarro"', bob='at = "AL14"\nleader = "Francisco Pizarro"'),
                         "player 'Bob': leader: 'pizarro' already leads Ann's party"),
    "guard-without-ship": (state(ann='at = "K13"\nship = "none"\nguard = 2'),
                           "player 'Ann': guard: expected 0 without a ship: the guard stays aboard the ship (ELD-7), "
                           "got 2"),
    "ship-inland": (state(ann='at = "K13"\nship = "K14"\nsoldiers = 2'),
                    "player 'Ann': ship: 'K14' is jungle inland: a ship is on the sea, on a river or moored at a coast"),
    "missing-at": (state(ann="soldiers = 2"), "player 'Ann': at: expected the party's square"),
    "missing-opponent": (state(bob='at = "AB10"', action=act("combat"), top="dice = [3, 3]"),
                         "player 'Ann': action.opponent: expected another player (Bob), got nothing"),
    "fight-oneself": (state(bob='at = "AB10"', action=act("combat", 'opponent = "Ann"'), top="dice = [3, 3]"),
                      "player 'Ann': action.opponent: expected another player (Bob), got 'Ann'"),
    "pay-in-gold": (state(bob='at = "AB10"\nsoldiers = 1', action=act("combat", 'opponent = "Bob"\npay = ["gold"]'),
                          top="dice = [3, 3]"),
                    "player 'Ann': action.pay[1]: expected one of soldiers, barrels, treasure, muskets, cannons, "
                    "got 'gold'"),
    "outfit-after-setting-out": (state(ann='leader = "pizarro"\nat = "AJ10"\nsoldiers = 3\ncannons = 1',
                                       action=act("outfit"), top="dice = [6, 4, 3]"),
                                 "player 'Ann': soldiers: outfitting is the start of the game, and Ann has set out "
                                 "already (soldiers = 3)"),
    "indians-at-sea": (state(action=act("indians")),
                       "player 'Ann': at: 'AB10' is neither a city nor beside one with its Indians"),
    "homecoming-at-sea": (state(action=act("homecoming"), top=""),
                          "player 'Ann': ship: the ship is at 'AB10', not in a home port of Europe"),
    "out-player-acts": (state(ann='at = "AB10"\nout = true'),
                        "player 'Ann': action.player: has left the game (out = true) and takes no more actions"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_a_bad_state_is_one_line_naming_file_field_and_what_was_expected(name, tmp_path, capsys):
    text, message = BAD[name]
    path = tmp_path / f"{name}.toml"
    path.write_text(text)
    out = tmp_path / "next.toml"
    code = resolve_file(path, True, out, None)
    err = capsys.readouterr()
    assert code == 2, err.out
    assert err.out == "" and not out.exists(), "a refused state writes nothing"
    lines = err.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{path}: "), err.err
    assert message in lines[0], lines[0]
    assert "Traceback" not in err.err and "None" not in lines[0] and "True" not in lines[0]


def test_the_case_book_states_still_read(tmp_path: Path, capsys):
    """The checks above refuse impossible tables only: every case of the book that resolves still resolves."""
    book = Path(__file__).resolve().parent / "cases" / "eldorado"
    for case in sorted(book.glob("*.expect.toml")):
        if "error =" in case.read_text():
            continue
        state = case.with_name(case.name.replace(".expect.toml", ".toml"))
        seed = tomllib.loads(case.read_text()).get("seed")
        assert resolve_file(state, True, None, seed) == 0, (case.name, capsys.readouterr().err)
        capsys.readouterr()
