"""What every layer of pnpkit shares and none of it is about games: the one bounded reader and writer of
files and file sets (`files`), cache entries checked by sha256 (`cachefile`, `usercache`, `stamps`), text
safe for a terminal (`terminal`), checked numbers (`numbers`), command options declared once for a plain
parser and Typer (`options`) and plain records (`record`, `kept`).

The bottom layer: `common` imports nothing else of pnpkit; `cards` (the definitions) stands on it, and
`generator` and `checker` on both (docs/code-map.md, tests/test_layering.py).
"""
