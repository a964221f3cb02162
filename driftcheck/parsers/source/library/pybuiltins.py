"""Python builtins, ``math`` and methods of plain values, computed on abstract values.

A builtin is computed only when all its inputs are known plain values; otherwise the result
is ``Unknown``. Containers of modules (lists of layers) pass through untouched.
"""

from __future__ import annotations

import collections
import csv
import itertools
import math
import re
import string
import sys
import token
from collections.abc import Callable, Iterator
from typing import Any

from driftcheck.parsers.source import sizes
from driftcheck.parsers.source.interp import dunders, unordered
from driftcheck.parsers.source.library.pyversion import VERSION_INFO
from driftcheck.parsers.source.sizes import TooBig
from driftcheck.parsers.source.speed import symbolic
from driftcheck.parsers.source.values.abstract import (
    Budget,
    Cls,
    Config,
    Obj,
    Sourced,
    SymBase,
    Tensor,
    Unknown,
    UnknownRead,
    UnknownRun,
    UnknownState,
    has_run,
    plain,
    unwrap,
)

_SIMPLE = (int, float, str, bool, type(None))


def _is_decimal(v: Any) -> bool:
    """A ``decimal.Decimal`` (library/configtexts.py makes them); asked of ``sys.modules``, as
    ``_simple`` asks for ``fractions``."""
    decimal = sys.modules.get("decimal")
    return decimal is not None and v.__class__ is decimal.Decimal


# a Decimal's methods run by CPython (the program's context is the default one wherever a
# Decimal exists: library/configtexts.py); ``context=`` is not taken
_DECIMAL_METHODS = frozenset(
    "to_integral_value to_integral to_integral_exact quantize sqrt normalize adjusted "
    "as_integer_ratio is_zero is_signed is_finite copy_abs copy_negate exp ln log10 max min "
    "compare scaleb".split()
)


def _decimal_attr(raw: Any, name: str) -> Any:
    if name in ("real", "imag"):
        return getattr(raw, name)
    if name not in _DECIMAL_METHODS:
        return Unknown(f"Decimal.{name}")

    def call(a: list, k: dict) -> Any:
        args, kw = [plain(x) for x in a], {n: plain(x) for n, x in k.items()}
        if set(kw) - {"rounding"} or not all(_simple(x) or _is_decimal(x) for x in args):
            return Unknown(f"Decimal.{name}() with these arguments")
        if not isinstance(kw.get("rounding", ""), str):
            return Unknown(f"Decimal.{name}() with an unknown rounding")
        try:
            return getattr(raw, name)(*args, **kw)
        except Exception:  # noqa: BLE001 - CPython raises (InvalidOperation, TypeError...)
            return Unknown(f"Decimal.{name}() that would raise")

    return BuiltinMethod(call)


def _is_fraction(v: Any) -> bool:
    """A ``fractions.Fraction`` (library/configtexts.py makes them), asked of ``sys.modules``
    as ``_simple`` asks."""
    fractions = sys.modules.get("fractions")
    return fractions is not None and v.__class__ is fractions.Fraction


# a Fraction's data and methods run by CPython: ``ratio.numerator``,
# ``Fraction(0.3).limit_denominator(10)`` (a continued-fraction walk, bounded by the size of the
# fraction); ``is_integer`` where this Python's Fraction has it (3.12+)
_FRACTION_DATA = frozenset(("numerator", "denominator", "real", "imag"))
_FRACTION_METHODS = frozenset(("limit_denominator", "as_integer_ratio", "conjugate", "is_integer"))


def _fraction_attr(raw: Any, name: str) -> Any:
    if name in _FRACTION_DATA:
        return getattr(raw, name)
    fn = getattr(raw, name, None) if name in _FRACTION_METHODS else None
    if fn is None:
        return Unknown(f"Fraction.{name}")

    def call(a: list, k: dict) -> Any:
        args, kw = [plain(x) for x in a], {n: plain(x) for n, x in k.items()}
        if set(kw) - {"max_denominator"} or not all(
            x.__class__ is int for x in [*args, *kw.values()]
        ):
            return Unknown(f"Fraction.{name}() with these arguments")
        try:
            return fn(*args, **kw)
        except Exception:  # noqa: BLE001 - CPython raises (max_denominator < 1, TypeError)
            return Unknown(f"Fraction.{name}() that would raise")

    return BuiltinMethod(call)


def _simple(v: Any) -> bool:
    """A plain scalar a builtin may be computed on: ``_SIMPLE``, or a ``fractions.Fraction``
    (library/configtexts.py makes them). Asked of ``sys.modules``: no Fraction exists before
    ``fractions`` is imported, and importing it (with ``decimal`` and ``numbers``) at start-up
    cost every process ~3 ms of CPU while few files ever make one."""
    if isinstance(v, _SIMPLE):
        return True
    fractions = sys.modules.get("fractions")
    return (fractions is not None and isinstance(v, fractions.Fraction)) or _is_decimal(v)


class BuiltinMethod:
    """A bound method of a plain value (``lst.append``) the interpreter can call."""

    _builtin = True
    # the list / dict / set the method changes in place, where it is one (``value_method``)
    receiver: Any = None

    def __init__(self, fn: Callable[[list, dict], Any]) -> None:
        self.fn = fn

    def __call__(self, args: list, kwargs: dict, loc: tuple) -> Any:
        return self.fn(args, kwargs)


class FramedMethod(BuiltinMethod):
    """A ``BuiltinMethod`` that also needs the calling frame and call (``ExitStack.pop_all``:
    what its moved callbacks reach is forgotten in that frame and its callers): the
    interpreter's call site hands them over through ``framed``."""

    def __init__(self, fn: Callable[[list, dict], Any], framed: Callable[..., Any]) -> None:
        super().__init__(fn)
        self.framed = framed


def whole_dict(raw: Any) -> Any:
    """A dict as a read of all its entries sees it: a registry whose entries are made on
    lookup (interp/decorated.py ``Registry``) first made whole, or an Unknown."""
    w = getattr(raw, "whole", None) if isinstance(raw, dict) and type(raw) is not dict else None
    return raw if w is None else w()


class DictView(list):
    """``d.keys()`` / ``values()`` / ``items()``: a list to the analyzer's readers, kept equal
    to the dict's view as it is now -- Python's views are live (``k = d.keys()`` then
    ``d["b"] = 2``: ``len(k)`` is 2; a copy taken at the call said 1). Each read through
    ``len`` / iteration / indexing / ``in`` / ``==`` reads the dict again."""

    __slots__ = ("_d", "_name")

    def __init__(self, d: dict, name: str) -> None:
        super().__init__(getattr(d, name)())
        self._d, self._name = d, name

    def _now(self) -> None:
        now = list(getattr(self._d, self._name)())
        if list.__len__(self) != len(now):
            list.__setitem__(self, slice(None), now)
            return
        pairs = zip(list.__iter__(self), now)
        if self._name == "items":  # fresh pairs each time: the same when key and value are
            same = all(a[0] is b[0] and a[1] is b[1] for a, b in pairs)
        else:
            same = all(a is b for a, b in pairs)
        if not same:
            list.__setitem__(self, slice(None), now)

    def __len__(self) -> int:
        self._now()
        return list.__len__(self)

    def __iter__(self) -> Any:
        self._now()
        return list.__iter__(self)

    def __getitem__(self, i: Any) -> Any:
        self._now()
        return list.__getitem__(self, i)

    def __contains__(self, x: Any) -> bool:
        self._now()
        return list.__contains__(self, x)

    def __eq__(self, other: Any) -> bool:
        self._now()
        return list.__eq__(self, other)

    __hash__ = None  # type: ignore[assignment]


def _dict_view(raw: dict, name: str) -> Any:
    """``d.keys()`` / ``values()`` / ``items()`` as a live list (``DictView``), ``d.copy()``
    as a dict."""
    raw = whole_dict(raw)
    if isinstance(raw, Unknown):
        return raw
    if name == "copy":
        return dict(raw)
    return DictView(raw, name) if raw.__class__ is dict else list(getattr(raw, name)())


def _number(v: Any) -> bool:
    """A known int or float (not a bool)."""
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _known(*vals: Any) -> bool:
    return not any(isinstance(v, (Unknown, Tensor)) for v in vals)


def _num(v: Any) -> Any:
    v = plain(v)
    return v


def _short_circuit(name: str, gen: Any) -> Any:
    """``any(it)`` / ``all(it)`` of a single-pass iterator read up to the item that decides,
    as Python does (the items after it stay for the next reader); unknown at an unknown item
    (how far it read is then unknown too: the rest is dropped, never guessed)."""
    want = name == "any"
    while gen.rest:
        x = plain(gen.rest.pop(0))
        if not _known(x):
            gen.rest, gen.lost = [], True
            return Unknown(name)
        try:
            if bool(x) is want:
                return want
        except (TypeError, ValueError):
            gen.rest, gen.lost = [], True
            return Unknown(name)
    return not want


def _once(
    items: list[Any],
    srcs: Any = (),
    read: Any = None,
    prefix: bool = False,
    producer: str = "",
    used: Any = None,
) -> Any:
    """``zip`` / ``map`` / ``filter`` / ``enumerate`` / ``reversed`` make a single-pass iterator:
    a second loop over it sees nothing (Python's), which ``tuplesub.Once`` models
    (``list(...)`` of it is a list again, read any number of times). ``srcs``: the inputs
    Python reads lazily (``tuplesub.lazy_inputs``: one changed before the result is drained
    makes it unknown). ``producer`` / ``used``: what made it and, position-aligned, how many
    items of each input it read once ``k`` of its own were taken (``used[k]``; default: ``k``,
    as enumerate / zip / map / reversed read one per item)."""
    from driftcheck.parsers.source.interp import tuplesub  # a cycle at import

    out = tuplesub.Once(items)
    if not srcs:
        return out
    if used is None:
        used = range(len(items) + 1)
    return tuplesub.lazy_inputs(out, srcs, read, prefix, producer=producer, used=used)


def _lazy_calls(interp: Any, out: Any, f: Any) -> Any:
    """``map(f, ...)`` / ``filter(f, ...)`` calls ``f`` as it is drained: the names a lambda
    (or function) of the analyzed code reads are watched (``tuplesub.func_watch``)."""
    from driftcheck.parsers.source.interp import tuplesub  # a cycle at import

    if out:
        out.recheck = tuplesub.func_watch(interp, plain(f))
    return out


_ITEMWISE = frozenset(("len", "list", "tuple", "set", "frozenset", "reversed", "zip", "enumerate"))


_NUM_PROTOCOL = frozenset(
    ("int", "float", "round", "abs", "math.ceil", "math.floor", "math.trunc", "sum")
)


def _fixed_hash(x: Any, depth: int = 0) -> bool:
    """``x`` hashes the same in every run of CPython: a number (not a NaN) or a tuple of such.
    A ``str`` / ``bytes`` hash is salted per process (PYTHONHASHSEED); an object's, a class's
    and ``None``'s come from their addresses."""
    c = x.__class__
    if c is int or c is bool or (c is float and x == x):
        return True
    return c is tuple and depth < 8 and all(_fixed_hash(y, depth + 1) for y in x)


def hash_ordered(s: Any) -> bool:
    """Whether iterating the set ``s`` gives one order in every run, as this process gives it:
    at most one item, or items whose hashes are fixed. A reader that keeps the order of any
    other set (``list(s)``, ``next(iter(s))``, ``s.pop()``) is unknown; one that does not
    (``sorted``, ``len``, ``sum``, a loop adding each item's layer) reads it as before."""
    return len(s) <= 1 or all(_fixed_hash(x) for x in s)


# builtins whose answer keeps the order of a set's items (``sorted``, ``len``, ``sum``, ``min``,
# ``set`` do not)
def hash_ordered_arg(a: Any) -> bool:
    """``hash_ordered`` of an argument that is a set; True for any other value."""
    a = unwrap(a)
    return a.__class__ not in (set, frozenset) or hash_ordered(a)


_POSITIONAL = frozenset(
    ("list", "tuple", "reversed", "enumerate", "zip", "iter", "itertools.cycle")
)


_RUN_UNKNOWN = frozenset(
    ("len", "set", "frozenset", "zip", "enumerate", "min", "max", "sum", "any", "all", "sorted")
    + ("dict", "bool", "str", "repr", "map", "filter", "iter", "next")
)


def _run_why(args: list[Any]) -> str:
    for a in args:
        raw = unwrap(a)
        if isinstance(raw, (list, tuple)):
            for x in raw:
                if x.__class__ is UnknownRun:
                    return x.why
    return "items we cannot count"


def _reversed_protocol(interp: Any, obj: Obj) -> Any:
    """``reversed(obj)`` of an instance of a class read from source, as CPython does it: the
    class's own ``__reversed__`` when it defines one (an encoder spec giving the decoder's
    widths: it was the plain reversed ``__iter__`` items, a confident wrong count); without
    it the sequence protocol (``__len__`` and ``__getitem__``), which only ``iterate`` models
    (None: go on there); with neither, CPython raises TypeError (``__iter__`` alone is not
    reversible): unknown, never the reversed iteration."""
    from driftcheck.parsers.source.values.abstract import Cls

    found, fn, _ = dunders.source_lookup(interp, obj.cls, "__reversed__")
    if fn is not None:
        return interp.calls.call_func(interp.attrs.bind(fn, obj), [], {})
    if found:
        return Unknown(f"reversed(): {obj.cls.name}.__reversed__ we cannot run")
    if not all(
        isinstance(c, Cls) or getattr(c, "qual", "") == "builtins.object" for c in obj.cls.mro()
    ):
        return None  # a library base (a ``list`` subclass...): iterate's own rules
    has_len, flen, wlen = interp.classes.mro_attr(obj.cls, "__len__")
    has_item, fitem, witem = interp.classes.mro_attr(obj.cls, "__getitem__")
    if has_len and has_item:
        return _reversed_sequence(interp, obj, flen, fitem, wlen, witem)
    return Unknown(
        f"reversed() of a {obj.cls.name} instance without __reversed__ or __len__/__getitem__"
        " (TypeError in CPython)"
    )


def _reversed_sequence(interp: Any, obj: Any, flen: Any, fitem: Any, wlen: Any, witem: Any) -> Any:
    """``reversed(obj)`` through the sequence protocol: ``n = len(obj)``, then ``obj[n - 1]``
    ... ``obj[0]`` (CPython's ``reversed`` object), each through the class's own methods;
    unknown where either is no function read from source, the length is not a known int, an
    item is not known or a call raises. The items are read now, as a single-pass iterator."""
    from driftcheck.parsers.source.interp.statements import Raised
    from driftcheck.parsers.source.values.abstract import Cls, Func

    why = f"reversed() of a {obj.cls.name} through __len__/__getitem__"
    if not all(isinstance(f, Func) for f in (flen, fitem)) or not all(
        isinstance(w, Cls) for w in (wlen, witem)
    ):
        return Unknown(why)
    try:
        n = plain(interp.calls.call_func(interp.attrs.bind(flen, obj), [], {}))
        if not isinstance(n, int) or isinstance(n, bool) or n < 0 or n > 100_000:
            return Unknown(why)
        out = []
        for i in range(n - 1, -1, -1):
            x = interp.calls.call_func(interp.attrs.bind(fitem, obj), [i], {})
            if isinstance(plain(x), Unknown):
                return Unknown(why)
            out.append(x)
    except Raised:
        return Unknown(why)
    return _once(out)


# builtins whose result of an import-changed value (values/abstract.py ``UnknownState``) is
# unknown for that value's reason: the reason (the construct, its file:line) is kept
_STATE_KEPT = frozenset(("len", "int", "float", "abs", "round", "min", "max", "sum", "sorted"))


def _unordered_arg(a: Any) -> bool:
    """Whether ``a`` is an ``Unordered`` (unordered.py), looked at without ``plain``: plain
    strips a traced number of a template trace too, which pins it (a guard on every tuple item
    a builtin is given; it cost convnext's ``hidden_sizes`` template)."""
    while isinstance(a, Sourced) and not isinstance(a, SymBase):
        a = a.value
    return a.__class__ is unordered.Unordered


def py_call(name: str, interp: Any, args: list[Any], kwargs: dict[str, Any]) -> Any:
    """Evaluate builtin ``name`` (``len``, ``min``, ``math.sqrt``...); Unknown when it can't."""
    if not kwargs and any(isinstance(a, SymBase) or a.__class__ in symbolic.HOLES for a in args):
        r = symbolic.call(name, args)
        if r is not NotImplemented:
            return r
    if args and any(_unordered_arg(a) for a in args):
        return unordered.read(name, args, kwargs)  # items in an order not known (unordered.py)
    if (
        name in ("list", "tuple")
        and len(args) == 1
        and not kwargs
        and unwrap(args[0]).__class__ in (set, frozenset)
        and not hash_ordered(unwrap(args[0]))
        and all(x.__class__ in (str, int) for x in unwrap(args[0]))
    ):
        # ``list(set(names))``: its items, in hash order, which varies from run to run: kept
        # as items in an order not known (sorted / len / set read them: interp/unordered.py)
        return unordered.Unordered(
            list(unwrap(args[0])), f"{name}() of a set (its order varies from run to run)"
        )
    if name in _POSITIONAL and any(
        a.__class__ in (set, frozenset) and not hash_ordered(a) for a in map(unwrap, args)
    ):
        # ``list(names)``, ``next(iter(names))``, ``enumerate(names)`` of a set of strings (or
        # objects): the order is hash order, which PYTHONHASHSEED (or the objects' addresses)
        # changes from run to run -- this process's order is not the program's
        return Unknown(f"{name}() of a set whose order varies from run to run")
    if args and args[0].__class__ in (UnknownState, UnknownRead) and name in _STATE_KEPT:
        return args[0]  # ``len(self.seen)`` of import-changed state: keep its reason
    if name == "bool" and len(args) == 1 and args[0].__class__.__name__ == "EnvUnset":
        # ``bool(os.environ.get(K))`` under --assume-env-defaults: the clean environment's
        # None, false (values/abstract.py ``EnvUnset``; the note written by ``truth_of``)
        exprs = getattr(interp, "exprs", None)
        t = exprs.truth_of(args[0]) if exprs is not None else None
        return t if t is not None else Unknown("bool() of an environment read")
    if name == "bool" and len(args) == 1 and getattr(args[0], "single_pass", False):
        return True  # an iterator is truthy whatever it holds (ops/operators.py ``truth``)
    if name in _RUN_UNKNOWN and any(_forgotten_set(interp, unwrap(a)) for a in args):
        return Unknown(f"{name}() of a set holding instances hashed by their class")
    if name in _RUN_UNKNOWN and any(has_run(unwrap(a)) for a in args):
        # ``len(xs)``, ``enumerate(xs)``... of a list holding a run of items we cannot count
        # (values/abstract.py); ``list(xs)``/``tuple(xs)``/``reversed(xs)`` keep the run
        return Unknown(f"{name}() of a list holding {_run_why(args)}")
    if interp is not None and getattr(interp, "value_objects", False) and args:
        from driftcheck.parsers.source.interp import strsub  # a cycle at import

        got = strsub.builtin_args(name, args)  # ``len(s)`` of a str subclass (strsub.py)
        if isinstance(got, Unknown):
            return got
        if got is not None:
            args = got
    if name in _NUM_PROTOCOL and args:  # an instance's own __int__ / __round__... (numproto.py)
        from driftcheck.parsers.source.interp import numproto  # a cycle at import

        got = (
            numproto.sum_objects(interp, args, kwargs)
            if name == "sum"
            else numproto.convert(interp, name, args, kwargs)
        )
        if got is not NotImplemented:
            return got
        if name != "sum":
            from driftcheck.parsers.source.interp import numsub  # a cycle at import

            n = numsub.value(unwrap(args[0]))
            if n is not None and numsub.num_base(unwrap(args[0]).cls) is not None:
                # ``int(Channels(24))``: the builtin's conversion of the held value (numsub.py)
                args = [n, *args[1:]]
    if name in ("str", "repr") and len(args) == 1 and not kwargs:
        from driftcheck.parsers.source.interp import textproto  # a cycle at import

        v0 = plain(args[0])
        if getattr(v0, "numpy_scalar", False):  # numpy's text (library/npdtypes.py)
            try:
                return str(v0) if name == "str" else repr(v0)
            except TypeError:
                return Unknown(f"{name}() of a numpy.{v0.np_name} (numpy's shortest digits)")

        # an instance's own __str__ / __repr__, a tuple subclass's items (textproto.py)
        got = textproto.text(interp, args[0], name)
        if got is not NotImplemented:
            return got
        if name == "str" and getattr(plain(args[0]), "library_type", "") == "pathlib.Path":
            # ``str(Path(tmp) / "run.args")`` (library/pkgdata.py): pathlib's own text of the
            # path (its parts joined, ``//`` and ``.`` parts dropped), never the disk
            from pathlib import PurePosixPath

            return str(PurePosixPath(str(plain(args[0]).path)))
    if name == "format" and args and len(args) <= 2 and not kwargs:
        from driftcheck.parsers.source.interp import textproto  # a cycle at import

        spec = plain(args[1]) if len(args) > 1 else ""
        got = textproto.format_value(interp, args[0], spec)  # a class's own __format__
        if got is not NotImplemented:
            return got
    # items are read only where needed: ``tuple(xs)`` or ``len(xs)`` reads no number in xs
    pa = [plain(a) for a in args] if name not in _ITEMWISE else []
    if name in ("int", "float", "bool", "str", "abs", "round"):
        if not pa:
            return {"int": 0, "float": 0.0, "bool": False, "str": ""}.get(name, Unknown(name))
        if name in ("int", "float", "bool") and len(pa) == 1 and isinstance(pa[0], Tensor):
            from driftcheck.parsers.source.library.tensorvalues import data

            d = data(pa[0])  # a one-element tensor of known value (library/tensorvalues.py)
            if d is not None and d.size == 1:
                return {"int": int, "float": float, "bool": bool}[name](d.reshape(()).item())
            return Unknown(name)
        if not _known(*pa) or not (
            isinstance(pa[0], (list, tuple))
            or _simple(pa[0])
            or type(pa[0]) is complex
            and name in ("abs", "str", "bool")  # ``abs(3 + 4j)``
        ):
            return Unknown(name)
        if name == "str":
            sizes.check_len(sizes.text_size(pa[0]), "str()")
        kw = {k: plain(v) for k, v in kwargs.items()}  # ``int(s, base=2)``, ``round(x, ndigits=1)``
        if not _known(*kw.values()) or not all(_simple(v) for v in kw.values()):
            return Unknown(name)
        try:
            return {
                "int": int,
                "float": float,
                "bool": bool,
                "str": str,
                "abs": abs,
                "round": round,
            }[name](*pa, **kw)
        except ValueError:
            if name in ("int", "float") and type(pa[0]) is str:
                # ``int("x")`` of a known text: CPython raises ValueError for certain (a
                # ``try: v = int(s) except ValueError: v = -1`` takes its handler)
                from driftcheck.parsers.source.interp.statements import Raised  # a cycle

                raise Raised("ValueError", None, None) from None
            return Unknown(name)
        except (TypeError, OverflowError):
            return Unknown(name)
    if name == "len":
        v = whole_dict(unwrap(args[0])) if args else None
        if _scratch_named(v):
            return Unknown("len() of a temporary file's name (random in CPython)")
        if isinstance(v, (list, tuple, dict, str, bytes, range, set, frozenset)) or getattr(
            v, "elementwise", 0
        ):
            return len(v)
        if isinstance(v, Obj) and "__tuple_items__" in v.attrs:  # interp/tuplesub.py
            from driftcheck.parsers.source.interp import tuplesub

            its = v.attrs[tuplesub.ITEMS]
            return Unknown("len") if dunders.defines(v.cls, "__len__") else len(its)
        if isinstance(v, Obj) and not dunders.defines(v.cls, "__len__"):
            its = _dict_subclass_items(interp, v)
            if its is not None:  # a dict subclass: its stored items (``dict.__len__``)
                return len(its)
        if isinstance(v, Obj) and v.kind:
            return (
                len(v.children) + len(v.none_keys)
                if v.kind != "ParameterList"
                else len(v.params) + len(v.children)
            )
        if isinstance(v, Config):
            return len(v.fields)
        if isinstance(v, Tensor) and isinstance(v.shape, tuple) and v.shape:
            d = plain(v.shape[0])  # a tensor's first dimension (0-d tensors raise)
            return d if isinstance(d, int) and not isinstance(d, bool) else Unknown("len")
        return Unknown("len")
    if name in ("any", "all") and len(pa) == 1:
        from driftcheck.parsers.source.interp import tuplesub  # a cycle at import

        if isinstance(unwrap(args[0]), tuplesub.ONE_SHOT):
            return _short_circuit(name, unwrap(args[0]))
    if name in ("min", "max", "sum", "any", "all", "sorted"):
        items = pa[0] if len(pa) == 1 else pa
        if name in ("min", "max") and len(pa) == 1 or name not in ("min", "max"):
            items = interp.items.iterate(items)
        if items is None:
            return Unknown(name)
        items = [plain(x) for x in items]
        keys = _tuple_keys(items) if name in ("min", "max", "sorted") and not kwargs else None
        if (
            keys is None
            and name in ("min", "max", "sorted")
            and any(x.__class__ is Obj for x in items)
        ):
            return _user_ordered(interp, name, items, kwargs)  # a class's own ``__lt__``
        if not _known(*items):
            return Unknown(name)
        if keys is not None:
            if keys is not None:  # tuples holding tuple-subclass instances: tuple order
                try:
                    at = {"min": min, "max": max, "sorted": sorted}[name](
                        range(len(items)), key=keys.__getitem__
                    )
                except TypeError:
                    return Unknown(name)
                return [items[i] for i in at] if name == "sorted" else items[at]
        fn = {"min": min, "max": max, "sum": sum, "any": any, "all": all, "sorted": sorted}[name]
        try:
            if name == "sum" and len(pa) > 1:
                start = items[1]
                if isinstance(start, (list, tuple)):  # one linear concatenation, size first
                    its = interp.items.iterate(items[0])
                    return Unknown(name) if its is None else sizes.seq_sum(its, start)
                return sum(items[0], start)
            if name in ("min", "max") and "default" in kwargs and not items:
                return kwargs["default"]
            return fn(items)
        except (TypeError, ValueError):
            return Unknown(name)
    if name == "range":
        if not pa or not _known(*pa) or not all(isinstance(x, int) for x in pa):
            return Unknown("range")
        return range(*pa)
    if name in ("list", "tuple", "set", "frozenset", "reversed"):
        if not args:
            return {"list": [], "tuple": (), "set": set(), "frozenset": frozenset()}.get(name, [])
        r = unwrap(args[0])
        if isinstance(r, range):
            sizes.check_len(sizes.range_len(r), f"{name}(range(...))")
        if name == "reversed" and r.__class__ is Obj and not r.kind and r.cls is not None:
            got = _reversed_protocol(interp, r)
            if got is not None:
                return got
        items = interp.items.iterate(args[0])
        if items is None:
            return Unknown(name)
        if name == "tuple":
            return tuple(items)
        if name == "reversed":
            return _once(list(reversed(items)), args[:1], prefix=True, producer="reversed")
        if name in ("set", "frozenset"):
            kinds = {dunders.hash_kind(plain(x)) for x in items} - {None}
            if kinds:
                # items of a class hashing by value (its own ``__hash__``, a dataclass) or not
                # at all (``__eq__`` alone: TypeError): which are one item is not followed
                return Unknown(f"{name}() of instances hashed by their class ({min(kinds)})")
            try:
                # a frozenset is one (``type(x) is frozenset``, hydra's check of its
                # arguments; ``frozenset | set`` a frozenset), never a set
                return (frozenset if name == "frozenset" else set)(plain(items))
            except TypeError:
                return Unknown(name)
        return list(items)
    if name == "zip" and any(type(plain(a)) in _REAL_ITERS for a in args):
        # ``zip(*[iter(flat)] * 2)``: the same finite iterator (``iter`` of a known sequence)
        # read by every argument in turn, pairing consecutive items, as Python's zip does;
        # ``zip(names, itertools.count(10, 6))``: an endless iterator beside a finite one,
        # advanced as CPython's zip advances it (it stops at the first exhausted argument,
        # having pulled from the ones before it). Only endless ones: unknown, never run.
        srcs = [
            plain(a) if type(plain(a)) in _REAL_ITERS else interp.items.iterate(a) for a in args
        ]
        if any(x is None for x in srcs) or all(type(x) in _ENDLESS_ITERS for x in srcs):
            return Unknown(name)
        return _once(list(zip(*srcs)), args, producer="zip")
    if name in ("zip", "enumerate"):
        its = [interp.items.iterate(a) for a in args]
        if any(i is None for i in its):
            return Unknown(name)
        if name == "zip":
            return _once(list(zip(*its)), args, its, producer="zip")
        start = plain(kwargs.get("start", args[1] if len(args) > 1 else 0))
        got = list(enumerate(its[0], start if isinstance(start, int) else 0))
        return _once(got, args[:1], producer="enumerate")
    if name == "dict":
        out: dict = {}
        if args:
            src = whole_dict(plain(args[0]))
            if isinstance(src, Unknown):
                return src
            if isinstance(src, Config):
                out.update(src.fields)
            elif isinstance(src, dict):
                out.update(src)
            elif _dict_subclass_items(interp, src) is not None:
                # a dict subclass not overriding ``__iter__``: CPython copies its stored items
                # (``PyDict_Merge``), whatever its own ``keys`` / ``__getitem__`` say
                out.update(_dict_subclass_items(interp, src))
            else:
                items = interp.items.iterate(src)
                if items is None:
                    return Unknown("dict")
                from driftcheck.parsers.source.library.stdlib import NamedTupleValue  # a cycle

                for kv in items:
                    kv = plain(kv)
                    if isinstance(kv, NamedTupleValue):  # ``dict([El(0, 3), ...])``
                        kv = tuple(kv)
                    if not isinstance(kv, (tuple, list)) or len(kv) != 2:
                        return Unknown("dict")
                    out[kv[0]] = kv[1]
        out.update(kwargs)
        return out
    if name in ("map", "filter"):
        items = interp.items.iterate(args[1]) if len(args) > 1 else None
        if items is None:
            return Unknown(name)
        lazy = lazy_effects(interp, args[0], args, name)
        if lazy is not None:
            return lazy
        res = [interp.calls.call(args[0], [x], {}, ("", 0)) for x in items]
        if name == "map":
            return _lazy_calls(interp, _once(res, args[1:2], producer="map"), args[0])
        if not _known(*[plain(r) for r in res]):
            return Unknown(name)
        # the k-th item kept: filter has read its input up to it (and the items it dropped)
        used = (0, *(i + 1 for i, r in enumerate(res) if plain(r)))
        kept = [x for x, r in zip(items, res) if plain(r)]
        kept = _once(kept, args[1:2], producer="filter", used=used)
        return _lazy_calls(interp, kept, args[0])
    if name in ("divmod", "pow"):
        if _known(*pa) and all(isinstance(x, (int, float)) for x in pa):
            try:
                return divmod(*pa) if name == "divmod" else sizes.power(*pa)
            except TooBig:
                raise
            except (ValueError, ZeroDivisionError, TypeError, OverflowError):
                pass
        return Unknown(name)
    if name in ("math.prod", "numpy.prod", "numpy.sum") and len(pa) == 1:
        xs = plain(pa[0])
        start = 1  # ``math.prod(xs, start=5)``: CPython multiplies from ``start``
        if kwargs:
            start = plain(kwargs.get("start")) if set(kwargs) == {"start"} else None
            if name != "math.prod" or not _number(start):
                return Unknown(f"{name}() with keyword arguments {sorted(kwargs)}")
        if name != "math.prod" and getattr(xs, "elementwise", False):
            # a numpy array (library/arrays.py): its dtype decides the scalar, as for the
            # method form ``a.sum()`` (one helper for both; a float32 array's sum is a
            # float32, not a float64: fixreview36b, review36 item 5)
            from driftcheck.parsers.source.library.arrays import NDArray, _scalar_reduce

            if isinstance(xs, NDArray):
                if name.endswith("prod"):
                    _product_bits(list(xs.items), name)
                return _scalar_reduce(name[6:], xs)
            return Unknown(f"{name}() of an array we cannot follow")
        elif name != "math.prod" and isinstance(xs, (int, float)) and not isinstance(xs, bool):
            xs = [xs]  # ``np.prod(strides)`` of a number: the number
        # ``np.prod(config.upsampling_ratios)``: the product of a known sequence of numbers
        if isinstance(xs, (list, tuple)) and all(
            isinstance(x, (int, float)) and not isinstance(x, bool) for x in xs
        ):
            if name.startswith("numpy."):  # numpy's scalar, its float sum pairwise
                from driftcheck.parsers.source.library.npdtypes import np_reduce

                if name.endswith("prod"):
                    _product_bits(xs, name)
                return np_reduce(name[6:], xs)
            if name.endswith("prod"):
                _product_bits([*xs, start] if isinstance(start, int) else xs, name)
                return math.prod(xs, start=start)
            return sum(xs)
        return Unknown(name)
    if name in NUMPY_SEQ and pa:
        xs = plain(pa[0])
        # ``np.argsort(fpn_strides).tolist()``: numpy over a known list of numbers; the
        # array stands as a list (``.tolist()`` returns it)
        if isinstance(xs, (list, tuple)) and all(
            isinstance(x, (int, float)) and not isinstance(x, bool) for x in map(plain, xs)
        ):
            vals = [plain(x) for x in xs]
            if any(x != x for x in vals):  # a NaN: numpy sorts it last, Python's sort does not
                return Unknown(f"{name}() of a NaN")
            if name == "numpy.argsort" and len(set(vals)) < len(vals):
                # numpy's default sort is no stable sort (its SIMD argsort orders equal items
                # as it goes): which index comes first among ties is not Python's (session 36)
                return Unknown("numpy.argsort() of equal items (the order of ties is numpy's)")
            return NUMPY_SEQ[name](vals)
        return Unknown(name)
    if name in MATH:
        if not _known(*pa) or not all(isinstance(x, (int, float)) for x in pa):
            return Unknown(name)
        if kwargs:
            # keyword-only options (``math.isclose(a, b, rel_tol=0.5)``) change the answer:
            # passed on where they are known numbers; any other keyword is an honest unknown
            kw = {k: plain(v) for k, v in kwargs.items()}
            if name != "math.isclose" or not all(_number(v) for v in kw.values()):
                return Unknown(f"{name}() with keyword arguments {sorted(kwargs)}")
            try:
                return math.isclose(*pa, **kw)
            except (TypeError, ValueError):
                return Unknown(name)
        if name.endswith(("prod", "lcm")):
            _product_bits(pa[0] if name.endswith("prod") else pa, name)
        try:
            got = MATH[name](*pa)
        except TooBig:
            raise
        except (ValueError, TypeError, OverflowError, ZeroDivisionError):
            return Unknown(name)
        if name.startswith("numpy."):
            return _numpy_result(name, pa, got)
        return got
    if name in ("iter", "next", "itertools.cycle") and args:
        return _iteration(name, interp, args)
    if name == "itertools.product":
        return _product(interp, args, kwargs)
    if name == "hash" and len(args) == 1 and not kwargs:
        v = plain(args[0])
        if type(v) in (int, bool) or (type(v) is float and v == v):
            # CPython's numeric hash: the value modulo 2**61 - 1 on 64-bit builds, -1 made -2
            # (reserved for errors), never salted by PYTHONHASHSEED as str / bytes are (a
            # NaN hashes by identity since 3.10): hash(-1) == -2
            return hash(v)
    if name in ("print", "setattr", "delattr", "id", "hash", "iter", "next"):
        return None if name == "print" else Unknown(name)
    return Unknown(name)


def _scratch_named(v: Any) -> bool:
    """library/scratchfs.py ``named`` (not imported here: importing it registers its group
    early and reorders docs/library.md): a text holding a temporary file's name."""
    return type(v) is str and "driftcheck-scratch-" in v


# methods that change their receiver in place (``_may_change``)
_CHANGING = frozenset(
    (
        "append",
        "extend",
        "add",
        "update",
        "insert",
        "pop",
        "popitem",
        "setdefault",
        "remove",
        "discard",
        "clear",
        "appendleft",
        "extendleft",
        "sort",
        "reverse",
        "write",
        "__setitem__",
        "__delitem__",
        "register_buffer",
        "register_parameter",
        "add_module",
    )
)


def _may_change(f: Any) -> bool:
    """Whether ``f``, a function of the analyzed code, may change state in its own body (not
    in a function it defines): a ``global`` / ``nonlocal``, a store or ``del`` of an attribute
    or item, a call of a method that changes its receiver, a ``yield``. (A call of another
    function that does is not looked into.)"""
    import ast

    from driftcheck.parsers.source.values.abstract import Func

    f = plain(f)
    if f.__class__ is not Func:
        return False
    body = [f.node.body] if isinstance(f.node, ast.Lambda) else list(f.node.body)
    todo: list[Any] = list(body)
    while todo:
        n = todo.pop()
        c = n.__class__
        if c in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda):
            # a nested function's body runs only when it is called (a caching wrapper's
            # ``nonlocal cache`` belongs to the wrapper returned); its decorators and
            # defaults run now
            todo.extend(getattr(n, "decorator_list", ()))
            args = getattr(n, "args", None)
            if args is not None:
                todo.extend(x for x in (*args.defaults, *args.kw_defaults) if x is not None)
            continue
        todo.extend(ast.iter_child_nodes(n))
        if c in (ast.Global, ast.Nonlocal, ast.Yield, ast.YieldFrom):
            return True
        if (c is ast.Attribute or c is ast.Subscript) and n.ctx.__class__ is not ast.Load:
            return True
        if c is ast.Call and n.func.__class__ is ast.Attribute and n.func.attr in _CHANGING:
            return True
    return False


def lazy_effects(interp: Any, f: Any, args: list, what: str) -> Any:
    """``map(f, xs)`` / ``itertools.starmap`` / ``accumulate(xs, f)`` with ``f`` changing
    state (``_may_change``): CPython calls ``f`` only as the iterator is drained, so what it
    changes is not there yet for a read in between (session 34, wrongs34: ``len(events)`` read
    2 where CPython has 0). The calls are not run here; what ``f`` and ``args`` reach is
    unknown from here on (interp/frameintro.py ``escape``) and the result is unknown. None
    when ``f`` changes nothing in its own body."""
    if not _may_change(f):
        return None
    from driftcheck.parsers.source.interp import frameintro  # a cycle at import

    if frameintro.drained(interp, f, what):  # drained where it is made: f runs there, in order
        return None

    why = f"a function that changes state handed to {what}() (called lazily)"
    frameintro.escape(interp, [*args], None, why)
    return Unknown(why)


def scratch_pieces(texts: Any, out: Any, what: str) -> Any:
    """``out`` (a text or a tuple of texts) cut by ``what`` (``os.path.dirname``,
    ``Path.parent``) from ``texts``, one of which may hold a temporary file's name: a piece
    without the name that is not a piece of the text after it (``"/tmp"``, the launch's
    temporary directory: ``TMPDIR`` in CPython) is unknown (session 34, wrongs34); a piece
    after it (``basename(join(tmp, "a.json"))``) and one holding the name stay."""
    marked = [t for t in texts if _scratch_named(t)]
    if not marked:
        return out
    known = [t for t in texts if type(t) is str and not _scratch_named(t)]
    known += [t[t.index("driftcheck-scratch-") :].partition("/")[2] for t in marked]

    def one(r: Any) -> Any:
        if type(r) is not str or not r or _scratch_named(r) or any(r in k for k in known):
            return r
        return Unknown(f"{what} of a temporary file's name (the temporary directory's path)")

    return tuple(one(r) for r in out) if type(out) is tuple else one(out)


def _product_bits(xs: Any, name: str) -> None:
    """A product (``math.prod``, ``math.lcm``) of integers: its size is at most the sum of
    theirs, checked before it is computed."""
    if isinstance(xs, (list, tuple)):
        bits = sum(x.bit_length() for x in xs if isinstance(x, int))
        sizes.check_bits(bits, f"{name}()")


MATH: dict[str, Callable[..., Any]] = {
    "math.sqrt": math.sqrt,
    "math.ceil": math.ceil,
    "math.floor": math.floor,
    "math.log": math.log,
    "math.log2": math.log2,
    "math.log10": math.log10,
    "math.exp": math.exp,
    "math.gcd": math.gcd,
    "math.prod": lambda xs, *a: math.prod(xs),
    "math.isqrt": math.isqrt,
    "math.pow": math.pow,
    "math.trunc": math.trunc,
    "math.fabs": math.fabs,
    "math.lcm": math.lcm,
    "math.isclose": math.isclose,
    "math.isinf": math.isinf,
    "math.isnan": math.isnan,
    "numpy.prod": lambda xs, *a: math.prod(xs),
    "numpy.sum": sum,
    "numpy.sqrt": math.sqrt,
    "numpy.log2": math.log2,
    "numpy.lcm": math.lcm,
    "numpy.gcd": math.gcd,
    "numpy.ceil": math.ceil,
    "numpy.floor": math.floor,
}


def _numpy_result(name: str, pa: list, got: Any) -> Any:
    """numpy's scalar for a numpy function of known numbers (library/npdtypes.py): ``np.ceil``
    / ``np.floor`` / ``np.sqrt`` / ``np.log2`` give a float64 (``np.ceil(3.2)`` is 4.0, not
    Python's 4), ``np.lcm`` / ``np.gcd`` of ints an int64; an argument that is itself a numpy
    scalar of another type (float32...) is not written out."""
    from driftcheck.parsers.source.library.npdtypes import NPScalar, np_scalar

    if any(isinstance(x, NPScalar) and x.np_name not in ("int64", "float64") for x in pa):
        return Unknown(f"{name}() of a numpy scalar of another type")
    if name in ("numpy.lcm", "numpy.gcd"):
        return np_scalar("int64", got) if type(got) is int else Unknown(name)
    if name in ("numpy.ceil", "numpy.floor") and any(
        isinstance(x, (int, bool)) and not isinstance(x, float) for x in pa
    ):
        # numpy 2.x keeps an int's (a bool's) dtype (``np.ceil(3)`` is ``np.int64(3)``),
        # numpy 1.x casts it to float64 (``3.0``): which one runs is not known here
        # (fixreview36b; review36 item 4)
        return Unknown(f"{name}() of an int: its result type depends on numpy's version")
    return np_scalar("float64", float(got))


NUMPY_SEQ: dict[str, Callable[[list], Any]] = {
    "numpy.argsort": lambda xs: sorted(range(len(xs)), key=xs.__getitem__),
    "numpy.sort": sorted,
    "numpy.array": list,
    "numpy.asarray": list,
    "numpy.cumsum": lambda xs: list(itertools.accumulate(xs)),
}
MATH_CONST = {"math.pi": math.pi, "math.e": math.e, "math.inf": math.inf, "numpy.pi": math.pi}
MATH_CONST.update({"numpy.inf": math.inf, "numpy.e": math.e})  # np.array([x, np.inf])
# torch's float constants are Python's (``torch.inf is math.inf``): a default argument
# ``output_lower_bound = -torch.inf`` read as unknown left a flow layer's attribute unknown
MATH_CONST.update({"torch.inf": math.inf, "torch.pi": math.pi, "torch.e": math.e})
MATH_CONST["math.tau"] = math.tau
# ``sys.version_info``: major 3, the rest not known (library/pyversion.py)
MATH_CONST["sys.version_info"] = VERSION_INFO
MATH_CONST["numpy.newaxis"] = None  # ``P[:, np.newaxis]`` (library/npshapes.py)
# torch dtypes' kind flags (``if dtype.is_complex:`` in S5's jax-ported initialisers): facts
# of torch's dtype table, as ``torch.float32.is_complex`` gives them
_TORCH_FLOATS = ("float", "float32", "float64", "double", "half", "float16", "bfloat16")
_TORCH_COMPLEX = ("complex32", "complex64", "complex128", "cfloat", "cdouble", "chalf")
_TORCH_INTS = ("int", "int8", "int16", "int32", "int64", "long", "short", "uint8", "bool")
for _d in _TORCH_FLOATS + _TORCH_COMPLEX + _TORCH_INTS:
    MATH_CONST[f"torch.{_d}.is_complex"] = _d in _TORCH_COMPLEX
    MATH_CONST[f"torch.{_d}.is_floating_point"] = _d in _TORCH_FLOATS
# constants of the text modules library/configtexts.py models by name (not read from source)
MATH_CONST.update(
    {f"string.{n}": getattr(string, n) for n in dir(string) if n[0].islower() and n != "capwords"}
)
MATH_CONST.update({f"csv.{n}": getattr(csv, n) for n in dir(csv) if n.startswith("QUOTE_")})
# the rounding modes of library/configtexts.py's Decimals: CPython's are these very strings
# (``decimal.ROUND_FLOOR == "ROUND_FLOOR"``), named here without importing ``decimal``
_ROUNDINGS = "CEILING DOWN FLOOR HALF_DOWN HALF_EVEN HALF_UP UP 05UP".split()
MATH_CONST.update({f"decimal.ROUND_{n}": f"ROUND_{n}" for n in _ROUNDINGS})
# the token types (``tok.type == tokenize.NAME``) of the tokens library/configtexts.py's
# ``tokenize.generate_tokens`` makes: CPython's ``token`` numbers, as ``tokenize`` exports them
MATH_CONST.update(
    {f"tokenize.{n}": v for n, v in vars(token).items() if n.isupper() and type(v) is int}
)
# ``re``'s flags (``re.findall(pat, doc, re.M)`` parsing sizes out of a docstring): the
# stdlib's own RegexFlag values, passed to the ``re`` functions library/stdlib.py runs
MATH_CONST.update({f"re.{n}": getattr(re, n) for n in ("A", "I", "M", "S", "X", "ASCII")})
MATH_CONST.update(
    {f"re.{n}": getattr(re, n) for n in ("IGNORECASE", "MULTILINE", "DOTALL", "VERBOSE")}
)


class ParamKind(str):
    """``inspect.Parameter.POSITIONAL_OR_KEYWORD`` and its siblings: the name, as ``str(kind)``
    gives it, ordered as the enum is (``kind < Parameter.KEYWORD_ONLY``)."""

    ORDER = (
        "POSITIONAL_ONLY",
        "POSITIONAL_OR_KEYWORD",
        "VAR_POSITIONAL",
        "KEYWORD_ONLY",
        "VAR_KEYWORD",
    )

    def _rank(self, other: Any) -> tuple[int, int]:
        if not isinstance(other, ParamKind):
            raise TypeError("an inspect parameter kind compares with another only")
        return self.ORDER.index(self), self.ORDER.index(other)

    def __lt__(self, other: Any) -> bool:
        a, b = self._rank(other)
        return a < b

    def __le__(self, other: Any) -> bool:
        a, b = self._rank(other)
        return a <= b

    def __gt__(self, other: Any) -> bool:
        a, b = self._rank(other)
        return a > b

    def __ge__(self, other: Any) -> bool:
        a, b = self._rank(other)
        return a >= b

    __hash__ = str.__hash__


class InspectEmpty:
    """``inspect.Parameter.empty``: the one marker of a parameter without a default, compared
    by identity (flowtorch's ``count_unbound``: ``v.default is inspect.Parameter.empty``; an
    unknown there left every such test undecided)."""

    __slots__ = ()
    memo_shared = True  # compared by identity: memo.py's copies keep the one object
    identity_eq = True
    library_type = "inspect._empty"

    def __repr__(self) -> str:
        return "<inspect.Parameter.empty>"

    def __reduce__(self) -> str:  # a pickled template (speed/memo.py) keeps the one value
        return "INSPECT_EMPTY"


INSPECT_EMPTY = InspectEmpty()
MATH_CONST.update(
    {
        n: INSPECT_EMPTY
        for n in ("inspect.Parameter.empty", "inspect.Signature.empty", "inspect._empty")
    }
)

# ``p.kind == inspect.Parameter.POSITIONAL_OR_KEYWORD`` (library/stdlib.py ``signature``)
MATH_CONST.update(
    {f"inspect.Parameter.{k}": ParamKind(k) for k in ParamKind.ORDER}
    | {f"inspect._ParameterKind.{k}": ParamKind(k) for k in ParamKind.ORDER}
)


# methods that change their list / dict / set in place: such a bound method handed to code we
# do not follow (``stack.callback(layers.append, conv)``) may be called there (Calls.eval_call)
_IN_PLACE = {
    list: frozenset(
        ("append", "extend", "insert", "pop", "remove", "clear", "sort", "reverse", "__setitem__")
    ),
    dict: frozenset(("update", "setdefault", "pop", "popitem", "clear", "__setitem__")),
    set: frozenset(
        "add update discard remove pop clear difference_update intersection_update "
        "symmetric_difference_update".split()
    ),
}
_DEQUE_IN_PLACE = _IN_PLACE[list] | {"appendleft", "extendleft", "popleft", "rotate"}


def _run(method: str) -> UnknownRun:
    """What ``xs.extend(v)`` adds when ``v`` cannot be enumerated: a run of unknown length
    (one unknown item was a length we claimed)."""
    return UnknownRun(f"{method}() of a value we cannot enumerate")


# ``collections.Counter``'s own methods (library/stdlib.py makes CPython's Counter): run on it
_COUNTER_METHODS = frozenset(("most_common", "total", "elements", "subtract"))


def _counter_method(raw: Any, name: str, a: list, k: dict) -> Any:
    """``c.most_common(n)`` / ``c.total()`` / ``c.elements()`` / ``c.subtract(xs)`` of a
    Counter of known counts, by CPython's own Counter (ties in insertion order); an unknown
    argument or count: unknown."""
    args = [plain(x) for x in a]
    if any(isinstance(x, (Unknown, Tensor)) for x in args) or k:
        return Unknown(f"Counter.{name}() of unknown arguments")
    if any(not isinstance(plain(v), (int, float)) for v in raw.values()):
        return Unknown(f"Counter.{name}() of unknown counts")
    if name == "subtract" and args and not isinstance(args[0], (dict, list, tuple, str)):
        return Unknown("Counter.subtract() of a value we cannot enumerate")
    try:
        got = getattr(raw, name)(*args)
    except (TypeError, ValueError):
        return Unknown(f"Counter.{name}() that would raise")
    return list(got) if name == "elements" else got


# the in-place dunders of list / dict / set (library/dunderops.py ``MUTATING``, all three)
_DUNDER_NAMES = frozenset(
    ("__setitem__", "__delitem__", "__iadd__", "__imul__", "__init__", "__ior__", "__iand__")
    + ("__isub__", "__ixor__")
)


def value_method(v: Any, name: str, interp: Any) -> Any:
    """``v.name`` for a plain value: list/dict/str methods as BuiltinMethods; a method that
    changes a list, dict or set in place keeps that container (``receiver``)."""
    if name[:2] == "__" and name in _DUNDER_NAMES:  # ``a.__setitem__(0, 5)`` (dunderops.py)
        from driftcheck.parsers.source.library import dunderops

        raw = unwrap(v)
        c = dunderops.kind(raw)
        if c is not None and name in dunderops.MUTATING[c]:
            got = BuiltinMethod(lambda a, k: dunderops.apply(raw, name, a, k, interp))
            got.receiver = raw
            return got
    got = _value_method(v, name, interp)
    if isinstance(got, BuiltinMethod):
        raw = unwrap(v)
        if name in _IN_PLACE.get(raw.__class__, ()) or (
            isinstance(raw, list) and hasattr(raw, "appendleft") and name in _DEQUE_IN_PLACE
        ):
            got.receiver = raw
    return got


def _value_method(v: Any, name: str, interp: Any) -> Any:
    raw = unwrap(v)
    if isinstance(raw, list) and name in _RUN_READERS and has_run(raw):
        return BuiltinMethod(lambda a, k: _run_method(raw, name, a, k))
    if isinstance(raw, list) and hasattr(raw, "appendleft"):  # a deque (library/stdlib.py)
        if name in ("append", "appendleft", "popleft"):
            return BuiltinMethod(lambda a, k: getattr(raw, name)(*a))
        if name == "extendleft":

            def extendleft(a: list, k: dict) -> None:
                items = interp.items.iterate(a[0]) if a else None
                raw.extendleft(items if items is not None else [_run("deque.extendleft")])

            return BuiltinMethod(extendleft)
        if name == "maxlen":
            return raw.maxlen
        deq = _deque_method(raw, name, interp)
        if deq is not None:
            return deq
    if isinstance(raw, list):
        if name == "append":
            return BuiltinMethod(lambda a, k: raw.append(a[0]) if a else None)
        if name == "extend":

            def extend(a: list, k: dict) -> None:
                items = interp.items.iterate(a[0]) if a else None
                if items is None:  # a run of items we cannot count (values/abstract.py)
                    raw.append(_run("list.extend"))
                else:
                    if len(raw) + len(items) > sizes.SIZE_LIMIT:
                        # the list is changed in place: no value can stand for it (sizes.py)
                        raise Budget(
                            f"list.extend() to {len(raw) + len(items):,} items, over the "
                            f"size limit ({sizes.SIZE_LIMIT:,})"
                        )
                    raw.extend(items)

            return BuiltinMethod(extend)
        if name == "insert":
            return BuiltinMethod(lambda a, k: raw.insert(plain(a[0]), a[1]))
        if name in ("index", "count"):
            return BuiltinMethod(
                lambda a, k: (
                    getattr([plain(x) for x in raw], name)(plain(a[0]))
                    if plain(a[0]) in [plain(x) for x in raw]
                    else Unknown(name)
                )
            )
        if name == "pop":
            # Python's own: of an empty list (or past its end) IndexError, which a ``try`` of the
            # caller catches as Python does (``statements._caught_here``: weakref's
            # ``_commit_removals`` pops until IndexError); uncaught, the statement is lost and
            # what it stores unknown (``mark_failed``), never a value Python does not give
            return BuiltinMethod(lambda a, k: raw.pop(*[plain(x) for x in a]))
        if name in ("copy", "tolist"):  # tolist: a numpy array stands as a list
            return BuiltinMethod(lambda a, k: list(raw))
        if name == "sort":
            return BuiltinMethod(lambda a, k: _list_sort(raw, a, k, interp))
    if isinstance(raw, dict):
        if name == "get":
            from driftcheck.parsers.source.interp import dictkeys

            return BuiltinMethod(
                lambda a, k: (
                    dictkeys.get(interp.classes, raw, a[0], a[1] if len(a) > 1 else None)
                    if not isinstance(plain(a[0]), Unknown)
                    else Unknown("get")
                )
            )
        if name in ("keys", "values", "items"):
            return BuiltinMethod(lambda a, k: _dict_view(raw, name))
        if name in ("pop", "setdefault"):
            from driftcheck.parsers.source.interp import dictkeys

            def keyed(a: list, k: dict) -> Any:
                """``d.pop(key[, default])`` / ``d.setdefault(key[, default])`` with the key
                Python's lookup finds (dictkeys); ``d.pop(key)`` of a missing key is Python's
                KeyError: unknown (it gave None, a value the program never sees)."""
                if not a:
                    return Unknown(f"dict.{name}() without a key")
                key = dictkeys.stored_key(interp.classes, raw, a[0])
                if isinstance(key, Unknown):
                    return Unknown(f"dict.{name}: {key.why}")
                if name == "pop" and len(a) < 2 and key not in raw:
                    return Unknown(f"dict.pop({key!r}) of a missing key (KeyError)")
                return getattr(raw, name)(key, a[1] if len(a) > 1 else None)

            return BuiltinMethod(keyed)
        if name == "update":
            return BuiltinMethod(lambda a, k: raw.update(*(plain(x) for x in a), **k))
        if name == "copy":
            if isinstance(raw, collections.Counter):
                return BuiltinMethod(lambda a, k: raw.copy())  # a Counter's copy is a Counter
            return BuiltinMethod(lambda a, k: _dict_view(raw, "copy"))
        if isinstance(raw, collections.Counter) and name in _COUNTER_METHODS:
            return BuiltinMethod(lambda a, k: _counter_method(raw, name, a, k))

        if name == "move_to_end" or (name == "popitem" and type(raw) is dict):
            return BuiltinMethod(lambda a, k: _ordered_method(raw, name, a, k, interp))
    if isinstance(raw, (str, bytes)):  # bytes' methods are as pure as str's (decode, hex)
        fn = getattr(raw, name, None)
        if fn is not None and callable(fn) and not name.startswith("_"):
            tname = type(raw).__name__

            def strm(a: list, k: dict) -> Any:
                pa = [plain(x) for x in a]
                if not _known(*pa):
                    return Unknown(f"{tname}.{name}")
                try:  # the result's length predicted first (sizes.py): s.ljust(10**9)
                    kw = {kk: plain(vv) for kk, vv in k.items()}
                    got = sizes.str_method(raw, name, fn, pa, kw)
                    if _scratch_named(raw) and not _scratch_named(got):
                        # a temporary name's pieces, count, length: CPython's is random
                        return Unknown(f"str.{name}() of a temporary file's name (random)")
                    return got
                except TooBig:
                    raise
                except (TypeError, ValueError, OverflowError, LookupError):
                    return Unknown(f"{tname}.{name}")

            return BuiltinMethod(strm)
    if isinstance(raw, memoryview):
        return _memoryview_attr(raw, name)
    kind = list if isinstance(raw, list) else type(raw)  # a deque has a list's mutators
    if isinstance(raw, (set, frozenset, list, dict)) and name in _MUTATORS.get(kind, ()):
        return BuiltinMethod(lambda a, k: _container_call(raw, name, a, k, interp))
    if isinstance(raw, (int, float)) and name in ("is_integer", "bit_length", "real"):
        if name == "real":
            return raw
        return BuiltinMethod(lambda a, k: getattr(raw, name)())
    if type(raw) is int and name == "to_bytes":
        return BuiltinMethod(lambda a, k: _int_to_bytes(raw, a, k))
    got = _plain_attr(raw, name)
    if got is not NotImplemented:
        return got
    if _is_decimal(raw):
        return _decimal_attr(raw, name)
    if _is_fraction(raw):
        return _fraction_attr(raw, name)
    if isinstance(raw, tuple) and name in ("index", "count"):
        return BuiltinMethod(lambda a, k: getattr(tuple(plain(raw)), name)(plain(a[0])))
    if isinstance(raw, range) and name in ("start", "stop", "step"):  # ``span.stop``
        return getattr(raw, name)
    return Unknown(f"attribute {name}")


def _int_to_bytes(n: int, a: list, k: dict) -> Any:
    """``len(header).to_bytes(8, "little")`` (a safetensors file's first bytes): CPython's own,
    for a length of at most 64 bytes (the inverse of ``int.from_bytes``, library/python.py)."""
    names = ("length", "byteorder")
    pa = [plain(x) for x in a]
    kw = {kk: plain(v) for kk, v in k.items()}
    if (
        len(pa) > 2
        or set(kw) - {"length", "byteorder", "signed"}
        or set(kw) & set(names[: len(pa)])
    ):
        return Unknown("int.to_bytes() with arguments not modelled")
    args = dict(zip(names, pa)) | kw
    length, order = args.get("length", 1), args.get("byteorder", "big")
    signed = args.get("signed", False)
    if (
        type(length) is not int
        or not 0 <= length <= 64
        or order not in ("big", "little")
        or type(signed) is not bool
    ):
        return Unknown("int.to_bytes() of values we cannot read")
    try:
        return n.to_bytes(length, order, signed=signed)
    except OverflowError:
        return Unknown("int.to_bytes() that CPython refuses (OverflowError)")


_RUN_READERS = frozenset(
    ("pop", "popleft", "remove", "index", "count", "insert", "sort", "rotate", "reverse")
)


def _run_method(raw: list, name: str, a: list, k: dict) -> Any:
    """``xs.pop()``, ``xs.index(v)``... on a list (or deque) holding a run of items we cannot
    count (values/abstract.py). Known where Python's answer lies among the known items
    before the first run (``pop``/``popleft`` of a known end, ``index`` found before it,
    ``insert`` before it, ``reverse``); otherwise the answer is unknown and, for a change
    in place, the list becomes one run (its length and every item unknown)."""
    first = next(i for i, x in enumerate(raw) if x.__class__ is UnknownRun)
    run = raw[first]
    why = f"list.{name}(): {run.why}"
    pa = [plain(x) for x in a]
    if name == "pop" and not pa and raw[-1].__class__ is not UnknownRun:
        return raw.pop()
    if name == "popleft" and first > 0:
        return raw.popleft()
    if name == "reverse" and not pa:
        raw.reverse()
        return None
    if name in ("index", "remove") and len(pa) == 1 and not isinstance(pa[0], Unknown):
        for i in range(first):
            if plain(raw[i]) == pa[0]:
                if name == "remove":
                    del raw[i]
                    return None
                return i
    if name == "insert" and len(pa) == 2:
        i = pa[0]
        if isinstance(i, int) and not isinstance(i, bool) and 0 <= i <= first:
            raw.insert(i, a[1])
            return None
    if name in ("index", "count"):
        return Unknown(why)
    raw.clear()  # which item moved or went is unknown: one run stands for the whole list
    raw.append(run)
    return Unknown(why) if name in ("pop", "popleft") else None


def _deque_method(raw: Any, name: str, interp: Any) -> Any:
    """The deque methods a list lacks or runs differently (``rotate``, ``extend`` and
    ``insert`` under ``maxlen``, ``pop()`` without an index, ``copy`` keeping a deque);
    None for those the list's own code runs (``remove``, ``index``...).
    ``d.rotate(n)`` by an unknown ``n`` keeps the length but no item's place: every item
    unknown (the order dropped silently gave each block the wrong dilation)."""
    if name == "copy":
        return BuiltinMethod(lambda a, k: raw.copy())
    if name == "pop":
        return BuiltinMethod(lambda a, k: raw.pop() if not a and not k else Unknown("deque.pop"))
    if name == "rotate":

        def rotate(a: list, k: dict) -> None:
            n = plain(a[0]) if a else 1
            if k or len(a) > 1 or isinstance(n, bool) or not isinstance(n, int):
                raw[:] = [Unknown("deque.rotate() by an unknown count")] * len(raw)
                return
            raw.rotate(n)

        return BuiltinMethod(rotate)
    if name == "extend":

        def extend(a: list, k: dict) -> None:
            items = interp.items.iterate(a[0]) if a else None
            raw.extend(items if items is not None else [_run("deque.extend")])

        return BuiltinMethod(extend)
    return None


def _memoryview_attr(raw: memoryview, name: str) -> Any:
    """A read-only view of known bytes (``library/python.py`` ``memoryview``): ``cast(fmt[,
    shape])`` and ``tolist()`` / ``tobytes()`` / ``nbytes`` / ``itemsize`` / ``format``
    as Python computes them; any other attribute unknown."""
    if name in ("nbytes", "itemsize", "format", "ndim", "shape", "readonly"):
        return getattr(raw, name)
    if name in ("tolist", "tobytes"):
        return BuiltinMethod(
            lambda a, k: getattr(raw, name)() if not a and not k else Unknown(name)
        )
    if name == "cast":

        def cast(a: list, k: dict) -> Any:
            pa = [plain(x) for x in a]
            if k or not pa or not isinstance(pa[0], str) or not _known(*pa):
                return Unknown("memoryview.cast")
            if len(pa) > 1:
                pa[1] = list(pa[1]) if isinstance(pa[1], (list, tuple)) else pa[1]
            try:
                return raw.cast(*pa)
            except (TypeError, ValueError):
                return Unknown("memoryview.cast")

        return BuiltinMethod(cast)
    return Unknown(f"memoryview.{name}")


# the data attributes and argument-free methods of Python's number and slice values: a width
# written as ``SPEC.stop`` of a ``slice(layers, width, heads)``, ``int(SHAPE.imag)`` of a complex
# ``64 + 4j``, a layer count as ``MASK.bit_count()``; each is Python's own value, computed here
_PLAIN_DATA = {
    int: frozenset(("imag", "numerator", "denominator")),
    float: frozenset(("imag",)),
    complex: frozenset(("real", "imag")),
    slice: frozenset(("start", "stop", "step")),
}
_PLAIN_METHODS = {
    int: frozenset(("bit_count", "conjugate", "as_integer_ratio")),
    float: frozenset(("conjugate", "as_integer_ratio", "hex")),
    complex: frozenset(("conjugate",)),
}


def _plain_attr(raw: Any, name: str) -> Any:
    """``raw.name`` for an int, float, complex or slice value (bools are ints in Python, but a
    flag's ``.imag`` is no model code's idiom: left to the caller); NotImplemented if not one."""
    t = type(raw)
    if name in _PLAIN_DATA.get(t, ()):
        return getattr(raw, name)
    if name in _PLAIN_METHODS.get(t, ()):
        return BuiltinMethod(
            lambda a, k: getattr(raw, name)() if not a and not k else Unknown(name)
        )
    return NotImplemented


# methods of Python's containers run on the abstract container itself (its items stand for
# themselves: numbers and strings compare by value, objects by identity, as in Python); a
# mutation that was dropped would let a loop like timm's ``remaining.remove(name)`` /
# ``if not remaining: break`` run past its end (every layer after it added)
_MUTATORS: dict[type, frozenset[str]] = {
    set: frozenset(
        "add remove discard pop clear update difference_update intersection_update "
        "symmetric_difference_update union intersection difference symmetric_difference "
        "issubset issuperset isdisjoint copy".split()
    ),
    list: frozenset(("remove", "reverse", "clear")),
    dict: frozenset(("clear", "popitem")),
    # a frozenset's methods read it (the same as a set's; it has no mutators)
    frozenset: frozenset(
        "union intersection difference symmetric_difference issubset issuperset isdisjoint "
        "copy".split()
    ),
}


def _list_sort(raw: list, a: list, k: dict, interp: Any) -> None:
    """``xs.sort(key=..., reverse=...)`` in place, as Python orders it (the key function run
    by the interpreter); where the order cannot be known (an unknown key or item) every item
    becomes unknown, the length kept: the list unsorted was a confident wrong value (it was
    read on as if ``sort`` had not run)."""
    rev = plain(k.get("reverse", False))
    key = k.get("key")
    keys: list[Any] | None = None
    if not a and set(k) <= {"key", "reverse"} and isinstance(rev, bool):
        if key is None or plain(key) is None:
            keys = [plain(x) for x in raw]
        else:
            keys = [plain(interp.calls.call(key, [x], {}, ("", 0))) for x in raw]
        if any(isinstance(x, (Unknown, Tensor)) for x in keys):
            keys = None
    if keys is not None:
        try:
            order = sorted(range(len(raw)), key=keys.__getitem__, reverse=rev)
        except TypeError:
            keys = None
        else:
            raw[:] = [raw[i] for i in order]
            return
    raw[:] = [Unknown("an item of a list sorted by an order not known")] * len(raw)


def _ordered_method(raw: dict, name: str, a: list, k: dict, interp: Any) -> Any:
    """``od.move_to_end(key, last=True)`` / ``od.popitem(last=True)`` of a dict an
    ``OrderedDict(...)`` call made (``interp.ordered``): CPython's OrderedDict run on a copy
    of the dict's items, the order written back in place. Anything else -- a dict not known to
    be an OrderedDict, arguments not known -- leaves the dict unknown from here on (every
    value unknown, ``havoc``): an order change dropped gave every stage its neighbour's width."""
    why = f"dict.{name}() not followed"
    pa = [plain(x) for x in a]
    kw = {kk: plain(v) for kk, v in k.items()}
    ip = getattr(interp, "ip", interp)
    ordered = id(raw) in getattr(ip, "ordered", {})
    if name == "popitem" and not pa and not kw:
        return _container_call(raw, name, a, k)  # a plain dict's own: the last item
    if ordered and not any(isinstance(x, Unknown) for x in (*pa, *kw.values())):
        od = collections.OrderedDict(raw)
        try:
            got = getattr(od, name)(*pa, **kw)
        except (KeyError, TypeError) as err:
            return Unknown(f"OrderedDict.{name}() that raises {type(err).__name__}")
        raw.clear()
        raw.update(od)
        return got
    if ordered:
        why = f"OrderedDict.{name}() of an unknown argument"
    for key in list(raw):
        raw[key] = Unknown(why)
    ip.havoc.setdefault(id(raw), (raw, why))
    return Unknown(why)


def _forgotten_set(interp: Any, raw: Any) -> bool:
    """A set that ``set.add`` gave an instance of a class hashing by its own ``__hash__``
    (``_container_call``): which items are one is not followed, so its size and items are
    unknown (``interp.havoc``)."""
    if raw.__class__ is not set:
        return False
    held = interp.havoc.get(id(raw)) if isinstance(getattr(interp, "havoc", None), dict) else None
    return held is not None and held[0] is raw


def _container_call(raw: Any, name: str, a: list, k: dict, interp: Any = None) -> Any:
    if k or any(isinstance(plain(x), Unknown) for x in a):
        return Unknown(f"{type(raw).__name__}.{name}")
    args = [plain(x) for x in a]
    if name == "add" and isinstance(raw, set) and len(args) == 1:
        kind = dunders.hash_kind(args[0])
        if kind == "unhashable":
            from driftcheck.parsers.source.interp.statements import Raised  # a cycle

            raise Raised("TypeError", None, None)  # ``s.add(E(1))``: unhashable type
        if kind == "custom" and isinstance(getattr(interp, "havoc", None), dict):
            # ``s.add(P(v))`` with ``P``'s own ``__hash__`` / ``__eq__``: equal instances are
            # one item in Python (not followed: 3 items where CPython keeps 2)
            why = f"set.add() of {args[0].cls.name} instances (their own hash)"
            interp.havoc[id(raw)] = (raw, why)
    if name == "pop" and isinstance(raw, set) and not args and not hash_ordered(raw):
        # ``names.pop()`` takes the first item in hash order, which varies from run to run
        # for strings: one item goes (the length is known), which one is not
        raw.pop()
        return Unknown("set.pop() of a set whose order varies from run to run")
    if name in ("update", "union", "intersection", "difference", "symmetric_difference") or (
        name.endswith("_update") or name in ("issubset", "issuperset", "isdisjoint")
    ):
        args = [
            list(x) if isinstance(x, (list, tuple, set, frozenset, dict, str)) else x for x in args
        ]
        if any(not isinstance(x, list) for x in args):
            return Unknown(f"set.{name} of a value we cannot enumerate")
        if name in ("update", "union") and sum(len(x) for x in args) + len(raw) > sizes.SIZE_LIMIT:
            return Unknown(f"set.{name} over the size limit")
    try:
        return getattr(raw, name)(*args)
    except (KeyError, ValueError, IndexError, TypeError):
        return Unknown(f"{type(raw).__name__}.{name} that would raise")


# iterators ``iter()`` makes of a known sequence: finite, so ``zip`` may run them
_FINITE_ITERS = frozenset(type(iter(x)) for x in ([], (), range(0), ""))
# the real iterators that may never end (``itertools.count`` / ``cycle`` / ``repeat``, made by
# library/stdlib.py and ``_iteration``): run only beside a finite one
_ENDLESS_ITERS = frozenset((itertools.count, itertools.cycle, itertools.repeat))
_REAL_ITERS = _FINITE_ITERS | _ENDLESS_ITERS


def _stopped_early(interp: Any, gen: Any) -> None:
    """``next(g)`` of a generator whose body (run to its end at the call) changes module
    globals, with items left: Python has run the body only up to this item, so those globals
    do not hold what they hold here -- unknown from now on, naming the generator."""
    f, names = gen.effects
    gen.effects = None
    ns = interp.globals.setdefault(id(f.mod), {})
    for n in names:
        interp.names.global_lookup(f.mod, n)  # bound first (a later lookup must not rebind it)
        ns[n] = Unknown(f"module global {n}: changed by generator {f.name}, read part way")
    interp.class_writes = interp.class_writes + 1  # shared state changed (speed/memo.py)


def _stop(interp: Any) -> Exception:
    """``next(it)`` of an iterator read to its end: StopIteration, as in Python -- caught by
    the code's ``except StopIteration`` (a loop's end), made a RuntimeError by a generator's
    body (PEP 479: that generator is unknown). Never a proven defect: the iterator's state
    is ours (a module global read lazily replays its ``next`` calls out of order), so where
    nothing catches it the answer is unknown (``Raised.sure`` False)."""
    from driftcheck.parsers.source.interp.statements import Raised  # a cycle at import

    e = Raised("StopIteration", interp.at_line, None)
    e.sure = False
    e.doubt = f"next() of an exhausted iterator at line {interp.at_line}, not caught"
    return e


def _iteration(name: str, interp: Any, args: list[Any]) -> Any:
    """``iter`` / ``itertools.cycle`` of a known sequence are real Python iterators over the
    abstract items, so ``next()`` walks them as the code does (Zamba2 picks the block each
    hybrid layer ties to with ``next(cycle(blocks))``). ``interp.iterate`` does not enumerate
    an iterator: a loop over one is an unknown loop, never an endless one."""
    if name == "next":
        from driftcheck.parsers.source.interp import genreplay, tuplesub  # a cycle at import

        it = unwrap(args[0])
        if it.__class__ is tuplesub.PrefixGen:  # the items known before an unknown point
            return it.next_item()
        if isinstance(it, genreplay.ReplayGen):  # a coroutine-style generator (replayed)
            got = it.resume(None)
            return args[1] if it.done and len(args) > 1 else got
        if isinstance(it, tuplesub.ONE_SHOT):  # a generator function's or torch walk's, zip's
            if it.lost:
                if isinstance(it, (tuplesub.Generator, tuplesub.Once)):
                    it.touched = True  # a lazy reader of it pending: that one is lost too
                return Unknown("next of an iterator read to an unknown point")
            if it.rest:
                got = it.rest.pop(0)
                if it.rest and getattr(it, "effects", None):
                    _stopped_early(interp, it)
                return got
            if len(args) > 1:
                return args[1]
            raise _stop(interp)  # as Python's ``next``
        if it.__class__ is Obj:  # a class's own ``__next__`` (interp/items.py)
            got = interp.items.user_next_one(it, args[1:])
            if got is not NotImplemented:
                return got
        if not isinstance(it, Iterator):
            return Unknown("next")
        try:
            return next(it)
        except StopIteration:
            if len(args) > 1:
                return args[1]
            raise _stop(interp) from None
    if name == "iter":
        from driftcheck.parsers.source.interp import tuplesub  # a cycle at import

        if isinstance(unwrap(args[0]), tuplesub.ONE_SHOT) or (
            unwrap(args[0]).__class__ is tuplesub.PrefixGen and len(args) == 1
        ):
            return unwrap(args[0])  # ``iter(zip(...))`` is that iterator itself (Python's)
        if unwrap(args[0]).__class__ is Obj and len(args) == 1:
            # ``iter(obj)``: its class's ``__iter__``, when that gives an object with its own
            # ``__next__`` (often ``self``): that iterator, read lazily by ``next()`` and loops
            # (the items were read eagerly: the object's state ran ahead of the code's)
            got = interp.items.user_iterator(unwrap(args[0]))
            if got is not NotImplemented:
                return got
    items = interp.items.iterate(args[0])
    if items is None:
        return Unknown(name)
    if name == "iter" and unwrap(args[0]).__class__ is list:
        # a list iterator reads the list itself as it advances: items appended after ``iter``
        # are seen (a copy taken here missed them: 8 where torch has 20)
        return iter(unwrap(args[0]))
    return itertools.cycle(items) if name == "itertools.cycle" else iter(items)


def _product(interp: Any, args: list[Any], kwargs: dict[str, Any]) -> Any:
    """``itertools.product`` of known finite sequences, as a list (bounded size)."""
    its = [interp.items.iterate(a) for a in args]
    rep = plain(kwargs.get("repeat", 1))
    if any(i is None for i in its) or not isinstance(rep, int) or rep < 0:
        return Unknown("product")
    n = math.prod(len(i) for i in its)
    if n > 1 and rep * math.log(n) > math.log(100_000):  # not n ** rep: rep may be huge
        return Unknown("product over 100,000 items")
    return list(itertools.product(*its, repeat=rep))


class _Unanswered(Exception):
    """A comparison whose answer is not known (``_user_ordered``)."""


def _user_ordered(interp: Any, name: str, items: list, kwargs: dict) -> Any:
    """``sorted`` / ``min`` / ``max`` of objects whose classes, read from source, define their
    comparisons (``sorted(stages)`` by a stage's ``__lt__``, ``@total_ordering``): CPython's
    own algorithm run with each comparison asked of the analyzed class (interp/richcmp.py):
    ``sorted`` and ``min`` ask ``<``, ``max`` asks ``>``. Unknown where an item is not such an
    object, a keyword other than ``reverse`` is given, or an answer is not known."""
    import ast

    from driftcheck.parsers.source.interp import richcmp

    if set(kwargs) - ({"reverse"} if name == "sorted" else set()) or not items:
        return Unknown(name)
    if not all(isinstance(x, Obj) and isinstance(x.cls, Cls) and not x.module for x in items):
        return Unknown(name)
    rev = plain(kwargs.get("reverse", False))
    if not isinstance(rev, bool):
        return Unknown(name)

    def ask(op: ast.cmpop, a: Any, b: Any) -> bool:
        got = richcmp.compare(interp, op, a, b)
        if isinstance(plain(got), Unknown):
            raise _Unanswered
        t = plain(got)
        if t is None or isinstance(t, (bool, int, float, str)):
            return bool(t)
        raise _Unanswered

    class Key:
        __slots__ = ("v",)

        def __init__(self, v: Any) -> None:
            self.v = v

        def __lt__(self, other: Key) -> bool:
            return ask(ast.Lt(), self.v, other.v)

        def __gt__(self, other: Key) -> bool:
            return ask(ast.Gt(), self.v, other.v)

    try:
        if name == "sorted":
            return [k.v for k in sorted(map(Key, items), reverse=rev)]
        return (min if name == "min" else max)(map(Key, items)).v
    except _Unanswered:
        return Unknown(f"{name} of objects whose comparison is not known")


def _dict_subclass_items(interp: Any, v: Any) -> dict | None:
    """The items a dict subclass's instance (read from source) stores -- ``dict.__setitem__``
    through ``super()`` -- when its class does not override ``__iter__`` and none was
    written under a key we could not compute; None otherwise."""
    if not (isinstance(v, Obj) and not v.module and v.cls is not None):
        return None
    items = v.attrs.get("__items__")
    if not isinstance(items, dict) or id(items) in interp.havoc:
        return None
    if dunders.defines(v.cls, "__iter__") or dunders.defines(v.cls, "keys"):
        return None
    if dunders.defines(v.cls, "__getitem__") and any(
        getattr(c, "qual", None) == "collections.UserDict" for c in v.cls.mro()
    ):
        # a Mapping (not a dict): ``dict(m)`` / ``**m`` read each value through the
        # subclass's own ``__getitem__``, not the stored items
        return None
    return items


class _NoKey(Exception):
    """A value ``_tuple_keys`` cannot stand in for."""


_ORDERING = ("__lt__", "__gt__", "__le__", "__ge__", "__eq__")


def _tuple_keys(items: list) -> list | None:
    """Stand-ins that compare as Python compares ``items`` when some of them are (or hold)
    instances of a tuple subclass read from source that defines none of the rich comparisons
    (``tuple``'s own: item by item): each such instance its items as a plain tuple; plain
    numbers, strings, ``None``, tuples and lists as they are. None when no such instance is
    there or a value is anything else (its order is not this one)."""
    from driftcheck.parsers.source.interp import tuplesub  # a cycle at import

    seen = [False]

    def key(v: Any) -> Any:
        v = plain(v)
        if v is None or isinstance(v, (bool, int, float, str)):
            return v
        if type(v) is tuple:
            return tuple(key(x) for x in v)
        if type(v) is list:
            return [key(x) for x in v]
        if isinstance(v, Obj) and isinstance(v.attrs.get(tuplesub.ITEMS), tuple):
            if not any(dunders.defines(v.cls, d) for d in _ORDERING):
                seen[0] = True
                return tuple(key(x) for x in v.attrs[tuplesub.ITEMS])
        raise _NoKey

    try:
        keys = [key(x) for x in items]
    except _NoKey:
        return None
    return keys if seen[0] else None
