"""Params keys: one hashable, exact key per distinct ``(params)`` content, found in C.

Layers of a real model repeat the same few ``(type, params)`` pairs, and every memo (binding,
parameter counts, shape rules, check verdicts; some of them kept across runs) is keyed by
them, so a key must be exact where Python's equality is not: ``True == 1 == 1.0``, but a layer
built with ``bias=1`` is not the layer built with ``bias=True`` (binding refuses one). A key is
the ``repr`` of the first params dict seen with equal sorted, type-tagged items (equal params
written in another order share it); it is looked up through the params' ``marshal`` bytes.
Split out of ``prepared.py``, which re-exports these names.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import repeat
from marshal import dumps as _marshal
from typing import Any

from driftcheck.speed import Speed, current


def _freeze(v: Any) -> Any:
    """Hashable and type-exact: ``True``, ``1`` and ``1.0`` are equal in Python, but a layer
    built with ``bias=1`` is not the layer built with ``bias=True`` (binding refuses one)."""
    if isinstance(v, dict):
        return (dict, tuple(sorted((k, _freeze(x)) for k, x in v.items())))
    if isinstance(v, (list, tuple)):
        return (type(v), tuple(_freeze(x) for x in v))
    return (type(v), v)


def params_key_slow(params: Mapping[str, Any]) -> Any:
    """A hashable, type-exact key for a node's params (sorted items, values type-tagged)."""
    try:
        key = tuple(sorted((k, _freeze(v)) for k, v in params.items()))
        hash(key)
        return key
    except (TypeError, RecursionError):  # an unhashable leaf, or hostile nesting: a key
        return object()  # equal to nothing else, so nothing is shared or memoized wrongly


# ``Stores.key_canon``: repr(params) -> the canonical text of its key; ``Stores.key_text``:
# params_key_slow(params) -> canonical text (the first repr seen); ``Stores.key_bytes``:
# marshal.dumps(params, 2) -> params_key(params). With the Speed's ``params_keys`` off, a key
# is ``params_key_slow``'s exact tuple (no text: the memos keyed by it compute every time).


def params_key(params: Mapping[str, Any], speed: Speed | None = None) -> Any:
    """A hashable, exact key for a node's params: the ``repr`` of the first params dict seen
    with equal sorted, type-tagged items (``params_key_slow``). Equal params written in
    another order share it; ``True``, ``1`` and ``1.0`` do not (``repr`` tells them apart).
    A str, so the hash every memo takes of it is computed once and cached."""
    st = speed or current()
    if not st.params_keys:
        return params_key_slow(params)
    st = st.stores
    try:
        text = repr(params)
    except (RecursionError, ValueError):  # hostile nesting, or an int too long to print
        return params_key_slow(params)
    key = st.key_canon.get(text)
    if key is None:
        _make_room(st, 1)
        key = st.key_canon[text] = st.key_text.setdefault(params_key_slow(params), text)
    return key


_PLAIN = (str, int, float, bool, type(None))


def _plain(v: Any) -> bool:
    """Only exact JSON-like types (no subclasses, no bytes or buffers): for these, equal
    ``marshal`` bytes mean equal values of equal types (see ``_keys``)."""
    t = type(v)
    if t in _PLAIN:
        return True
    if t is dict:
        return all(type(k) is str and _plain(x) for k, x in v.items())
    if t is list or t is tuple:
        return all(map(_plain, v))
    return False


_LIMIT = 100_000


def _make_room(st: Any, n: int) -> None:
    """Bound the key memos; all three are cleared together, so a params dict's key never
    differs from the key of an equal one keyed through another memo (which would split a
    group and make a report depend on what ran before)."""
    if len(st.key_canon) + n > _LIMIT or len(st.key_bytes) + n > _LIMIT:
        st.key_canon.clear()
        st.key_text.clear()
        st.key_bytes.clear()


def _keys(params: list[Mapping[str, Any]], speed: Speed | None = None) -> list[Any]:
    """``params_key`` of each params dict. ``marshal.dumps`` writes a dict in C about four
    times faster than ``repr`` (floats in binary) and is type-exact (``True``, ``1`` and ``1.0``
    are written apart); its bytes are mapped to the canonical key once. On a hit the whole
    list costs three C-level ``map`` calls. Bytes are remembered only for params made of
    exact JSON-like types (``_plain``): marshal writes ``bytes`` and ``bytearray`` alike, so
    such values take the ``repr`` route every time instead."""
    sp = speed or current()
    if not sp.params_keys:
        return [params_key(p, sp) for p in params]
    memo = sp.stores.key_bytes
    try:
        raw = list(map(_marshal, params, repeat(2)))
    except ValueError:  # a value marshal cannot write (an object): the repr route
        return [params_key(p, sp) for p in params]
    keys = list(map(memo.get, raw))
    if None in keys:
        _make_room(sp.stores, keys.count(None))
        for i, (k, p) in enumerate(zip(keys, params)):
            if k is None:
                keys[i] = params_key(p, sp)
                try:
                    if type(p) is dict and _plain(p):
                        memo[raw[i]] = keys[i]
                except RecursionError:  # hostile nesting: not remembered
                    pass
    return keys
