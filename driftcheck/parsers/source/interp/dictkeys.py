"""Looking a key up in a plain dict the way Python does when the key is not a constant.

A dict the analyzed code builds holds abstract values as keys. Constants (numbers, strings,
None, tuples of them) hash and compare as Python's own, so the container's own lookup is
Python's answer. Other keys are abstract objects that hash by identity, and the same Python
object can stand as two abstract values: ``{nn.Conv2d: ("weight", 0)}`` keys the class by one
``Ext`` while ``type(layer)`` later makes another for the same torch class, so
``type(module) in targets`` was a confident False and ``targets[type(module)]`` missing
(torchdeq's ``apply_norm`` skipped every layer it reparametrizes: a confident wrong count).
Here a key that is not a constant is compared with every stored key as ``x in [...]`` does
(``interp/membership.py``: identity, library names by qualified name, unknown where they may
be aliases), so the lookup answers found (with the stored key), not found, or unknown.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.interp import membership
from driftcheck.parsers.source.ops.operators import ATOMS
from driftcheck.parsers.source.values.abstract import Unknown, plain

_MISSING = object()


def _constant(v: Any) -> bool:
    """A value whose hash and ``==`` are Python's own (a constant or a tuple of them)."""
    if isinstance(v, ATOMS):
        return True
    return type(v) is tuple and all(_constant(plain(x)) for x in v)


def find(classes: Any, raw: dict, key: Any) -> tuple[Any, Any]:
    """``(True, stored key)`` when ``raw`` holds ``key``; ``(False, None)`` when it surely
    does not; ``(Unknown, None)`` when a stored key may or may not be the same object."""
    k = plain(key)
    if isinstance(k, Unknown):
        return Unknown("dict key: unknown"), None
    try:
        if k in raw:
            return True, k
    except TypeError:  # unhashable: Python raises, an unknown here
        return Unknown("dict key: unhashable"), None
    if _constant(k):
        return False, None  # Python's own lookup is the answer for a constant
    undecided: Any = None
    for stored in raw:
        r = membership.equal(classes, stored, k)
        if r is True:
            return True, stored
        if r is not False:
            undecided = r
    if undecided is not None:
        return Unknown(f"dict key: {getattr(undecided, 'why', 'undecided')}"), None
    return False, None


def contains(classes: Any, raw: dict, key: Any) -> Any:
    """``key in raw``: True, False or an ``Unknown``."""
    return find(classes, raw, key)[0]


def get(classes: Any, raw: dict, key: Any, default: Any = None) -> Any:
    """``raw.get(key, default)``: the stored value, the default, or unknown."""
    found, stored = find(classes, raw, key)
    if found is True:
        return raw[stored]
    if found is False:
        return default
    return Unknown(f"dict.get: {found.why}")


def stored_key(classes: Any, raw: dict, key: Any) -> Any:
    """The key under which ``raw[key]`` reads or writes: the stored one that is the same
    object, ``key`` itself when none is, an ``Unknown`` when that cannot be decided."""
    found, stored = find(classes, raw, key)
    if found is True:
        return stored
    if found is False:
        return plain(key)
    return found
