"""``functools.lru_cache`` / ``functools.cache``: equal arguments give back the SAME object.

A norm builder memoised with ``@lru_cache`` hands one ``LayerNorm`` to every block asking for
the same width; torch counts a shared parameter once::

    @lru_cache(maxsize=None)
    def norm(dim):
        return nn.LayerNorm(dim)

The decorator was read as the function itself ("caching changes no value"): true of the value,
not of its identity, so each block got its own norm (a confident overcount). ``CachedFunc``
keeps the cache as Python does: the key is the positional arguments and the keyword items in
call order (``typed=True`` adds their types), an LRU of ``maxsize`` entries (``None``:
unbounded, ``0``: no caching; bare ``@lru_cache`` is 128). A hit returns the stored object.
Keys compare as Python's dict compares them (``True == 1 == 1.0``, equal hashes), with
CPython's short path: a lone untyped positional argument of exactly ``int`` or ``str`` is the
key itself, not a 1-tuple, so ``f(1)`` misses an entry ``f(1.0)`` or ``f(True)`` made, while
``f(1.0)`` and ``f(True)`` hit each other. (A numpy integer is read as a Python int here, so
it takes the short path CPython would not give it.) A NaN anywhere in the key is not keyed:
the dict matches it by identity.

An argument we cannot key (an unknown, or a value whose hash we do not model) leaves the cache
unread: the call runs, and what it returns is unknown (it may be what an earlier call stored)
unless nothing was stored before; from then on a miss of ours is unknown too (Python may hit
the entry that call stored; in a bounded cache, a hit too: that entry may have evicted ours).
An argument that is an object (a module, a class, a function, an instance whose class keeps
``object``'s hash: ``dunders.hash_kind``) is keyed by identity, as their default ``__hash__``
is. A call that stores or hands back an object
(not a plain number or string) bumps ``class_writes``: ``speed/memo.py`` must not copy a
construction that holds a cached object (its copies would not share it).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, ClassVar

from driftcheck.parsers.source.values.abstract import (
    Cls,
    Ext,
    Func,
    Leaf,
    Obj,
    Unknown,
    UnknownModule,
    is_module,
    plain,
)

_ATOMS = (bool, int, float, complex, str, bytes, type(None))


class _Ident:
    """An object keyed by identity (its default ``__hash__``); holds it so its id stays its."""

    __slots__ = ("obj",)

    def __init__(self, obj: Any) -> None:
        self.obj = obj

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Ident) and other.obj is self.obj

    def __hash__(self) -> int:
        return id(self.obj)


class _NoKey(Exception):
    """An argument whose hash we do not model."""


def _key_of(v: Any) -> Any:
    v = plain(v)
    if isinstance(v, _ATOMS):
        if v != v:
            # a NaN: the dict finds it by identity first (``x is key``), and which NaNs are
            # the same object is not ours to know
            raise _NoKey
        return v
    if isinstance(v, tuple):
        return tuple(_key_of(x) for x in v)
    if isinstance(v, frozenset):
        return frozenset(_key_of(x) for x in v)
    if isinstance(v, (Cls, Func, Ext, Leaf)) or (isinstance(v, Obj) and v.module):
        return _Ident(v)
    if v.__class__ is Obj and v.cls is not None and not v.kind:
        from driftcheck.parsers.source.interp import dunders

        kind = dunders.hash_kind(v)
        if kind is None and all(
            isinstance(k, Cls) or getattr(k, "qual", None) == "builtins.object" for k in v.cls.mro()
        ):
            # ``object``'s identity hash: every class of its MRO read from source, none saying
            # otherwise (a library base -- int, str, an Enum -- hashes its own way)
            return _Ident(v)
        if kind == "unhashable":
            raise _Unhashable(v.cls.name)
    if isinstance(v, (dict, set)):
        # Python raises ``TypeError: unhashable type`` (the call ran here: a count for a
        # program that stops)
        raise _Unhashable(type(v).__name__)
    if isinstance(v, list):
        # a list raises TypeError too, but a list here may stand for a hashable iterator (a
        # generator expression, map(), a generator function are read as lists): the call's
        # result is unknown either way, never a value (``Calls.eval_call`` raises where the
        # argument is a list display or comprehension, a list in Python)
        raise _ListArg
    raise _NoKey


class _ListArg(Exception):
    """A list argument: Python's TypeError, or an iterator read as a list (unknown)."""


class _Unhashable(Exception):
    """An argument Python cannot hash: the call raises TypeError."""


def _typed(v: Any) -> Any:
    v = plain(v)
    return type(v) if isinstance(v, _ATOMS) else None


@dataclass(eq=False)
class CachedFunc:
    """``lru_cache(maxsize, typed)(func)``: a callable with its own cache (see the module)."""

    def hashes(self) -> bool:
        """Whether a call hashes its arguments (``maxsize=0`` calls the function at once)."""
        return self.maxsize is None or self.maxsize > 0

    func: Any
    maxsize: int | None = 128
    typed: bool = False
    cache: OrderedDict = field(default_factory=OrderedDict)
    # an entry was stored under a key we could not model: any later miss of ours may be a hit
    # of it in Python (never stored after: every entry kept is one Python holds too)
    unkeyed: bool = False
    library_call: ClassVar[bool] = True  # called through ``call`` (objmodel.Calls.call)
    library_method: ClassVar[bool] = True  # read on an instance: bound (``bound_to``)
    library_type: ClassVar[str] = "functools._lru_cache_wrapper"

    def bound_to(self, inst: Any) -> Any:
        """A cached method read on an instance: the instance is the first argument (and part
        of the key), as the C wrapper's ``__get__`` binds it."""
        from driftcheck.parsers.source.library.stdlib import Partial

        f = plain(self.func)
        if isinstance(f, Func) and f.is_static:
            return self
        if isinstance(f, Func) and f.is_classmethod:
            return Partial(self, (inst.cls if isinstance(inst, Obj) else inst,), {})
        return Partial(self, (inst,), {})

    def attr(self, name: str) -> Any:
        from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod

        if name == "__wrapped__":
            return self.func
        if name == "cache_clear":
            return BuiltinMethod(lambda a, k: self._clear())
        f = plain(self.func)
        if isinstance(f, Func) and name == "__name__":
            return f.name
        if isinstance(f, Func) and name == "__module__":
            return f.mod.name
        return Unknown(f"lru_cache wrapper attribute {name}")

    def _clear(self) -> None:
        self.cache.clear()
        self.unkeyed = False

    def call(self, interp: Any, args: list, kwargs: dict, loc: tuple) -> Any:
        if self.maxsize is not None and self.maxsize <= 0:
            return interp.calls.call(self.func, args, kwargs, loc)
        try:
            key: Any = (
                tuple(_key_of(a) for a in args),
                tuple((k, _key_of(v)) for k, v in kwargs.items()),
            )
            if self.typed:
                key += (tuple(map(_typed, args)), tuple(_typed(v) for v in kwargs.values()))
            elif not kwargs and len(args) == 1 and type(key[0][0]) in (int, str):
                # CPython's ``_make_key`` (and the C ``lru_cache_make_key``): one positional
                # argument of exactly int or str, untyped, is the key itself, not a tuple of
                # it -- so ``f(1)`` and ``f(1.0)`` are two entries (1 != (1.0,)) while
                # ``f(1.0)`` and ``f(True)`` share one ((1.0,) == (True,))
                key = key[0][0]
            hash(key)
        except _Unhashable:
            from pathlib import Path

            from driftcheck.parsers.source.interp.statements import Raised

            raise Raised("TypeError", loc[1], Path(str(loc[0]))) from None
        except _ListArg:
            got = interp.calls.call(self.func, args, kwargs, loc)
            where = f"{loc[0]}:{loc[1]}"
            why = (
                f"an lru_cache'd function called with a list (TypeError) or an iterator at {where}"
            )
            return UnknownModule(why) if is_module(plain(got)) else Unknown(why)
        except (_NoKey, TypeError):
            # a miss for sure only where nothing was stored before; Python stores it either way
            first = not self.cache and not self.unkeyed
            self.unkeyed = True
            got = interp.calls.call(self.func, args, kwargs, loc)
            if first:
                return self._shared(interp, got)
            where = f"{loc[0]}:{loc[1]}"
            why = (
                f"an lru_cache'd function called with an argument we cannot key at {where}: "
                f"it may hit an earlier call's entry"
            )
            return UnknownModule(why) if is_module(plain(got)) else Unknown(why)
        if key in self.cache and not (self.unkeyed and self.maxsize is not None):
            self.cache.move_to_end(key)
            got = self.cache[key]
        elif self.unkeyed:
            # (a bounded cache: the unkeyed entry may have evicted any of ours)
            got = interp.calls.call(self.func, args, kwargs, loc)
            where = f"{loc[0]}:{loc[1]}"
            why = (
                f"an lru_cache'd function at {where} after a call whose argument we could not "
                f"key: Python may hit that call's entry"
            )
            return UnknownModule(why) if is_module(plain(got)) else Unknown(why)
        else:
            got = interp.calls.call(self.func, args, kwargs, loc)
            self.cache[key] = got
            if self.maxsize is not None and len(self.cache) > self.maxsize:
                self.cache.popitem(last=False)
        return self._shared(interp, got)

    @staticmethod
    def _shared(interp: Any, got: Any) -> Any:
        if not isinstance(plain(got), _ATOMS):
            interp.class_writes = interp.class_writes + 1  # shared state (speed/memo.py)
        return got


def lru_cache(interp_call: Any) -> Any:
    """The ``lru_cache`` / ``cache`` entry: ``lru_cache(fn)`` (maxsize 128; ``cache``: None)
    wraps ``fn``; ``lru_cache(maxsize=..., typed=...)`` is a decorator that wraps."""
    from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod

    c = interp_call
    unbounded = c.qual.rsplit(".", 1)[-1] == "cache"
    first = c.plain(0)
    if c.args and not isinstance(first, (int, type(None))) and not isinstance(first, bool):
        return CachedFunc(c.args[0], None if unbounded else 128, bool(c.plain(1, "typed", False)))
    size = c.plain(0, "maxsize", 128)
    typed = c.plain(1, "typed", False)
    if isinstance(size, Unknown) or isinstance(typed, Unknown):
        return Unknown(f"lru_cache with options we cannot read at {c.where}")
    size = None if size is None else int(size)
    return BuiltinMethod(lambda a, k: CachedFunc(a[0], size, bool(typed)) if a else None)


CACHE_DECORATORS = frozenset(("functools.lru_cache", "functools.cache"))


def decorate(interp: Any, node: Any, f: Any, fr: Any) -> Any:
    """A module-level ``def`` under ``@lru_cache(...)`` / ``@cache``: ``f`` wrapped as the
    ``def`` statement wraps it (innermost first). Other decorators are left to their own
    readers (``analyze.apply_user_decorators``, ``dispatch``), as before."""
    v = f
    for d in reversed(node.decorator_list):
        callee = plain(interp.exprs.eval(d.func if type(d).__name__ == "Call" else d, fr))
        if not (isinstance(callee, Ext) and callee.qual in CACHE_DECORATORS):
            continue
        deco = interp.exprs.eval(d, fr) if type(d).__name__ == "Call" else callee
        v = interp.calls.call(deco, [v], {}, (str(fr.mod.path), d.lineno))
    return v
