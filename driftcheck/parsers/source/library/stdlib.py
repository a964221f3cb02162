"""The standard library model code leans on: functools, itertools, math, operator, collections,
dataclasses, enum, typing and copy.

Sequences are finite lists of abstract items (itertools results included: a later ``list()``
or loop enumerates them); every result's size is bounded (``sizes.SIZE_LIMIT``).
"""

from __future__ import annotations

import ast
import collections
import dataclasses
import heapq
import itertools
import keyword
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from driftcheck.parsers.source import sizes
from driftcheck.parsers.source.interp import reducecopy
from driftcheck.parsers.source.library import modmethods
from driftcheck.parsers.source.library.pybuiltins import (
    MATH,
    BuiltinMethod,
    ParamKind,
    lazy_effects,
    py_call,
)
from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.loader import unparse
from driftcheck.parsers.source.values.abstract import (
    WRAPPED,
    Cls,
    Config,
    Ext,
    Func,
    Leaf,
    Obj,
    Tensor,
    Unknown,
    UnknownModule,
    UnknownPlain,
    UnknownRun,
    has_run,
    is_module,
    plain,
    unwrap,
)

# ---------------------------------------------------------------------------------- functools
F = Group("functools")
LIBRARY_TYPES = frozenset(("functools.partial",))  # types whose instances are library values


@dataclass(eq=False)
class Partial:
    """``functools.partial(f, *args, **kw)``: calling it calls ``f`` with the arguments merged,
    whatever ``f`` is (a user class, a torch layer class, a function, another partial)."""

    func: Any
    args: tuple
    keywords: dict
    library_call: ClassVar[bool] = True  # called through ``call`` (objmodel.Calls.call)
    library_type: ClassVar[str] = "functools.partial"  # what ``isinstance`` compares

    def attr(self, name: str) -> Any:
        """``p.func``, ``p.args``, ``p.keywords`` (timm unbinds a partial norm layer)."""
        if name in ("func", "args", "keywords"):
            return getattr(self, name) if name != "keywords" else dict(self.keywords)
        return Unknown(f"partial attribute {name}")

    def call(self, interp: Any, args: list, kwargs: dict, loc: tuple) -> Any:
        f = plain(self.func)
        if isinstance(f, Unknown):
            # what it builds may hold weights: an unknown layer when assigned to a module
            return UnknownModule(f"functools.partial of {f.why} (called at {loc[0]}:{loc[1]})")
        return interp.calls.call(f, [*self.args, *args], {**self.keywords, **kwargs}, loc)


@F.entry(
    "partial",
    doc="partial(f, *a, **kw): a callable merging its arguments into f's (a class, torch layer, function or partial)",
)
def _partial(c: Call) -> Any:
    if not c.args:
        return c.unknown("partial() without a function")
    f = plain(c.args[0])
    if isinstance(f, Partial):  # partial(partial(f, a), b) == partial(f, a, b)
        return Partial(f.func, (*f.args, *c.args[1:]), {**f.keywords, **c.kwargs})
    return Partial(c.args[0], tuple(c.args[1:]), dict(c.kwargs))


@dataclass(eq=False)
class PartialMethod:
    """``functools.partialmethod(f, *args, **kw)`` as a class attribute: read on an instance
    it is ``partial(f, instance, *args, **kw)`` (CPython binds ``f`` first, as a method;
    ``objmodel``'s instance lookup calls ``bound_to``); read on the class or called
    unbound, ``f`` with the arguments merged."""

    func: Any
    args: tuple
    keywords: dict
    library_call: ClassVar[bool] = True
    library_method: ClassVar[bool] = True
    library_type: ClassVar[str] = "functools.partialmethod"

    def bound_to(self, inst: Any) -> Partial:
        f = plain(self.func)
        if isinstance(f, Partial):  # partialmethod(partial(g, a)) binds the instance first
            return Partial(f.func, (inst, *f.args, *self.args), {**f.keywords, **self.keywords})
        return Partial(self.func, (inst, *self.args), dict(self.keywords))

    def attr(self, name: str) -> Any:
        if name in ("func", "args", "keywords"):
            return getattr(self, name) if name != "keywords" else dict(self.keywords)
        return Unknown(f"partialmethod attribute {name}")

    def call(self, interp: Any, args: list, kwargs: dict, loc: tuple) -> Any:
        return Partial(self.func, self.args, self.keywords).call(interp, args, kwargs, loc)


@F.entry(
    "partialmethod",
    doc="partialmethod(f, *a, **kw): a class attribute that, read on an instance, is "
    "partial(f, instance, *a, **kw)",
)
def _partialmethod(c: Call) -> Any:
    if not c.args:
        return c.unknown("partialmethod() without a function")
    return PartialMethod(c.args[0], tuple(c.args[1:]), dict(c.kwargs))


@F.entry("reduce", doc="reduce(f, xs[, initial]): f folded over a known finite sequence")
def _reduce(c: Call) -> Any:
    items = c.interp.items.iterate(c.arg(1)) if len(c.args) > 1 else None
    if items is None:
        return c.unknown("reduce() over a value we cannot enumerate")
    if len(c.args) > 2:
        acc, rest = c.args[2], items
    elif items:
        acc, rest = items[0], items[1:]
    else:
        return c.unknown("reduce() of an empty sequence")
    for x in rest:
        acc = c.interp.calls.call(c.args[0], [acc, x], {}, c.loc)
    return acc


class CmpKeyed:
    """The key ``functools.cmp_to_key(cmp)(x)`` gives: CPython's ``KeyWrapper`` object, whose
    ``a < b`` is ``cmp(a.obj, b.obj) < 0`` (``>``, ``<=``, ``>=``, ``==`` likewise), ``cmp``
    interpreted here. ``sorted`` / ``list.sort`` / ``min`` / ``max`` / ``heapq`` compare the keys
    with Python's own sort; a comparison whose answer is not a known number raises TypeError,
    which each of them reads as an order not known (unknown, never a guessed order)."""

    __slots__ = ("cmp", "interp", "loc", "obj")
    library_type: ClassVar[str] = "functools.KeyWrapper"

    def __init__(self, cmp: Any, interp: Any, obj: Any, loc: tuple) -> None:
        self.cmp, self.interp, self.obj, self.loc = cmp, interp, obj, loc

    def _cmp(self, other: Any) -> int | float:
        if not isinstance(other, CmpKeyed):
            raise TypeError("a KeyWrapper compared with another value")
        got = plain(self.interp.calls.call(self.cmp, [self.obj, other.obj], {}, self.loc))
        if isinstance(got, bool):
            return int(got)
        if isinstance(got, (int, float)):
            return got
        raise TypeError("a comparison function whose answer is not known")

    def __lt__(self, other: Any) -> bool:
        return self._cmp(other) < 0

    def __gt__(self, other: Any) -> bool:
        return self._cmp(other) > 0

    def __le__(self, other: Any) -> bool:
        return self._cmp(other) <= 0

    def __ge__(self, other: Any) -> bool:
        return self._cmp(other) >= 0

    def __eq__(self, other: Any) -> bool:
        return self._cmp(other) == 0

    __hash__ = None  # type: ignore[assignment]  # CPython's KeyWrapper is unhashable


@dataclass(eq=False)
class CmpToKey:
    """``functools.cmp_to_key(cmp)``: called on an item, the key object ``CmpKeyed``."""

    func: Any
    library_call: ClassVar[bool] = True
    library_type: ClassVar[str] = "functools.KeyWrapper"

    def call(self, interp: Any, args: list, kwargs: dict, loc: tuple) -> Any:
        if len(args) != 1 or kwargs:
            return Unknown(f"a cmp_to_key() key called with {len(args)} arguments ({loc[1]})")
        return CmpKeyed(self.func, interp, args[0], loc)


@F.entry(
    "cmp_to_key",
    doc="cmp_to_key(cmp): a key whose comparisons run cmp (sorted / sort / min / max by it); "
    "a comparison not known: the order unknown",
)
def _cmp_to_key(c: Call) -> Any:
    if len(c.args) != 1 or c.kwargs:
        return c.unknown("cmp_to_key() with arguments other than one function")
    return CmpToKey(c.args[0])


def wrap_func(inner: Any, wrapped: Any) -> Any:
    """``update_wrapper(inner, wrapped)``: CPython stores ``wrapped`` as ``inner.__wrapped__``
    and copies its ``__module__``, ``__name__``, ``__qualname__``, ``__doc__`` onto ``inner``,
    which it hands back (the same function). A function of the analyzed code comes back as the
    same definition carrying ``wrapped`` under ``WRAPPED`` (machine.value_attr reads it); any
    other value comes back as it is."""
    f = plain(inner)
    if not isinstance(f, Func):
        return inner
    out = Func(f.node, f.mod, {**(f.closure or {}), WRAPPED: wrapped}, f.owner, f.bound)
    out.is_static, out.is_classmethod = f.is_static, f.is_classmethod
    name = getattr(f.node, "name", None)
    if f.closure is not None and name is not None and f.closure.get(name) is f:
        out.closure[name] = out  # a nested function seeing its own name sees the wrapper
    return out


def wrapped_attr(f: Func, name: str) -> Any:
    """``__wrapped__`` / ``__name__`` / ``__module__`` / ``__qualname__`` / ``__doc__`` of a
    function ``wrap_func`` marked: the wrapped function's own (unknown where it is not a
    function of the analyzed code)."""
    w = (f.closure or {}).get(WRAPPED)
    if name == "__wrapped__":
        return w
    src = plain(w)
    if isinstance(src, Func) and WRAPPED in (src.closure or {}):
        return wrapped_attr(src, name)
    if isinstance(src, Func) and name == "__name__":
        return src.name
    if isinstance(src, Func) and name == "__module__":
        return src.mod.name
    return Unknown(f"{name} copied by functools.wraps from a value not read")


def _wraps(c: Call) -> Any:
    """``@wraps(f)``: a decorator handing back the function it decorates, marked as wrapping
    ``f`` (``wrap_func``)."""
    if len(c.args) != 1 or c.kwargs:
        return c.unknown("wraps() with assigned / updated not read")
    wrapped = c.args[0]
    return BuiltinMethod(lambda a, k: wrap_func(a[0], wrapped) if len(a) == 1 and not k else None)


def _cache(c: Call) -> Any:
    """``lru_cache(fn)`` / ``cache(fn)``: ``fn`` with a cache handing back the same object for
    equal arguments; with options (``lru_cache(maxsize=1)``) a decorator (library/lrucache.py)."""
    from driftcheck.parsers.source.library.lrucache import lru_cache

    return lru_cache(c)


F.entry(
    "wraps",
    doc="wraps(f): a decorator returning the decorated function, whose __wrapped__ is f and "
    "whose __name__ / __module__ are f's",
)(_wraps)
F.entry(
    "lru_cache",
    "cache",
    doc="lru_cache / cache: the function with a cache (equal arguments: the same object)",
)(_cache)
F.entry("cached_property", doc="cached_property(f): a property (as the decorator is)")(
    lambda c: c.arg(0)
)


@F.entry(
    "update_wrapper", doc="update_wrapper(wrapper, f): the wrapper, its __wrapped__ f (as wraps)"
)
def _update_wrapper(c: Call) -> Any:
    if len(c.args) != 2 or c.kwargs:
        return c.arg(0)
    return wrap_func(c.args[0], c.args[1])


# ---------------------------------------------------------------------------------- itertools
IT = Group("itertools")
MAX_ITEMS = sizes.SIZE_LIMIT


def _lists(c: Call, args: list[Any]) -> list[list[Any]] | None:
    its = [c.interp.items.iterate(a) for a in args]
    return None if any(i is None for i in its) else its  # type: ignore[return-value]


def _lazy(items: list[Any], srcs: Any, left: Any = None) -> Any:
    """An itertools iterator: single-pass, reading its inputs as it is drained (``tuplesub.Once``
    watching ``srcs``: one changed before that makes it unknown)."""
    from driftcheck.parsers.source.interp import tuplesub  # a cycle at import

    # never position-aligned (``used`` None): chain's k-th item is not item k of each input
    return tuplesub.lazy_inputs(tuplesub.Once(items), srcs, left=left, producer="itertools")


def _bounded(c: Call, n: float) -> Unknown | None:
    return c.unknown(f"{c.qual}() over {MAX_ITEMS:,} items") if n > MAX_ITEMS else None


@IT.entry("chain", doc="chain(*xs): the items of known finite sequences, as a list")
def _chain(c: Call) -> Any:
    its = _lists(c, c.args)
    if its is None:
        return c.unknown("chain() over a value we cannot enumerate")
    return _bounded(c, sum(map(len, its))) or _lazy([x for it in its for x in it], c.args)


@IT.entry("chain.from_iterable", doc="chain.from_iterable(xss): flattened one level, as a list")
def _chain_from(c: Call) -> Any:
    outer = c.interp.items.iterate(c.arg(0))
    its = _lists(c, outer) if outer is not None else None
    if its is None:
        return c.unknown("chain.from_iterable() over a value we cannot enumerate")
    flat = [x for it in its for x in it]
    return _bounded(c, sum(map(len, its))) or _lazy(flat, [c.arg(0), *outer])


@IT.entry("compress", doc="compress(xs, selectors): the items whose selector is true, as a list")
def _compress(c: Call) -> Any:
    """``compress(CANDIDATES, USE)``: the rows a selector list keeps. Every selector must be
    a known truth value (an unknown one could keep or drop its item)."""
    its = _lists(c, [c.arg(0), c.arg(1, "selectors")]) if c.args else None
    if its is None:
        return c.unknown("compress() over a value we cannot enumerate")
    sel = [plain(s) for s in its[1]]
    if not all(isinstance(s, (bool, int, float, str, list, tuple, type(None))) for s in sel):
        return c.unknown("compress() with a selector we cannot read")
    return _lazy([x for x, s in zip(its[0], sel) if s], [c.arg(0), c.arg(1, "selectors")])


@IT.entry("product", doc="product(*xs, repeat=): the cartesian product, as a list (bounded)")
def _product(c: Call) -> Any:
    got = py_call("itertools.product", c.interp, c.args, c.kwargs)
    # an iterator (single-pass, no ``len``); its inputs were copied when it was made
    return _lazy(got, ()) if got.__class__ is list else got


IT.entry("cycle", doc="cycle(xs): a real endless iterator for next(); a loop over it is unknown")(
    lambda c: py_call("itertools.cycle", c.interp, c.args, c.kwargs)
)


@IT.entry(
    "repeat",
    doc="repeat(x, n): n times x, as a list; repeat(x): a real endless iterator (for islice "
    "and next(); a loop over it is unknown)",
)
def _repeat(c: Call) -> Any:
    n = c.plain(1, "times")
    if not c.args[1:] and "times" not in c.kwargs and c.args:
        # ``islice(repeat(spec), n_layers)``: endless, taken as far as islice/next take it
        return itertools.repeat(c.arg(0))
    if not isinstance(n, int) or isinstance(n, bool):
        return c.unknown("repeat() without a known count")
    if _bounded(c, n) is not None:
        return _bounded(c, n)
    from driftcheck.parsers.source.interp import tuplesub  # a cycle at import

    # an iterator (single-pass, no ``len``; its type has ``__length_hint__``: not "itertools")
    return tuplesub.lazy_inputs(tuplesub.Once([c.arg(0)] * max(n, 0)), (), producer="repeat")


@IT.entry("accumulate", doc="accumulate(xs[, f], initial=): running totals (or f), as a list")
def _accumulate(c: Call) -> Any:
    items = c.interp.items.iterate(c.arg(0))
    if items is None:
        return c.unknown("accumulate() over a value we cannot enumerate")
    f = c.arg(1, "func")
    lazy = lazy_effects(c.interp, f, [*c.args, *c.kwargs.values()], "itertools.accumulate")
    if lazy is not None:
        return lazy
    out: list[Any] = []
    acc = c.kwargs.get("initial")
    if acc is not None:
        out.append(acc)
    for x in items:
        if not out and acc is None:
            acc = x
        elif f is None:
            acc = c.interp.exprs.binop(ast.Add(), acc, x)
        else:
            acc = c.interp.calls.call(f, [acc, x], {}, c.loc)
        out.append(acc)
    return _lazy(out, c.args[:1])


@IT.entry("islice", doc="islice(xs, [start,] stop[, step]) of a known sequence, as a list")
def _islice(c: Call) -> Any:
    it = plain(c.arg(0))
    if isinstance(it, Iterator) and c.args[1:]:
        return _islice_iterator(c, it)
    items = c.interp.items.iterate(c.arg(0))
    bounds = [plain(a) for a in c.args[1:]]
    if items is None or not all(b is None or isinstance(b, int) for b in bounds) or not bounds:
        return c.unknown("islice() of unknown values")
    if len(bounds) == 1 and bounds[0] is not None and bounds[0] >= 0:
        # ``islice(g, n)`` pulls n items: a generator keeps the rest
        return _lazy(items[: bounds[0]], c.args[:1], items[bounds[0] :])
    return _lazy(items[slice(*bounds)], c.args[:1])


def _islice_iterator(c: Call, it: Iterator) -> Any:
    """``islice(cycle(PATTERN), n_layers)`` (a layer pattern repeated to the depth), or
    ``islice(iter(xs), a, b)``: the iterator (a real one over the abstract items, made by
    ``iter`` / ``itertools.cycle``) is advanced as CPython's islice would advance it, the
    items taken as a list. Taken when called, not lazily: code that reads the iterator
    between making the slice and looping over it is not modelled that way (rare). An
    unknown or unbounded stop (``islice(cycle(p), None)``, an endless slice) is unknown."""
    bounds = [plain(a) for a in c.args[1:]]
    stop = bounds[0] if len(bounds) == 1 else bounds[1]
    if not all(b is None or isinstance(b, int) and not isinstance(b, bool) for b in bounds):
        return c.unknown("islice() of unknown bounds")
    if stop is None or len(bounds) > 3:
        return c.unknown("islice() of an iterator without a stop")
    if stop > MAX_ITEMS:
        return _bounded(c, stop)
    try:
        return list(itertools.islice(it, *bounds))
    except ValueError:  # negative bounds or a zero step: CPython raises
        return c.unknown("islice() that would raise")


def _combinatoric(fn: Any, count: Any) -> Any:
    def impl(c: Call) -> Any:
        items = c.interp.items.iterate(c.arg(0))
        r = c.plain(1, "r", None if fn is itertools.permutations else Unknown("r"))
        if items is None or not (r is None or isinstance(r, int) and r >= 0):
            return c.unknown(f"{c.qual}() of unknown values")
        n = count(len(items), len(items) if r is None else r)
        # an iterator (single-pass, no ``len``); its input was copied when it was made
        return _bounded(c, n) or _lazy([tuple(t) for t in fn(items, r)], ())

    return impl


IT.add(
    "combinations",
    _combinatoric(itertools.combinations, math.comb),
    "combinations(xs, r) of a known sequence, as a list of tuples (bounded)",
)
IT.add(
    "permutations",
    _combinatoric(itertools.permutations, math.perm),
    "permutations(xs[, r]) of a known sequence, as a list of tuples (bounded)",
)


@IT.entry(
    "tee",
    doc="tee(xs, n=2): n independent iterators over a known list / tuple / range or iter() of "
    "one, advanced as CPython's",
)
def _tee(c: Call) -> Any:
    """``a, b = tee(widths); next(b, None); zip(a, b)``: consecutive width pairs (session 40,
    wildfix40a: fresh25's tee_pairwise_widths). Real ``itertools.tee`` iterators over the
    abstract items of a finite source (a list / tuple / range, ``iter`` of one, another tee),
    read by ``next`` / loops as ``iter(xs)``'s are; a generator, an object's own ``__iter__``
    or an endless ``cycle`` is unknown."""
    n = c.plain(1, "n", 2)
    if n.__class__ is not int or not 0 <= n <= 64:
        return c.unknown("tee() without a known count")
    from driftcheck.parsers.source.interp.items import _FINITE_ITERATORS

    it = plain(c.arg(0))
    if it.__class__ in (list, tuple, range) and not has_run(it):
        it = iter(it)
    elif type(it) not in _FINITE_ITERATORS:
        # a generator, an object's ``__next__``, an endless ``cycle``: not copied
        return c.unknown("tee() of an iterator we cannot copy")
    return tuple(itertools.tee(it, n))


@IT.entry("pairwise", doc="pairwise(xs): consecutive pairs of a known sequence, as a list")
def _pairwise(c: Call) -> Any:
    items = c.interp.items.iterate(c.arg(0))
    if items is None:
        return c.unknown("pairwise() over a value we cannot enumerate")
    return _lazy(list(zip(items, items[1:])), c.args[:1])


@IT.entry(
    "groupby",
    doc="groupby(xs, key=None): (key, items) of each run of equal keys of a known sequence, "
    "each run a list",
)
def _groupby(c: Call) -> Any:
    """``{kind: len(list(run)) for kind, run in groupby("PBBBNC")}``: the runs of equal
    keys (a layer plan's block count). Every key must be a known plain value (an unknown one
    could end a run or not)."""
    items = c.interp.items.iterate(c.arg(0))
    if items is None:
        return c.unknown("groupby() over a value we cannot enumerate")
    f = c.arg(1, "key")
    keys = [x if f is None else c.interp.calls.call(f, [x], {}, c.loc) for x in items]
    keys = [plain(k) for k in keys]
    if not all(isinstance(k, (bool, int, float, str, tuple, type(None))) for k in keys):
        return c.unknown("groupby() with a key we cannot read")
    out: list[Any] = []
    for k, x in zip(keys, items):
        if out and out[-1][0] == k:
            out[-1][1].append(x)
        else:
            out.append((k, [x]))
    return out


@IT.entry("zip_longest", doc="zip_longest(*xs, fillvalue=None) of known sequences, as a list")
def _zip_longest(c: Call) -> Any:
    its = _lists(c, c.args)
    if its is None:
        return c.unknown("zip_longest() over a value we cannot enumerate")
    return _lazy(list(itertools.zip_longest(*its, fillvalue=c.kwargs.get("fillvalue"))), c.args)


@IT.entry("starmap", doc="starmap(f, xs): f(*x) for each item, as a list")
def _starmap(c: Call) -> Any:
    items = c.interp.items.iterate(c.arg(1))
    if items is None:
        return c.unknown("starmap() over a value we cannot enumerate")
    lazy = lazy_effects(c.interp, c.args[0], list(c.args), "itertools.starmap")
    if lazy is not None:
        return lazy
    out = []
    for x in items:
        a = c.interp.items.iterate(x)
        if a is None:
            return c.unknown("starmap() of an item that is not a sequence")
        out.append(c.interp.calls.call(c.args[0], a, {}, c.loc))
    return _lazy(out, c.args[1:2])


def _lazy_while(c: Call, gen: Any, keep: bool) -> Any:
    """``takewhile(pred, (f(i) for i in count()))``: items are made one at a time until the
    test fails (Python's laziness: the endless expression is never enumerated). The item
    that failed the test is consumed, as in CPython; ``dropwhile`` of an endless one is
    endless (unknown)."""
    from driftcheck.parsers.source.interp.exprs import MAX_LOOP
    from driftcheck.parsers.source.interp.tuplesub import LAZY_LOST

    if not keep:
        return c.unknown("dropwhile() of an endless generator")
    out: list[Any] = []
    for _ in range(MAX_LOOP):
        x = gen.pull()
        if x is LAZY_LOST:
            return c.unknown("takewhile() of a generator with an item we cannot know")
        t = plain(c.interp.calls.call(c.args[0], [x], {}, c.loc))
        if not isinstance(t, (bool, int)):
            gen.lost = True
            return c.unknown("takewhile() with an unknown test")
        if not t:
            return out
        out.append(x)
    gen.lost = True
    return c.unknown(f"takewhile() over more than {MAX_LOOP:,} items")


def _while(keep: bool) -> Any:
    def impl(c: Call) -> Any:
        from driftcheck.parsers.source.interp import tuplesub
        from driftcheck.parsers.source.interp.tuplesub import LazyGen

        if isinstance(plain(c.arg(1)), LazyGen) and len(c.args) == 2 and not c.kwargs:
            return _lazy_while(c, plain(c.arg(1)), keep)
        items = c.interp.items.iterate(c.arg(1))
        if items is None:
            return c.unknown(f"{c.qual}() over a value we cannot enumerate")
        for i, x in enumerate(items):
            t = plain(c.interp.calls.call(c.args[0], [x], {}, c.loc))
            if not isinstance(t, (bool, int)):
                return c.unknown(f"{c.qual}() with an unknown test")
            if not t:
                if keep:
                    src = plain(c.arg(1))
                    if isinstance(src, tuplesub.ONE_SHOT) and not src.rest:
                        # takewhile reads its iterator up to the item that fails the test
                        # (consumed): the items after it stay for the next reader (a
                        # generator read on after it was left empty: 18 where torch has 24)
                        src.rest = list(items[i + 1 :])
                    return items[:i]
                return items[i:]
        return items if keep else []

    return impl


@IT.entry(
    "filterfalse",
    doc="filterfalse(pred or None, xs): the items pred rejects, when every test is a known "
    "plain value (a single-pass iterator)",
)
def _filterfalse(c: Call) -> Any:
    """``list(filterfalse(lambda w: w % 2, stages))``: CPython keeps the items whose test is
    false (``None``: the falsy items). Each test must be a plain value of known truth (an
    object's own ``__bool__`` or an unknown is not decided here: unknown)."""
    from driftcheck.parsers.source.interp import tuplesub  # a cycle at import
    from driftcheck.parsers.source.ops.operators import truth

    if len(c.args) != 2 or c.kwargs:
        return c.unknown("filterfalse() with arguments other than (pred, iterable)")
    items = c.interp.items.iterate(c.args[1])
    if items is None:
        return c.unknown("filterfalse() over a value we cannot enumerate")
    pred = plain(c.args[0])
    tests = [x if pred is None else c.interp.calls.call(c.args[0], [x], {}, c.loc) for x in items]
    flags = [truth(plain(t)) for t in tests]
    if any(f is None for f in flags):
        return c.unknown("filterfalse() with a test whose truth is not known")
    return tuplesub.lazy_inputs(
        tuplesub.Once([x for x, f in zip(items, flags) if not f]), c.args[1:], producer="itertools"
    )


IT.add("takewhile", _while(True), "takewhile(pred, xs): the leading items pred keeps")
IT.add("dropwhile", _while(False), "dropwhile(pred, xs): the items after the leading run")


@IT.entry(
    "count",
    doc="count(start, step) of known numbers: a real iterator, advanced by next() and islice() "
    "(effdet's FPN node ids); a loop or zip over it is not enumerated (endless: unknown)",
)
def _count(c: Call) -> Any:
    start, step = c.plain(0, "start", 0), c.plain(1, "step", 1)
    if not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in (start, step)):
        return c.unknown("itertools.count() of unknown numbers")
    return itertools.count(start, step)


# ---------------------------------------------------------------------------------- heapq
HQ = Group("heapq")


@HQ.entry(
    "nlargest",
    "nsmallest",
    doc="nlargest(n, xs, key=None) / nsmallest: the n largest (smallest) of a known finite "
    "sequence of known values, as a list (ties keep their order, as heapq's do)",
)
def _n_extreme(c: Call) -> Any:
    """``heapq.nlargest(1, SUPPORTED_WIDTHS)[0]``: the largest of a known list. A ``key``
    function is called on each item; any unknown item, key or count leaves it unknown."""
    n = c.plain(0, "n")
    items = c.interp.items.iterate(c.arg(1, "iterable")) if len(c.args) > 1 else None
    if not isinstance(n, int) or isinstance(n, bool) or items is None:
        return c.unknown(f"{c.qual}() of a count or sequence we cannot read")
    key = c.kwargs.get("key")
    if key is None or plain(key) is None:
        keys = [plain(x) for x in items]
    else:
        keys = [plain(c.interp.calls.call(key, [x], {}, c.loc)) for x in items]
    if any(isinstance(k, (Unknown, Tensor)) or not isinstance(k, (int, float, str)) for k in keys):
        return c.unknown(f"{c.qual}() over values we cannot compare")
    pick = heapq.nlargest if c.qual.endswith("nlargest") else heapq.nsmallest
    try:
        order = pick(n, range(len(items)), key=keys.__getitem__)
    except TypeError:
        return c.unknown(f"{c.qual}() over values of mixed types")
    return [items[i] for i in order]


class _MergeKey:
    """One item of ``heapq.merge``'s inputs: compares (``<``, ``==``) as its key does, so
    CPython's merge breaks ties by input order exactly as it does over the values."""

    __slots__ = ("item", "key")

    def __init__(self, item: Any, key: Any) -> None:
        self.item, self.key = item, key

    def __lt__(self, other: _MergeKey) -> bool:
        return self.key < other.key

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _MergeKey) and self.key == other.key

    __hash__ = None  # type: ignore[assignment]


@HQ.entry(
    "merge",
    doc="merge(*xs, key=None, reverse=False): CPython's merge over known finite sequences of "
    "comparable known values (or keys), as a list; any other item, key or flag unknown",
)
def _merge(c: Call) -> Any:
    """``list(heapq.merge(enc, extra, reverse=True))``: run by CPython's own ``merge`` over
    stand-ins comparing by the items' keys (inputs need not be sorted: the same interleaving
    CPython gives). Items are read when ``merge`` is called, as ``chain`` reads them."""
    if set(c.kwargs) - {"key", "reverse"}:
        return c.unknown("heapq.merge() with keywords not modelled")
    its = _lists(c, c.args)
    reverse = plain(c.kwargs.get("reverse", False))
    if its is None or any(has_run(it) for it in its) or type(reverse) is not bool:
        return c.unknown("heapq.merge() over a value we cannot enumerate")
    too_big = _bounded(c, sum(map(len, its)))
    if too_big is not None:
        return too_big
    key = c.kwargs.get("key")
    if key is None or plain(key) is None:
        keys = [[plain(x) for x in it] for it in its]
    else:
        keys = [[plain(c.interp.calls.call(key, [x], {}, c.loc)) for x in it] for it in its]
    if not all(_heap_value(k) for ks in keys for k in ks):
        return c.unknown("heapq.merge() over values we cannot compare")
    stand = [[_MergeKey(x, k) for x, k in zip(it, ks)] for it, ks in zip(its, keys)]
    try:
        return [m.item for m in heapq.merge(*stand, reverse=reverse)]
    except TypeError:  # Python refuses to compare two of them
        return c.unknown("heapq.merge() over values Python cannot compare")


# A heap is a list changed in place by ``heapify`` / ``heappush`` / ``heappop`` /
# ``heappushpop`` / ``heapreplace`` (sizes applied in priority order: ``(priority, key, value)``
# patches popped until the heap is empty). CPython's own functions run over stand-ins that
# compare by the items' known values (heapq asks only ``<``), so the list is left in exactly
# the order CPython leaves it and the item popped is the one CPython pops. An item whose value
# cannot be compared here (unknown, a tensor, an object with its own ``__lt__``), a list holding
# a run of unknown length, or a comparison Python refuses (TypeError) leaves every item of the
# heap unknown, its length kept where it is known: the list left unchanged was a confident
# wrong order. heappop of a known empty heap raises IndexError, as CPython's does.
_HEAP_LEAVES = (int, float, str, bytes, bool, type(None))


class _HeapKey:
    """One heap item's stand-in: compares as its value does (heapq asks ``<`` only)."""

    __slots__ = ("item", "key")

    def __init__(self, item: Any, key: Any) -> None:
        self.item, self.key = item, key

    def __lt__(self, other: _HeapKey) -> bool:
        return self.key < other.key


def _heap_value(v: Any, depth: int = 0) -> bool:
    """Whether ``v`` (plain) compares as Python compares it here: numbers, strings, bytes,
    None and tuples / lists of them."""
    if v.__class__ in _HEAP_LEAVES:
        return True
    if v.__class__ in (tuple, list) and depth < 8:
        return all(_heap_value(x, depth + 1) for x in v)
    return False


def _heap_lost(raw: list, length: int | None, why: str) -> Unknown:
    u = Unknown(f"an item of a heap in an order not known ({why})")
    raw[:] = [u] * length if length is not None else [UnknownRun(why)]
    return Unknown(why)


_HEAP_OPS = {"heapify": 1, "heappush": 2, "heappop": 1, "heappushpop": 2, "heapreplace": 2}


@HQ.entry(
    *_HEAP_OPS,
    doc="heapify(xs) / heappush(xs, x) / heappop(xs) / heappushpop(xs, x) / heapreplace(xs, x) "
    "on a known list of comparable known values (numbers, strings, tuples of them): the list "
    "changed in place as CPython changes it, the popped item; any other item leaves the heap's "
    "items unknown",
)
def _heap_op(c: Call) -> Any:
    name = c.qual.rsplit(".", 1)[-1]
    if c.kwargs or len(c.args) != _HEAP_OPS[name]:
        return c.unknown(f"heapq.{name}() with these arguments (TypeError)")
    raw = unwrap(c.args[0])
    if raw.__class__ is not list:  # a tuple, a deque, an unknown: CPython's TypeError or unknown
        return c.unknown(f"heapq.{name}() of a value that is not a known list")
    new = c.args[1:]
    grow = {"heappush": 1, "heappop": -1}.get(name, 0)
    if has_run(raw):
        return _heap_lost(raw, None, f"heapq.{name}() of a list of unknown length at {c.where}")
    if name in ("heappop", "heapreplace") and not raw:
        raise IndexError("index out of range")  # CPython's; a ``try`` around it catches it
    items = [*raw, *new]
    keys = [plain(x) for x in items]
    if not all(_heap_value(k) for k in keys):
        return _heap_lost(
            raw, len(raw) + grow, f"heapq.{name}() over items we cannot compare at {c.where}"
        )
    heap = [_HeapKey(x, k) for x, k in zip(items[: len(raw)], keys)]
    extra = [_HeapKey(x, k) for x, k in zip(new, keys[len(raw) :])]
    try:
        got = getattr(heapq, name)(heap, *extra)
    except TypeError:  # Python refuses to compare two of them: the program stops there
        return _heap_lost(
            raw, len(raw) + grow, f"heapq.{name}() over items Python cannot compare at {c.where}"
        )
    raw[:] = [h.item for h in heap]
    return got.item if isinstance(got, _HeapKey) else got


# ---------------------------------------------------------------------------------- math
M = Group("math")


def _math(name: str) -> Any:
    return lambda c: py_call(name, c.interp, c.args, c.kwargs)


_MATH_DOCS = {
    "sqrt": "sqrt(x)",
    "ceil": "ceil(x)",
    "floor": "floor(x)",
    "log": "log(x[, base])",
    "log2": "log2(x)",
    "log10": "log10(x)",
    "exp": "exp(x)",
    "gcd": "gcd(*xs)",
    "prod": "prod(xs) (result size checked first)",
    "isqrt": "isqrt(n)",
    "pow": "pow(x, y)",
    "trunc": "trunc(x)",
    "fabs": "fabs(x)",
    "lcm": "lcm(*xs) (result size checked first)",
    "isclose": "isclose(a, b)",
    "isinf": "isinf(x)",
    "isnan": "isnan(x)",
}
for _n, _d in _MATH_DOCS.items():
    M.add(_n, _math(f"math.{_n}"), f"{_d} of known numbers")


def _numeric(fn: Any, bits: bool = False) -> Any:
    def impl(c: Call) -> Any:
        pa = [plain(a) for a in c.args]  # numbers, or points of numbers (``dist``)
        if not pa or not all(
            isinstance(x, (int, float))
            or isinstance(x, tuple)
            and all(isinstance(y, (int, float)) for y in x)
            for x in pa
        ):
            return c.unknown(f"{c.qual}() of unknown values")
        if bits and any(isinstance(x, int) and x > 10_000 for x in pa):
            return c.unknown(f"{c.qual}() of a large number")
        try:
            return fn(*pa)
        except (ValueError, TypeError, OverflowError, ZeroDivisionError):
            return c.unknown()

    return impl


for _n in (
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "atan2",
    "sinh",
    "cosh",
    "tanh",
    "hypot",
    "degrees",
    "radians",
    "log1p",
    "expm1",
    "copysign",
    "fmod",
    "modf",
    "erf",
    "erfc",
    "isfinite",
    "frexp",
    "ldexp",
    "remainder",
    "dist",
):
    M.add(_n, _numeric(getattr(math, _n)), f"{_n}() of known numbers")
M.add("comb", _numeric(math.comb, bits=True), "comb(n, k) of known ints (n up to 10,000)")
M.add("perm", _numeric(math.perm, bits=True), "perm(n[, k]) of known ints (n up to 10,000)")
M.add("factorial", _numeric(math.factorial, bits=True), "factorial(n) (n up to 10,000)")


@M.entry("fsum", doc="fsum(xs) of known numbers (exactly rounded, as math.fsum)")
def _fsum(c: Call) -> Any:
    """``math.fsum``: the exactly rounded sum (``fsum([0.1] * 10)`` is 1.0 where ``sum``
    gives 0.9999999999999999: read as ``sum`` it was a confident wrong ``int()``)."""
    items = c.interp.items.iterate(c.arg(0)) if len(c.args) == 1 and not c.kwargs else None
    vals = [plain(x) for x in items] if items is not None else None
    if vals is None or not all(isinstance(v, (int, float)) for v in vals):
        return c.unknown("fsum() of values not known numbers")
    try:
        return math.fsum(vals)
    except (OverflowError, ValueError):
        return c.unknown("fsum() that would raise")


# ---------------------------------------------------------------------------------- operator
OP = Group("operator")
_BINOPS = {
    "add": ast.Add,
    "sub": ast.Sub,
    "mul": ast.Mult,
    "truediv": ast.Div,
    "floordiv": ast.FloorDiv,
    "mod": ast.Mod,
    "pow": ast.Pow,
    "and_": ast.BitAnd,
    "or_": ast.BitOr,
    "xor": ast.BitXor,
    "lshift": ast.LShift,
    "rshift": ast.RShift,
    "matmul": ast.MatMult,
}
_CMPOPS = {"eq": ast.Eq, "ne": ast.NotEq, "lt": ast.Lt, "le": ast.LtE, "gt": ast.Gt, "ge": ast.GtE}


def _binop(op: Any) -> Any:
    return lambda c: (
        c.interp.exprs.binop(op(), c.args[0], c.args[1]) if len(c.args) == 2 else c.unknown()
    )


def _cmpop(op: Any) -> Any:
    return lambda c: (
        c.interp.exprs.compare_one(op(), c.args[0], c.args[1]) if len(c.args) == 2 else c.unknown()
    )


for _n, _op in _BINOPS.items():
    OP.add(
        _n,
        _binop(_op),
        f"{_n}(a, b): the interpreter's `{ast.unparse(ast.BinOp(ast.Name('a'), _op(), ast.Name('b')))}`",
    )


def _inplace(op: Any) -> Any:
    """``operator.iadd(a, b)`` is ``a += b``: a list (or torch ``Sequential``) grows in place
    and is returned, as ``functools.reduce(operator.iadd, lists, [])`` relies on; another
    value gets ``a + b`` (Python falls back to the binary operator)."""

    def run(c: Call) -> Any:
        if len(c.args) != 2:
            return c.unknown()
        a, b = c.args
        if op is ast.Add and c.interp.items.inplace_add(a, b):
            return a
        got = c.interp.exprs.binop(op(), a, b)
        raw, new = plain(a), plain(got)
        if isinstance(raw, list) and isinstance(new, list):  # ``l *= 2``: the same list
            raw[:] = new
            return a
        return got

    return run


for _n, _op in _BINOPS.items():
    _i = f"i{_n.rstrip('_')}"
    _sym = ast.unparse(ast.BinOp(ast.Name("a"), _op(), ast.Name("b"))).split()[1]
    OP.add(_i, _inplace(_op), f"{_i}(a, b): `a {_sym}= b` in place (a list grows, as in Python)")
for _n, _op in _CMPOPS.items():
    OP.add(_n, _cmpop(_op), f"{_n}(a, b): the interpreter's comparison")
OP.add("neg", lambda c: c.interp.exprs.unary(ast.USub(), c.args[0]), "neg(a): -a")
OP.add("pos", lambda c: c.interp.exprs.unary(ast.UAdd(), c.args[0]), "pos(a): +a")
OP.add("not_", lambda c: c.interp.exprs.unary(ast.Not(), c.args[0]), "not_(a): not a")
OP.add("invert", lambda c: c.interp.exprs.unary(ast.Invert(), c.args[0]), "invert(a): ~a")
OP.add("getitem", lambda c: c.interp.items.getitem(c.args[0], c.args[1]), "getitem(a, k): a[k]")
OP.add(
    "contains", lambda c: c.interp.exprs.contains(c.args[0], c.args[1]), "contains(a, b): b in a"
)
OP.add("truth", lambda c: py_call("bool", c.interp, c.args, {}), "truth(a): bool(a)")


def _operator_index(c: Call) -> Any:
    """``operator.index(a)``: CPython's ``__index__``, not ``int()`` -- an int (a bool
    included) is itself; an instance of a class read from source runs its own ``__index__``
    (``int(w)`` may run a different ``__int__``); a float, a str or anything else is
    CPython's TypeError (``int(2.5)`` would have said 2): unknown."""
    from driftcheck.parsers.source.interp import numproto

    if len(c.args) != 1 or c.kwargs:
        return c.unknown("operator.index() with these arguments")
    a = c.args[0]
    if isinstance(plain(a), int):
        return py_call("int", c.interp, [a], {})  # its value (a traced number keeps its hole)
    got = plain(numproto.as_index(c.interp, a))
    if got.__class__ is int:
        return got
    return c.unknown("operator.index() of a value without __index__ (TypeError)")


OP.add("index", _operator_index, "index(a): a's __index__ (an int is itself; no int() fallback)")


@OP.entry("itemgetter", doc="itemgetter(*keys): a callable reading those items")
def _itemgetter(c: Call) -> Any:
    keys, ip = list(c.args), c.interp

    def get(a: list, k: dict) -> Any:
        if not a:
            return Unknown("itemgetter() called without an argument")
        vals = [ip.items.getitem(a[0], key) for key in keys]
        return vals[0] if len(vals) == 1 else tuple(vals)

    return BuiltinMethod(get)


@OP.entry("attrgetter", doc="attrgetter(*names): a callable reading those (dotted) attributes")
def _attrgetter(c: Call) -> Any:
    names, ip, loc = [plain(n) for n in c.args], c.interp, c.loc
    if not names or not all(isinstance(n, str) for n in names):
        return c.unknown("attrgetter() of unknown names")

    def get(a: list, k: dict) -> Any:
        out = []
        for n in names:
            v = a[0] if a else Unknown("attrgetter")
            for part in n.split("."):
                v = ip.attrs.getattr(v, part, (str(loc[0]), loc[1]))
            out.append(v)
        return out[0] if len(out) == 1 else tuple(out)

    return BuiltinMethod(get)


@OP.entry(
    "methodcaller",
    doc="methodcaller(name, *args, **kw): a callable calling that method of its argument",
)
def _methodcaller(c: Call) -> Any:
    name = plain(c.args[0]) if c.args else None
    if not isinstance(name, str):
        return c.unknown("methodcaller() of an unknown name")
    rest, kw, ip, loc = list(c.args[1:]), dict(c.kwargs), c.interp, c.loc

    def call(a: list, k: dict) -> Any:
        if len(a) != 1 or k:  # Python: TypeError (one positional argument only)
            return Unknown("methodcaller() called with other than one argument")
        m = ip.attrs.getattr(a[0], name, (str(loc[0]), loc[1]))
        return ip.calls.call(m, list(rest), dict(kw), loc)

    return BuiltinMethod(call)


# ---------------------------------------------------------------------------------- collections
COL = Group("collections")


def _ordered_dict(c: Call) -> Any:
    d = py_call("dict", c.interp, c.args, c.kwargs)
    if type(d) is dict:  # its move_to_end / popitem(last=) are OrderedDict's (pybuiltins)
        ip = getattr(c.interp, "ip", c.interp)
        if isinstance(getattr(ip, "ordered", None), dict):
            ip.ordered[id(d)] = d
    return d


COL.add(
    "OrderedDict",
    _ordered_dict,
    "OrderedDict(...): a dict (insertion order is Python's dict order); move_to_end and "
    "popitem(last=) as CPython's OrderedDict",
    "typing.OrderedDict",
)


@COL.entry(
    "UserList",
    doc="UserList(initlist=None): its items a list in .data; UserList's methods, len, "
    "indexing, in and iteration work on it (interp/userlist.py)",
)
def _user_list(c: Call) -> Any:
    from driftcheck.parsers.source.interp import userlist

    obj = Obj(cls=None, module=False, qual=userlist.BASE)
    userlist.init(getattr(c.interp, "ip", c.interp), obj, list(c.args), dict(c.kwargs))
    return obj


_FACTORIES = {"builtins." + t.__name__: t for t in (int, float, str, list, dict, set, tuple)}


class DefaultDict(dict):
    """``defaultdict(factory)``: a missing key gets ``factory()`` when the factory is a builtin
    type (``int``, ``list``...); with any other factory a missing key reads as unknown."""

    memo_copy = True  # copied like a dict by memo.py

    def __init__(self, factory: Any, *a: Any, maker: Any = None) -> None:
        super().__init__(*a)
        self.factory = factory
        # ``(interp, loc)`` when the factory is code read from source (timm's
        # ``defaultdict(DefaultCfg)``): a missing key calls it; not kept by a copy (unknown then)
        self.maker = maker

    def __missing__(self, key: Any) -> Any:
        make = _FACTORIES.get(getattr(self.factory, "qual", ""))
        if make is None and self.maker is not None:
            interp, loc = self.maker
            v = interp.calls.call(self.factory, [], {}, loc)
            self[key] = v
            return v
        if make is None:
            if self.factory is None:
                raise KeyError(key)
            return Unknown("defaultdict item made by an unmodelled factory")
        v = make()
        self[key] = v
        return v

    def __reduce__(self) -> Any:
        return (DefaultDict, (self.factory,), None, None, iter(self.items()))


@COL.entry(
    "defaultdict", doc="defaultdict(factory[, items]): missing keys get factory() (a builtin type)"
)
def _defaultdict(c: Call) -> Any:
    init = py_call("dict", c.interp, c.args[1:], c.kwargs)
    if not isinstance(init, dict):
        return c.unknown("defaultdict() of unknown items")
    f = plain(c.arg(0))
    if isinstance(f, (Cls, Func)):  # a class or function read from source: called per key
        return DefaultDict(f, init, maker=(c.interp, c.loc))
    return DefaultDict(f if f is None or isinstance(f, Ext) else Unknown("factory"), init)


class Deque(list):
    """``collections.deque``: a list with ``appendleft`` / ``popleft`` / ``extendleft`` (timm's
    ``DefaultCfg.tags``); ``maxlen`` drops items from the other end, as deque does."""

    maxlen: int | None = None

    def _trim(self, left: bool) -> None:
        while self.maxlen is not None and len(self) > self.maxlen:
            self.pop(-1 if left else 0)

    def append(self, x: Any) -> None:
        super().append(x)
        self._trim(False)

    def appendleft(self, x: Any) -> None:
        list.insert(self, 0, x)
        self._trim(True)

    def popleft(self) -> Any:
        return self.pop(0)

    def extendleft(self, xs: list) -> None:
        for x in xs:
            self.appendleft(x)

    def extend(self, xs: Any) -> None:
        for x in list(xs):
            self.append(x)

    def insert(self, i: int, x: Any) -> None:
        if self.maxlen is not None and len(self) >= self.maxlen:
            raise IndexError("deque already at its maximum size")
        super().insert(i, x)

    def rotate(self, n: int = 1) -> None:
        """``d.rotate(n)``: n steps to the right (a negative n to the left), as deque does."""
        if self:
            n %= len(self)
            self[:] = self[-n:] + self[:-n] if n else self[:]

    def copy(self) -> Deque:
        d = Deque(self)
        d.maxlen = self.maxlen
        return d


@COL.entry(
    "deque",
    doc="deque(xs, maxlen=): a list with appendleft/popleft/extendleft/rotate; every other "
    "deque method as deque runs it (maxlen trims the other end)",
)
def _deque(c: Call) -> Any:
    items = c.interp.items.iterate(c.arg(0)) if c.args else []
    maxlen = plain(c.arg(1, "maxlen"))
    if items is None or not (maxlen is None or isinstance(maxlen, int)):
        return c.unknown("deque() of a value we cannot enumerate")
    d = Deque()
    d.maxlen = maxlen
    for x in items:
        d.append(x)
    return d


@COL.entry(
    "ChainMap",
    doc="ChainMap(*maps) of known dicts: a dict of their entries, the first map holding a key "
    "wins (a copy: a later write to one of the maps is not seen)",
)
def _chainmap(c: Call) -> Any:
    if c.kwargs:
        return c.unknown("ChainMap() with keywords")
    maps = [plain(a) for a in c.args]
    if not all(isinstance(m, dict) for m in maps):
        return c.unknown("ChainMap() of maps we cannot read")
    out: dict = {}
    for m in reversed(maps):
        out.update(m)
    return out


@COL.entry(
    "Counter",
    doc="Counter(xs | mapping, **kw): counts of known hashable items (CPython's own Counter: "
    "a missing key reads 0, + - & | drop counts <= 0)",
)
def _counter(c: Call) -> Any:
    out: collections.Counter = collections.Counter()
    if len(c.args) > 1:
        return c.unknown("Counter() with more than one positional argument (TypeError)")
    src = plain(c.arg(0)) if c.args else None
    if isinstance(src, dict):
        # a mapping's counts, as ``Counter.update`` takes them (``Counter({"a": 5})`` is five
        # a's; iterating it counted each key once)
        for k, v in src.items():
            k, v = plain(k), plain(v)
            if not _countable(k) or isinstance(v, (Unknown, Tensor)):
                return c.unknown("Counter() of a mapping with unknown items")
            out[k] = out[k] + v
    elif c.args:
        items = c.interp.items.iterate(c.arg(0))
        if items is None:
            return c.unknown("Counter() over a value we cannot enumerate")
        for x in items:
            p = plain(x)
            if not _countable(p):
                return c.unknown("Counter() of unknown items")
            out[p] += 1
    for k, v in c.kwargs.items():
        v = plain(v)
        if isinstance(v, (Unknown, Tensor)):
            return c.unknown("Counter() with an unknown keyword count")
        out[k] = out[k] + v
    return out


def _countable(p: Any) -> bool:
    return not isinstance(p, (Unknown, Tensor)) and isinstance(p, (int, str, float, tuple))


class NamedTupleValue:
    """An instance of a ``namedtuple`` class: its items are abstract values (indexing,
    unpacking and ``len`` through ``items.Items``), its fields read as attributes
    (``machine.Library.value_attr``). Not a tuple subclass: ``plain`` would flatten one."""

    memo_copy = True  # its items are copied by memo.py, as a tuple's

    def __init__(self, values: Any, nt: Any) -> None:
        self.values = tuple(values)
        self.nt = nt

    def __iter__(self) -> Any:
        return iter(self.values)

    def __len__(self) -> int:
        return len(self.values)

    def __getitem__(self, k: Any) -> Any:
        return self.values[k]


@dataclass(eq=False)
class NamedTupleType:
    """A class made by ``namedtuple(name, fields, defaults=)``."""

    name: str
    fields: tuple
    defaults: tuple
    library_call: ClassVar[bool] = True

    def call(self, interp: Any, args: list, kwargs: dict, loc: tuple) -> Any:
        vals: list[Any] = []
        nodef = len(self.fields) - len(self.defaults)
        for i, f in enumerate(self.fields):
            if i < len(args):
                vals.append(args[i])
            elif f in kwargs:
                vals.append(kwargs[f])
            elif i >= nodef:
                vals.append(self.defaults[i - nodef])
            else:
                vals.append(Unknown(f"{self.name}() without {f} at {loc[0]}:{loc[1]}"))
        return NamedTupleValue(vals, self)


def namedtuple_attr(v: tuple, name: str) -> Any:
    """``nt.field``, ``nt._asdict()``, ``nt._replace(**kw)`` of a namedtuple value."""
    fields = v.nt.fields
    if name in fields:
        return v[fields.index(name)]
    if name == "_fields":
        return tuple(fields)
    if name == "_asdict":
        return BuiltinMethod(lambda a, k: dict(zip(fields, v)))
    if name == "_replace":
        return BuiltinMethod(
            lambda a, k: NamedTupleValue([k.get(f, x) for f, x in zip(fields, v)], v.nt)
        )
    if v.nt is _SIGNATURE and name in ("replace", "bind_partial", "bind"):
        return BuiltinMethod(lambda a, k: _signature_method(v, name, a, k))
    if v.nt is _BOUND and name == "apply_defaults":
        return BuiltinMethod(
            lambda a, k: _apply_defaults(v) if not a and not k else Unknown("apply_defaults(x)")
        )
    return Unknown(f"namedtuple attribute {name}")


def namedtuple_class_attr(nt: NamedTupleType, name: str) -> Any:
    """``NT._make(row)``, ``NT._fields``, ``NT._field_defaults`` of a ``namedtuple`` class:
    ``_make`` builds an instance from an iterable of exactly as many values as fields (a row
    of a size table); any other length raises TypeError in Python, so it is unknown here, as
    is a row whose items are not known."""
    if name == "_fields":
        return tuple(nt.fields)
    if name == "_field_defaults":
        return dict(zip(nt.fields[len(nt.fields) - len(nt.defaults) :], nt.defaults))
    if name == "_make":

        def make(a: list, k: dict) -> Any:
            row = a[0] if len(a) == 1 and not k else (k.get("iterable") if not a else None)
            if isinstance(row, NamedTupleValue):
                row = row.values
            if not isinstance(row, (list, tuple)) or len(row) != len(nt.fields):
                return Unknown(f"{nt.name}._make() of a row we cannot follow")
            return NamedTupleValue(row, nt)

        return BuiltinMethod(make)
    return Unknown(f"namedtuple class attribute {name}")


def _signature_method(sig: Any, name: str, a: list, k: dict) -> Any:
    """``sig.replace(parameters=[...])`` and ``sig.bind_partial(*args, **kw)`` / ``bind``
    (``.arguments``: the names bound, in the signature's order, as ``inspect`` binds them:
    positionals in order, a ``*args`` parameter takes the rest, keywords by name (never a
    positional-only one), a ``**kw`` parameter takes the others). A call that does not bind
    (too many arguments, an unknown keyword, ``bind`` missing a required one) raises
    TypeError in Python: unknown here."""
    params = plain(sig.values[0])
    if not isinstance(params, dict):
        return Unknown(f"Signature.{name} of unknown parameters")
    if name == "replace":
        if a:
            return Unknown("Signature.replace() with positional arguments")
        new = params
        if "parameters" in k:
            ps = plain(k["parameters"])
            if not isinstance(ps, (list, tuple)):
                return Unknown("Signature.replace(parameters=) of unknown parameters")
            new = {}
            for p in ps:
                p = plain(p)
                if not (isinstance(p, NamedTupleValue) and p.nt is _PARAMETER):
                    return Unknown("Signature.replace(parameters=) of unknown parameters")
                new[plain(p.values[0])] = p
        ret = k.get("return_annotation", sig.values[1])
        return NamedTupleValue([new, ret], _SIGNATURE)
    from driftcheck.parsers.source.library.pybuiltins import INSPECT_EMPTY

    kinds = {n: str(plain(p.values[2])) for n, p in params.items()}
    args, kwargs = list(a), dict(k)
    if "**" in kwargs:
        return Unknown(f"Signature.{name}(**unknown)")
    out: dict[str, Any] = {}
    names = list(params)
    i = 0
    rest = names
    for j, n in enumerate(names):
        kind = kinds[n]
        if kind in ("POSITIONAL_ONLY", "POSITIONAL_OR_KEYWORD") and i < len(args):
            out[n] = args[i]
            i += 1
            rest = names[j + 1 :]
            continue
        if kind == "VAR_POSITIONAL" and i < len(args):
            out[n] = tuple(args[i:])
            i = len(args)
            rest = names[j + 1 :]
        break
    if i < len(args):
        return Unknown(f"Signature.{name}(): too many positional arguments (TypeError)")
    var_kw = None
    for n in rest:
        kind = kinds[n]
        if kind == "VAR_KEYWORD":
            var_kw = n
            continue
        if kind == "VAR_POSITIONAL":
            continue
        if n in kwargs and kind != "POSITIONAL_ONLY":
            out[n] = kwargs.pop(n)
        elif name == "bind" and plain(params[n].values[1]) is INSPECT_EMPTY:
            return Unknown(f"Signature.bind(): missing argument {n} (TypeError)")
    if kwargs:
        if var_kw is None:
            return Unknown(f"Signature.{name}(): unexpected keyword arguments (TypeError)")
        out[var_kw] = kwargs
    return NamedTupleValue([out, sig], _BOUND)


def _apply_defaults(bound: NamedTupleValue) -> Any:
    """``BoundArguments.apply_defaults()`` as CPython's ``inspect`` runs it: a new
    ``arguments`` dict in the signature's order, each name bound kept, each one left out
    given its default (``()`` for ``*args``, ``{}`` for ``**kw``; a required one stays out).
    Arguments or a signature we cannot read: the arguments become unknown."""
    from driftcheck.parsers.source.library.pybuiltins import INSPECT_EMPTY

    args, sig = plain(bound.values[0]), plain(bound.values[1])
    params = plain(sig.values[0]) if isinstance(sig, NamedTupleValue) else None
    if not isinstance(args, dict) or not isinstance(params, dict):
        bound.values = (Unknown("BoundArguments.apply_defaults() of unknown arguments"), sig)
        return None
    new: dict[str, Any] = {}
    for n, p in params.items():
        if n in args:
            new[n] = args[n]
            continue
        if not isinstance(p, NamedTupleValue) or p.nt is not _PARAMETER:
            bound.values = (Unknown("BoundArguments.apply_defaults(): a parameter unknown"), sig)
            return None
        default, kind = p.values[1], str(plain(p.values[2]))
        if isinstance(default, Unknown) and default.why == _MAYBE_EMPTY:
            # whether it has a default at all is unknown: so is the set of names bound
            bound.values = (Unknown("BoundArguments.apply_defaults(): a default unknown"), sig)
            return None
        if plain(default) is not INSPECT_EMPTY:
            new[n] = default
        elif kind == "VAR_POSITIONAL":
            new[n] = ()
        elif kind == "VAR_KEYWORD":
            new[n] = {}
    bound.values = (new, sig)
    return None


def _field_names(v: Any) -> list[str] | None:
    v = plain(v)
    if isinstance(v, str):
        v = v.replace(",", " ").split()
    if isinstance(v, (list, tuple)):  # names, or (name, type) pairs (typing.NamedTuple)
        names = [plain(x[0] if isinstance(plain(x), tuple) and x else x) for x in v]
        if all(isinstance(n, str) for n in names):
            return names
    return None


@COL.entry(
    "namedtuple", doc="namedtuple(name, fields, defaults=): a class of field-holding objects"
)
def _namedtuple(c: Call) -> Any:
    name, fields = c.plain(0, "typename"), _field_names(c.arg(1, "field_names"))
    defaults = plain(c.kwargs.get("defaults", ())) or ()
    if not isinstance(name, str) or fields is None or not isinstance(defaults, (list, tuple)):
        return c.unknown("namedtuple() with unknown fields")
    return NamedTupleType(name, tuple(fields), tuple(defaults))


# ---------------------------------------------------------------------------------- typing
TY = Group("typing", "typing_extensions")
TY.add("cast", lambda c: c.arg(1), "cast(T, x): x")
TY.add(
    "NamedTuple", lambda c: _namedtuple(c), "NamedTuple(name, [(field, type), ...]): as namedtuple"
)


@dataclass(eq=False)
class AnnotatedHint:
    """``typing.Annotated[T, *metadata]``: sizes written as a type's metadata (``depth:
    Annotated[int, 2]``) and read back through ``__metadata__`` (PEP 593)."""

    origin: Any
    metadata: tuple
    library_type: ClassVar[str] = "typing.Annotated"

    def attr(self, name: str) -> Any:
        if name == "__metadata__":
            return self.metadata
        if name == "__origin__":
            return self.origin
        return Unknown(f"Annotated attribute {name}")


ANNOTATED = ("typing.Annotated", "typing_extensions.Annotated")


def annotated(key: Any) -> Any:
    """``Annotated[T, x, ...]`` (the subscript's key): as Python makes it, a nested
    ``Annotated`` flattened into one (its metadata first); fewer than two items is a
    TypeError in Python: unknown here."""
    items = plain(key)
    if not isinstance(items, tuple) or len(items) < 2:
        return Unknown("Annotated[...] with fewer than two arguments")
    origin, meta = items[0], tuple(items[1:])
    if isinstance(plain(origin), AnnotatedHint):
        inner = plain(origin)
        origin, meta = inner.origin, inner.metadata + meta
    return AnnotatedHint(origin, meta)


def _type_hints(c: Call) -> Any:
    """``get_type_hints(cls, include_extras=False)`` of a class of the analyzed code: every
    annotation of its MRO, bases first (a redefined name keeping its first place, as
    ``typing`` fills its dict), each as the class statement evaluated it (in the scope that
    defines the class; a quoted one parsed and evaluated in the module's globals, as
    ``typing`` does); ``Annotated`` comes off unless ``include_extras``."""
    from driftcheck.parsers.source.interp.exprs import Frame

    cls, extras = c.plain(0, "obj"), c.plain(3, "include_extras", False)
    if not isinstance(cls, Cls) or not isinstance(extras, bool):
        return c.unknown("get_type_hints() of something other than a class of the analyzed code")
    hints: dict[str, Any] = {}
    for k in reversed(cls.mro()):
        if not isinstance(k, Cls):
            continue
        for st in k.node.body:
            if not (isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name)):
                continue
            node, frame = st.annotation, k.ns.get("__frame__") or Frame(k.mod)
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                try:
                    node = ast.parse(node.value, mode="eval").body
                except SyntaxError:
                    return c.unknown("get_type_hints() of an annotation that is no expression")
                frame = Frame(k.mod)  # a quoted one is evaluated in the module's globals
            hint = c.interp.exprs.eval(node, frame)
            if not extras and isinstance(plain(hint), AnnotatedHint):
                hint = plain(hint).origin
            hints[st.target.id] = hint
    return hints


TY.add(
    "get_type_hints",
    _type_hints,
    "get_type_hints(cls, include_extras=False): a class's annotations, MRO bases first",
)

# ---------------------------------------------------------------------------------- importlib
IMP = Group("importlib")


def _import_by_name(c: Call, top: bool) -> Any:
    """``importlib.import_module("a.b")`` (the module ``a.b``) or ``__import__("a.b")`` (the
    top-level package ``a``), as the installed packages would answer: a module found on disk or
    one the interpreter models by name; one that is not installed is unknown (Python would
    raise ImportError, which code like monai's ``optional_import`` catches)."""
    from driftcheck.parsers.source.loader import import_findable

    name, package = c.plain(0, "name"), c.plain(1, "package")
    if not top and isinstance(name, str) and name.startswith(".") and isinstance(package, str):
        # ``import_module(".aev", __name__)`` (a package's PEP 562 ``__getattr__``): the
        # name resolved against the package, as importlib does (pure string arithmetic)
        import importlib.util

        try:
            name, package = importlib.util.resolve_name(name, package), None
        except ImportError:
            return c.unknown(f"{c.qual}() of a relative name beyond the top package")
    if not isinstance(name, str) or not name or name.startswith(".") or package is not None:
        return c.unknown(f"{c.qual}() of a name we cannot follow")
    if not import_findable(c.interp.finder, name):
        if _under_plain_module(c.interp.finder, name):
            from pathlib import Path

            from driftcheck.parsers.source.interp.statements import Raised

            # Python raises here for certain (``__import__("pkg.unet.PlainConvUNet")`` with
            # ``unet.py`` a module, not a package): pydoc's ``locate`` loop breaks on it. An
            # unknown left its ``if nextmodule: ... else: break`` undecided, and the loop's
            # result with it (interp/branchstate.py forgets what an undecided break may change)
            raise Raised("ModuleNotFoundError", c.loc[1], Path(str(c.loc[0])))
        return c.unknown(f"{c.qual}({name!r}): not installed")
    return c.interp.names.import_value(name.split(".")[0] if top else name, None)


# What lets a plain module (no ``__path__``) have importable submodules all the same: six's
# ``sys.modules[__name__ + ".moves"]``, a finder put on ``sys.meta_path``, a ``__path__`` set
_SUBMODULE_HOOKS = ("sys.modules", "meta_path", "path_hooks", "__path__", "modules[")


def _under_plain_module(finder: Any, name: str) -> bool:
    """Whether ``name``'s nearest findable parent is a module file, not a package, whose source
    does nothing that could make ``name`` importable: then importing ``name`` surely raises
    ``ModuleNotFoundError`` ("'a.b' is not a package"), whatever is installed besides."""
    parts = name.split(".")
    for k in range(len(parts) - 1, 0, -1):
        found = finder.find(".".join(parts[:k]))
        if found is None:
            continue
        if found.name == "__init__.py":
            return False  # a package: a submodule may be an extension or a namespace dir
        try:
            text = found.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return False
        return not any(h in text for h in _SUBMODULE_HOOKS)
    return False


IMP.add(
    "import_module",
    lambda c: _import_by_name(c, False),
    "import_module(name): the module, when installed (found on disk or modelled)",
)


class ModuleSpecValue:
    """What ``importlib.util.find_spec(name)`` gives for an installed module: not None (the
    check the callers make); its fields (``origin``, ``loader``...) are not modelled."""

    __slots__ = ("name",)
    library_type = "importlib.machinery.ModuleSpec"

    def __init__(self, name: str) -> None:
        self.name = name

    def attr(self, name: str) -> Any:
        if name == "name":
            return self.name
        return Unknown(f"ModuleSpec.{name}")


def _find_spec(c: Call) -> Any:
    """``importlib.util.find_spec(name)`` as the installed packages answer it, as
    ``import_module`` does: a spec for a module found on disk or modelled by name (rockpool's
    backend check ``util.find_spec("torch") is not None``); one not found is unknown (the
    user's environment may hold it), never None."""
    from driftcheck.parsers.source.loader import import_findable

    name, package = c.plain(0, "name"), c.plain(1, "package")
    if not isinstance(name, str) or not name or name.startswith(".") or package is not None:
        return c.unknown(f"{c.qual}() of a name we cannot follow")
    if not import_findable(c.interp.finder, name):
        return c.unknown(f"{c.qual}({name!r}): not installed here")
    return ModuleSpecValue(name)


IMP.add(
    "util.find_spec",
    _find_spec,
    "util.find_spec(name): a spec (not None) for an installed module; else unknown",
)

# ---------------------------------------------------------------------------------- os
OS = Group("os")


def _env_default(c: Call) -> Any:
    """``os.environ.get(name, default)`` / ``os.getenv(name, default)`` in a library (an
    installed package, or a module outside the analyzed tree): the analysis reads the library
    as it runs in a clean environment, where such a switch (timm's ``TIMM_USE_NAFLEXVIT``) is
    unset: its default -- unless the analyzed file set it before importing the library
    (deepxde's ``DDE_BACKEND``: library/environ.py). In the code under analysis (the user's
    own files) the variable is the user's to set: unknown, naming it -- unless
    ``--assume-env-defaults`` is on (``environ.user_default``: its default, with a note)."""
    from pathlib import Path

    from driftcheck.parsers.source.loader import installed

    name = c.plain(0, "key")
    if not isinstance(name, str) or len(c.args) > 2:
        return c.unknown(f"{c.qual}() of a name we cannot follow")
    from driftcheck.parsers.source.interp.opaque import never_a_layer
    from driftcheck.parsers.source.library import environ
    from driftcheck.parsers.source.values.abstract import UnknownRead

    if not installed(Path(str(c.loc[0]))) and not environ.library_code(c.interp, c.loc[0]):
        # a string the launch may set, or the default: an ``UnknownRead`` (never a layer) whose reason a layer sized from it (through ``int(...)`` too)
        # names, with its file:line, in the graph's note (values/abstract.py)
        default = c.arg(1, "default")
        if not never_a_layer(plain(default)):  # ``os.getenv(K, layer)``: it may be the layer
            return c.unknown(f"{c.qual}() of a default that may be a layer")
        if not environ.assuming():
            return UnknownRead(f"{c.qual}({name!r}) at {c.where}: the environment at run time")
        taken, why = environ.user_default(c.interp, name, default, c.where)
        if not taken and plain(default) is None and "no default" in why:
            # None on the clean environment: falsy, unknown as a value (values/abstract.py)
            from driftcheck.parsers.source.values.abstract import EnvUnset

            return EnvUnset(f"{c.qual}({name!r}) at {c.where}: {why}", name, c.where)
        if not taken:
            return UnknownRead(f"{c.qual}({name!r}) at {c.where}: {why}")
        c.interp.stmts.note(why)
        return default

    found, value = environ.library_read(c.interp, name)  # what the program set before
    if found is True:
        return value
    return value if isinstance(found, Unknown) else c.arg(1, "default")


OS.add(
    "environ.get",
    _env_default,
    "environ.get(name, default): in a library its default, or what the analyzed file set before importing it (library/environ.py); in analyzed code unknown (its default, with a note, under --assume-env-defaults)",
)
OS.add(
    "getenv",
    _env_default,
    "getenv(name, default): in a library its default, or what the analyzed file set before importing it (library/environ.py); in analyzed code unknown (its default, with a note, under --assume-env-defaults)",
)

# ---------------------------------------------------------------------------------- copy
CP = Group("copy")
_COPY_DOC = "{}(x): configs, lists, dicts copied; a module copied as a distinct module"


@CP.entry(
    "deepcopy",
    doc="deepcopy(x, memo=None): configs, lists, dicts copied; a module copied as a distinct module; a class's own __deepcopy__ called; a memo of id(obj) keys honoured (interp/copyhooks.py)",
)
def _deepcopy(c: Call) -> Any:
    from driftcheck.parsers.source.interp import copyhooks

    if not c.args or len(c.args) > 2 or set(c.kwargs) - {"memo"}:
        return Unknown("copy")
    return copyhooks.deepcopy_call(c.interp, c.args[0], c.arg(1, "memo"), c.where)


CP.add(
    "copy",
    lambda c: c.interp.items.copy_value(c.args[0]) if c.args else Unknown("copy"),
    _COPY_DOC.format("copy"),
)

# ---------------------------------------------------------------------------------- copyreg
CR = Group("copyreg")


@CR.entry(
    "pickle",
    doc="pickle(cls, reducer, constructor_ob=None): the reducer copy.copy / deepcopy / pickle.dumps call for instances of exactly cls (interp/reducecopy.py)",
)
def _copyreg_pickle(c: Call) -> Any:
    if len(c.args) < 2 or len(c.args) > 3 or set(c.kwargs) - {"constructor_ob"}:
        reducecopy.lose(c.interp, f"copyreg.pickle() with arguments not read at {c.where}")
        return None
    reducecopy.register(c.interp, c.args[0], c.args[1], c.where)
    return None


def _copyreg_lost(c: Call) -> Any:
    reducecopy.lose(c.interp, f"{c.qual}() not followed at {c.where}")
    return c.unknown()


for _name in ("update", "setdefault", "pop", "popitem", "clear"):
    CR.add(
        f"dispatch_table.{_name}",
        _copyreg_lost,
        f"dispatch_table.{_name}(...): not followed; later copies of objects of classes read from source unknown",
    )
for _name in ("add_extension", "remove_extension", "clear_extension_cache"):
    CR.add(_name, _copyreg_lost, f"{_name}(...): not followed; later copies unknown")

# ---------------------------------------------------------------------------------- contextlib
NULLCTX = Group("contextlib")


@dataclass(eq=False)
class NullContext:
    """``contextlib.nullcontext(enter_result)``: a manager that does nothing; ``with`` binds
    ``as`` to ``enter_result`` itself (interp/statements.py ``exec_with``)."""

    enter_result: Any
    library_type: ClassVar[str] = "contextlib.nullcontext"

    def library_enter(self) -> Any:
        return self.enter_result

    def attr(self, name: str) -> Any:
        if name == "enter_result":
            return self.enter_result
        return Unknown(f"nullcontext attribute {name}")


@NULLCTX.entry("nullcontext", doc="nullcontext(enter_result=None): with binds as to enter_result")
def _nullcontext(c: Call) -> Any:
    if len(c.args) > 1 or set(c.kwargs) - {"enter_result"}:
        return c.unknown()
    return NullContext(c.arg(0, "enter_result"))


_STDOUT = (
    "_dc_stdout_to"  # on the interpreter: the streams redirect_stdout blocks hold, innermost last
)


class RedirectStdout:
    """``contextlib.redirect_stdout(stream)`` of an in-memory text stream the code made
    (``io.StringIO``, library/configtexts.py): inside its ``with`` block ``print`` without
    ``file=`` writes into the stream (library/python.py ``_print``); ``with`` binds ``as`` to
    the stream. Anything else that could write to ``sys.stdout`` meanwhile (a call of an
    unknown or unmodelled callable, ``sys.stdout`` itself) loses the stream's content
    (``stdout_guard``): a summary missing such a write is never read as complete."""

    library_type: ClassVar[str] = "contextlib.redirect_stdout"

    def __init__(self, interp: Any, stream: Any) -> None:
        self.interp, self.stream = getattr(interp, "ip", interp), stream

    def library_enter(self) -> Any:
        self.interp.__dict__.setdefault(_STDOUT, []).append(self.stream)
        return self.stream

    def library_exit(self) -> None:
        held = self.interp.__dict__.get(_STDOUT) or []
        if held and held[-1] is self.stream:
            held.pop()

    def attr(self, name: str) -> Any:
        return Unknown(f"redirect_stdout attribute {name}")


def stdout_target(interp: Any) -> Any:
    """The stream ``print`` writes to now: the innermost redirect_stdout's, else None."""
    held = getattr(getattr(interp, "ip", interp), "__dict__", {}).get(_STDOUT)
    return held[-1] if held else None


def stdout_guard(interp: Any, f: Any) -> None:
    """A call made while a redirect_stdout block holds a stream: one we cannot follow (an
    unknown callable, a library name no entry models) may print into it, so every held
    stream's content is lost (library/configtexts.py ``TextStream._lose``)."""
    held = interp.__dict__.get(_STDOUT)
    if not held:
        return
    from driftcheck.parsers.source.library import registry
    from driftcheck.parsers.source.values.abstract import Ext

    if isinstance(f, Ext) and registry.lookup(f.qual) is not None:
        return
    if isinstance(f, (Ext, Unknown)):
        why = getattr(f, "qual", None) or getattr(f, "why", "")
        for stream in held:
            stream._lose(f"a call under redirect_stdout that may print ({str(why)[:60]})")


@NULLCTX.entry(
    "redirect_stdout",
    doc="redirect_stdout(stream) of an io.StringIO the code made, in a with block: print "
    "writes into it; a call not followed meanwhile loses its content",
)
def _redirect_stdout(c: Call) -> Any:
    from driftcheck.parsers.source.library.configtexts import ByteStream, TextStream

    stream = c.plain(0, "new_target")
    if len(c.args) != 1 or c.kwargs or not isinstance(stream, TextStream):
        return c.unknown("contextlib.redirect_stdout() of a target not modelled")
    if isinstance(stream, ByteStream):
        return c.unknown("contextlib.redirect_stdout() of a byte stream")
    return RedirectStdout(c.interp, stream)


# ---------------------------------------------------------------------------- unittest.mock
MOCK = Group("unittest.mock")


class PatchDict:
    """``unittest.mock.patch.dict(in_dict, values=(), clear=False, **kwargs)`` in a ``with``
    block, as CPython's ``_patch_dict`` does it: on enter a copy of ``in_dict`` is kept, the
    dict cleared if ``clear``, then updated with ``values`` and the keywords; ``with`` binds
    ``as`` to ``in_dict`` itself; on exit the dict is cleared and the copy put back (the same
    object throughout: a snapshot taken inside the block keeps the patched values). Only a
    dict the code holds is patched (a dotted-name string or a mapping of another type is not
    modelled: the ``with`` is unknown); used as a decorator it is not modelled."""

    library_type: ClassVar[str] = "unittest.mock._patch_dict"

    def __init__(self, target: dict, values: dict, clear: bool) -> None:
        self.target, self.values, self.clear = target, values, clear
        self.original: dict | None = None

    def library_enter(self) -> Any:
        self.original = dict(self.target)
        if self.clear:
            self.target.clear()
        self.target.update(self.values)
        return self.target

    def library_exit(self) -> None:
        if self.original is None:
            return
        self.target.clear()
        self.target.update(self.original)
        self.original = None

    def attr(self, name: str) -> Any:
        return Unknown(
            f"unittest.mock.patch.dict attribute {name} (only its with block is modelled)"
        )


@MOCK.entry(
    "patch.dict",
    doc="patch.dict(in_dict, values, clear=False, **kw) of a dict the code holds, in a with block: "
    "updated on enter, restored on exit (the same dict object); a decorator or a dotted-name "
    "target is not modelled",
)
def _patch_dict(c: Call) -> Any:
    target = c.plain(0, "in_dict")
    given = len(c.args) > 1 or "values" in c.kwargs
    values = c.plain(1, "values") if given else {}
    clear = c.plain(2, "clear", False)
    extra = {k: v for k, v in c.kwargs.items() if k not in ("in_dict", "values", "clear")}
    if type(target) is not dict or len(c.args) > 3 or type(clear) is not bool:
        return c.unknown("unittest.mock.patch.dict() of a target not modelled")
    if type(values) is not dict:  # an iterable of pairs, or unknown: not followed
        return c.unknown("unittest.mock.patch.dict() of values that are not a known dict")
    pairs = {**values, **extra}
    return PatchDict(target, pairs, clear)


# ---------------------------------------------------------------------------------- pickle
PK = Group("pickle")

# a class defining one of these pickles its own way: not followed
_PICKLE_HOOKS = frozenset(
    (
        "__reduce__",
        "__reduce_ex__",
        "__getstate__",
        "__setstate__",
        "__getnewargs__",
        "__getnewargs_ex__",
    )
)
_PICKLE_ATOMS = (int, float, complex, str, bytes, bool, type(None))
_PICKLE_MAX = 100_000  # values visited per dumps(): a larger tree is not followed


class Pickled(UnknownPlain):
    """``pickle.dumps(x)``: bytes (never a module) whose content is a snapshot of ``x`` taken
    when it was dumped, which ``pickle.loads`` rebuilds as new, independent objects."""

    __slots__ = ("value",)

    def __init__(self, value: Any, why: str) -> None:
        super().__init__(why)
        self.value = value


def _top_level(node: Any, mod: Any) -> bool:
    """A class or function pickle finds again by its qualified name: defined at the top of
    its module (a local class or a lambda: ``Can't pickle local object``)."""
    return any(n is node for n in getattr(mod.tree, "body", ()))


def _unpicklable(v: Any, seen: set[int], budget: list[int], ip: Any = None) -> str | None:
    """Why ``pickle.dumps(v)`` is not followed (a value it may refuse, or pickle its own
    way), or None where every value in ``v`` pickles as Python's default protocol does."""
    from driftcheck.parsers.source.interp.fwdhooks import hooks_of
    from driftcheck.parsers.source.library.wildlib import OTHER_HOOKS
    from driftcheck.parsers.source.values.abstract import WeightRef

    v = plain(v)
    if isinstance(v, _PICKLE_ATOMS) and not isinstance(v, Unknown):
        return None
    if id(v) in seen:
        return None
    seen.add(id(v))
    budget[0] -= 1
    if budget[0] < 0:
        return "a value tree over the limit"
    kids: list[Any]
    if isinstance(v, (list, tuple, set, frozenset)):
        kids = list(v)
    elif isinstance(v, dict):
        kids = [*v.keys(), *v.values()]
    elif isinstance(v, Tensor):
        return None if getattr(v, "cls", None) is None else "a tensor subclass"
    elif isinstance(v, WeightRef):
        return None
    elif isinstance(v, Ext):
        return None  # a library name: pickled by reference
    elif isinstance(v, Cls):
        return None if _top_level(v.node, v.mod) else f"local class {v.name}"
    elif isinstance(v, Func):
        if (
            not isinstance(v.node, ast.FunctionDef)
            or v.bound is None
            and not _top_level(v.node, v.mod)
        ):
            return f"function {v.name} (a lambda or a local function)"
        kids = [v.bound] if v.bound is not None else []
    elif isinstance(v, reducecopy.Reduced):  # reduced by the snapshot (interp/reducecopy.py)
        kids = [*v.args, v.state] + ([] if v.func is reducecopy.NEWOBJ else [v.func])
    elif isinstance(v, Leaf):
        if hooks_of(v):
            return "a module with forward hooks"
        # its other hooks (backward, state dict) are pickled with it: a lambda one refuses
        kids = [*v.params.values(), *getattr(v, OTHER_HOOKS, ())]
    elif isinstance(v, Obj):
        if hooks_of(v):
            return "a module with forward hooks"
        how = _pickle_hook(v, ip)
        if how is not None:
            # copyreg's reducer or the class's reduce protocol: what it gives is checked in
            # the snapshot (a ``Reduced``), or it is not followed
            return how[1] if how[0] == "refuse" else None
        if v.cls is not None:
            for c in v.cls.mro():
                if isinstance(c, Cls):
                    if not _top_level(c.node, c.mod):
                        return f"local class {c.name}"
                    own = {
                        n.name
                        for n in c.node.body
                        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
                    } | {
                        t.id
                        for n in c.node.body
                        if isinstance(n, ast.Assign)
                        for t in n.targets
                        if isinstance(t, ast.Name)
                    }
                    if own & _PICKLE_HOOKS:
                        return f"class {c.name} pickling its own way"
                elif not (
                    isinstance(c, Ext)
                    and (c.qual.startswith("torch.nn.") or c.qual == "builtins.object")
                ):
                    return "an instance of a class with a library base"
        kids = [
            *v.children.values(),
            *v.params.values(),
            *v.buffers.values(),
            *v.attrs.values(),
            *getattr(v, OTHER_HOOKS, ()),
        ]
    else:
        return "a value not known statically"
    for k in kids:
        why = _unpicklable(k, seen, budget, ip)
        if why is not None:
            return why
    return None


def _pickle_hook(v: Obj, ip: Any) -> tuple[str, Any] | None:
    """How pickle reduces ``v`` (interp/reducecopy.py ``pickle_hook``): copyreg's reducer or
    the class's reduce protocol (``("reduce", ...)``), ``("refuse", why)``, or None."""
    if ip is None or not isinstance(v.cls, Cls):
        return None
    got = reducecopy.pickle_hook(ip, v)
    if got is not None and got[0] == "refuse":
        return ("refuse", f"class {v.cls.name} pickling its own way ({got[1]})")
    return got


def own_pickle_hooks(cls: Any) -> set[str]:
    """The pickle hooks the classes read from source in ``cls``'s MRO define."""
    out: set[str] = set()
    for k in cls.mro() if isinstance(cls, Cls) else ():
        if isinstance(k, Cls):
            out |= {
                n.name
                for n in k.node.body
                if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
            } & _PICKLE_HOOKS
            out |= {
                t.id
                for n in k.node.body
                if isinstance(n, ast.Assign)
                for t in n.targets
                if isinstance(t, ast.Name)
            } & _PICKLE_HOOKS
    return out


class PickledState:
    """What ``pickle.dumps`` of a module whose class defines only ``__getstate__`` holds: the
    class and a snapshot of the state it returned. ``loads`` makes ``cls.__new__(cls)`` and
    runs ``nn.Module.__setstate__(state)``, a ``__dict__.update``: the module's registries are
    the state's ``_modules`` / ``_parameters`` / ``_buffers``, its other entries its plain
    attributes."""

    __slots__ = ("cls", "state", "loc")

    def __init__(self, cls: Any, state: dict, loc: Any) -> None:
        self.cls, self.state, self.loc = cls, state, loc


def _getstate_dumps(c: Call, raw: Obj) -> Any:
    """``pickle.dumps(m)`` of a module whose class (read from source) defines ``__getstate__``
    and no other pickle hook: the state it returns, if it is a dict whose registries hold
    known modules and the module's own weights, pickled as Python's default protocol would."""
    from driftcheck.parsers.source.interp.copyhooks import MODULE_STATE_KEYS
    from driftcheck.parsers.source.interp.statements import Raised

    ok, fn, _ = c.interp.classes.mro_attr(raw.cls, "__getstate__")
    if not (ok and isinstance(fn, Func)):
        return None
    try:
        state = plain(c.interp.calls.call_func(c.interp.attrs.bind(fn, raw), [], {}))
    except Raised:
        return None
    if type(state) is not dict or not all(type(k) is str for k in state):
        return None
    regs = {k: plain(state.get(k)) for k in ("_modules", "_parameters", "_buffers")}
    if not all(type(d) is dict for d in regs.values()):
        return None
    if not all(x is None or is_module(x) for x in map(plain, regs["_modules"].values())):
        return None
    for k in ("_parameters", "_buffers"):
        for x in map(plain, regs[k].values()):
            if x is not None and not (isinstance(x, Tensor) and getattr(x, "owner", None) is raw):
                return None  # a weight of another module, or not known: not followed
    plain_attrs = {k: v for k, v in state.items() if k not in MODULE_STATE_KEYS}
    kids = {**regs["_modules"], **regs["_parameters"], **regs["_buffers"], **plain_attrs}
    if _unpicklable(list(kids.values()), {id(raw)}, [_PICKLE_MAX], c.interp) is not None:
        return None
    with reducecopy.pickling(c.interp, "dumps"):
        snap = c.interp.items.deep_copy_value({**plain_attrs, **regs})
    if _unpicklable(snap, set(), [_PICKLE_MAX], c.interp) is not None:
        return None
    return Pickled(PickledState(raw.cls, snap, raw.loc), f"pickled bytes at {c.where}")


def _getstate_loads(c: Call, p: PickledState) -> Any:
    state = c.interp.items.deep_copy_value(p.state)
    out = Obj(cls=p.cls, module=True, loc=p.loc)
    out.children = state.pop("_modules")
    out.params = state.pop("_parameters")
    out.buffers = state.pop("_buffers")
    for k in ("params", "buffers"):
        reg = getattr(out, k)
        for name, t in list(reg.items()):
            if isinstance(t, Tensor):  # a new tensor of the clone's own (pickle copies it)
                reg[name] = t = dataclasses.replace(t)
                t.owner, t.name = out, name
    out.attrs = state
    return out


@PK.entry(
    "dumps",
    doc="dumps(x): bytes holding a snapshot of x (loads rebuilds it); a module whose class "
    "defines only __getstate__: the state it returns (loads: nn.Module.__setstate__); a plain "
    "object reduced by copyreg's reducer or its class's __reduce__ / __getstate__ / __setstate__ "
    "(loads: func(*args), __setstate__; interp/reducecopy.py); unknown where x holds a lambda, "
    "a local class, a class with __reduce_ex__ or a module pickling its own way, or a value not known",
)
def _pickle_dumps(c: Call) -> Any:
    if not c.args or len(c.args) > 2 or c.kwargs.keys() - {"protocol", "fix_imports"}:
        return UnknownPlain(f"pickle.dumps() with arguments not read at {c.where}")
    raw = plain(c.args[0])
    if isinstance(raw, Obj) and raw.module and own_pickle_hooks(raw.cls) == {"__getstate__"}:
        got = _getstate_dumps(c, raw)
        if got is not None:
            return got
    why = _unpicklable(c.args[0], set(), [_PICKLE_MAX], c.interp)
    if why is not None:
        return UnknownPlain(f"pickle.dumps() of {why} at {c.where}")
    with reducecopy.pickling(c.interp, "dumps"):
        snap = c.interp.items.deep_copy_value(c.args[0])
    why = _unpicklable(snap, set(), [_PICKLE_MAX], c.interp)  # what the reducers gave
    if why is not None:
        return UnknownPlain(f"pickle.dumps() of {why} at {c.where}")
    return Pickled(snap, f"pickled bytes at {c.where}")


@PK.entry(
    "loads",
    doc="loads(b) of bytes dumps made: a new copy of what was dumped (as deepcopy); else unknown",
)
def _pickle_loads(c: Call) -> Any:
    b = c.plain(0, "data")
    if not isinstance(b, Pickled) or len(c.args) > 1 or c.kwargs.keys() - {"data"}:
        return c.unknown("pickle.loads() of bytes not made by pickle.dumps here")
    with reducecopy.pickling(c.interp, "loads"):
        if isinstance(b.value, PickledState):
            return _getstate_loads(c, b.value)
        return c.interp.items.deep_copy_value(b.value)


# ---------------------------------------------------------------------------------- weakref
WR = Group("weakref", "_weakref")


def _weak_ref(c: Call) -> Any:
    # ``weakref.ref(p)`` keeps no count of its own: calling the reference gives ``p`` back while
    # the object lives (torch_ema's ``[r() for r in self._params_refs]``)
    if not c.args or len(c.args) > 2 or c.kwargs:
        return c.unknown("weakref.ref with unexpected arguments")
    target = c.args[0]
    return BuiltinMethod(lambda a, k: target if not a and not k else Unknown("weakref.ref call"))


WR.add("ref", _weak_ref, "ref(x[, callback]): a reference whose call gives x back")


def _kept_alive(k: Any) -> bool:
    """A key a weak mapping surely keeps while the module runs: a class of the analyzed code
    defined at the top of its module (its module's namespace holds it). Anything else (an
    instance, a local class, a library name) may be collected at any time (a temporary at
    once, a class only by the cycle collector): its entry may vanish."""
    return isinstance(k, Cls) and k.node in k.mod.tree.body and k.mod.ns.get(k.name, k) is k


class WeakKeyDict:
    """``weakref.WeakKeyDictionary()``: entries under top-level classes of the analyzed code
    (``REGISTRY[ConfigClass] = {...}``) read back as a dict's; an entry under any other key
    (which the collector may drop), an initial mapping or a method not modelled makes every
    read unknown (``lost``), never a confident value for an entry that may be gone."""

    library_type: ClassVar[str] = "weakref.WeakKeyDictionary"
    library_mutable: ClassVar[bool] = True  # filled by later top-level statements (modglobals)

    def __init__(self, lost: str | None = None) -> None:
        self.entries: list[tuple[Any, Any]] = []
        self.lost = lost

    def _find(self, k: Any) -> int | None:
        return next((i for i, (s, _) in enumerate(self.entries) if s is k), None)

    def library_setitem(self, k: Any, v: Any) -> None:
        if not _kept_alive(k):
            self.lost = self.lost or "an entry under a key the collector may drop"
            return
        i = self._find(k)
        if i is None:
            self.entries.append((k, v))
        else:
            self.entries[i] = (k, v)

    def library_getitem(self, k: Any) -> Any:
        i = None if self.lost else self._find(k)
        if i is None:
            return Unknown(f"weakref.WeakKeyDictionary item ({self.lost or 'a key not stored'})")
        return self.entries[i][1]

    def _get(self, a: list, k: dict) -> Any:
        if k or not 1 <= len(a) <= 2:
            return Unknown("weakref.WeakKeyDictionary.get() with unexpected arguments")
        key = plain(a[0])
        i = None if self.lost else self._find(key)
        if i is not None:
            return self.entries[i][1]
        if self.lost or not _kept_alive(key):
            return Unknown(f"weakref.WeakKeyDictionary.get() ({self.lost or 'a key not stored'})")
        return a[1] if len(a) > 1 else None

    def attr(self, name: str) -> Any:
        if name == "get":
            return BuiltinMethod(self._get)
        self.lost = self.lost or f"weakref.WeakKeyDictionary.{name}, not modelled"
        return Unknown(f"weakref.WeakKeyDictionary.{name}")


def _weak_plain(c: Call) -> Any:
    # containers and helpers of weak references: never a layer (a set, a mapping, a finalizer,
    # a method reference, a count); what they hold is not modelled (the collector decides)
    return UnknownPlain(f"{c.qual}() at {c.where}: weak references are not followed")


for _name in (
    "WeakSet",
    "WeakValueDictionary",
    "WeakMethod",
    "finalize",
    "getweakrefcount",
    "getweakrefs",
):
    WR.add(_name, _weak_plain, f"{_name}(...): a value that is never a layer, its contents unknown")


@WR.entry(
    "WeakKeyDictionary",
    doc="WeakKeyDictionary(): items under top-level classes of the analyzed code read back "
    "(d[C], d.get(C)); any other key, an initial mapping or another method makes reads unknown",
)
def _weak_key_dict(c: Call) -> Any:
    if c.args or c.kwargs:
        return WeakKeyDict("weakref.WeakKeyDictionary() of an initial mapping")
    return WeakKeyDict()


# ---------------------------------------------------------------------------------- keyword
KW = Group("keyword")


def _keyword_test(test: Any) -> Any:
    def impl(c: Call) -> Any:
        s = plain(c.arg(0)) if c.args else None
        return test(s) if isinstance(s, str) else c.unknown("keyword test of an unknown value")

    return impl


KW.add("iskeyword", _keyword_test(keyword.iskeyword), "iskeyword(s) of a known string")
KW.add("issoftkeyword", _keyword_test(keyword.issoftkeyword), "issoftkeyword(s) of a known string")

# ---------------------------------------------------------------------------------- re
RE = Group("re")
RE_MAX_TEXT = 4096  # a longer subject string is not matched statically (unknown)


def _nested_repeat(items: Any, inside: bool = False) -> bool:
    """A repeat inside a repeat (``(a+)+``), a backreference, or a lookaround holding a repeat
    anywhere in a parsed pattern: what can make a backtracking match exponential. Without them
    a match over a bounded string is bounded (a lookaround of fixed items, ``(?=[0-9])``, is a
    constant-time test at each position it is tried)."""
    for op, av in items:
        name = str(op)
        if name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            if av[1] <= 1 and not inside:  # ``?``: tried once or skipped, never re-entered
                if _nested_repeat(av[2], inside):
                    return True
            elif inside or _nested_repeat(av[2], True):
                return True
        elif name in ("GROUPREF", "GROUPREF_EXISTS"):
            return True
        elif name in ("ASSERT", "ASSERT_NOT"):  # (direction, pattern): no repeat inside
            if _nested_repeat(av[1], True):
                return True
        elif name == "SUBPATTERN":
            if _nested_repeat(av[-1], inside):
                return True
        elif name == "BRANCH":
            if any(_nested_repeat(b, inside) for b in av[1]):
                return True
        elif name == "ATOMIC_GROUP" and _nested_repeat(av, inside):
            return True
    return False


def _safe_pattern(pattern: Any) -> bool:
    import re._parser as sre_parse  # the stdlib's own parser: no match is run

    if not isinstance(pattern, str) or len(pattern) > 256:
        return False
    try:
        return not _nested_repeat(sre_parse.parse(pattern))
    except Exception:  # noqa: BLE001 - a pattern Python would refuse: not decided here
        return False


def _re_call(fn: Any, n_text: int) -> Any:
    """``re.fn(pattern, ...)`` run by Python's ``re`` when the pattern is known and safe and
    every string argument is known and short; else unknown."""

    def impl(c: Call) -> Any:
        args = [plain(a) for a in c.args]
        kw = {k: plain(v) for k, v in c.kwargs.items()}
        texts = args[1 : 1 + n_text]
        if len(args) < 1 + n_text or not _safe_pattern(args[0]):
            return c.unknown(f"{c.qual}() with a pattern we do not run")
        if not all(isinstance(t, str) and len(t) <= RE_MAX_TEXT for t in texts):
            return c.unknown(f"{c.qual}() of an unknown string")
        if not all(isinstance(x, (int, str)) for x in [*args[1 + n_text :], *kw.values()]):
            return c.unknown(f"{c.qual}() with unknown arguments")
        try:
            return fn(*args, **kw)
        except Exception:  # noqa: BLE001 - Python would raise: not decided statically
            return c.unknown(f"{c.qual}() that would raise")

    return impl


RE.add("split", _re_call(re.split, 1), "split(pattern, s[, maxsplit]) of a known string")
RE.add("findall", _re_call(re.findall, 1), "findall(pattern, s) of a known string")
RE.add(
    "escape",
    lambda c: re.escape(c.plain(0)) if isinstance(c.plain(0), str) else c.unknown(),
    "escape(s) of a known string",
)


def _re_sub(c: Call) -> Any:
    if len(c.args) > 1 and not isinstance(c.plain(1), str):
        return c.unknown("re.sub() with a function replacement")
    return _re_call(re.sub, 2)(c)


RE.add("sub", _re_sub, "sub(pattern, repl, s[, count]) of known strings (repl a string)")


class PatternValue:
    """``re.compile(pattern[, flags])`` of a known, safe pattern: its ``match`` / ``search`` /
    ``fullmatch`` / ``split`` / ``findall`` / ``sub`` are the module functions above on the
    same pattern and flags (gymnasium's ``ENV_ID_RE.fullmatch(env_id)``). Arguments the module
    functions do not take (``pos`` / ``endpos``) are unknown."""

    __slots__ = ("pattern", "flags", "interp", "loc")
    library_type = "re.Pattern"
    _METHODS: ClassVar[dict[str, tuple[str, int]]] = {
        # method -> (module function, how many leading arguments it takes before flags)
        "match": ("re.match", 1),
        "search": ("re.search", 1),
        "fullmatch": ("re.fullmatch", 1),
        "findall": ("re.findall", 1),
        "split": ("re.split", 2),
        "sub": ("re.sub", 3),
        "finditer": ("re.finditer", 1),
    }

    def __init__(self, pattern: str, flags: int, interp: Any, loc: tuple) -> None:
        self.pattern, self.flags, self.interp, self.loc = pattern, flags, interp, loc

    def attr(self, name: str) -> Any:
        from driftcheck.parsers.source.library import registry

        if name in ("pattern", "flags"):
            return getattr(self, name)
        if name not in self._METHODS:
            return Unknown(f"re.Pattern.{name}")
        qual, most = self._METHODS[name]
        entry = registry.lookup(qual)

        def call(a: list, k: dict) -> Any:
            if len(a) > most or k or entry is None:
                return Unknown(f"re.Pattern.{name}() with arguments we do not model")
            c = Call(self.interp, qual, [self.pattern, *a], {"flags": self.flags}, self.loc)
            return entry.impl(c)

        return BuiltinMethod(call)


@RE.entry("compile", doc="compile(pattern[, flags]) of a known safe pattern: its methods run")
def _re_compile(c: Call) -> Any:
    pattern, flags = c.plain(0, "pattern"), c.plain(1, "flags", 0)
    if not _safe_pattern(pattern) or not isinstance(flags, int) or isinstance(flags, bool):
        return c.unknown("re.compile() of a pattern we do not run")
    return PatternValue(pattern, flags, c.interp, c.loc)


# ------------------------------------------------------------------------------------ fnmatch
FNM = Group("fnmatch")
FNMATCH_MAX_PATTERN = 256  # Python's translation runs in time bounded by pattern x name


def _fnmatch_args(c: Call, n_names: int) -> tuple[list, str] | None:
    """The known names and the known pattern of an ``fnmatch`` call (short strings), or None."""
    import fnmatch

    if len(c.args) != n_names + 1 or c.kwargs:
        return None
    pat = c.plain(n_names)
    names = (
        c.interp.items.iterate(c.arg(0))
        if n_names == 1 and c.qual.endswith("filter")
        else [c.arg(0)]
    )
    if names is None or not isinstance(pat, str) or len(pat) > FNMATCH_MAX_PATTERN:
        return None
    names = [plain(n) for n in names]
    if not all(isinstance(n, str) and len(n) <= RE_MAX_TEXT for n in names):
        return None
    fnmatch.translate(pat)  # never raises: every pattern is valid
    return names, pat


def _fnmatch_call(kind: str) -> Any:
    def impl(c: Call) -> Any:
        import fnmatch

        got = _fnmatch_args(c, 1)
        if got is None:
            return c.unknown(f"{c.qual}() of a name or pattern we do not know")
        names, pat = got
        if kind == "filter":
            return fnmatch.filter(names, pat)
        return getattr(fnmatch, kind)(names[0], pat)

    return impl


FNM.add(
    "fnmatch",
    _fnmatch_call("fnmatch"),
    "fnmatch(name, pat) of known strings, as Python matches them (os.path.normcase first)",
)
FNM.add("fnmatchcase", _fnmatch_call("fnmatchcase"), "fnmatchcase(name, pat) of known strings")
FNM.add(
    "filter", _fnmatch_call("filter"), "filter(names, pat): the known names the pattern matches"
)
FNM.add(
    "translate",
    lambda c: (
        __import__("fnmatch").translate(c.plain(0))
        if len(c.args) == 1
        and not c.kwargs
        and isinstance(c.plain(0), str)
        and len(c.plain(0)) <= FNMATCH_MAX_PATTERN
        else c.unknown("fnmatch.translate() of a pattern we do not know")
    ),
    "translate(pat): the regular expression Python makes of a known pattern",
)


# ---------------------------------------------------------------------------------- dataclasses
DC = Group("dataclasses")


class FieldSpec(Unknown):
    """``dataclasses.field(default=..., default_factory=...)``: unknown wherever a value is
    read (as before this entry), resolved by the dataclass constructor to its default."""

    __slots__ = ("default", "factory", "converter", "init")

    def __init__(self, default: Any, factory: Any, converter: Any = None, init: Any = True) -> None:
        super().__init__("call of dataclasses.field")
        self.default, self.factory = default, factory
        # ``field(init=False)``: no ``__init__`` parameter; the default (if any) is still set.
        # None: an ``init=`` that is not a known bool (the parameters after it are unknown)
        self.init = init
        # attrs' ``converter=``: run on the value the field gets, given or default
        # (interp/objmodel.py ``init_dataclass``)
        self.converter = converter

    def resolve(self, interp: Any, loc: tuple) -> Any:
        if self.factory is not None:
            return interp.calls.call(self.factory, [], {}, loc)
        if self.default is not _MISSING:
            return self.default
        return Unknown("dataclass field without a default")

    def has_default(self) -> bool:
        return self.factory is not None or self.default is not _MISSING


_MISSING = object()


@DC.entry("field", doc="field(default=, default_factory=): the default a dataclass instance gets")
def _field(c: Call) -> Any:
    return FieldSpec(
        c.kwargs.get("default", _MISSING), c.kwargs.get("default_factory"), init=_init_flag(c)
    )


def _init_flag(c: Call) -> Any:
    """The ``init=`` a ``field()`` call gives: True without one, the bool given, else None."""
    if "init" not in c.kwargs:
        return True
    v = plain(c.kwargs["init"])
    return v if isinstance(v, bool) else None


def _fields_of(v: Any) -> dict[str, Any] | None:
    v = plain(v)
    if isinstance(v, Obj) and not v.module and v.cls is not None:
        return {k: x for k, x in v.attrs.items() if not k.startswith("__")}
    if isinstance(v, Config):
        return dict(v.fields)
    return None


@DC.entry("asdict", doc="asdict(obj): a dataclass instance's fields as a dict, nested ones too")
def _asdict(c: Call) -> Any:
    # ``asdict`` recurses: a field holding a dataclass instance (``attn: Attn =
    # field(default_factory=Attn)``) comes back as a dict of its own fields, and lists, tuples
    # and dicts are copied with their items converted (session 40 reimplfix40b: a nested
    # section left an instance, and ``asdict(root)["attn"]["heads"]`` read unknown)
    raw = plain(c.arg(0))
    if isinstance(raw, Obj) and not raw.module and raw.cls is not None:
        if _dc_field_names(c.interp, raw.cls) is not None:
            return _asdict_value(c.interp, raw)
    f = _fields_of(c.arg(0))
    return c.unknown("asdict() of an unknown object") if f is None else f


def _asdict_value(interp: Any, v: Any, depth: int = 0) -> Any:
    """What ``dataclasses.asdict`` makes of one value: a dataclass instance of the code becomes
    a dict of its fields (``dataclasses.fields`` order; a field the instance does not hold is
    unknown), lists / tuples / dicts are copied with their items converted, any other value is
    itself (an instance that is no dataclass is kept: asdict deep-copies it)."""
    raw = plain(v)
    if depth > 20:
        return Unknown("asdict() nested too deep")
    if isinstance(raw, Obj) and not raw.module and raw.cls is not None:
        names = _dc_field_names(interp, raw.cls)
        if names is None:
            return v
        return {
            n: _asdict_value(interp, raw.attrs[n], depth + 1)
            if n in raw.attrs
            else Unknown(f"asdict(): field {n!r} not set on the instance")
            for n in names
        }
    if type(raw) in (list, tuple):
        return type(raw)(_asdict_value(interp, x, depth + 1) for x in raw)
    if type(raw) is dict:
        return {k: _asdict_value(interp, x, depth + 1) for k, x in raw.items()}
    return v


def dataclass_fields(cls: Cls) -> list[tuple[str, ast.AnnAssign, Cls, str]]:
    """The annotated names of the bodies of ``cls`` and its bases (``x: T`` / ``x: T = v``),
    in ``dataclasses.fields()`` order: bases first, a name a subclass annotates again keeping
    its first place with the subclass's statement. Each comes with its class and its
    annotation's base name, module and quotes stripped (``typing.ClassVar[int]`` and
    ``'ClassVar[int]'`` give ``ClassVar``; also ``InitVar``, ``KW_ONLY``): which of them a
    caller counts as a field is its own (``objmodel.init_dataclass``, ``attrs.evolve``,
    ``dataclasses.fields``; one walk, session 36 hygiene36)."""
    fields: dict[str, tuple[str, ast.AnnAssign, Cls, str]] = {}
    for c in reversed(cls.mro()):
        if isinstance(c, Cls):
            for st in c.node.body:
                if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name):
                    base = unparse(st.annotation).split("[")[0].split(".")[-1].strip("'\"")
                    # a dict keeps a key's first place when it is assigned again
                    fields[st.target.id] = (st.target.id, st, c, base)
    return list(fields.values())


def attrs_fields(cls: Cls) -> list[tuple[str, ast.AnnAssign, Cls, str]]:
    """``dataclass_fields`` in the order attrs gives an attrs class's fields (its
    ``_collect_base_attrs``, session 39 wrongfix39): the fields the bases declare, bases
    furthest back first, a name declared again by a later base keeping that later place, those
    the class declares itself left out; then the class's own, in its order. A subclass
    redeclaring an inherited field moves it after the inherited ones (``Q(P)`` redeclaring
    ``a`` of ``P(a, b)`` takes ``Q(b, a)``), where dataclasses keeps its first place."""
    own: list[tuple[str, ast.AnnAssign, Cls, str]] = []
    base: list[tuple[str, ast.AnnAssign, Cls, str]] = []
    classes = [c for c in cls.mro() if isinstance(c, Cls)]
    for c in reversed(classes):
        for st in c.node.body:
            if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name):
                b = unparse(st.annotation).split("[")[0].split(".")[-1].strip("'\"")
                (own if c is cls else base).append((st.target.id, st, c, b))
    taken = {f[0] for f in own}
    kept: list[tuple[str, ast.AnnAssign, Cls, str]] = []
    seen: set[str] = set()
    for f in reversed(base):
        if f[0] in taken or f[0] in seen:
            continue
        seen.add(f[0])
        kept.insert(0, f)
    return kept + own


def _dc_field_names(interp: Any, cls: Any) -> list[str] | None:
    """A dataclass's fields in definition order (bases first, a redefined field keeping its
    first place, as ``dataclasses.fields`` gives them); ``ClassVar`` annotations are no
    fields, nor are ``InitVar`` pseudo-fields (``__init__`` parameters only: ``fields()``,
    ``astuple`` and ``asdict`` leave them out; counting one gave a confident wrong length)
    or the ``KW_ONLY`` marker. None for a class that is not a dataclass of the analyzed code."""
    if not isinstance(cls, Cls) or not any(
        isinstance(c, Cls) and interp.calls.is_dataclass(c) for c in cls.mro()
    ):
        return None
    return [n for n, _, _, base in dataclass_fields(cls) if base not in _NO_FIELD]


_NO_FIELD = frozenset({"ClassVar", "InitVar", "KW_ONLY"})


def _astuple_value(interp: Any, v: Any, depth: int = 0) -> Any:
    """What ``dataclasses.astuple`` makes of one value: a dataclass instance becomes the
    tuple of its fields, lists / tuples / dicts are copied with their items converted, any
    other value is itself. None where an instance's field is not known to us."""
    raw = plain(v)
    if depth > 20:
        return None
    if isinstance(raw, Obj) and not raw.module and raw.cls is not None:
        names = _dc_field_names(interp, raw.cls)
        if names is None:
            return v
        out = []
        for n in names:
            if n not in raw.attrs:
                return None
            x = _astuple_value(interp, raw.attrs[n], depth + 1)
            if x is None:
                return None
            out.append(x)
        return tuple(out)
    if isinstance(raw, (list, tuple)):
        items = [_astuple_value(interp, x, depth + 1) for x in raw]
        if any(x is None for x in items):
            return None
        return type(raw)(items) if type(raw) in (list, tuple) else None
    if isinstance(raw, dict):
        out_d = {}
        for k, x in raw.items():
            got = _astuple_value(interp, x, depth + 1)
            if got is None:
                return None
            out_d[k] = got
        return out_d
    return v


@DC.entry("astuple", doc="astuple(obj): a dataclass instance's fields, in order, as a tuple")
def _astuple(c: Call) -> Any:
    # ``V, D, H = astuple(Config())`` unpacks the fields in their definition order, so the
    # order is the class's (not the order __init__ / __post_init__ happened to store them)
    raw = plain(c.arg(0))
    if not (isinstance(raw, Obj) and not raw.module and raw.cls is not None):
        return c.unknown("astuple() of an unknown object")
    if _dc_field_names(c.interp, raw.cls) is None:
        return c.unknown("astuple() of an object that is not a dataclass instance")
    got = _astuple_value(c.interp, raw)
    return c.unknown("astuple() of a dataclass with an unknown field") if got is None else got


@DC.entry("replace", doc="replace(obj, **changes): a new instance with those fields changed")
def _replace(c: Call) -> Any:
    v = plain(c.arg(0))
    f = _fields_of(v)
    if f is None or not isinstance(v, Obj):
        return c.unknown("replace() of an unknown object")
    return c.interp.memo.instantiate(v.cls, [], {**f, **c.kwargs}, c.loc)


@DC.entry("fields", doc="fields(cls_or_obj): the dataclass's fields (name, type), in order")
def _dc_fields(c: Call) -> Any:
    """``dataclasses.fields(Cfg)``: one field object per field in definition order, with its
    ``name`` and ``type`` (the annotation as Python evaluates it: the class ``int``, or the
    string under ``from __future__ import annotations``), so a loop that builds an instance
    from them (``Cfg(**{f.name: f.type(raw[f.name]) for f in fields(Cfg)})``) is followed.
    A field's ``default`` is its literal default (``n: int = 12`` / ``field(default=12)``,
    ``_dc_field_default``: an ``HfArgumentParser``-style loop adds one flag per field with
    ``default=f.default``); any other default is unknown."""
    from driftcheck.parsers.source.interp.exprs import Frame

    raw = plain(c.arg(0))
    cls = raw if isinstance(raw, Cls) else raw.cls if isinstance(raw, Obj) else None
    names = _dc_field_names(c.interp, cls) if len(c.args) == 1 and not c.kwargs else None
    if names is None:
        return c.unknown("dataclasses.fields() of something not a dataclass of the code")
    notes: dict[str, Any] = {}
    defaults: dict[str, Any] = {}
    metas: dict[str, Any] = {}
    for k in reversed(cls.mro()):
        if not isinstance(k, Cls):
            continue
        for st in k.node.body:
            if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name):
                notes[st.target.id] = (k, st.annotation)
                defaults[st.target.id] = _dc_field_default(st.target.id, st.value)
                metas[st.target.id] = _dc_field_metadata(st.target.id, st.value)
    postponed = any(
        isinstance(st, ast.ImportFrom)
        and st.module == "__future__"
        and any(a.name == "annotations" for a in st.names)
        for st in cls.mod.tree.body
    )
    out = []
    for n in names:
        owner, ann = notes[n]
        if postponed:
            typ: Any = ast.unparse(ann)
        else:
            try:
                typ = c.interp.exprs.eval(ann, Frame(owner.mod))
            except Exception:  # noqa: BLE001 -- an annotation we cannot follow: its type unknown
                typ = Unknown(f"the annotation of dataclass field {n}")
        out.append(
            Config(
                fields={"name": n, "type": typ, "default": defaults[n], "metadata": metas[n]},
                origin=None,
            )
        )
    return tuple(out)


def _dc_field_metadata(name: str, value: ast.expr | None) -> Any:
    """``dataclasses.fields(C)[i].metadata`` (session 36): CPython's read-only
    ``mappingproxy`` of the dict ``field(metadata={...})`` was given (a literal here), an empty
    one for a field without (a plain default, ``field()`` without ``metadata``); a metadata
    that is no literal, or a default made by another call (it may be a ``Field``): unknown."""
    from driftcheck.parsers.source.values.abstract import ReadOnlyView

    meta: Any = {}
    if isinstance(value, ast.Call):
        fn = value.func
        fname = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", None)
        kw = {k.arg: k.value for k in value.keywords}
        if fname != "field" or None in kw:
            return Unknown(f"the metadata of dataclass field {name} (a default made by a call)")
        if "metadata" in kw:
            try:
                meta = ast.literal_eval(kw["metadata"])
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                return Unknown(f"the metadata of dataclass field {name} (not a literal)")
            if meta is None:
                meta = {}
            if not isinstance(meta, dict):
                return Unknown(f"the metadata of dataclass field {name} (not a dict)")
    return ReadOnlyView(meta, None, None, None)


def _dc_field_default(name: str, value: ast.expr | None) -> Any:
    """``dataclasses.fields(C)[i].default`` as CPython gives it, where the class body says it
    with a literal: ``n: int = 12`` or ``n: int = field(default=12, ...)`` (the decorator
    keeps the value the class body computed, whatever happens to the name later). No value,
    ``field()`` without ``default`` (CPython's ``MISSING``), a ``default_factory`` or any
    other expression: unknown, never a guess."""
    if isinstance(value, ast.Call):
        fn = value.func
        fname = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", None)
        kw = {k.arg: k.value for k in value.keywords}
        if fname != "field" or value.args or None in kw or "default" not in kw:
            return Unknown(f"the default of dataclass field {name} (not a literal default)")
        value = kw["default"]
    if value is None:
        return Unknown(f"the default of dataclass field {name} (no default)")
    try:
        got = ast.literal_eval(value)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return Unknown(f"the default of dataclass field {name} (not a literal default)")
    if isinstance(got, (list, dict, set)):
        # CPython refuses a mutable default (ValueError when the class is made)
        return Unknown(f"the default of dataclass field {name} (a mutable default)")
    return got


# ------------------------------------------------------------- dataclass / attrs class checks
ATTRS = Group("attr", "attrs")

# classes outside the analyzed code that are known to be neither dataclasses nor attrs classes
# (their instances and subclasses carry no ``__dataclass_fields__`` / ``__attrs_attrs__`` of
# their own): Python's builtins, the ABCs, typing's generics, enum and torch
_PLAIN_EXT = ("builtins.", "abc.", "typing.", "typing_extensions.", "collections.", "enum.")
_PLAIN_EXT += ("torch.",)


def _decorated_kinds(interp: Any, cls: Cls) -> set[str]:
    """What the class's own decorators make it: ``dataclass`` (``@dataclass`` /
    ``@dataclass(...)``, any module's: pydantic's sets the same field table) and / or
    ``attrs`` (``@attr.s``, ``@attrs.define``, ``frozen``, ``mutable``: resolved to their
    import, not read by short name)."""
    from driftcheck.parsers.source.interp.objmodel import _ATTRS_AUTO, _ATTRS_CLASSES

    out: set[str] = set()
    for d in cls.node.decorator_list:
        fn = d.func if isinstance(d, ast.Call) else d
        name = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", None)
        if name == "dataclass" and not (isinstance(fn, ast.Attribute) and _is_attr_mod(fn)):
            out.add("dataclass")
            continue
        if not isinstance(fn, (ast.Name, ast.Attribute)) or "__frame__" not in cls.ns:
            continue
        q = getattr(plain(interp.exprs.eval(fn, cls.ns["__frame__"])), "qual", None)
        if q in _ATTRS_CLASSES or q in _ATTRS_AUTO or q in ("attr.dataclass", "attrs.dataclass"):
            out.add("attrs")
    return out


def _is_attr_mod(fn: ast.Attribute) -> bool:
    """``attr.dataclass`` is attrs' alias of ``attr.s(auto_attribs=True)``, not a dataclass."""
    return isinstance(fn.value, ast.Name) and fn.value.id in ("attr", "attrs")


def _struct_check(c: Call, kind: str) -> Any:
    """Whether ``c``'s argument (a class or an instance) is a ``kind`` class: True when a
    class of its MRO is decorated so (the generated field table is inherited), False for
    plain values, torch values and classes whose every base is known plain, unknown when
    a base is another library's class we do not read (it may be one)."""
    v = plain(c.arg(0))
    if isinstance(v, (bool, int, float, str, bytes, list, tuple, dict, set, type(None))):
        return False
    if isinstance(v, (Tensor, Leaf)):  # a torch layer class is neither
        return False
    if isinstance(v, (Obj, Config)):
        if v.cls is None:
            return c.unknown(f"{c.qual}() of an object of unknown class")
        v = v.cls
    if isinstance(v, Ext):
        if v.qual.startswith(_PLAIN_EXT):
            return False
        return c.unknown(f"{c.qual}() of {v.qual}")
    if not isinstance(v, Cls):
        return c.unknown(f"{c.qual}() of {type(v).__name__}")
    for k in v.mro():
        if isinstance(k, Cls):
            if kind in _decorated_kinds(c.interp, k):
                return True
        elif not (isinstance(k, Ext) and k.qual.startswith(_PLAIN_EXT)):
            return c.unknown(f"{c.qual}() of a subclass of {getattr(k, 'qual', k)!s}")
    return False


@DC.entry(
    "is_dataclass",
    doc="is_dataclass(obj): a class of its MRO is @dataclass-decorated; plain values False",
)
def _is_dataclass(c: Call) -> Any:
    return _struct_check(c, "dataclass")


@ATTRS.entry("has", doc="has(cls): a class of its MRO is an attrs class (@attr.s, @define...)")
def _attrs_has(c: Call) -> Any:
    return _struct_check(c, "attrs")


# ---------------------------------------------------------------------------------- namespaces
NS = Group("types")
AP = Group("argparse")


@NS.entry(
    "new_class",
    doc="types.new_class(name, bases, kwds=None, exec_body=None): exec_body run on a fresh "
    "dict, then the class type() makes of it; metaclass keywords and source metaclasses unknown",
)
def _types_new_class(c: Call) -> Any:
    """``types.new_class("Wide", (nn.Module,), exec_body=lambda ns: ns.update(...))``: CPython
    prepares a namespace (``type.__prepare__``: a plain dict), runs ``exec_body(ns)`` and calls
    the metaclass (``type``) on it, as ``type(name, bases, ns)`` does (library/python.py).
    Class keywords (``kwds``) or a base with a metaclass read from source (its ``__prepare__``
    / ``__new__`` would run): unknown."""
    from driftcheck.parsers.source.library.python import _new_class

    bases = c.plain(1, "bases", ())
    kwds = c.plain(2, "kwds", None)
    body = c.arg(3, "exec_body", None)
    if len(c.args) > 4 or set(c.kwargs) - {"name", "bases", "kwds", "exec_body"}:
        return c.unknown("types.new_class() with arguments we cannot read")
    if kwds not in (None, {}) or not isinstance(bases, (tuple, list)):
        return c.unknown("types.new_class() with class keywords or bases we cannot read")
    ns: dict = {}
    if plain(body) is not None:
        c.interp.calls.call(body, [ns], {}, c.loc)
        if id(ns) in c.interp.havoc:
            return c.unknown("types.new_class(): exec_body wrote the namespace under unknown keys")
    made = Call(c.interp, "builtins.type", [c.arg(0, "name"), tuple(bases), ns], {}, c.loc)
    return _new_class(made)


def _namespace(c: Call) -> Any:
    """``SimpleNamespace(n_head=4, ...)`` / ``argparse.Namespace(...)``: an object of named
    fields, read and written as attributes; modelled as a config object (``Config``), so a
    field read keeps its name as the key it came from (``hp.n_head``: a head count)."""
    if c.args:
        return c.unknown(f"{c.qual}() with positional arguments")
    where = str(c.loc[0]) if c.loc else None
    line = c.loc[1] if c.loc and len(c.loc) > 1 else None
    lines = dict.fromkeys(c.kwargs, line) if isinstance(line, int) else {}
    return Config(fields=dict(c.kwargs), origin=where, lines=lines, made_by=c.qual)


NS.add("SimpleNamespace", _namespace, "SimpleNamespace(**fields): an object of those fields")


@NS.entry(
    "FunctionType",
    doc="FunctionType(f.__code__, f.__globals__, name, argdefs): f's body with those defaults "
    "(none for None); other globals, a closure or a nested function's code: unknown",
)
def _function_type(c: Call) -> Any:
    from driftcheck.parsers.source.library import codeobj

    return codeobj.function_type(c)


@NS.entry("MethodType", doc="MethodType(f, obj): f bound to obj (a function read from source)")
def _method_type(c: Call) -> Any:
    """``types.MethodType(add_head, model)``: calling it calls ``add_head(model, ...)``, as a
    method read from ``model``'s class would (bound the same way, ``attrs.bind``). A callee
    that is not a plain function read from source (a class, a library callable) is unknown."""
    f = c.plain(0, "function")
    if len(c.args) != 2 or c.kwargs or not isinstance(f, Func) or f.bound is not None:
        return c.unknown()
    if f.is_static or f.is_classmethod or isinstance(f.node, ast.Lambda) and not f.node.args.args:
        return c.unknown()
    return Func(f.node, f.mod, f.closure, f.owner, c.plain(1), False, False)


@NS.entry(
    "ModuleType",
    doc="ModuleType(name): an empty module object whose attributes later writes set",
)
def _module_type(c: Call) -> Any:
    """``types.ModuleType("hp")`` used as a settings namespace (``hp.width = 64``,
    ``setattr(hp, k, v)``, then ``import``-like reads ``hp.width``): an object of the fields
    written to it, as ``SimpleNamespace()``. Its ``__name__`` / ``__doc__`` are not fields
    (reading them is unknown), so they never pass for config keys."""
    if len(c.args) + len(c.kwargs) not in (1, 2) or set(c.kwargs) - {"name", "doc"}:
        return c.unknown("ModuleType() with other than (name, doc)")
    where = str(c.loc[0]) if c.loc else None
    return Config(fields={}, origin=where)


@NS.entry(
    "MappingProxyType",
    doc="MappingProxyType(d): a live read-only view of d (later writes to d show; writes through it raise)",
)
def _mapping_proxy(c: Call) -> Any:
    d = c.arg(0, "mapping")
    if len(c.args) != 1 or c.kwargs or not isinstance(plain(d), (dict, Config)):
        return c.unknown("MappingProxyType() of something other than a known mapping")
    from driftcheck.parsers.source.values.abstract import ReadOnlyView

    return ReadOnlyView(plain(d), None, None, None)  # read-only: writes raise (abstract.py)


AP.add("Namespace", _namespace, "Namespace(**fields): an object of those fields")


# ---------------------------------------------------------------------------------- enum
EN = Group("enum")
EN.add(
    "auto",
    lambda c: c.unknown("enum.auto()"),
    "auto(): unknown value (members compare by identity)",
)

_ = (math, MATH)

# ---------------------------------------------------------------------------------- pydantic
PD = Group("pydantic")


@PD.entry("Field", doc="Field(default, default_factory=): the default a model instance gets")
def _pd_field(c: Call) -> Any:
    default = c.arg(0, "default", _MISSING)
    if getattr(default, "qual", None) == "builtins.Ellipsis" or default is Ellipsis:
        default = _MISSING  # Field(...): required
    return FieldSpec(default, c.kwargs.get("default_factory"))


# ---------------------------------------------------------------------------------- attrs
AT = Group("attrs", "attr")


class _AttrsFactory:
    """``attrs.Factory(list)``: a default made by calling ``factory`` per instance."""

    __slots__ = ("factory",)

    def __init__(self, factory: Any) -> None:
        self.factory = factory


@AT.entry("Factory", doc="Factory(f): a field default made by calling f")
def _at_factory(c: Call) -> Any:
    if c.kwargs.get("takes_self"):
        return c.unknown("attrs.Factory(takes_self=True)")
    return _AttrsFactory(c.arg(0, "factory"))


@AT.entry(
    "field",
    "ib",
    "attrib",
    doc="field(default=, factory=, converter=) / attr.ib(...): the default an attrs instance "
    "gets; a converter is run on the value the field gets, given or default, as attrs' "
    "__init__ does (validators are not run)",
)
def _at_field(c: Call) -> Any:
    default = c.kwargs.get("default", _MISSING)
    factory = c.kwargs.get("factory")
    if isinstance(default, _AttrsFactory):
        default, factory = _MISSING, default.factory
    return FieldSpec(default, factory, c.kwargs.get("converter"), init=_init_flag(c))


@AT.entry(
    "evolve",
    doc="evolve(inst, **changes): a new instance of inst's attrs class, made by calling the "
    "class with each init field's current value (under its __init__ name) and the changes, as "
    "attrs does (converters and __attrs_post_init__ run again)",
)
def _at_evolve(c: Call) -> Any:
    """``attrs.evolve(PAPER, hidden=64)``: attrs reads every ``init`` field of the instance's
    class (``attrs.fields``), passes its current value under its ``__init__`` name (``_x`` as
    ``x``, or its ``alias=``) unless ``changes`` names it, and calls the class: converters run
    on the copied values again and ``__attrs_post_init__`` runs; a field with ``init=False``
    gets its default again, not the instance's value. Anything we cannot read (an instance
    that is not of an attrs class of the code, a field's ``init=`` / ``alias=`` unknown, a
    field the instance lacks, a change no parameter takes: TypeError in attrs) is unknown."""
    from driftcheck.parsers.source.interp import attrsconv

    inst = plain(c.args[0]) if len(c.args) == 1 else None
    if not isinstance(inst, Obj) or inst.module or not isinstance(inst.cls, Cls):
        return c.unknown("attrs.evolve() of something other than one attrs instance we read")
    cls = inst.cls
    ip = c.interp
    if not attrsconv.is_attrs(ip.calls, cls) or not ip.calls.is_dataclass(cls):
        return c.unknown(f"attrs.evolve() of a {cls.name}, not an attrs class we read")
    if "**" in c.kwargs:
        return c.unknown("attrs.evolve() with keyword arguments of unknown keys")
    changes = dict(c.kwargs)
    params: set[str] = set()
    for name, st, _, base in dataclass_fields(cls):
        if base == "ClassVar":
            continue
        init = True
        if isinstance(st.value, ast.Call):
            for kw in st.value.keywords:
                if kw.arg == "init":
                    ok = isinstance(kw.value, ast.Constant) and isinstance(kw.value.value, bool)
                    init = kw.value.value if ok else None
        if init is None:
            return c.unknown(f"attrs.evolve(): field {name} has an init= we cannot read")
        if not init:
            continue
        key = attrsconv.init_name(st, name)
        if key is None:
            return c.unknown(f"attrs.evolve(): field {name} has an alias= we cannot read")
        params.add(key)
        if key not in changes:
            if name not in inst.attrs:
                return c.unknown(f"attrs.evolve(): the instance has no field {name}")
            changes[key] = inst.attrs[name]
    if set(c.kwargs) - params:
        return c.unknown("attrs.evolve() with a change no __init__ parameter takes (TypeError)")
    return ip.memo.instantiate(cls, [], changes, c.loc)


# ---------------------------------------------------------------------------------- inspect
INS = Group("inspect")
_PARAMETER = NamedTupleType("Parameter", ("name", "default", "kind", "annotation"), ())
_SIGNATURE = NamedTupleType("Signature", ("parameters", "return_annotation"), ())
_BOUND = NamedTupleType("BoundArguments", ("arguments", "signature"), ())
# the default of a torch parameter our table does not know: it may be ``Parameter.empty``
_MAYBE_EMPTY = "default of a torch parameter"


@INS.entry(
    "signature",
    doc="signature(f) of a function in analyzed code: .parameters (name -> .name, .default, "
    ".kind); a parameter without a default has an unknown default (inspect.Parameter.empty)",
)
def _signature(c: Call) -> Any:
    from driftcheck.parsers.source.interp.exprs import Frame
    from driftcheck.parsers.source.values.abstract import Func

    f = plain(c.arg(0))
    if isinstance(f, Partial) and len(c.args) == 1 and not c.kwargs:
        from driftcheck.parsers.source.library.partialsig import partial_signature

        return partial_signature(c, f, _signature)  # CPython's rules (library/partialsig.py)
    bound = getattr(f, "bound", None)  # a bound wrapper's signature drops ``self`` too
    for _ in range(8):  # ``@functools.wraps(init)``: signature() follows ``__wrapped__``
        if not isinstance(f, Func):
            break
        wraps = [
            d
            for d in getattr(f.node, "decorator_list", ())
            if isinstance(d, ast.Call) and ast.unparse(d.func).split(".")[-1] == "wraps"
        ]
        if not wraps:
            break
        if not wraps[0].args:
            return c.unknown("signature() of a wraps() wrapper")
        f = plain(c.interp.exprs.eval(wraps[0].args[0], Frame(f.mod, None, f.closure)))
    if isinstance(f, Ext) and f.qual.startswith("torch.nn."):
        # ``inspect.signature(nn.InstanceNorm2d)`` (monai's ``has_option(norm_type,
        # "num_features")`` decides which kwargs its ``get_norm_layer`` passes): the class's
        # ``__init__`` as torch's source on disk defines it, ``self`` dropped as for a class
        cls = c.interp.library.torch_class(f.qual)
        init = c.interp.calls.find_init(cls)[0] if cls is not None else None
        if isinstance(init, Func):
            f, bound = init, cls
        elif cls is None:  # torch's source not on disk (core install): the shipped table
            shipped = _shipped_init_signature(f.qual)
            if shipped is not None:
                return shipped
    if isinstance(f, Cls):
        f, bound = _class_signature_func(c, f)
    if not isinstance(f, Func):
        return c.unknown("signature() of a callable not in the analyzed code")
    from driftcheck.parsers.source.interp import deftime  # the def-time value of a default

    a = f.node.args
    frame = Frame(f.mod, None, f.closure)
    from driftcheck.parsers.source.library.pybuiltins import INSPECT_EMPTY

    empty = INSPECT_EMPTY
    params: dict[str, Any] = {}

    def add(arg: ast.arg, default: ast.expr | None, kind: str) -> None:
        value = empty if default is None else deftime.value(c.interp, f, default, frame)
        from driftcheck.parsers.source.library.pydmodels import annotation_of  # a cycle

        ann = annotation_of(c.interp, arg.annotation, frame)  # pydantic's create_model reads it
        params[arg.arg] = NamedTupleValue([arg.arg, value, ParamKind(kind), ann], _PARAMETER)

    pos = [*a.posonlyargs, *a.args]
    defaults = [None] * (len(pos) - len(a.defaults)) + list(a.defaults)
    for i, p in enumerate(pos):
        add(
            p, defaults[i], "POSITIONAL_ONLY" if i < len(a.posonlyargs) else "POSITIONAL_OR_KEYWORD"
        )
    if a.vararg is not None:
        add(a.vararg, None, "VAR_POSITIONAL")
    for p, d in zip(a.kwonlyargs, a.kw_defaults):
        add(p, d, "KEYWORD_ONLY")
    if a.kwarg is not None:
        add(a.kwarg, None, "VAR_KEYWORD")
    if (f.bound is not None or bound is not None) and params:  # a bound method drops ``self``
        params.pop(next(iter(params)))
    return NamedTupleValue([params, Unknown("return annotation")], _SIGNATURE)


def _shipped_init_signature(qual: str) -> Any:
    """``inspect.signature(nn.X)`` from ``getfullargspec(nn.X.__init__)`` as
    tools/gen_torch_signatures.py ships it (checked against the installed torch), ``self``
    dropped; a default that is not a plain value reads as unknown. None for a class the table
    does not hold (``torch.nn.X`` / ``torch.nn.modules.<file>.X`` only)."""
    from driftcheck.parsers.source.library.pybuiltins import INSPECT_EMPTY
    from driftcheck.parsers.source.library.torchlib import _shipped_table

    parts = qual.split(".")
    if not (
        parts[:2] == ["torch", "nn"]
        and (len(parts) == 3 or (len(parts) == 5 and parts[2] == "modules"))
    ):
        return None
    row = _shipped_table().get("init", {}).get(f"torch.nn.{parts[-1]}")
    if not isinstance(row, dict):
        return None
    unknown = row.get("unknown") or ()
    args = list(row.get("args") or [])[1:]  # ``self``
    defaults = row.get("defaults") or []
    kwdefaults = row.get("kwonlydefaults") or {}
    params: dict[str, Any] = {}

    def add(name: str, default: Any, kind: str) -> None:
        ann = Unknown("annotation of a torch parameter")
        params[name] = NamedTupleValue([name, default, ParamKind(kind), ann], _PARAMETER)

    first_default = len(args) - len(defaults)
    for i, name in enumerate(args):
        if "defaults" in unknown:
            d: Any = Unknown(_MAYBE_EMPTY)
        else:
            d = defaults[i - first_default] if i >= first_default else INSPECT_EMPTY
        add(name, d, "POSITIONAL_OR_KEYWORD")
    if row.get("varargs"):
        add(row["varargs"], INSPECT_EMPTY, "VAR_POSITIONAL")
    for name in row.get("kwonlyargs") or []:
        if "kwonlydefaults" in unknown:
            d = Unknown(_MAYBE_EMPTY)
        else:
            d = kwdefaults.get(name, INSPECT_EMPTY)
        add(name, d, "KEYWORD_ONLY")
    if row.get("varkw"):
        add(row["varkw"], INSPECT_EMPTY, "VAR_KEYWORD")
    return NamedTupleValue([params, Unknown("return annotation")], _SIGNATURE)


def _class_signature_func(c: Call, cls: Any) -> tuple[Any, Any]:
    """``inspect.signature(SomeClass)`` as Python reads it: the ``__init__`` or ``__new__`` of
    the first class in the MRO whose body defines either (its first parameter dropped);
    neuralop's ``BaseModel.__new__`` fills the defaults of a model's keywords this way. A
    metaclass (its ``__call__`` may change the signature) or a class from outside the analyzed
    code first in the MRO: unknown."""
    from driftcheck.parsers.source.values.abstract import Func

    for k in cls.mro():
        if not isinstance(k, Cls):
            return Unknown("signature() of a class built on one outside the analyzed code"), None
        if any(kw.arg == "metaclass" for kw in k.node.keywords):
            return Unknown("signature() of a class with a metaclass"), None
        for name in ("__new__", "__init__"):
            if any(
                isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) and st.name == name
                for st in k.node.body
            ):
                ok, fn = c.interp.classes.class_attr(k, name)
                return (fn, cls) if ok and isinstance(fn, Func) else (Unknown(name), None)
    return Unknown("signature() of a class without __init__"), None


_FULLARGSPEC = NamedTupleType(
    "FullArgSpec",
    ("args", "varargs", "varkw", "defaults", "kwonlyargs", "kwonlydefaults", "annotations"),
    (),
)


@INS.entry(
    "getfullargspec",
    doc="getfullargspec(f): the parameter names of a function, method or class (its __init__) "
    "of analyzed code, ``self`` kept as Python keeps it; an nn.Module instance gives torch's "
    "``__call__(self, *args, **kwargs)``; a torch layer's ``forward``: from torch's source, or "
    "without it from the table tools/gen_torch_signatures.py ships; annotations unknown; "
    "a library callable: unknown",
)
def _getfullargspec(c: Call) -> Any:
    """speechbrain's ``Sequential.append`` asks ``"input_shape" in spec.args + spec.kwonlyargs``
    of a layer class to decide whether to build it with the inferred input shape: an unknown
    answer left every layer it appends unknown."""
    from driftcheck.parsers.source.interp.exprs import Frame
    from driftcheck.parsers.source.values.abstract import Leaf

    f = plain(c.arg(0))
    if isinstance(f, modmethods.LayerMethod):  # ``layer.forward``: torch's own, from its source
        m, f = f, modmethods.torch_method(c.interp, f)
        shipped = modmethods.shipped_argspec(m) if f is None else None
        if shipped is not None:  # torch's source not on disk (core install): the shipped table
            return NamedTupleValue([*shipped, Unknown("annotations")], _FULLARGSPEC)
    if isinstance(f, Cls):
        ok, init, _where = c.interp.classes.mro_attr(f, "__init__")
        if not ok and _where is None:  # a plain class: ``object.__init__`` reads as no parameters
            return NamedTupleValue([[], None, None, None, [], None, {}], _FULLARGSPEC)
        f = init if ok else None
    elif (isinstance(f, Obj) and f.module) or isinstance(f, Leaf):
        cls = f.cls if isinstance(f, Obj) else None
        ok, call, _where = (
            c.interp.classes.mro_attr(cls, "__call__") if cls is not None else (False, None, None)
        )
        if not ok:  # ``nn.Module.__call__``: ``(self, *args, **kwargs)`` on every torch version
            return NamedTupleValue(
                [["self"], Unknown("varargs name"), Unknown("varkw name"), None, [], None, {}],
                _FULLARGSPEC,
            )
        f = call
    if not isinstance(f, Func) or isinstance(f.node, ast.Lambda) and f.node.args.vararg:
        return c.unknown("getfullargspec() of a callable not in the analyzed code")
    from driftcheck.parsers.source.interp import deftime  # the def-time value of a default

    a = f.node.args
    frame = Frame(f.mod, None, f.closure)
    pos = [p.arg for p in (*a.posonlyargs, *a.args)]
    defaults = tuple(deftime.value(c.interp, f, d, frame) for d in a.defaults) or None
    kwonly = [p.arg for p in a.kwonlyargs]
    kwdefaults = {
        p.arg: deftime.value(c.interp, f, d, frame)
        for p, d in zip(a.kwonlyargs, a.kw_defaults)
        if d
    } or None
    return NamedTupleValue(
        [
            pos,
            a.vararg.arg if a.vararg else None,
            a.kwarg.arg if a.kwarg else None,
            defaults,
            kwonly,
            kwdefaults,
            Unknown("annotations"),
        ],
        _FULLARGSPEC,
    )


# ---------------------------------------------------------------------------------- contextlib
# ``with contextlib.ExitStack() as stack:``: the managers entered and the callbacks registered
# through the stack run at its exit, last first (CPython's ``ExitStack.__exit__`` /
# ``close``); ``pop_all`` moves them to a new stack. A registration under an undecided
# condition is not modelled (the method reads as unknown, so the interpreter's not-followed
# path makes what it hands over unknown: objmodel.handed_mutators).
CTX = Group("contextlib")


class ExitStackValue:
    """A ``contextlib.ExitStack``: its exit callbacks, in registration order."""

    library_type: ClassVar[str] = "contextlib.ExitStack"

    def __init__(self, interp: Any, loc: tuple) -> None:
        self.ip = interp
        self.loc = loc
        self.exits: list[tuple[Any, list, dict]] = []
        # inside its own ``with`` (interp/ctxmanager.py): the exits then run at its end, which
        # a module global read lazily replays with the statement (interp/modglobals.py); a
        # stack closed later by a separate ``close()`` is not modelled
        self.entered = False

    def attr(self, name: str) -> Any:
        lines = getattr(getattr(self.ip, "ip", self.ip), "uncertain", None)
        if name in ("enter_context", "callback", "push") and lines:
            return Unknown(f"ExitStack.{name} under the undecided condition at line {lines[-1]}")
        if name in ("enter_context", "callback", "push") and not self.entered:
            return Unknown(f"ExitStack.{name} outside the stack's own with statement")
        if name == "enter_context":
            return BuiltinMethod(self._enter_context)
        if name == "callback":
            return BuiltinMethod(self._callback)
        if name == "push":
            return BuiltinMethod(self._push)
        if name == "close":
            return BuiltinMethod(lambda a, k: self.close())
        if name == "pop_all":
            from driftcheck.parsers.source.library.pybuiltins import FramedMethod

            return FramedMethod(lambda a, k: self._pop_all(), self._pop_all_at)
        return Unknown(f"contextlib.ExitStack.{name}")

    def _enter_context(self, a: list, k: dict) -> Any:
        from driftcheck.parsers.source.interp.ctxmanager import enter_object

        cm = a[0] if len(a) == 1 and not k else k.get("cm")
        got = enter_object(self.ip, cm) if cm is not None else None
        if got is None:  # a manager we do not model: as ``with`` reads one (interp/ctxmanager.py)
            return Unknown("ExitStack.enter_context of a manager not read from source")
        value, leave = got
        self.exits.append((BuiltinMethod(lambda a, k: leave()), [], {}))
        return value

    def _callback(self, a: list, k: dict) -> Any:
        if not a:
            return Unknown("ExitStack.callback() without a callable")
        self.exits.append((a[0], list(a[1:]), dict(k)))
        return a[0]

    def _push(self, a: list, k: dict) -> Any:
        from driftcheck.parsers.source.values.abstract import Obj

        if len(a) != 1 or k:
            return Unknown("ExitStack.push() with these arguments")
        fn, o = a[0], plain(a[0])
        if isinstance(o, Obj) and o.cls is not None:  # a manager object: its ``__exit__``
            fn = self.ip.attrs.getattr(o, "__exit__")
        self.exits.append((fn, [None, None, None], {}))
        return a[0]

    def _pop_all_at(self, a: list, k: dict, fr: Any, e: Any) -> Any:
        """``stack.pop_all()`` called from the frame ``fr`` (the interpreter's call site): what
        the moved callbacks reach is forgotten there too -- a dict or set held only in a
        function's local variable kept its known keys before (session 34, wrongs34)."""
        return self._pop_all(fr)

    def _pop_all(self, fr: Any = None) -> Any:
        """The pending exits move to a stack whose exit we do not follow (it may run any time
        later, or never): a list a pending ``xs.append`` would fill holds an unknown run from
        here on, a dict or set one would change is unknown (``ip.havoc``)."""
        from driftcheck.parsers.source.values.abstract import UnknownRun

        why = f"an ExitStack callback moved by pop_all at {self.loc[0]}:{self.loc[1]}"
        ip = getattr(self.ip, "ip", self.ip)
        from driftcheck.parsers.source.interp import frameintro

        for fn, a, k in self.exits:
            m = plain(fn)
            for _ in range(8):  # ``partial(layers.append, conv)``: the method it calls
                if getattr(m, "library_type", None) != "functools.partial":
                    break
                m = plain(m.func)
            c = getattr(m, "receiver", None) if isinstance(m, BuiltinMethod) else None
            if frameintro.code_callback(m):  # a function of the analyzed code (session 34)
                frameintro.escape(ip, [fn, *a, *k.values()], None, why)
                if fr is not None:  # the callers' locals holding what it reaches
                    frameintro.escape(ip, [fn, *a, *k.values()], fr, why)
            elif fr is not None and c.__class__ in (list, dict, set):
                frameintro.escape(ip, [c], fr, why)
            if isinstance(c, list):
                c.append(UnknownRun(why))
            elif isinstance(c, (dict, set)):
                ip.havoc.setdefault(id(c), (c, why))
        self.exits = []
        return Unknown(f"contextlib.ExitStack.pop_all() ({why})")

    def enter(self) -> Any:
        self.entered = True
        return self

    def close(self) -> None:
        self.entered = False
        while self.exits:
            fn, a, k = self.exits.pop()
            self.ip.calls.call(fn, a, k, self.loc)


@CTX.entry("ExitStack", doc="ExitStack(): callbacks and managers run at its exit, last first")
def _exit_stack(c: Call) -> Any:
    if c.args or c.kwargs:
        return c.unknown("contextlib.ExitStack() with arguments")
    return ExitStackValue(c.interp, c.loc)


# ---------------------------------------------------------------------------------- random
# ``random.Random(seed)``: an architecture sampled by a seeded generator is one fixed
# architecture. CPython's own generator is seeded the same way and asked in the program's
# order (``choice`` / ``sample`` / ``choices`` pick indices, so the items may be any values).
# A draw under an undecided condition, or by another top-level statement of a module read
# lazily than the one that made the generator (earlier draws may not have run there), makes
# this and every later draw unknown. The module-level functions (one hidden generator) are not
# modelled.
RND = Group("random")
_MAX_DRAW = 100_000


class RandomValue:
    """A ``random.Random`` seeded with a known value."""

    library_type: ClassVar[str] = "random.Random"

    def __init__(self, interp: Any, seed: Any) -> None:
        import random

        self.rng = random.Random(seed)
        self.interp = interp
        self.lost = ""
        self.born = self._import_lines()

    def _import_lines(self) -> dict:
        ip = getattr(self.interp, "ip", self.interp)
        return dict(getattr(ip, "__dict__", {}).get("_dc_import_line") or {})

    def attr(self, name: str) -> Any:
        if name in ("choice", "sample", "choices", "randint", "randrange", "random", "uniform"):
            return BuiltinMethod(lambda a, k: self._draw(name, a, k))
        return Unknown(f"random.Random.{name}")

    def _draw(self, name: str, a: list, k: dict) -> Any:
        ip = getattr(self.interp, "ip", self.interp)
        lines = getattr(ip, "uncertain", None)
        if not self.lost and lines:
            self.lost = f"a draw under the undecided condition at line {lines[-1]}"
        if not self.lost and self._import_lines() != self.born:
            self.lost = "a draw by another statement of a module read lazily"
        if self.lost:
            return Unknown(f"random.Random.{name}() after {self.lost}")
        try:
            return self._run(name, a, k)
        except (TypeError, ValueError, IndexError, OverflowError) as e:
            self.lost = f"random.Random.{name}() raising {type(e).__name__}"
            return Unknown(self.lost)

    def _run(self, name: str, a: list, k: dict) -> Any:
        items = self.interp.items
        if name in ("choice", "sample", "choices"):
            seq = items.iterate(a[0]) if a else None
            if seq is None or isinstance(plain(a[0]), (set, frozenset, dict)):
                self.lost = f"random.Random.{name}() of a population we cannot list"
                return Unknown(self.lost)
            n = len(seq)
            if name == "choice":
                if k or len(a) != 1:
                    raise TypeError(name)
                return seq[self.rng.choice(range(n))]
            if name == "sample":
                kk = plain(a[1]) if len(a) > 1 else plain(k.get("k"))
                if set(k) - {"k"} or not isinstance(kk, int) or kk > _MAX_DRAW:
                    raise TypeError(name)
                return [seq[i] for i in self.rng.sample(range(n), kk)]
            kw = {x: plain(v) for x, v in k.items()}
            if set(kw) - {"weights", "cum_weights", "k"} or len(a) != 1:
                raise TypeError(name)
            for w in ("weights", "cum_weights"):
                if kw.get(w) is not None:
                    ws = items.iterate(k[w])
                    ws = [plain(x) for x in ws] if ws is not None else None
                    if ws is None or not all(isinstance(x, (int, float)) for x in ws):
                        raise TypeError(name)
                    kw[w] = ws
            if not isinstance(kw.get("k", 1), int) or kw.get("k", 1) > _MAX_DRAW:
                raise TypeError(name)
            return [seq[i] for i in self.rng.choices(range(n), **kw)]
        args = [plain(x) for x in a]
        if k or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in args):
            raise TypeError(name)
        return getattr(self.rng, name)(*args)


@RND.entry("Random", doc="Random(seed): CPython's generator of a known seed, drawn in order")
def _random(c: Call) -> Any:
    seed = c.plain(0, "x")
    if len(c.args) + len(c.kwargs) != 1 or set(c.kwargs) - {"x"}:
        return c.unknown("random.Random() without a seed we can read")
    if not isinstance(seed, (int, float, str, bytes)) or isinstance(seed, bool):
        return c.unknown("random.Random() of a seed we cannot read")
    return RandomValue(c.interp, seed)
