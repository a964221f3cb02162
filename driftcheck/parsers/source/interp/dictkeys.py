"""Looking a key up in a plain dict the way Python does when the key is not a constant.

A dict the analyzed code builds holds abstract values as keys. Constants (numbers, strings,
None, tuples of them) hash and compare as Python's own; objects, classes read from source and
tensors hash by identity, as Python's do: the container's own lookup is Python's answer. A
library name (``Ext``) also hashes by identity, but the same Python object can stand as two
of them: ``{nn.Conv2d: ("weight", 0)}`` keys the class by one
``Ext`` while ``type(layer)`` later makes another for the same torch class, so
``type(module) in targets`` was a confident False and ``targets[type(module)]`` missing
(torchdeq's ``apply_norm`` skipped every layer it reparametrizes: a confident wrong count).
Here a key holding a library name is compared with every stored key that holds one, as
``x in [...]`` does
(``interp/membership.py``: identity, library names by qualified name, unknown where they may
be aliases), so the lookup answers found (with the stored key), not found, or unknown.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.interp import dunders, membership, numsub
from driftcheck.parsers.source.values.abstract import Ext, Obj, Unknown, plain


def _names_library(v: Any, depth: int = 0) -> bool:
    """``v`` is (or is a tuple holding) a library name: the one kind of value two abstract
    values may stand for as one Python object (``Ext`` hashes by identity). Everything else
    hashes as Python does: constants by value, objects, classes, tensors by identity."""
    if isinstance(v, Ext):
        return True
    return type(v) is tuple and depth < 20 and any(_names_library(plain(x), depth + 1) for x in v)


def find(classes: Any, raw: dict, key: Any) -> tuple[Any, Any]:
    """``(True, stored key)`` when ``raw`` holds ``key``; ``(False, None)`` when it surely
    does not; ``(Unknown, None)`` when a stored key may or may not be the same object."""
    k = plain(key)
    if isinstance(k, Unknown):
        return Unknown("dict key: unknown"), None
    if k.__class__ is Obj and numsub.value_base(k):
        k = _value_key(classes, raw, k)  # ``d[Channels(24)]``: hashed as the int 24
        if isinstance(k, Unknown):
            return k, None
    try:
        if k in raw:
            return True, k
    except TypeError:  # unhashable: Python raises, an unknown here
        return Unknown("dict key: unhashable"), None
    if getattr(classes.ip, "value_objects", False) and any(
        s.__class__ is Obj and numsub.value_base(s) for s in raw
    ):
        # a stored ``Channels(24)`` hashes and compares as 24: not an identity (numsub.py)
        return Unknown("dict key: a stored key of a builtin type's subclass"), None
    if not _names_library(k):
        return False, None  # Python's own lookup is the answer (no library name in the key)
    undecided: Any = None
    for stored in raw:
        if not _names_library(plain(stored)):
            continue  # a constant, an object, a class read from source: another object
        r = membership.equal(classes, stored, k)
        if r is True:
            return True, stored
        if r is not False:
            undecided = r
    if undecided is not None:
        return Unknown(f"dict key: {getattr(undecided, 'why', 'undecided')}"), None
    return False, None


def _value_key(classes: Any, raw: dict, k: Obj) -> Any:
    """The key an instance of a builtin value type's subclass (interp/numsub.py) is looked up
    as: an int / float subclass's value, when its class defines neither ``__hash__`` nor
    ``__eq__`` and no stored key is such an instance too (whose hash is not its identity
    either); unknown otherwise."""
    n = numsub.value(k)
    if n is None or any(
        dunders.source_func(classes.ip, k.cls, m) is not None for m in ("__hash__", "__eq__")
    ):
        return Unknown(f"dict key: a {k.cls.name} instance (a subclass of a builtin type)")
    return n


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
