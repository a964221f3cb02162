"""Instances of classes read from source that derive from ``int``, ``float`` or ``str``.

``class Channels(int)`` without a ``__new__`` of its own: ``Channels(24)`` is made by
``int.__new__`` (the value is ``int(24)``) and is then an ``int`` in every way its class does
not override. Such an instance is an ``Obj`` of its class holding its value (``attrs[VALUE]``),
so the class's own methods run on it (``Channels(c) % groups`` calls its ``__mod__``) and what
it inherits from the builtin acts on the value, as CPython's ``int`` slots do:

- truth: ``bool(Channels(0))`` is False (it was truthy, as any object: a confident wrong);
- ``int(x)`` / ``float(x)`` / ``abs`` / ``round`` / ``math.floor``... without an own
  ``__int__`` / ``__float__`` / ``__index__`` ...: the builtin's answer on the value;
- ``x + 1``, ``x % g`` without the class's own ``__add__`` / ``__radd__``: the builtin's
  arithmetic on the value (the result is a plain number, as ``int.__add__`` returns);
- ``x == 5`` / ``x < y`` without an own comparison: the values compared (identity before: a
  confident ``False``);
- a dict key: ``hash(x)`` and ``==`` are the value's (without an own ``__hash__`` /
  ``__eq__``).

A ``str`` subclass's instance holds its text the same way (truth, ``==``, dict keys; its
``str()`` / ``repr()`` are textproto's). A value ``int(...)`` cannot give statically leaves the instance without one: the rules above
then answer unknown (never identity). A class with its own ``__new__`` is not modelled here
(objmodel: unknown instance).
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.interp import dunders
from driftcheck.parsers.source.values.abstract import Cls, Ext, Obj, Unknown, plain

VALUE = "__num_value__"
_BASES = {"builtins.int": int, "builtins.float": float, "builtins.str": str}
BASES = _BASES  # (interp/strsub.py: ``super().__new__(cls, value)`` of each)
# builtins whose instances hold a value the interpreter does not keep on an object (a str,
# list, dict... subclass): ``==`` / truth / hashing of such an object are not identity
VALUE_BASES = frozenset(
    (
        "builtins.int",
        "builtins.float",
        "builtins.str",
        "builtins.bytes",
        "builtins.list",
        "builtins.dict",
        "builtins.set",
        "builtins.frozenset",
        "builtins.complex",
        "collections.OrderedDict",
        "collections.defaultdict",
        "collections.Counter",
        "collections.UserDict",
        "collections.UserList",
        "collections.UserString",
    )
)


def num_base(cls: Any) -> type | None:
    """``int``, ``float`` or ``str`` when ``cls`` is a class read from source deriving from
    it (the builtins whose value an instance holds here)."""
    if not isinstance(cls, Cls):
        return None
    for c in cls.mro():
        if isinstance(c, Ext) and c.qual in _BASES:
            return _BASES[c.qual]
    return None


def value_base(v: Any) -> bool:
    """``v`` is an instance of a class read from source deriving from a builtin value type
    (``int``, ``str``, ``list``, ``dict``...): its ``==`` / hash are not identity."""
    if v.__class__ is not Obj or v.module or not isinstance(v.cls, Cls):
        return False
    return any(isinstance(c, Ext) and c.qual in VALUE_BASES for c in v.cls.mro())


def made(ip: Any, obj: Obj, cls: Cls, args: list, kwargs: dict) -> None:
    """An instance of ``cls`` (not a module) is being made without a ``__new__`` of its
    class's own: an int / float subclass's holds ``int.__new__``'s value; the run remembers
    that some instance of a builtin value type's subclass exists (``dictkeys`` then checks
    stored keys for one)."""
    if not any(isinstance(c, Ext) and c.qual in VALUE_BASES for c in cls.mro()):
        return
    ip.value_objects = True
    base = num_base(cls)
    if base is not None:
        init(ip, obj, base, args, kwargs)


def init(ip: Any, obj: Obj, base: type, args: list, kwargs: dict) -> None:
    """``int.__new__(cls, *args)``: the value, held on ``obj`` when known."""
    from driftcheck.parsers.source.library.pybuiltins import py_call

    if kwargs and (base is not int or set(kwargs) - {"base"}):
        return  # ``int(s, base=2)`` is the one keyword read here
    got = plain(py_call(base.__name__, ip, list(args), dict(kwargs)))
    if got.__class__ is base:
        obj.attrs[VALUE] = got


def value(v: Any) -> Any:
    """The number an instance holds, or None."""
    if v.__class__ is Obj:
        return v.attrs.get(VALUE)
    return None


def compared(v: Any) -> Any:
    """An operand of a comparison no method read from source answers: an int / float
    subclass's value; unknown for another builtin value type's instance (its ``==`` is the
    builtin's on contents the object does not hold: never identity); ``v`` otherwise."""
    if not value_base(v):
        return v
    n = value(v)
    if n is not None:
        return n
    return Unknown(f"comparison of a {v.cls.name} instance (a subclass of a builtin type)")


def _number(v: Any) -> bool:
    return v.__class__ in (int, float, bool) or (value_base(v) and num_base(v.cls) in (int, float))


def binop(ip: Any, op_fn: Any, name: str, a: Any, b: Any) -> Any:
    """``a <op> b`` where a side is an int / float subclass's instance and the builtin's slot
    answers (CPython: the left operand's ``__op__``, except that the right operand's
    ``__rop__`` goes first when its class is a proper subclass of the left's and defines
    it): the builtin's arithmetic on the values. NotImplemented where a method of the
    classes read from source answers (the caller runs it) or the operand is no number."""
    na = num_base(a.cls) if value_base(a) else None
    nb = num_base(b.cls) if value_base(b) else None
    if na not in (int, float) and nb not in (int, float):
        return NotImplemented
    if (
        a.__class__ is Obj
        and isinstance(a.cls, Cls)
        and dunders.source_func(ip, a.cls, f"__{name}__") is not None
    ):
        return NotImplemented
    if (
        b.__class__ is Obj
        and isinstance(b.cls, Cls)
        and dunders.source_func(ip, b.cls, f"__r{name}__") is not None
    ):
        if nb not in (int, float) or not _number(a):
            return NotImplemented
        if a.__class__ is Obj:
            first = a.cls in b.cls.mro() and a.cls is not b.cls
        else:
            first = issubclass(nb, type(a))  # ``5 + W(3)``: W's __radd__ first
        if first:
            return NotImplemented
    if not (_number(a) and _number(b)):
        return NotImplemented  # a string, a list...: the other side's own rules
    va = value(a) if a.__class__ is Obj else a
    vb = value(b) if b.__class__ is Obj else b
    if va is None or vb is None:
        return Unknown(f"operator {name} on an int / float subclass of unknown value")
    try:
        return op_fn(va, vb)
    except Exception:  # noqa: BLE001 - ZeroDivisionError, a bound (sizes.py)
        return Unknown(f"operator {name}")
