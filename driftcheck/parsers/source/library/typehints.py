"""Subscripted container hints (``tuple[int, ...]``, ``tuple[Module, Module]``,
``list[int]``) and checking a value against one, as beartype's ``is_bearable`` does.

transfusion-pytorch builds from ``if not exists(shape) or is_bearable(shape, tuple[int,
...]): shape = (shape,) * n``: whether the user's ``modality_default_shape=(8, 8)`` is one
shape or one per modality decides the sizes of every modality's layers. beartype's own
code is a code generator over ``typing`` introspection that the interpreter cannot follow;
the meaning of the check is plain: does the value satisfy the hint.

A hint here is a ``GenericHint``: still an ``Unknown`` (so every other use of it reads as
before: an unknown value), carrying the origin and arguments for the check. ``check``
answers True / False where the value and every argument are known -- a tuple (never a list)
for ``tuple[...]``, each item ``isinstance`` of a plain class (``int`` counts ``bool``, as
``isinstance`` does), a module for ``nn.Module`` -- and unknown for anything else (a
``Union``, a ``TypeVar``, a value or item we do not know).
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.interp.dunders import NN_MODULE
from driftcheck.parsers.source.library.typeunion import TypeUnion
from driftcheck.parsers.source.values.abstract import Ext, Unknown, is_module, plain

# subscriptable container classes -> the Python type their values have
ORIGINS = {
    "builtins.tuple": tuple,
    "typing.Tuple": tuple,
    "builtins.list": list,
    "typing.List": list,
}
_PLAIN = {
    "builtins.int": int,
    "builtins.float": float,
    "builtins.str": str,
    "builtins.bool": bool,
    "builtins.bytes": bytes,
    # containers as plain classes (``is_bearable(x, tuple | list)``, CALM's ``Sequence``)
    "builtins.tuple": tuple,
    "builtins.list": list,
    "builtins.dict": dict,
}
_MODULE = NN_MODULE


class GenericHint(Unknown):
    """``tuple[int, ...]``: an unknown value that knows its hint (origin and arguments)."""

    __slots__ = ("args", "origin")

    def __init__(self, origin: str, args: tuple) -> None:
        super().__init__(f"{origin}[...]")
        self.origin = origin
        self.args = args


def subscript(origin: str, key: Any) -> GenericHint:
    """``origin[key]`` for one of ``ORIGINS``."""
    k = plain(key)
    return GenericHint(origin, k if isinstance(k, tuple) else (key,))


def check(value: Any, hint: Any) -> bool | Unknown:
    """Whether ``value`` satisfies ``hint``; unknown where either is not known well enough."""
    v = plain(value)
    h = plain(hint)
    if isinstance(h, GenericHint):
        return _check_generic(v, h)
    if isinstance(h, TypeUnion):  # ``A | B``: any member satisfied
        got = [check(value, m) for m in h.args]
        if any(g is True for g in got):
            return True
        if all(g is False for g in got):
            return False
        return next(g for g in got if isinstance(g, Unknown))
    if isinstance(h, Unknown) or not isinstance(h, Ext):
        return Unknown("is_bearable of a hint not modelled")
    if isinstance(v, Unknown):
        return Unknown("is_bearable of an unknown value")
    if h.qual in _PLAIN:
        if v is None or isinstance(v, (int, float, str, bytes, tuple, list, dict)):
            return isinstance(v, _PLAIN[h.qual])
        return Unknown("is_bearable of a value not modelled")
    if h.qual in _MODULE:
        if is_module(v):
            return True
        if v is None or isinstance(v, (int, float, str, bytes, tuple, list, dict)):
            return False
        return Unknown("is_bearable: a value that may be a module")
    if h.qual in ("builtins.object", "typing.Any"):
        return True
    return Unknown(f"is_bearable against {h.qual}")


def _check_generic(v: Any, h: GenericHint) -> bool | Unknown:
    if isinstance(v, Unknown):
        return Unknown("is_bearable of an unknown value")
    want = ORIGINS[h.origin]
    if v is None or isinstance(v, (int, float, str, bytes, dict)) or type(v) in (tuple, list):
        if type(v) is not want:
            return False
    else:
        return Unknown("is_bearable of a value not modelled")
    args = h.args
    if want is tuple and not (len(args) == 2 and plain(args[1]) is Ellipsis):
        if len(args) == 1 and plain(args[0]) == ():  # ``tuple[()]``: the empty tuple
            return len(v) == 0
        if len(args) != len(v):
            return False
        # a fixed-length tuple: beartype checks every item
        checks = [check(x, a) for x, a in zip(v, args)]
        if any(c is False for c in checks):
            return False
        bad = next((c for c in checks if isinstance(c, Unknown)), None)
        return bad if bad is not None else True
    if len(args) != (2 if want is tuple else 1):
        return Unknown("is_bearable of a container hint not modelled")
    # ``tuple[T, ...]`` / ``list[T]``: beartype checks one item drawn at random, so the answer
    # is sure only when every item answers alike (an empty container satisfies it)
    checks = [check(x, args[0]) for x in v]
    if all(c is True for c in checks):
        return True
    if all(c is False for c in checks):
        return False
    return Unknown("is_bearable of a container whose items differ (beartype samples one)")
