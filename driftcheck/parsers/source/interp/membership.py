"""``x in xs`` for one element of a list, tuple or set, as Python asks it: ``e is x or e == x``.

``Expressions.contains`` answers the common cases itself (all constants, objects of classes
read from source, tuples of constants). What is left used to be decided by comparing plain
values only, so every other element counted as "not equal": ``Kind.num in {Kind.num}``
(an ``Enum`` member), ``cls in (A, B)`` (a class), ``fn in [f]`` and ``nn.ReLU in (nn.ReLU,
nn.GELU)`` were all a confident False, and a tuple holding an unknown item was "not in" a
set of tuples. Here each element is compared the way its type compares: identity for enum
members (of a class that does not define ``__eq__``), classes and plain functions; the
qualified name for two library names (``exprs.ext_equal``, unknown when they may be
aliases); item by item for tuples and lists; Python's ``==`` for constants. Anything else
(a tensor, a dict, a bound method, an unknown) makes the answer unknown rather than False.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.ops.operators import ATOMS, identical
from driftcheck.parsers.source.values.abstract import Cls, Ext, ExtClass, Func, Unknown, plain


def contains(classes: Any, container: Any, item: Any) -> Any:
    """True when an element equals ``item``; False when every element is known to differ;
    else unknown (an element we cannot compare could be the equal one)."""
    undecided: Any = None
    for x in container:
        r = equal(classes, x, item)
        if r is True:
            return True
        if r is not False:
            undecided = r
    return undecided if undecided is not None else False


def equal(classes: Any, a: Any, b: Any, depth: int = 0) -> Any:
    """``a == b`` as ``in`` reads it (identity first): True, False or an ``Unknown``."""
    from driftcheck.parsers.source.interp.exprs import ext_equal

    a, b = plain(a), plain(b)
    if isinstance(a, Unknown) or isinstance(b, Unknown):
        return Unknown("in: an unknown element")
    if identical(a, b):
        return True
    if isinstance(a, ATOMS) and isinstance(b, ATOMS):
        return a == b
    if isinstance(a, Ext) and isinstance(b, Ext):
        return ext_equal(a, b)
    if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)):
        return _sequences_equal(classes, a, b, depth)
    if _by_identity(classes, a) and _by_identity(classes, b):
        return False  # not the same object (checked above): ``==`` is identity for both
    if (_by_identity(classes, a) and _unlike(b)) or (_by_identity(classes, b) and _unlike(a)):
        return False  # a class, an enum member or a function is never a number or a string
    return Unknown(f"in: {type(a).__name__} == {type(b).__name__}")


def _sequences_equal(classes: Any, a: Any, b: Any, depth: int) -> Any:
    if type(a) is not type(b):  # a tuple never equals a list (subclasses: tuplesub.py)
        return False if type(a) in (tuple, list) and type(b) in (tuple, list) else Unknown("in")
    if len(a) != len(b):
        return False
    if depth > 20:
        return Unknown("in: nested too deeply")
    undecided: Any = None
    for x, y in zip(a, b):
        r = equal(classes, x, y, depth + 1)
        if r is False:
            return False
        if r is not True:
            undecided = r
    return undecided if undecided is not None else True


def _by_identity(classes: Any, v: Any) -> bool:
    """Values whose ``==`` is identity: a member of a plain ``Enum`` class read from source
    that defines no ``__eq__`` (``Enum`` itself defines none), a class read from source
    without a metaclass, an unbound function read from source, ``None``, an ``object()``."""
    if v is None or getattr(v, "identity_eq", False):  # ``object()`` (library/python.py)
        return True
    if isinstance(v, Cls):
        return not any(k.arg == "metaclass" for k in v.node.keywords)
    if isinstance(v, Func):
        return v.bound is None
    if getattr(v, "_enum_member", False) and not isinstance(v, (int, str)):
        cls = getattr(v, "cls", None)
        return isinstance(cls, Cls) and not classes.mro_attr(cls, "__eq__")[0]
    return False


_NEVER_READ = ("builtins.", "torch.", "typing.", "numpy.")  # names never read from source


def _unlike(v: Any) -> bool:
    """A constant, or a name of code never read from source (``int``, ``nn.ReLU``,
    ``typing.Any``): never the same object as a class, enum member or function of analyzed
    code, whose ``==`` is identity."""
    if isinstance(v, ATOMS) or isinstance(v, ExtClass):
        return True
    return isinstance(v, Ext) and v.qual.startswith(_NEVER_READ)
