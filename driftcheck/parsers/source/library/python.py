"""Python's builtins on abstract values.

A builtin is computed when its inputs are known plain values, otherwise the result is an
``Unknown`` naming it. The numeric and container work is ``pybuiltins.py_call``; entries here
add what needs the interpreter (attributes, classes, calling a function argument).
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import types
from functools import cache
from pathlib import Path
from typing import Any

from driftcheck.parsers.source.interp import dunders
from driftcheck.parsers.source.library import enums, typeunion
from driftcheck.parsers.source.library.pybuiltins import (
    _lazy_calls,
    _once,
    hash_ordered_arg,
    py_call,
)
from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.library.stdlib import NamedTupleValue, _import_by_name
from driftcheck.parsers.source.values.abstract import (
    UNNAMED_SETATTR,
    Cls,
    Config,
    Ext,
    ExtClass,
    Func,
    Leaf,
    NotAClass,
    Obj,
    Sourced,
    Tensor,
    Unknown,
    UnknownContainer,
    is_module,
    plain,
    unwrap,
)

B = Group("builtins")


def _py(name: str) -> Any:
    return lambda c: py_call(name, c.interp, c.args, c.kwargs)


_PY_CALL = {
    "int": "int(x), int(s, base): a known number or string",
    "float": "float(x) of a known value",
    "str": "str(x), bounded in length; an instance's own __str__ / __repr__ (a tuple subclass's "
    "items)",
    "abs": "abs(x) of a known number",
    "any": "any(xs) over a known finite sequence of known values",
    "all": "all(xs) over a known finite sequence of known values",
    "list": "list(xs) of a known finite iterable (bounded size)",
    "tuple": "tuple(xs) of a known finite iterable (bounded size)",
    "set": "set(xs) of a known finite iterable of hashable values",
    "frozenset": "frozenset(xs): a frozenset (type() / isinstance see it)",
    "dict": "dict(mapping or pairs, **kw); a config's fields as a dict",
    "divmod": "divmod(a, b) of known numbers",
    "pow": "pow(a, b) of known numbers (result size checked first)",
    "iter": "iter(xs): a real iterator over a known sequence's abstract items",
    "next": "next(it[, default]) of an iter()/itertools.cycle iterator or a generator expression",
    "hash": "hash(x) of an int, bool or float (not NaN): CPython's numeric hash (never salted; "
    "hash(-1) == -2); anything else unknown",
}
for _name, _doc in _PY_CALL.items():
    B.add(_name, _py(_name), _doc)


_PRINTABLE = (int, float, str, bool, type(None))


@B.entry(
    "print",
    doc="print(...): None; into an io.StringIO (file=, or the stream a redirect_stdout block "
    "holds) the text CPython writes for known numbers, strings, bools and None (anything "
    "else loses the stream's content); elsewhere nothing is printed",
)
def _print(c: Call) -> Any:
    from driftcheck.parsers.source.library.configtexts import ByteStream, TextStream
    from driftcheck.parsers.source.library.stdlib import stdout_target

    f = c.plain(99, "file") if "file" in c.kwargs else stdout_target(c.interp)
    if not isinstance(f, TextStream) or isinstance(f, ByteStream):
        return None
    sep, end = c.kwargs.get("sep", " "), c.kwargs.get("end", "\n")
    sep, end = plain(sep), plain(end)
    sep = " " if sep is None else sep
    end = "\n" if end is None else end
    vals = [plain(a) for a in c.args]
    extra = set(c.kwargs) - {"file", "sep", "end", "flush"}
    if extra or not all(type(v) in _PRINTABLE for v in [*vals, sep, end]):
        f._lose(f"print() at {c.where} of values whose text is not known")
        return None
    if not isinstance(sep, str) or not isinstance(end, str):
        f._lose(f"print() at {c.where} with sep / end not strings")
        return None
    f.write_text("write", [sep.join(str(v) for v in vals) + end], {})
    return None


@B.entry("id", doc="id(x): an unknown number that remembers x (read by a deepcopy memo only)")
def _id(c: Call) -> Any:
    from driftcheck.parsers.source.values.abstract import ObjId

    if len(c.args) != 1 or c.kwargs:
        return Unknown("id")
    return ObjId(plain(c.args[0]))


def _one_shot(v: Any) -> bool:
    from driftcheck.parsers.source.interp import tuplesub  # a cycle at import

    return isinstance(v, tuplesub.ONE_SHOT)


@B.entry(
    "len",
    doc="len of a list, tuple, dict, string, range, set, container module, config or enum class",
)
def _len(c: Call) -> Any:
    if len(c.args) == 1 and not c.kwargs and _one_shot(plain(c.args[0])):
        # ``len(zip(a, b))``, ``len(itertools.product(...))``, ``len(gen())``: no iterator
        # type has ``__len__`` (the analyzer holds their items as a list: its length was a
        # confident wrong count where Python raises)
        from driftcheck.parsers.source.interp.statements import Raised  # a cycle at import

        raise Raised("TypeError", c.loc[1], Path(str(c.loc[0])))
    if c.args and enums.is_enum(plain(c.args[0])):
        return len(enums.unique(c.interp, plain(c.args[0])))
    if c.args and isinstance(plain(c.args[0]), NamedTupleValue):
        return len(plain(c.args[0]))
    v = plain(c.args[0]) if len(c.args) == 1 else None
    if isinstance(v, Obj) and v.cls is not None and not v.kind:
        # an instance of a user class: its ``__len__`` (esm's ``Alphabet``), as Python calls it
        ok, fn, _ = c.interp.classes.mro_attr(v.cls, "__len__")
        if ok and isinstance(fn, Func):
            n = plain(c.interp.calls.call_func(c.interp.attrs.bind(fn, v), [], {}))
            return (
                n
                if isinstance(n, int) and not isinstance(n, bool) and n >= 0
                else c.unknown("len(): __len__ did not return a known int")
            )
        from driftcheck.parsers.source.interp import userlist

        if userlist.is_userlist(v):  # UserList's ``__len__`` (interp/userlist.py)
            n = userlist.length(c.interp, v)
            return n if n is not None else c.unknown("len(): a __len__ we do not read")
    return py_call("len", c.interp, c.args, c.kwargs)


@B.entry("round", doc="round(x[, n]) of a known number")
def _round(c: Call) -> Any:
    return py_call("round", c.interp, c.args, c.kwargs)


def _keyed(c: Call, items: list[Any]) -> list[Any] | None:
    """The ``key=`` function of min/max/sorted applied to each item; None if unknown."""
    key = c.kwargs.get("key")
    if key is None or plain(key) is None:
        return [plain(x) for x in items]
    out = [plain(c.interp.calls.call(key, [x], {}, c.loc)) for x in items]
    return None if any(isinstance(k, (Unknown, Tensor)) for k in out) else out


def _extreme(c: Call) -> Any:
    name = c.qual.rsplit(".", 1)[-1]
    if "key" not in c.kwargs:
        return py_call(name, c.interp, c.args, c.kwargs)
    items = c.interp.items.iterate(c.args[0]) if len(c.args) == 1 else list(c.args)
    if items is None:
        return c.unknown(f"{name}() of a value we cannot enumerate")
    if not items:
        return c.kwargs["default"] if "default" in c.kwargs else c.unknown(f"{name}() of nothing")
    keys = _keyed(c, items)
    if keys is None:
        return c.unknown(f"{name}(key=...) with an unknown key")
    try:
        pick = (min if name == "min" else max)(range(len(items)), key=keys.__getitem__)
    except TypeError:
        return c.unknown()
    return items[pick]


B.entry("min", doc="min(xs) / min(a, b, ...), with default= and key=")(_extreme)
B.entry("max", doc="max(xs) / max(a, b, ...), with default= and key=")(_extreme)


@B.entry("sum", doc="sum(xs[, start]) of known numbers; sum(lists, []) concatenates")
def _sum(c: Call) -> Any:
    if "start" in c.kwargs:
        return py_call("sum", c.interp, [*c.args[:1], c.kwargs["start"]], {})
    return py_call("sum", c.interp, c.args, c.kwargs)


class _Undecided(Exception):
    """A comparison ``sorted`` asked whose answer is not known statically."""


def _own_lt(c: Call, items: list[Any]) -> Any:
    """``__lt__`` of the one source class every item is a plain instance of (``sorted``
    compares with ``<`` only, so ``functools.total_ordering``'s derived methods are never
    asked); None where the items are not such instances or the class has no ``__lt__`` read
    from source."""
    objs = [plain(x) for x in items]
    if not objs or not all(isinstance(o, Obj) and not o.module for o in objs):
        return None
    cls = objs[0].cls
    if not isinstance(cls, Cls) or any(o.cls is not cls for o in objs):
        return None
    return dunders.source_func(c.interp, cls, "__lt__")


def _sorted_by_own_lt(c: Call) -> Any:
    """``sorted(specs)`` of instances of a class with its own ``__lt__``: Python's own sort,
    each ``a < b`` it asks answered by interpreting ``a.__lt__(b)`` (the same comparisons in
    the same order, so the same stable order, ``reverse=`` included). None where this does
    not apply; unknown where a comparison's answer is not a known bool (a ``NotImplemented``
    too: Python would then ask ``b.__gt__(a)``)."""
    raw = plain(c.args[0]) if len(c.args) == 1 else None
    if type(raw) not in (list, tuple) or set(c.kwargs) - {"reverse"}:
        return None
    lt = _own_lt(c, list(raw))
    if lt is None:
        return None
    rev = plain(c.kwargs.get("reverse", False))
    if not isinstance(rev, bool):
        return c.unknown("sorted() with an unknown reverse=")

    class _Key:
        __slots__ = ("v",)

        def __init__(self, v: Any) -> None:
            self.v = v

        def __lt__(self, other: _Key) -> bool:
            bound = Func(lt.node, lt.mod, lt.closure, lt.owner, self.v)
            got = plain(c.interp.calls.call_func(bound, [other.v], {}))
            if not isinstance(got, bool):
                raise _Undecided
            return got

    try:
        return [k.v for k in sorted((_Key(x) for x in raw), reverse=rev)]
    except _Undecided:
        return c.unknown("sorted() by an __lt__ whose answer is not known")


@B.entry(
    "sorted",
    doc="sorted(xs, key=, reverse=) of known values; of instances of a source class with its "
    "own __lt__, ordered by it",
)
def _sorted(c: Call) -> Any:
    by_lt = _sorted_by_own_lt(c)
    if by_lt is not None:
        return by_lt
    if not c.kwargs:
        return py_call("sorted", c.interp, c.args, {})
    items = c.interp.items.iterate(c.args[0]) if c.args else None
    if items is None:
        return c.unknown("sorted() of a value we cannot enumerate")
    keys = _keyed(c, items)
    rev = plain(c.kwargs.get("reverse", False))
    if keys is None or not isinstance(rev, bool):
        return c.unknown("sorted() with an unknown key")
    try:
        order = sorted(range(len(items)), key=keys.__getitem__, reverse=rev)
    except TypeError:
        return c.unknown()
    return [items[i] for i in order]


@B.entry("reversed", doc="reversed(xs) of a known sequence, as a single-pass iterator")
def _reversed(c: Call) -> Any:
    return py_call("reversed", c.interp, c.args, c.kwargs)


@B.entry(
    "property",
    doc="property(fget) in a class body: a read-only property whose getter is that function "
    "(as @property makes it); with a setter or deleter given: unknown",
)
def _property(c: Call) -> Any:
    """``hidden = property(_hidden)`` (the call form of ``@property``): reading
    ``obj.hidden`` calls ``_hidden(obj)``. Only a getter read from source is modelled; a
    ``fset`` / ``fdel`` (writes through the property) is left unknown rather than read as a
    plain attribute."""
    from driftcheck.parsers.source.values.abstract import Func

    args = list(c.args)
    kw = dict(c.kwargs)
    if len(args) > 4 or set(kw) - {"fget", "fset", "fdel", "doc"}:
        return c.unknown("property() with arguments we cannot follow")
    got = dict(zip(("fget", "fset", "fdel", "doc"), args)) | kw
    fget = plain(got.get("fget"))
    if any(plain(got.get(k)) is not None for k in ("fset", "fdel")):
        from driftcheck.parsers.source.values.abstract import UnknownDescriptor

        # a data descriptor: an instance write runs its setter (interp/propset.py)
        return UnknownDescriptor(c.unknown("property() with a setter or deleter").why)
    if not isinstance(fget, Func) or fget.bound is not None or fget.is_classmethod:
        return c.unknown("property() of a getter that is no plain function")
    closure = {**(fget.closure or {}), "__property__": True}
    return Func(fget.node, fget.mod, closure, fget.owner, None, fget.is_static, False)


@B.entry(
    "zip",
    doc="zip(*xs) of known finite sequences, single-pass; strict=True of unequal lengths: "
    "unknown (CPython raises ValueError only once the shorter one ends)",
)
def _zip(c: Call) -> Any:
    if set(c.kwargs) - {"strict"}:
        return c.unknown("zip() with keyword arguments other than strict=")
    if "strict" in c.kwargs:
        strict = plain(c.kwargs["strict"])
        if not isinstance(strict, bool):
            return c.unknown("zip(strict=...) of a value not known")
        if strict and len(c.args) > 1:
            # only sequences read again without being consumed (an iterator read here would be
            # advanced before the pairs are made)
            seqs = [plain(a) for a in c.args]
            if not all(isinstance(x, (list, tuple, range, str)) for x in seqs) or (
                len({len(x) for x in seqs}) > 1
            ):
                # the pairs before the end of the shorter sequence are yielded, then
                # ValueError: where the caller stops (a loop that built layers, an except
                # clause) depends on how it consumes them
                return c.unknown("zip(strict=True) of sequences of different or unknown lengths")
    return py_call("zip", c.interp, c.args, {})


@B.entry("enumerate", doc="enumerate(xs, start=) of a known finite sequence, single-pass")
def _enumerate(c: Call) -> Any:
    if c.args and not hash_ordered_arg(c.args[0]):
        return c.unknown("enumerate() of a set whose order varies from run to run")
    items = c.interp.items.iterate(c.arg(0, "iterable"))
    start = c.plain(1, "start", 0)
    if items is None or not isinstance(start, int):
        return c.unknown("enumerate() of a value we cannot enumerate")
    return _once(list(enumerate(items, start)), c.args[:1], producer="enumerate")


@B.entry("map", doc="map(f, *xs): f called on each item (several iterables zipped)")
def _map(c: Call) -> Any:
    if len(c.args) <= 2:
        return py_call("map", c.interp, c.args, c.kwargs)
    its = [c.interp.items.iterate(a) for a in c.args[1:]]
    if any(i is None for i in its):
        return c.unknown("map() over a value we cannot enumerate")
    made = [c.interp.calls.call(c.args[0], list(xs), {}, c.loc) for xs in zip(*its)]
    return _lazy_calls(c.interp, _once(made, c.args[1:], producer="map"), c.args[0])


@B.entry("filter", doc="filter(f or None, xs): the items f keeps, when every test is known")
def _filter(c: Call) -> Any:
    if len(c.args) == 2 and plain(c.args[0]) is None:
        items = c.interp.items.iterate(c.args[1])
        vals = [plain(x) for x in items] if items is not None else None
        if vals is None or any(isinstance(v, (Unknown, Tensor)) for v in vals):
            return c.unknown("filter(None, ...) of unknown items")
        try:
            kept = [x for x, v in zip(items, vals) if v]
            used = (0, *(i + 1 for i, v in enumerate(vals) if v))  # read up to the k-th kept
            return _once(kept, c.args[1:], producer="filter", used=used)
        except TypeError:
            return c.unknown()
    return py_call("filter", c.interp, c.args, c.kwargs)


@B.entry("range", doc="range(stop) / range(start, stop[, step]) of known ints")
def _range(c: Call) -> Any:
    args = c.args
    if args:
        src = args[-1] if len(args) == 1 else args[1]
        if isinstance(src, Sourced) and not getattr(src, "bare", False):
            if isinstance(plain(src), int):  # a loop bound read from the config, for facts
                c.interp.ranges.append((plain(src), src.key, src.file, src.line))
    from driftcheck.parsers.source.interp import numproto

    if any(numproto.applies(unwrap(a)) for a in args):
        args = [numproto.as_index(c.interp, a) for a in args]
        if any(isinstance(plain(a), Unknown) or numproto.applies(unwrap(a)) for a in args):
            return c.unknown("range() of an object without a usable __index__ (TypeError)")
    return py_call("range", c.interp, args, c.kwargs)


@B.entry("slice", doc="slice(stop) / slice(start, stop[, step]) of known values")
def _slice(c: Call) -> Any:
    pa = [plain(a) for a in c.args]
    if not 1 <= len(pa) <= 3 or any(
        not (x is None or isinstance(x, int) and not isinstance(x, bool)) for x in pa
    ):
        return c.unknown("slice() of unknown bounds")
    return slice(*pa)


@B.entry(
    "isinstance",
    doc="isinstance(x, T): decided for plain values, classes read from source, torch layers",
)
def _isinstance(c: Call) -> Any:
    return (
        c.interp.items.isinstance(c.args[0], c.args[1])
        if len(c.args) == 2
        else Unknown("isinstance")
    )


@B.entry("issubclass", doc="issubclass(C, T) for classes read from source (MRO), else unknown")
def _issubclass(c: Call) -> Any:
    from driftcheck.parsers.source.interp import classtype

    if len(c.args) != 2:
        return c.unknown()
    sub, base = plain(c.args[0]), typeunion.members(plain(c.args[1]))  # ``A | B``: (A, B)
    bases = base if isinstance(base, tuple) else (base,)
    if len(bases) == 1 and isinstance(bases[0], Cls):
        own = _subclasscheck(c, bases[0])
        if own is not None:
            return own
    got = _issubclass_mro(c, sub, bases)
    for b in bases:  # ``abc.ABCMeta``'s register() / __subclasshook__, a metaclass's check
        if isinstance(b, Cls) and (got is not True or classtype.may_deny(c.interp, b)):
            hook = classtype.virtual_hook(c.interp, b)
            if isinstance(hook, str):
                return c.unknown(f"issubclass: {hook}")
            if hook and got is not True:  # registered on ``b`` (or a subclass): theirs
                reg = _issubclass(dataclasses.replace(c, args=[c.args[0], hook]))
                if reg is True or isinstance(reg, Unknown):
                    return reg if reg is True else c.unknown("issubclass via register()")
    return got


def _subclasscheck(c: Call, base: Any) -> Any:
    """``issubclass(C, base)`` where ``type(base)`` is a metaclass read from source whose MRO
    defines ``__subclasscheck__`` in source: CPython calls ``type(base).__subclasscheck__(base,
    C)`` (no shortcut for ``C is base``, unlike ``isinstance``) and takes the truth of its
    answer; unknown where that is not a plain value. None where no such hook applies."""
    from driftcheck.parsers.source.interp import classtype

    meta = classtype.class_type(c.interp, base)
    if not isinstance(meta, Cls):
        return None
    ok, fn, where = c.interp.classes.mro_attr(meta, "__subclasscheck__")
    if not ok or not isinstance(fn, Func) or not isinstance(where, Cls):
        return None
    got = plain(c.interp.calls.call_func(c.interp.attrs.bind(fn, base), [c.args[0]], {}))
    if got is None or isinstance(got, (bool, int, float, str)):
        return bool(got)
    return c.unknown(f"issubclass: {meta.name}.__subclasscheck__ answered a value not known")


def _issubclass_mro(c: Call, sub: Any, bases: tuple) -> Any:
    """``issubclass(sub, bases)`` by the MROs alone (no metaclass hook)."""
    from driftcheck.parsers.source.values.abstract import Cls

    if isinstance(sub, ExtClass):
        got = _torch_nn_subclass(Ext(sub.qual), bases)  # ``type(layer)``: the shipped table
        return _ext_subclass(c, sub, bases) if got is None else got
    if isinstance(sub, Ext):
        got = _torch_nn_subclass(sub, bases)
        if got is not None:
            return got
    if not isinstance(sub, Cls) or not all(isinstance(b, (Cls, Ext)) for b in bases):
        return c.unknown()
    mro = sub.mro()
    for b in bases:
        if (
            b in mro
            or isinstance(b, Ext)
            and any(isinstance(m, Ext) and m.qual == b.qual for m in mro)
        ):
            return True
    if any(isinstance(b, Ext) and b.qual in _NN_MODULE for b in bases):
        from driftcheck.parsers.source.library.torchlib import ext_class

        for m in mro:  # a torch layer base the namespace table knows (``_InstanceNorm``)
            known = ext_class(m.qual) if isinstance(m, Ext) else None
            if known is not None and known.module:
                return True
    if any(isinstance(m, Ext) for m in mro) and any(isinstance(b, Ext) for b in bases):
        return c.unknown("issubclass() through a library base")
    return False


_NN_MODULE = dunders.NN_MODULE


def _torch_nn_subclass(sub: Ext, bases: tuple) -> bool | None:
    """``issubclass(conv_op, nn.Conv2d)`` with ``conv_op = nn.Conv3d`` (dynamic-network-
    architectures' ``maybe_convert_scalar_to_list``): answered from the shipped table of torch.nn
    classes' ancestors (the same with and without torch installed). False only against public
    torch.nn classes the table holds (a mixin it does not list stays unknown); None (unknown)
    for any class it does not hold."""
    from driftcheck.parsers.source.library.torchlib import is_nn_class, shipped_mro

    if not sub.qual.startswith("torch.nn.") or sub.qual.startswith("torch.nn.functional."):
        return None
    mro = shipped_mro(sub.qual)
    if mro is None:
        return None
    for b in bases:
        if isinstance(b, Cls):
            continue  # a class read from analyzed source is no base of a torch class
        if not isinstance(b, Ext) or not b.qual.startswith("torch.nn."):
            return None
        short = b.qual.rsplit(".", 1)[-1]
        if short in mro:
            return True
        if not is_nn_class(f"torch.nn.{short}") and short not in _torch_nn_ancestors():
            return None
    return False


@cache
def _torch_nn_ancestors() -> frozenset[str]:
    """Every nn.Module class the shipped ancestor table names (``_BatchNorm``, ``_ConvNd``):
    a class absent from a layer's complete list of nn.Module ancestors is not its base."""
    from driftcheck.parsers.source.library.torchlib import _shipped_table

    return frozenset(n for names in _shipped_table().get("mro", {}).values() for n in names)


def _ext_subclass(c: Call, sub: ExtClass, bases: tuple) -> Any:
    """issubclass of a library class known from a module's namespace: itself, and
    ``nn.Module`` for the torch.nn classes; a class read from analyzed source is no base of a
    torch class; anything else unknown."""
    unknown = False
    for b in bases:
        if isinstance(b, Ext) and (b.qual == sub.qual or sub.module and b.qual in _NN_MODULE):
            return True
        if isinstance(b, Cls) and sub.qual.startswith("torch."):
            continue
        if isinstance(b, Ext) and b.qual in _NN_MODULE:
            continue  # not a module class
        unknown = True
    return c.unknown("issubclass() of a library class") if unknown else False


@B.entry("staticmethod", doc="staticmethod(f): f, not bound when read through a class")
def _staticmethod(c: Call) -> Any:
    f = plain(c.args[0]) if len(c.args) == 1 else None
    if not isinstance(f, Func):
        return c.args[0] if len(c.args) == 1 else Unknown("staticmethod")
    return Func(f.node, f.mod, f.closure, f.owner, None, is_static=True)


@B.entry("classmethod", doc="classmethod(f): f bound to the class it is read through")
def _classmethod(c: Call) -> Any:
    f = plain(c.args[0]) if len(c.args) == 1 else None
    if not isinstance(f, Func):
        return Unknown("classmethod")
    return Func(f.node, f.mod, f.closure, f.owner, None, is_classmethod=True)


@B.entry("hasattr", doc="hasattr(obj, name) for objects, configs, classes and plain values")
def _hasattr(c: Call) -> Any:
    if len(c.args) != 2:
        return Unknown("hasattr")
    return c.interp.items.hasattr(c.args[0], plain(c.args[1]))


B.add(
    "__import__",
    lambda c: _import_by_name(c, True),
    "__import__(name): the top-level package, when installed",
)


# the stdlib namespace classes ``dir()`` lists (library/stdlib.py ``_namespace``)
_NAMESPACES: dict[str, type] = {
    "argparse.Namespace": argparse.Namespace,
    "types.SimpleNamespace": types.SimpleNamespace,
}


def _own_dir(c: Call, obj: Obj) -> Any:
    """``dir(obj)`` where a class read from source (not torch's) in ``type(obj)``'s MRO
    defines ``__dir__``: CPython calls it and returns its items as a sorted list (a task list
    switched on per instance); items that are not all known strings: unknown. None where no
    such method applies (the other rules, or unknown)."""
    _, fn, where = dunders.source_lookup(c.interp, obj.cls, "__dir__")
    if fn is None or dunders.torch_class(where):  # (was ``startswith("torch")``: session 32,
        return None  # a ``torchtasks`` / ``torch_geometric`` class's own ``__dir__`` runs too)
    got = c.interp.calls.call_func(c.interp.attrs.bind(fn, obj), [], {})
    items = c.interp.items.iterate(got)
    names = [plain(x) for x in items] if items is not None else None
    if names is None or not all(isinstance(n, str) for n in names):
        return c.unknown(f"dir() through {where.name}.__dir__ of items we cannot list")
    return sorted(names)


@B.entry(
    "dir",
    doc="dir(module): the names its source binds at top level (torch's read from disk; "
    "without torch, the shipped dir() of torch.nn and torch.nn.functional)",
)
def _dir(c: Call) -> Any:
    """``'hardswish' in dir(torch.nn.functional)``: a feature test of the installed version,
    answered from the module's source (found on disk, never imported); a module we cannot
    find, or any other value, is unknown."""
    from driftcheck.parsers.source.interp.attrs import ModRef
    from driftcheck.parsers.source.library import torchlib
    from driftcheck.parsers.source.loader import parse_file

    x = plain(c.args[0]) if len(c.args) == 1 else None
    mod = None
    if x.__class__ is Obj and isinstance(x.cls, Cls) and not x.kind:
        own = _own_dir(c, x)  # the class's own ``__dir__``, sorted as ``dir()`` does
        if own is not None:
            return own
    if isinstance(x, Cls):  # a class read from source: its MRO's names (library/classdir.py)
        from driftcheck.parsers.source.library.classdir import class_dir

        return class_dir(c, x)
    if isinstance(x, Config) and x.made_by in _NAMESPACES and not x.aliases:
        # ``dir(argparse.Namespace(a=1))``: its fields and the namespace class's own names, as
        # Python lists them (momentfm copies a Namespace by ``for a in dir(ns)``)
        own = dir(_NAMESPACES[x.made_by]())
        if all(isinstance(k, str) for k in x.fields):
            return sorted({*x.fields, *own})
    if isinstance(x, ModRef):
        mod = x.mod
    elif isinstance(x, Ext):
        path = c.interp.finder.find(x.qual)
        if path is not None:
            try:
                mod = parse_file(path, x.qual, getattr(c.interp, "ast_store", {}))
            except Exception:  # noqa: BLE001 - a file we cannot read: unknown
                mod = None
        elif (shipped := torchlib.shipped_dir(x.qual)) is not None:
            return shipped  # torch not installed (core install): the shipped table
    if mod is None or mod.stars or mod.is_pkg:  # star imports, submodules: names not listed
        return c.unknown("dir() of a value we cannot list")
    return sorted({*mod.defs, *mod.assigns, *mod.imports})


@B.entry(
    "getattr",
    doc="getattr(obj, name[, default]): the default only when the attribute is known absent",
)
def _getattr(c: Call) -> Any:
    if len(c.args) < 2 or not isinstance(plain(c.args[1]), str):
        return Unknown("getattr")
    obj, nm = c.args[0], plain(c.args[1])
    if len(c.args) > 2 and c.interp.items.hasattr(obj, nm) is not True:
        has = c.interp.items.hasattr(obj, nm)
        return c.args[2] if has is False else Unknown(f"getattr {nm}")
    return c.interp.attrs.getattr(obj, nm, (str(c.loc[0]), c.loc[1]))


def setattr_call(interp: Any, obj: Any, name: Any, v: Any, loc: tuple) -> None:
    """``setattr(obj, name, v)`` as the builtin does it, from library code modelled in Python
    (``argparse.Namespace.__init__``: library/machine.py)."""
    _setattr_args(interp, [obj, name, v], loc)


@B.entry("setattr", doc="setattr(obj, name, v): an attribute write with nn.Module semantics")
def _setattr(c: Call) -> Any:
    return _setattr_args(c.interp, c.args, c.loc)


def _setattr_args(interp: Any, args: list, loc: tuple) -> Any:
    from driftcheck.parsers.source.interp import gradflag, submodpath

    key = plain(args[1]) if len(args) > 1 else None
    if key == "requires_grad" or not isinstance(key, str):
        gradflag.written(interp, "requires_grad")  # a flag maybe written (interp/gradflag.py)
    if len(args) == 3:
        submodpath.written(plain(args[0]), plain(args[1]), args[2], loc)
    if len(args) == 3 and isinstance(plain(args[1]), str):
        obj = plain(args[0])
        if isinstance(obj, Obj) and not obj.module:
            # a plain object: as ``obj.name = v`` (its class's data descriptors, property
            # setters and own ``__setattr__`` run; a write of a known name skipped them and
            # ``setattr(hp, "d", 3)`` kept 3 where the class's hook stored 6)
            interp.attrs.setattr(obj, plain(args[1]), args[2], loc[1], None)
        elif isinstance(obj, Obj) and interp.attrs.module_setattr(obj, plain(args[1]), args[2]):
            pass  # the class's own ``__setattr__`` ran (interp/attrs.py ``module_setattr``)
        elif isinstance(obj, Obj):
            interp.attrs.register(obj, plain(args[1]), args[2], loc[1])
        elif isinstance(obj, (Config, Leaf, Cls)) or (
            isinstance(obj, Func) and plain(args[1]) in ("__defaults__", "__kwdefaults__")
        ):
            interp.attrs.setattr(obj, plain(args[1]), args[2], loc[1], None)
        elif _module_ref(obj):  # a module's global (interp/selfmodule.py)
            from driftcheck.parsers.source.interp import selfmodule

            selfmodule.set_global(interp, obj.mod, plain(args[1]), args[2], loc[1])
    elif len(args) == 3:
        obj = plain(args[0])
        if isinstance(obj, Obj) and interp.attrs.module_setattr(obj, args[1], args[2], loc):
            return None  # unresolved, naming its own ``__setattr__`` (interp/attrs.py)
        if isinstance(obj, Cls):
            # a class attribute of a name we cannot compute (gin's ``setattr(cls,
            # construction_fn.__name__, wrapper)``): any of its names may now be the value, its
            # ``__init__`` too (objmodel.class_attr reads every name of it as unknown)
            where = f"{Path(str(loc[0])).name}:{loc[1]}"
            obj.ns[UNNAMED_SETATTR] = (
                f"setattr at {where} on class {obj.name} under an unknown name"
            )
        unnamed_setattr(obj, plain(args[1]), args[2], loc)
    return None


@B.entry(
    "object.__setattr__",
    doc="object.__setattr__(obj, name, v): the plain write (a frozen dataclass's __post_init__)",
)
def _object_setattr(c: Call) -> Any:
    """``object.__setattr__(self, "dims", ...)`` in a frozen dataclass's ``__post_init__``
    (``self.dims = ...`` raises there): the field written past the class's own
    ``__setattr__``. On a module it is a plain attribute (``Module.__setattr__`` is not
    called: a layer stored so is not registered, as in torch)."""
    if len(c.args) != 3:
        return Unknown("object.__setattr__ with unknown arguments")
    obj, name, v = plain(c.args[0]), plain(c.args[1]), c.args[2]
    if not isinstance(name, str):
        unnamed_setattr(obj, name, v, c.loc)
        if isinstance(obj, Config):  # some field changed: none of them is known any more
            for k in obj.fields:
                obj.fields[k] = Unknown(f"object.__setattr__ under an unknown name ({_nm(name)})")
        return None
    if isinstance(obj, Config):
        obj.fields[obj.aliases.get(name, name)] = v
    elif isinstance(obj, Obj):
        from driftcheck.parsers.source.library.machine import object_setattr

        # on a module too: a plain attribute, never registered (gpytorch's variational
        # strategy keeps its parent model so, out of ``_modules``: torch does not count it)
        object_setattr(obj, [name, v])
    return None


@B.entry(
    "object.__getattribute__",
    doc="object.__getattribute__(obj, name): the plain read, past a class's own __getattribute__",
)
def _object_getattribute(c: Call) -> Any:
    """``object.__getattribute__(self, name)`` (a class's own ``__getattribute__`` handing the
    names it does not rewrite on): the read as ``object`` makes it -- data descriptors, the
    instance's namespace, the class's attributes -- without calling that class's
    ``__getattribute__`` again (interp/attrs.py ``user_getattribute``)."""
    if len(c.args) != 2 or c.kwargs:
        return Unknown("object.__getattribute__ with unknown arguments")
    obj, name = plain(c.args[0]), plain(c.args[1])
    if not isinstance(obj, Obj) or not isinstance(name, str):
        return Unknown("object.__getattribute__ of a value or name not known")
    busy = c.interp.attrs._in_getattribute
    key = (id(obj), name)
    fresh = key not in busy
    busy.add(key)
    try:
        return c.interp.attrs.getattr(obj, name)
    finally:
        if fresh:
            busy.discard(key)


def _module_ref(obj: Any) -> bool:
    """A module object read from source (``sys.modules[__name__]``, ``import m``)."""
    from driftcheck.parsers.source.interp.attrs import ModRef

    return isinstance(obj, ModRef) and obj.mod is not None


@B.entry(
    "delattr",
    doc="delattr(obj, name): as ``del obj.name`` (torch's ``__delattr__`` unregisters a "
    "parameter or layer); an unknown name on a module leaves it unresolved",
)
def _delattr(c: Call) -> Any:
    obj, name = c.plain(0, "obj"), c.plain(1, "name")
    if isinstance(name, str):
        c.interp.stmts.delete_attr(obj, name, c.loc[1])
    elif isinstance(obj, Leaf) or (isinstance(obj, Obj) and obj.module):
        obj.unresolved.append(f"delattr under an unknown name at {c.where}")
    return None


def unnamed_setattr(obj: Any, name: Any, v: Any, loc: tuple) -> None:
    """``setattr(self, f"layer{i}", nn.Linear(...))`` under a name we cannot compute (a loop
    over an unknown count): torch registers the layer under some name, so the module is
    unresolved with a note, never counted without it (a plain value changes nothing)."""
    from driftcheck.parsers.source.interp import opaque

    x = plain(v)
    if x is None and (isinstance(obj, Leaf) or (isinstance(obj, Obj) and obj.module)):
        # ``setattr(mod, name, None)`` over ``mod._parameters`` (a hypernetwork stripping its
        # target's weights): torch unregisters the parameter or layer of that name, if any
        owned = isinstance(obj, Leaf) or obj.params or obj.children
        if owned:
            where = f"{Path(str(loc[0])).name}:{loc[1]}"
            obj.unresolved.append(
                f"setattr at {where} of None under an unknown name ({_nm(name)}): "
                "a parameter or layer of that name is removed"
            )
        return
    if not (isinstance(obj, Obj) and obj.module):
        return
    if is_module(x) or opaque.may_be_module(x) or (isinstance(x, Tensor) and x.param):
        where = f"{Path(str(loc[0])).name}:{loc[1]}"
        obj.unresolved.append(f"setattr at {where} of a layer under an unknown name ({name!r})")


@B.entry(
    "type", doc="type(x): the class of an object or config read from source, else the builtin type"
)
def _type(c: Call) -> Any:
    if len(c.args) == 3 and not c.kwargs:
        return _new_class(c)
    if c.args and c.args[0].__class__.__name__ == "ReadOnlyView":
        return c.unknown("type() of a types.MappingProxyType")  # not the dict it views
    v = plain(c.args[0]) if c.args else None
    if isinstance(v, Obj) and v.cls is not None:
        return v.cls
    if isinstance(v, Config) and v.cls is not None:
        return v.cls
    if isinstance(v, Leaf):  # a catalogue layer: its torch class (interp/leafclass.py)
        from driftcheck.parsers.source.interp.leafclass import leaf_class

        return leaf_class(v)
    if isinstance(v, Unknown):
        return v
    if isinstance(v, Cls):  # a class read from source: its metaclass (interp/classtype.py)
        from driftcheck.parsers.source.interp.classtype import class_type

        return class_type(c.interp, v)
    layer = _torch_layer_type(v)
    if layer is not None:
        return layer
    if isinstance(v, Ext) and v.qual.startswith("torch.nn."):
        from driftcheck.graph import catalogue

        if (
            catalogue.get(v.qual.rsplit(".", 1)[-1]) is not None
            or (isinstance(v, ExtClass) and v.module)
            or v.qual in dunders.NN_MODULE
        ):
            # a torch layer class (``nn.InstanceNorm2d``) or ``nn.Module`` itself: its type is
            # ``type`` (torch gives nn.Module no metaclass; ``class Meta(type(nn.Module))``), so ``type(norm) == functools.partial`` is decided
            return Ext("builtins.type")
    lib = getattr(v, "library_type", None)
    if lib is not None:  # a library value (functools.partial): its own type, as isinstance sees it
        return Ext(lib)
    callable_type = builtin_callable_type(v)
    if callable_type is not None:  # ``type(sum)``, ``type(object.__init__)``: CPython's own
        return Ext(f"builtins.{callable_type.__name__}")
    if _builtin_class(v):  # ``type(int)``, ``type(type)``: every builtin class's is ``type``
        return Ext("builtins.type")
    if v is None or isinstance(v, _BUILTIN_TYPES):
        return Ext(f"builtins.{type(v).__name__}")
    # an analyzer value of no Python type we model (tensor, layer, function...): never a
    # made-up builtin that a comparison would then confidently find unequal
    return Unknown(f"type() of {type(v).__name__}")


# the types of CPython's callables written in C (``type(sum)``, ``type(object.__init__)``,
# ``type(object.__call__)``, ``type(str.join)``); no class can subclass them, so a function or
# class read from source, or any instance of one, is never an instance of them
BUILTIN_CALLABLE_TYPES = {
    t.__name__: t for t in (type(sum), type(object.__init__), type(object.__call__), type(str.join))
}


def builtin_callable_type(v: Any) -> type | None:
    """The CPython type of ``v`` when ``v`` names a builtin (``Ext("builtins.sum")``, its
    attribute ``builtins.object.__init__``) that is a C-level callable; None otherwise."""
    if not isinstance(v, Ext) or not v.qual.startswith("builtins."):
        return None
    import builtins

    real: Any = builtins
    for part in v.qual.split(".")[1:]:
        real = getattr(real, part, _NO_ATTR)
        if real is _NO_ATTR:
            return None
    t = type(real)
    return t if BUILTIN_CALLABLE_TYPES.get(t.__name__) is t else None


_NO_ATTR = object()


def _builtin_class(v: Any) -> bool:
    """``v`` names a class of CPython's ``builtins`` (``Ext("builtins.type")``, ``int``)."""
    if not isinstance(v, Ext) or not v.qual.startswith("builtins.") or v.qual.count(".") != 1:
        return False
    import builtins

    real = getattr(builtins, v.qual.split(".", 1)[1], None)
    return isinstance(real, type) and type(real) is type


def _torch_layer_type(v: Any) -> Ext | None:
    """``type(layer)`` of a torch layer of the catalogue (``nn.Linear(...)``) or a torch
    container (``nn.Sequential(...)``): its torch class, as ``issubclass(type(vf), nn.Module)``
    asks (torchdyn's ``standardize_vf_call_signature``). None for a layer of unknown type or one
    that is not torch's own (its class is then not known here)."""
    from driftcheck.graph import catalogue

    if isinstance(v, Leaf):
        q = v.torch or f"torch.nn.{v.type}"
        if v.type == "Unknown" or catalogue.get(v.type) is None or not q.startswith("torch.nn."):
            return None
    elif isinstance(v, Obj) and v.module and v.cls is None and v.kind and v.qual:
        q = v.qual
        if not q.startswith("torch.nn.") or q.rsplit(".", 1)[-1] != v.kind:
            return None
    else:
        return None
    from driftcheck.parsers.source.library.torchlib import is_nn_class

    q = f"torch.nn.{q.rsplit('.', 1)[-1]}"
    return ExtClass(q, module=True) if is_nn_class(q) else None


def _new_class(c: Call) -> Any:
    """``type(name, bases, namespace)``: a class as the class statement would make it, its
    namespace the dict's entries (a config object: ``type("Args", (), dict(hidden=64))``)."""
    import ast

    from driftcheck.parsers.source.interp.statements import Frame

    name, bases, ns = (plain(a) for a in c.args)
    mod = next(
        (m for m in c.interp.mods.values() if m is not None and str(m.path) == str(c.loc[0])),
        None,
    )
    ok = isinstance(name, str) and isinstance(bases, (tuple, list)) and isinstance(ns, dict)
    if not ok or mod is None or not all(isinstance(k, str) for k in ns):
        return c.unknown("type() with a name, bases or namespace we cannot read")
    bases = [plain(b) for b in bases]
    if not all(isinstance(b, (Cls, Ext)) for b in bases):
        return c.unknown("type() with bases we cannot read")
    for b in bases:
        # a base's metaclass read from source would make the class (its ``__new__``): unknown
        meta = c.interp.calls.metaclass_of(b) if isinstance(b, Cls) else None
        if meta is not None and not (
            isinstance(plain(meta), Ext) and plain(meta).qual in ("builtins.type", "abc.ABCMeta")
        ):
            return c.unknown(f"type() of a subclass of {b.name} (a class with a metaclass)")
    node = ast.ClassDef(
        name=name, bases=[], keywords=[], body=[ast.Pass()], decorator_list=[], type_params=[]
    )
    node.lineno, node.col_offset = c.loc[1] or 0, 0
    ast.fix_missing_locations(node)
    frame = Frame(mod)
    made = Cls(name=name, mod=mod, node=node, bases=bases, ns={"__frame__": frame, **ns})
    for k, v in ns.items():
        # ``type.__new__`` calls each value's ``__set_name__(cls, name)``, in the namespace's
        # order, before ``__init_subclass__`` (objmodel ``set_name``: one that raises leaves
        # the attribute unknown)
        made.ns[k] = c.interp.classes.set_name(made, k, v)
    if any(isinstance(b, Cls) for b in bases):
        # ``type.__new__`` calls the nearest ``__init_subclass__`` (a registry of subclasses),
        # as the class statement does (interp/objmodel.py ``init_subclass``)
        c.interp.classes.init_subclass(made, frame)
    return made


_BUILTIN_TYPES = (
    bool,
    int,
    float,
    complex,
    str,
    bytes,
    list,
    tuple,
    dict,
    set,
    frozenset,
    range,
    slice,
)


@B.entry(
    "complex",
    doc="complex(real=0, imag=0) of known numbers, or complex(text): CPython's value; else unknown",
)
def _complex(c: Call) -> Any:
    """``complex(3, 4)``: a plain complex the interpreter computes on (``.real``, ``.imag``,
    arithmetic, ``abs``); an argument not a known number (or text), or one CPython refuses,
    is unknown."""
    if len(c.args) > 2 or set(c.kwargs) - {"real", "imag"}:
        return c.unknown("complex() with arguments not modelled")
    a = [plain(x) for x in c.args]
    k = {n: plain(v) for n, v in c.kwargs.items()}
    vals = [*a, *k.values()]
    num = (int, float, complex)
    if not all(type(v) in num or type(v) is bool for v in vals) and not (
        len(a) == 1 and not k and type(a[0]) is str and len(a[0]) <= 100
    ):
        return c.unknown("complex() of a value not a known number")
    try:
        return complex(*a, **k)
    except (TypeError, ValueError, OverflowError):
        return c.unknown("complex() that CPython refuses")


@B.entry(
    "callable",
    doc="callable(x): True for functions, classes, layers, library callables; False for "
    "plain values, tensors and configs; unknown for an unknown value",
)
def _callable(c: Call) -> Any:
    v = plain(c.args[0]) if c.args else Unknown("callable")
    if isinstance(v, Unknown):
        return Unknown("callable")
    if isinstance(v, (Func, Cls, Ext, Leaf)) or getattr(v, "_builtin", False):
        return True
    if getattr(v, "library_call", False):
        return True
    if isinstance(v, Obj):
        if v.module:
            return True
        return v.cls is not None and c.interp.classes.mro_attr(v.cls, "__call__")[0]
    if isinstance(v, (int, float, str, bytes, list, tuple, dict, set, frozenset, type(None))):
        return False
    if isinstance(v, (Tensor, Config, range, slice)):
        return False
    return Unknown("callable")


@B.entry(
    "vars",
    doc="vars(config): its fields as a dict; vars(module): the names an analyzed module binds, "
    "in source order, or a torch module's namespace (shipped table)",
)
def _vars(c: Call) -> Any:
    from driftcheck.parsers.source.interp.attrs import ModRef
    from driftcheck.parsers.source.library import torchlib

    v = plain(c.args[0]) if c.args else None
    if isinstance(v, Config):
        # the object's own namespace, live: ``vars(args).update(layers=2)`` changes ``args``
        # (a copy here left the Namespace as parsed: a confident wrong count, session 21)
        return dict(v.fields) if v.origin == "omegaconf" else v.fields
    if isinstance(v, ModRef) and v.mod is not None:
        if str(c.loc[0]) == str(v.mod.path):
            from driftcheck.parsers.source.library import wildlib

            # ``vars(sys.modules[__name__])`` in the module itself: its live namespace, as
            # ``globals()`` is (an update through it was dropped on a copy)
            return wildlib.ModGlobals(v.mod)
        return module_vars(c, v.mod)
    if isinstance(v, Cls):  # a class used as a namespace (library/classvars.py)
        from driftcheck.parsers.source.library.classvars import class_vars

        return class_vars(c, v)
    if isinstance(v, Obj) and not v.module:
        # ``vars(obj)`` is ``obj.__dict__``: the live attribute namespace of a plain object
        # (written through, as omegaconf-style nodes do), unknown where that is unknown
        return c.interp.attrs.getattr(v, "__dict__")
    if isinstance(v, Ext):
        ns = torchlib.namespace(v.qual)
        if ns is not None:
            return ns
    return UnknownContainer(f"vars() of a value we cannot read at {c.where}")


def module_vars(c: Call, mod: Any) -> Any:
    """The names module ``mod``'s source binds at its top level, in order, with their values.
    Unknown when a name may be bound out of sight (a star import, a conditional binding)."""
    if mod.stars:
        return UnknownContainer(f"vars() of {mod.name} (a star import) at {c.where}")
    names: list[str] = []
    for st in mod.tree.body:
        if isinstance(st, (ast.If, ast.Try, ast.For, ast.While, ast.With)):
            return UnknownContainer(
                f"vars() of {mod.name} (names bound under a statement) at {c.where}"
            )
        if isinstance(st, (ast.Import, ast.ImportFrom)):
            if isinstance(st, ast.ImportFrom) and st.level and st.module and mod.is_pkg:
                sub = st.module.split(".")[0]  # importing ``.sub`` binds the submodule too
                if sub not in names:
                    names.append(sub)
            for a in st.names:
                names.append(a.asname or a.name.split(".")[0])
        elif isinstance(st, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            names.append(st.name)
        elif isinstance(st, (ast.Assign, ast.AnnAssign)):
            targets = st.targets if isinstance(st, ast.Assign) else [st.target]
            for t in targets:
                if not isinstance(t, ast.Name):
                    return UnknownContainer(
                        f"vars() of {mod.name} (an unpacking assignment) at {c.where}"
                    )
                names.append(t.id)
    subs = {st.module.split(".")[0] for st in mod.tree.body if isinstance(st, ast.ImportFrom)}
    out: dict[str, Any] = {}
    for n in names:  # re-binding keeps the first position
        if n in subs and n not in mod.defs and n not in mod.assigns and n not in mod.imports:
            out[n] = NotAClass(f"module {mod.name}.{n}")
        else:
            out[n] = c.interp.names.global_lookup(mod, n)
    return out


def _exception(c: Call) -> Any:
    return Unknown("exception")


for _exc in ("ValueError", "TypeError", "KeyError", "NotImplementedError", "RuntimeError"):
    B.add(_exc, _exception, f"{_exc}(...): an exception value (raising it is a statement)")


INS = Group("inspect")


@INS.entry("isclass", doc="inspect.isclass(x): as isinstance(x, type)")
def _isclass(c: Call) -> Any:
    from driftcheck.parsers.source.interp.items import is_class

    return is_class(plain(c.args[0])) if len(c.args) == 1 else c.unknown()


class Sentinel:
    """What ``object()`` makes: a fresh object that is only ever itself. Libraries mark an
    argument left out with one (``default = object()`` and ``pool=default``, then ``if pool
    is default``); unmodelled, every such test was undecided and both branches ran."""

    __slots__ = ()
    memo_shared = True  # compared by identity: memo.py's copies keep the one object
    identity_eq = True  # ``==`` is identity (interp/membership.py)

    def __repr__(self) -> str:
        return "<object>"


@B.entry("object", doc="object(): a fresh sentinel, equal (and identical) only to itself")
def _object(c: Call) -> Any:
    if c.args or c.kwargs:
        return Unknown("object(...) with arguments")
    return Sentinel()


@B.entry(
    "type.__call__",
    doc="type.__call__(cls, *args, **kw) in a metaclass's __call__: the instance made as a "
    "class call makes it, without the metaclass hook again",
)
def _type_call(c: Call) -> Any:
    from driftcheck.parsers.source.values.abstract import Cls

    cls = plain(c.args[0]) if c.args else None
    if not isinstance(cls, Cls):
        return c.unknown("type.__call__ of a class not read from source")
    return c.interp.calls.instantiate(cls, list(c.args[1:]), dict(c.kwargs), c.loc, meta=False)


@B.entry(
    "dict.fromkeys",
    doc="dict.fromkeys(keys, value=None): every key bound to the one value, in the keys' order",
)
def _dict_fromkeys(c: Call) -> Any:
    """``dict.fromkeys(("q_heads", "kv_heads"), 1)``: a table of counts started at one value
    and raised by ``update`` after. Keys we cannot list, or a keyword, leave it unknown."""
    if c.kwargs or not 1 <= len(c.args) <= 2:
        return c.unknown("dict.fromkeys() with arguments we cannot read")
    keys = plain(c.args[0])
    if isinstance(keys, dict):
        keys = list(keys)
    if not isinstance(keys, (list, tuple, str, range, set, frozenset)):
        return c.unknown("dict.fromkeys() of keys we cannot list")
    if isinstance(keys, (set, frozenset)) and len(keys) > 1:
        return c.unknown("dict.fromkeys() of a set (its order is hash order)")
    value = c.args[1] if len(c.args) == 2 else None
    out: dict[Any, Any] = {}
    for k in keys:
        k = plain(k)
        if isinstance(k, Unknown) or not isinstance(k, (str, int, float, bool, tuple, type(None))):
            return c.unknown("dict.fromkeys() of a key we cannot read")
        out[k] = value
    return out


def _nm(name: Any) -> str:
    """An attribute name for a note: the unknown's reason, or the value's repr."""
    return f"unknown: {name.why}" if isinstance(name, Unknown) else repr(name)


@B.entry("ord", doc="ord(c) of a known one-character string")
def _ord(c: Call) -> Any:
    s = c.plain(0)
    if len(c.args) != 1 or c.kwargs or not isinstance(s, str) or len(s) != 1:
        return c.unknown("ord() of a value that is not a known character")
    return ord(s)


def _int_text(c: Call) -> Any:
    """``hex(64)`` / ``oct(8)`` / ``bin(5)`` of a known int (a bool is one): CPython's text."""
    i = c.plain(0)
    name = c.qual.rsplit(".", 1)[-1]
    if len(c.args) != 1 or c.kwargs or not isinstance(i, int) or abs(i) > 1 << 64:
        return c.unknown(f"{name}() of a value that is not a known int")
    return {"hex": hex, "oct": oct, "bin": bin}[name](i)


for _n in ("hex", "oct", "bin"):
    B.add(_n, _int_text, f"{_n}(i) of a known int: its text as CPython writes it")


@B.entry("chr", doc="chr(i) of a known code point")
def _chr(c: Call) -> Any:
    i = c.plain(0)
    if len(c.args) != 1 or c.kwargs or not isinstance(i, int) or not 0 <= i <= 0x10FFFF:
        return c.unknown("chr() of a value that is not a known code point")
    return chr(i)


_MAX_BYTES = 1 << 16  # a config blob; a longer one is no model's sizes


@B.entry("bytes", doc="bytes(ints), bytes(n), bytes(s, encoding) of known values (bounded)")
def _bytes(c: Call) -> Any:
    """``bytes([32, 8, 64, 4])``: sizes packed as a byte string (a C config header), read back
    by index. Bounded (a size limit); an unknown or out-of-range item is unknown."""
    if not c.args:
        return b""
    x = c.plain(0, "source")
    enc = c.plain(1, "encoding")
    if isinstance(x, str) and isinstance(enc, str):
        try:
            out = x.encode(enc)
        except (LookupError, UnicodeError):
            return c.unknown("bytes() of a string this encoding cannot encode")
        return out if len(out) <= _MAX_BYTES else c.unknown("bytes() over the size limit")
    if isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= _MAX_BYTES:
        return bytes(x)
    if isinstance(x, (bytes, list, tuple)) and len(x) <= _MAX_BYTES:
        if all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < 256 for i in x):
            return bytes(x)
    return c.unknown("bytes() of values we cannot read")


class ByteArray(list):
    """A ``bytearray`` of known bytes, held as the list of its ints: indexing gives an int
    and item writes change it in place as Python's do, and the interpreter already follows
    both for a list (a write under an unknown index makes every item unknown). Equal to the
    same bytes, as a bytearray is; ``bytes(b)`` reads it (``_bytes``)."""

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (bytes, bytearray)):
            return all(type(x) is int for x in self) and bytes(self) == other
        return list.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    __hash__ = None  # type: ignore[assignment]  # mutable, as a bytearray is


@B.entry(
    "bytearray",
    doc="bytearray(ints), bytearray(n), bytearray(s, encoding) of known values (bounded)",
)
def _bytearray(c: Call) -> Any:
    """``bytearray([32, 64, 2, 4])``: sizes packed as bytes in a mutable buffer, read back by
    index (``PACKED[0] * 8``). The same values ``bytes()`` reads, held as a ``ByteArray``."""
    if not c.args:
        return ByteArray()
    b = _bytes(c)
    return (
        ByteArray(b) if isinstance(b, bytes) else c.unknown("bytearray() of values we cannot read")
    )


@B.entry("bytes.fromhex", doc="bytes.fromhex(s) of a known hex string (bounded)")
def _bytes_fromhex(c: Call) -> Any:
    s = c.plain(0)
    if not isinstance(s, str) or len(s) > 2 * _MAX_BYTES:
        return c.unknown("bytes.fromhex() of a value that is not a known string")
    try:
        return bytes.fromhex(s)
    except ValueError:
        return c.unknown("bytes.fromhex() of a string that is not hex")


@B.entry("float.fromhex", doc="float.fromhex(s) of a known hex-float string (C99 ``0x1.8p7``)")
def _float_fromhex(c: Call) -> Any:
    """``int(float.fromhex("0x1p6"))``: sizes written as C99 hex floats (a firmware header's
    ``%a`` output); Python's own parse of a short known string."""
    s = c.plain(0)
    if not isinstance(s, str) or len(s) > 64 or len(c.args) != 1 or c.kwargs:
        return c.unknown("float.fromhex() of a value that is not a known short string")
    try:
        return float.fromhex(s)
    except ValueError:
        return c.unknown("float.fromhex() of a string that is not a hex float")


@B.entry(
    "memoryview",
    doc="memoryview(b) of known bytes: .cast(format) and .tolist() read them as Python does",
)
def _memoryview(c: Call) -> Any:
    """``memoryview(BLOB).cast("H").tolist()``: sizes packed as unsigned shorts in a byte
    string. The view is Python's own (read-only over an immutable ``bytes``)."""
    b = c.plain(0)
    if not isinstance(b, bytes) or len(c.args) != 1 or c.kwargs:
        return c.unknown("memoryview() of a value that is not known bytes")
    return memoryview(b)


@B.entry(
    "int.from_bytes",
    doc="int.from_bytes(b, byteorder='big', *, signed=False) of known bytes (at most 64 of them)",
)
def _int_from_bytes(c: Call) -> Any:
    """``int.from_bytes(b"\\x00\\x40", "big")``: sizes packed as bytes. Bounded: a long byte
    string would be a huge number no model size is."""
    b = c.plain(0, "bytes")
    order = c.plain(1, "byteorder", "big")
    signed = c.plain(2, "signed", False)
    if isinstance(b, (list, tuple)) and all(isinstance(x, int) for x in b):
        b = bytes(x for x in b if 0 <= x < 256) if all(0 <= x < 256 for x in b) else None
    if isinstance(b, memoryview) and b.nbytes <= 64:  # ``view[0:2]``: its bytes (a buffer)
        b = b.tobytes()
    if (
        not isinstance(b, bytes)
        or len(b) > 64
        or order not in ("big", "little")
        or not isinstance(signed, bool)
    ):
        return c.unknown("int.from_bytes() of values we cannot read")
    return int.from_bytes(b, order, signed=signed)


@B.entry(
    "str.maketrans",
    doc="str.maketrans(x[, y[, z]]) of known strings / a known dict: CPython's translation table",
)
def _str_maketrans(c: Call) -> Any:
    """``codes.translate(str.maketrans("cbr", "CBR", "-"))``: the table CPython makes (code
    points to code points, text or None), for ``str.translate`` (a str method, run as
    CPython's on known values). Bounded by the arguments' size."""
    pa = [plain(a) for a in c.args]
    if c.kwargs or not 1 <= len(pa) <= 3:
        return c.unknown("str.maketrans() with arguments we cannot read")
    if len(pa) == 1:
        ok = type(pa[0]) is dict and all(
            type(k) in (int, str) and (v is None or type(v) in (int, str)) for k, v in pa[0].items()
        )
    else:
        ok = all(type(x) is str for x in pa)
    if not ok or sum(len(x) for x in pa) > 100_000:
        return c.unknown("str.maketrans() of values we cannot read")
    try:
        return str.maketrans(*pa)
    except (TypeError, ValueError):
        return c.unknown("str.maketrans() that CPython refuses")
