"""`generator build --since OLD.json`: a kit of only the pieces whose faces changed since an earlier build.

The reprint is planned as a kit of the game cut down to the records to print (`cut_down`), so its
pieces keep their backs, marks and printing guide; a first page (`changes_pages`) lists what
changed, from `versions.change_lines`.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from .duplex import blank_back
from .guide import Line, draw_guide
from .sheet import Page
from .versions import Changes, change_lines
from .words import Words

def cut_down(game: Any, keep: set[tuple[str, str]]) -> Any:
    """`game` with only the records `keep` names ((component, record id)), components left empty dropped."""
    components = [replace(comp, records=[r for r in comp.records if (comp.id, r.id) in keep])
                  for comp in game.components]
    return replace(game, components=[comp for comp in components if comp.records])


def changes_pages(found: Changes, game: Any, since: str, paper: tuple[float, float], duplex: bool,
                  words: Words) -> list[Page]:
    """The reprint's first page, listing the changes since the manifest `since` (and a blank back when the
    reprint prints duplex, to keep fronts on odd pages).  The change lines are `generator changes`' own, in
    the game's language (the fields and values they quote as the manifests hold them)."""
    page = Page(paper[0], paper[1], "front", [], label=words.gettext("what changed"), changes=True)
    lines = [Line("title", words.gettext("{game}: reprint", game=game.name)),
             Line("text", words.gettext("The pieces whose faces changed since {since}, each front with its back. The "
                                        "version stamp on each face tells these from the cards they replace.",
                                        since=since))]
    lines += [Line("head", words.gettext("What changed"))] + [Line("text", text) for text in change_lines(found, words)]
    page.decor.append(draw_guide(lines, page))
    return [page] + ([blank_back(paper, words)] if duplex else [])
