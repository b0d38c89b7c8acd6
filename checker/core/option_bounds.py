"""The bounds of `checker`'s numeric options, one truth for the Typer commands and the plain fast paths.

Both paths check a value with `common.numbers` (ASCII digits, within these bounds), so
`--games ١٠` or a 5,000-digit `--seed` is the same one-line refusal whichever path parses it.
"""
from __future__ import annotations

SEED = (0, 2**63 - 1)           # a 64-bit seed: `--seed` of resolve and simulate
GAMES = (1, 1_000_000)          # about an hour of El Dorado Canyon on one core; `--shard` splits more
PLAYERS = (1, 100)              # each family then says how many it seats
JOBS = (1, 1024)
BUDGET = (1, 1_000_000)         # playouts per decision of the search policy
SIMULATE = {"--games": GAMES, "--players": PLAYERS, "--seed": SEED, "--jobs": JOBS, "--budget": BUDGET}
