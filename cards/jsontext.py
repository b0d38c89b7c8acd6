"""`json.dumps(value, indent=N, ensure_ascii=False)`, the same text, at C speed and without importing `json`.

With `indent`, the standard library encodes in pure Python, one generator per container: a
500-card kit's manifest took as long as placing a tenth of its faces.  Here every container of
plain values (a manifest's item, most of it) is encoded by the C encoder `json` itself uses
(`_json`, with `json.dumps`'s settings: NaN allowed, keys as given; loops are found here), whose item
separator may carry the newline and indentation; a container holding containers is encoded the
same way with a mark in place of each of them, then each mark replaced by that container's own
text (one encoder call per container, not one per value).  Importing `json` (it brings `re` and
`enum`) cost `checker resolve --json` more than its work.  Anything else json would write
differently (a key that is not a string, a value it cannot encode, a text that holds the mark)
goes to `json.dumps`, which writes or refuses it.
"""
from __future__ import annotations

from itertools import repeat

from _json import encode_basestring, make_encoder

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_NESTED = (dict, list, tuple)
_NESTEDS = repeat(_NESTED)  # `isinstance(v, _NESTED)` for each value, mapped in C
_TEXT = {str}


def dumps(value: Any, indent: int) -> str:
    """The text `json.dumps(value, indent=indent, ensure_ascii=False)` gives."""
    try:
        return _indented(value, 0, indent, set())
    except _Unusual:
        import json

        return json.dumps(value, indent=indent, ensure_ascii=False)


class _Unusual(Exception):
    """A value whose text this module does not build itself."""


def _indented(value: Any, pad: int, indent: int, within: set[int]) -> str:
    """`value` at `pad` spaces; `within`: the containers around it (one seen again is a loop: json refuses it)."""
    if not isinstance(value, _NESTED):
        return _flat(value, 0)
    if not value:
        return "{}" if isinstance(value, dict) else "[]"
    is_dict = isinstance(value, dict)
    if is_dict and not _TEXT >= set(map(type, value)):  # the keys' types, gathered in C
        raise _Unusual
    inner = pad + indent
    values = value.values() if isinstance(value, dict) else value
    nested = [v for v in values if isinstance(v, _NESTED) and v] if any(map(isinstance, values, _NESTEDS)) else ()
    if nested:  # each non-empty container inside is written on its own; the C encoder writes a mark in its place
        if id(value) in within:
            raise _Unusual
        within.add(id(value))
        texts = [_indented(v, inner, indent, within) for v in nested]
        within.discard(id(value))
        if not is_dict and len(texts) == len(value):  # containers only (a manifest's pages and items): joined
            gap = ",\n" + " " * inner
            return f"[{gap[1:]}{gap.join(texts)}\n{' ' * pad}]"
        value = {k: _MARK if isinstance(v, _NESTED) and v else v for k, v in value.items()} if isinstance(value, dict) \
            else [_MARK if isinstance(v, _NESTED) and v else v for v in value]
    flat = _flat(value, inner)  # "{a,INNERb}": open, the items, close
    text = f"{flat[0]}\n{' ' * inner}{flat[1:-1]}\n{' ' * pad}{flat[-1]}"
    if not nested:
        return text
    parts = text.split(_MARKED)
    if len(parts) != len(texts) + 1:  # a text of the value itself holds the mark: json writes it
        raise _Unusual
    return "".join([part + child for part, child in zip(parts, texts)] + [parts[-1]])


_MARK = "\x00nested\x00"  # stands for a container while its parent is written flat
_MARKED = encode_basestring(_MARK)  # that mark as the encoder writes it


def _flat(value: Any, pad: int) -> str:
    """The C encoder (json's own, without `indent`), separating items by a newline and `pad` spaces."""
    encode = _ENCODERS.get(pad)
    if encode is None:  # one per depth and process: a manifest encodes thousands of items at a few depths.
        # No markers (json's circular check): a flat value holds no container, so it cannot hold itself,
        # and an encoder without them keeps no state between calls, even after a refusal.
        encode = _ENCODERS[pad] = make_encoder(None, _refuse, encode_basestring, None, ": ", ",\n" + " " * pad,
                                               False, False, True)
    return "".join(encode(value, 0))


_ENCODERS: dict[int, Any] = {}


def _refuse(value: Any) -> Any:
    raise _Unusual
