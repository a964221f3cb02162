"""Instances of ``str`` subclasses read from source (issue #16, session 37).

``class Subscripts(str)`` (cuequivariance) with a ``__new__`` of its own that parses its
argument and ends in ``super().__new__(cls, text)``; ``class Tag(str): pass``. Such an instance
is an ``Obj`` of its class holding its text (``numsub.VALUE``, as ``int`` / ``float``
subclasses hold their number). The class's own methods and properties run on it as on any
object; what it inherits from ``str`` acts on the text, as CPython's ``str`` slots do:

- a ``str`` method the class does not define (``s.split(",")``, ``s.upper()``): ``str``'s on
  the text (the result is a plain ``str`` / list of them, as CPython returns);
- ``len`` / iteration / indexing / ``in`` / ``+`` / ``*`` / ``%`` / ``str()`` / ``repr()`` /
  ``format`` without the class's own ``__len__`` / ``__iter__`` / ``__getitem__`` /
  ``__contains__`` / ``__add__``... / ``__str__`` / ``__repr__`` / ``__format__``: the
  builtin's answer on the text;
- ``type()`` / ``isinstance`` / ``==`` / truth / dict keys: as before (the class; the text's
  value: interp/numsub.py).

A protocol method the class (or a base read from source) binds itself is never replaced by
``str``'s: where the interpreter does not run it, the answer stays unknown. An instance whose
text is not known (``str.__new__`` of a value we cannot tell) holds none: every rule above
then answers unknown.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.interp import dunders, numsub
from driftcheck.parsers.source.values.abstract import Cls, Obj, Sourced, SymBase, Unknown, plain

# the dunders through which each builtin reads a str (its own, on a subclass, wins in CPython)
_READS = {
    "len": ("__len__",),
    "int": ("__int__", "__index__", "__trunc__"),  # then CPython parses the text
    "float": ("__float__", "__index__"),
    "str": ("__str__",),
    "repr": ("__repr__",),
    "format": ("__format__",),
    "iter": ("__iter__",),
    "hash": ("__hash__",),
}
_ITERATE = ("__iter__", "__getitem__", "__len__")  # list(s), sorted(s), set(s), enumerate(s)...
ITER_READERS = frozenset(
    (
        "list",
        "tuple",
        "set",
        "frozenset",
        "sorted",
        "reversed",
        "enumerate",
        "iter",
        "min",
        "max",
        "any",
        "all",
        "ord",
    )
)


def is_text_obj(v: Any) -> bool:
    """An instance of a class read from source deriving from ``str`` (holding a text or not)."""
    return (
        v.__class__ is Obj
        and not v.module
        and isinstance(v.cls, Cls)
        and numsub.num_base(v.cls) is str
    )


def text(v: Any, *dunder_names: str) -> Any:
    """The text a ``str`` subclass's instance holds, when none of ``dunder_names`` is bound by
    a class of its MRO read from source (then the builtin's slot is what Python runs); None for
    any other value; an unknown naming the construct where the text is not known or the class
    binds one of them."""
    if not is_text_obj(v):
        return None
    for d in dunder_names:
        if dunders.defines(v.cls, d):
            return Unknown(f"{d} of a {v.cls.name} instance (a str subclass defining it)")
    t = v.attrs.get(numsub.VALUE)
    if isinstance(t, str):
        return t
    return Unknown(f"text of a {v.cls.name} instance (a str subclass) not known")


def builtin_args(name: str, args: list) -> list | Unknown | None:
    """``len(s)`` / ``list(s)`` / ``str(s)``... of a ``str`` subclass's instance: the
    arguments with the instance given as its text (what CPython's builtin reads through the
    slots the class inherits); None where no argument is such an instance; an unknown where
    one is and its text (or the class's own slot) is not followed."""
    if name in _READS:
        reads: tuple = _READS[name]
    elif name in ITER_READERS:
        reads = _ITERATE
    else:
        return None
    first = args[0] if args else None
    # ``plain`` only of a wrapped instance: plain of a tuple strips a template trace's traced
    # numbers in it too, which pins them (convnext's ``hidden_sizes`` template was lost)
    while isinstance(first, Sourced) and not isinstance(first, SymBase):
        first = first.value
    if not args or not is_text_obj(first):
        return None
    if any(dunders.defines(first.cls, d) for d in reads):
        return None  # the class's own slot: the builtin's other rules run it (numproto...)
    t = text(first, *reads)
    if isinstance(t, Unknown):
        return t
    return [t, *args[1:]]


def method(ip: Any, obj: Obj, name: str) -> Any:
    """``s.split(",")``: the ``str`` method ``name`` bound to the text (the class does not
    define it: the attribute lookup reached ``str``); None where ``name`` is no attribute of
    ``str`` or ``obj`` is no ``str`` subclass's instance."""
    if not is_text_obj(obj) or not hasattr(str, name) or name.startswith("__"):
        return None
    t = text(obj)
    if isinstance(t, Unknown):
        return t
    return ip.library.value_attr(t, name)


def base_new(ip: Any, base_qual: str) -> Any:
    """``super().__new__(cls, value)`` reaching ``str`` / ``int`` / ``float`` from a
    subclass's own ``__new__``: an instance of ``cls`` holding the builtin's value of the
    arguments (none held where that value is not known)."""
    from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod

    base = numsub.BASES[base_qual]

    def new(a: list, k: dict) -> Any:
        cls = plain(a[0]) if a else None
        if not isinstance(cls, Cls) or numsub.num_base(cls) is not base:
            return Unknown(f"{base.__name__}.__new__ of a class not read from source")
        obj = Obj(cls=cls)
        ip.value_objects = True  # an instance of a builtin value type's subclass (numsub.made)
        numsub.init(ip, obj, base, list(a[1:]), dict(k))
        return obj

    return BuiltinMethod(new)


def binop(op_fn: Any, name: str, a: Any, b: Any) -> Any:
    """``s + "x"`` / ``"x" + s`` / ``s * 2`` / ``s % args`` with a ``str`` subclass's instance
    on a side and no ``__add__`` / ``__radd__``... of a class read from source: ``str``'s on
    the text (a plain ``str``). NotImplemented where no side is such an instance."""
    ta = text(a, f"__{name}__") if is_text_obj(a) else None
    tb = text(b, f"__r{name}__") if is_text_obj(b) else None
    if ta is None and tb is None:
        return NotImplemented
    if isinstance(ta, Unknown) or isinstance(tb, Unknown):
        return ta if isinstance(ta, Unknown) else tb
    x = a if ta is None else ta
    y = b if tb is None else tb
    if tb is not None and ta is None and not isinstance(x, (str, int)) or op_fn is None:
        return NotImplemented  # the other side's own rules (``[1] * s``...)
    x, y = plain(x), plain(y)
    if name == "mod" and isinstance(x, str):
        y = percent_args(y)  # ``s % (obj,)``: the texts Python would write, or unknown
        if isinstance(y, Unknown):
            return y
    if not isinstance(x, (str, int, tuple, dict)) or not isinstance(y, (str, int, tuple, dict)):
        return NotImplemented
    try:
        return op_fn(x, y)
    except Exception:  # noqa: BLE001 - TypeError as Python raises it, a bound (sizes.py)
        return Unknown(f"operator {name} on a str subclass's instance")


_PLAIN = (str, int, float, bool, type(None))


def percent_args(v: Any, depth: int = 0) -> Any:
    """The right operand of ``text % v`` as Python formats it: plain values as they are; a
    ``str`` subclass's instance as its text (no ``__str__`` / ``__repr__`` / ``__format__`` of
    its own); tuples / lists / dicts of those, item by item. An unknown for any other value
    (an object, a class, a tensor: CPython writes its ``str()`` / ``repr()``, which holds
    what the analyzer does not know -- never the analyzer's own objects' text)."""
    v = plain(v)
    if v.__class__ in _PLAIN or getattr(v, "numpy_scalar", False):
        return v
    if is_text_obj(v):
        t = text(v, "__str__", "__repr__", "__format__")
        return t
    if depth < 8 and v.__class__ in (tuple, list):
        out = [percent_args(x, depth + 1) for x in v]
        bad = next((x for x in out if isinstance(x, Unknown)), None)
        return bad if bad is not None else v.__class__(out)
    if depth < 8 and v.__class__ is dict:
        vals = {k: percent_args(x, depth + 1) for k, x in v.items()}
        bad = next((x for x in vals.values() if isinstance(x, Unknown)), None)
        if bad is not None or not all(k.__class__ in _PLAIN for k in vals):
            return bad or Unknown("% formatting with a mapping of non-plain keys")
        return vals
    return Unknown(f"% formatting of a {type(v).__name__} value (its text is not known)")


def index(v: Obj, key: Any) -> Any:
    """``s[i]`` / ``s[a:b]`` of a ``str`` subclass's instance without a ``__getitem__`` of its
    own (the caller runs one it defines): ``str``'s on the text (a plain ``str``)."""
    t = text(v, "__getitem__")
    if not isinstance(t, str):
        return t
    k = plain(key)
    if k.__class__ not in (int, slice):
        return Unknown(f"index of a {v.cls.name} instance (a str subclass) by {type(k).__name__}")
    try:
        return t[k]
    except (IndexError, TypeError, ValueError):
        return Unknown(f"index of a {v.cls.name} instance (a str subclass): IndexError")


def contains(v: Obj, item: Any) -> Any:
    """``x in s`` of a ``str`` subclass's instance without a ``__contains__`` of its own:
    ``str``'s substring test on the texts."""
    t = text(v, "__contains__")
    if not isinstance(t, str):
        return t
    x = plain(item)
    if is_text_obj(x):
        x = text(x)
    if x.__class__ is not str:
        return Unknown(f"in of a {v.cls.name} instance (a str subclass) with a non-str item")
    return x in t
