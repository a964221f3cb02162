"""``copy.copy`` / ``copy.deepcopy`` of a plain object through the pickle reduce protocol, and
``copyreg``'s dispatch table (session 31, wildfix31b).

CPython's copy module, past the class's own ``__copy__`` / ``__deepcopy__``, asks
``copyreg.dispatch_table.get(type(x))`` (a reducer registered with ``copyreg.pickle(cls, fn)``
or written into the table), else ``x.__reduce_ex__(4)``; the reduce value ``rv`` is then
rebuilt by ``copy._reconstruct``: ``y = func(*args)`` (the arguments deep-copied for a deep
copy), ``y.__setstate__(state)`` when ``y`` has one, else ``y.__dict__.update(state)``. The
interpreter copied every plain object field by field and knew nothing of copyreg: a spec class
whose registered reducer widens each copy by 8 was copied at its old width (816 where torch
has 1,472, no note).

Modelled here, for objects of classes read from source that are not modules (a module keeps
interp/copyhooks.py's rules):

- ``copyreg.pickle(cls, reducer)`` / ``copyreg.dispatch_table[cls] = reducer`` with ``cls`` a
  class read from source: kept in a table of this interpreter; ``copy.copy`` / ``deepcopy`` of
  an instance of exactly that class calls the reducer. Any other write to the table (a key not
  known, ``update``...) makes every later copy of an object of a class read from source
  unknown; so does ``pickle.dumps`` of one (library/stdlib.py ``_unpicklable``);
- with no reducer registered, a class defining ``__reduce_ex__`` (called with 4, as copy
  does), ``__reduce__``, or ``__getstate__`` / ``__setstate__`` / ``__getnewargs__`` (the
  default ``object.__reduce_ex__(4)``: ``copyreg.__newobj__(cls, *getnewargs())``, state
  ``__getstate__()`` or the instance's ``__dict__``, None when it is empty) is rebuilt so;
- ``_reconstruct``: a reduce value that is a string gives ``x`` itself; a tuple of 2 to 5
  items with no list / dict items (a 6th item, ``state_setter``, or item iterators: not
  followed, unknown); a ``__newobj__`` of a class defining its own ``__new__``, with
  ``__slots__``, or whose bases are not all read from source: unknown.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.values.abstract import Cls, Ext, Func, Obj, Unknown, plain

_TABLE = "_dc_copyreg_table"  # on the Items part: {id(cls): (cls, reducer)}
_LOST = "_dc_copyreg_lost"  # on the Items part: why the table is not known (a write not followed)
_REDUCE_HOOKS = ("__reduce_ex__", "__reduce__")
_STATE_HOOKS = ("__getstate__", "__setstate__", "__getnewargs_ex__", "__getnewargs__")


class NewObj:
    """``copyreg.__newobj__``: ``cls.__new__(cls, *args)`` (the default reduce's callable)."""


NEWOBJ = NewObj()


def table(ip: Any) -> dict[int, tuple[Any, Any]]:
    return ip.items.__dict__.setdefault(_TABLE, {})


def lost(ip: Any) -> str | None:
    """Why copyreg's table is not known here (a write not followed), or None."""
    return ip.items.__dict__.get(_LOST)


def lose(ip: Any, why: str) -> None:
    ip.items.__dict__.setdefault(_LOST, why)


def register(ip: Any, cls: Any, fn: Any, where: str) -> None:
    """``copyreg.pickle(cls, fn)`` / ``dispatch_table[cls] = fn``."""
    cls = plain(cls)
    if isinstance(cls, Cls):
        table(ip)[id(cls)] = (cls, fn)
    elif isinstance(cls, Ext):
        return  # a library class: its instances are not copied field by field here anyway
    else:
        lose(ip, f"copyreg.dispatch_table written under a key not known at {where}")


def unregister(ip: Any, cls: Any, where: str) -> None:
    """``del copyreg.dispatch_table[cls]``."""
    cls = plain(cls)
    if isinstance(cls, Cls) and id(cls) in table(ip):
        del table(ip)[id(cls)]
    elif not isinstance(cls, (Cls, Ext)):
        lose(ip, f"copyreg.dispatch_table item deleted under a key not known at {where}")


def registered(ip: Any, raw: Any) -> Any:
    """The reducer copyreg holds for ``type(raw)`` (exactly that class), or None."""
    got = table(ip).get(id(raw.cls)) if isinstance(raw, Obj) else None
    return got[1] if got is not None and got[0] is raw.cls else None


def _own_names(c: Cls) -> set[str]:
    out = set()
    for n in c.node.body:
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out.add(n.name)
        elif isinstance(n, ast.Assign):
            out |= {t.id for t in n.targets if isinstance(t, ast.Name)}
        elif isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name) and n.value:
            out.add(n.target.id)
    return out


def plain_reducible(ip: Any, raw: Obj) -> bool:
    """Whether the object's reduce protocol is one modelled here: a plain (not module)
    instance whose classes are all read from source (or ``object``), none with ``__slots__``
    (their state is a pair), ``__new__`` of its own or a metaclass."""
    if raw.module or raw.kind or not isinstance(raw.cls, Cls):
        return False
    for c in raw.cls.mro():
        if isinstance(c, Cls):
            own = _own_names(c)
            if "__slots__" in own or "__new__" in own or "__class_getitem__" in own:
                return False
            if any(isinstance(k, ast.keyword) and k.arg == "metaclass" for k in c.node.keywords):
                return False
        elif not (isinstance(c, Ext) and c.qual == "builtins.object"):
            return False
    return True


def hook(ip: Any, raw: Any) -> tuple[str, Any] | None:
    """How copy rebuilds ``raw`` past its class's own ``__copy__`` / ``__deepcopy__``:
    ``("reduce", reducer)`` (copyreg's), ``("reduce", None)`` (the class's reduce protocol),
    ``("refuse", why)`` (not followed), or None (no hook: the default copy)."""
    if not isinstance(raw, Obj) or not isinstance(raw.cls, Cls):
        return None
    why = lost(ip)
    if why is not None:
        return ("refuse", why)
    fn = registered(ip, raw)
    if fn is not None:
        if raw.module or raw.kind:
            return ("refuse", "a reducer registered with copyreg")
        return ("reduce", fn)
    return None


def _bound_hook(ip: Any, raw: Obj, name: str) -> Any:
    ok, fn, where = ip.classes.mro_attr(raw.cls, name)
    if ok and isinstance(where, Cls) and isinstance(fn, Func):
        return ip.attrs.bind(fn, raw)
    return None


def reduce_value(ip: Any, raw: Obj, reducer: Any) -> Any:
    """``rv``: copyreg's ``reducer(x)``, or ``x.__reduce_ex__(4)`` as the class defines it."""
    loc = raw.loc or ("<copy>", 0)
    if reducer is not None:
        return ip.calls.call(reducer, [raw], {}, loc)
    if not plain_reducible(ip, raw):
        return Unknown(f"copy of a {raw.cls.name}: its reduce protocol is not followed")
    for name, args in (("__reduce_ex__", [4]), ("__reduce__", [])):
        ok, fn, where = ip.classes.mro_attr(raw.cls, name)
        if ok and isinstance(where, Cls):
            if not isinstance(fn, Func):
                return Unknown(f"copy of a {raw.cls.name}: its {name} is not a function")
            return ip.calls.call_func(ip.attrs.bind(fn, raw), args, {})
    # object.__reduce_ex__(4): copyreg.__newobj__(cls, *args), the state
    if _bound_hook(ip, raw, "__getnewargs_ex__") is not None:
        return Unknown(f"copy of a {raw.cls.name}: __getnewargs_ex__ not followed")
    newargs: Any = ()
    getnew = _bound_hook(ip, raw, "__getnewargs__")
    if getnew is not None:
        newargs = plain(ip.calls.call_func(getnew, [], {}))
        if type(newargs) is not tuple:
            return Unknown(f"copy of a {raw.cls.name}: __getnewargs__ not a known tuple")
    getstate = _bound_hook(ip, raw, "__getstate__")
    if getstate is not None:
        state = ip.calls.call_func(getstate, [], {})
    else:
        state = raw.attrs if raw.attrs else None  # object.__getstate__: __dict__, None if empty
    return (NEWOBJ, (raw.cls, *newargs), state, None, None)


def reconstruct(ip: Any, x: Obj, rv: Any, memo: dict | None, deep: Any) -> Any:
    """``copy._reconstruct(x, memo, *rv)``; ``deep``: the deep copy of one value (with the
    memo), or None for ``copy.copy``."""
    what = f"copy of a {x.cls.name}"
    rv = plain(rv)
    if isinstance(rv, str):
        return x  # a global name: copy returns the object itself
    if type(rv) is not tuple or not 2 <= len(rv) <= 5:
        return Unknown(f"{what}: a reduce value not known statically")
    func, args, state, listiter, dictiter = (*rv, None, None, None)[:5]
    if plain(listiter) is not None or plain(dictiter) is not None:
        return Unknown(f"{what}: a reduce value with list / dict items, not followed")
    args = plain(args)
    if type(args) is not tuple:
        return Unknown(f"{what}: reduce arguments not a known tuple")
    if deep is not None:
        args = tuple(deep(a, memo) for a in args)
    func = plain(func)
    if func is NEWOBJ:
        cls = plain(args[0]) if args else None
        if not args or not isinstance(cls, Cls) or not plain_reducible(ip, Obj(cls=cls)):
            return Unknown(f"{what}: __newobj__ of a class not followed")
        if len(args) > 1 and not any(
            isinstance(c, Cls) and "__init__" in _own_names(c) for c in cls.mro()
        ):
            return Unknown(f"{what}: object.__new__ with arguments (a TypeError)")
        y: Any = Obj(cls=cls, module=False, loc=x.loc, qual=x.qual)
    else:
        y = ip.calls.call(func, list(args), {}, x.loc or ("<copy>", 0))
    if deep is not None:
        memo[id(x)] = y
    if plain(state) is None:
        return y
    if deep is not None:
        state = deep(state, memo)
    ry = plain(y)
    if isinstance(ry, Obj) and isinstance(ry.cls, Cls):
        ok, fn, where = ip.classes.mro_attr(ry.cls, "__setstate__")
        if ok and isinstance(where, Cls):
            if not isinstance(fn, Func):
                return Unknown(f"{what}: its __setstate__ is not a function")
            ip.calls.call_func(ip.attrs.bind(fn, ry), [state], {})
            return y
        st = plain(state)
        if type(st) is dict and all(type(plain(k)) is str for k in st) and not ry.module:
            ry.attrs.update({plain(k): v for k, v in st.items()})
            return y
    return Unknown(f"{what}: its state not set as Python does (not followed)")


# ------------------------------------------------------------------ pickle.dumps / loads
# ``pickle.dumps(x)`` keeps a snapshot of ``x`` (library/stdlib.py ``Pickled``) that ``loads``
# copies anew. Pickle asks neither ``__copy__`` nor ``__deepcopy__``; it reduces an object
# (copyreg's reducer, the class's ``__reduce__`` / ``__getstate__``...) when it is *dumped*
# and rebuilds it (``func(*args)``, ``__setstate__``) when it is *loaded*. While a snapshot is
# taken (``MODE`` "dumps") such an object becomes a ``Reduced`` (its reduce value, the
# arguments and state snapshotted too); while one is loaded ("loads") a ``Reduced`` is rebuilt
# and no other hook is asked.
MODE = "_dc_pickle_mode"  # on the Items part: "dumps" / "loads" while pickle copies


class Reduced:
    """An object as ``pickle.dumps`` reduced it: ``func``, ``args`` and ``state`` (snapshots)."""

    __slots__ = ("func", "args", "state", "cls", "loc", "qual")

    def __init__(self, func: Any, args: tuple, state: Any, x: Obj) -> None:
        self.func, self.args, self.state = func, args, state
        self.cls, self.loc, self.qual = x.cls, x.loc, x.qual


def pickle_mode(ip: Any) -> str | None:
    return ip.items.__dict__.get(MODE)


class pickling:  # noqa: N801 - a context manager named as the state it sets
    """``with pickling(ip, "dumps"):`` -- the deep copies made inside are pickle's."""

    def __init__(self, ip: Any, mode: str) -> None:
        self.ip, self.mode = ip, mode

    def __enter__(self) -> None:
        self.old = self.ip.items.__dict__.get(MODE)
        self.ip.items.__dict__[MODE] = self.mode

    def __exit__(self, *exc: Any) -> None:
        self.ip.items.__dict__[MODE] = self.old


def pickle_hook(ip: Any, raw: Any) -> tuple[str, Any] | None:
    """How ``pickle.dumps`` treats ``raw`` (``copy_hook``'s answer for pickle): copyreg's
    reducer, the class's reduce protocol (not ``__reduce_ex__``, which pickle calls with its
    own protocol number), a refusal, or None (the default)."""
    if not isinstance(raw, Obj) or not isinstance(raw.cls, Cls):
        return None
    got = hook(ip, raw)
    if got is not None:
        return got
    from driftcheck.parsers.source.interp.copyhooks import PICKLE_HOOKS

    for name in PICKLE_HOOKS:
        ok, _fn, where = ip.classes.mro_attr(raw.cls, name)
        if ok and isinstance(where, Cls):
            if name != "__reduce_ex__" and plain_reducible(ip, raw):
                return ("reduce", None)
            return ("refuse", name)
    return None


def snapshot(ip: Any, x: Obj, reducer: Any, memo: dict) -> Any:
    """``x`` reduced as ``pickle.dumps`` does, its arguments and state snapshotted."""
    what = f"pickle.dumps() of a {x.cls.name}"
    rv = plain(reduce_value(ip, x, reducer))
    if type(rv) is not tuple or not 2 <= len(rv) <= 5:
        return Unknown(f"{what}: a reduce value not followed")
    func, args, state, listiter, dictiter = (*rv, None, None, None)[:5]
    args = plain(args)
    if plain(listiter) is not None or plain(dictiter) is not None or type(args) is not tuple:
        return Unknown(f"{what}: a reduce value not followed")
    deep = ip.items.deep_copy_value
    out = Reduced(plain(func), (), None, x)
    memo[id(x)] = out
    out.args = tuple(deep(a, memo) for a in args)
    out.state = deep(state, memo) if plain(state) is not None else None
    return out


def rebuild(ip: Any, r: Reduced, memo: dict) -> Any:
    """``pickle.loads`` of a ``Reduced``: ``func(*args)``, then its state set."""
    return reconstruct(ip, r, (r.func, r.args, r.state), memo, ip.items.deep_copy_value)
