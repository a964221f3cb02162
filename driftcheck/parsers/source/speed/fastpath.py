"""Statements over plain Python values, run by closures compiled once per syntax node.

Some constructors compute tables element by element in Python: levit builds its attention
offsets with two nested loops over every pair of grid points (38,416 iterations at resolution
14, per attention layer)::

    for p1 in points:
        for p2 in points:
            offset = (abs(p1[0] - p2[0]), abs(p1[1] - p2[1]))
            if offset not in attention_offsets:
                attention_offsets[offset] = len(attention_offsets)
            indices.append(attention_offsets[offset])

The general evaluator pays a long chain of type tests per node for values that are plain ints
and tuples. Here a statement built only from local names, constants, arithmetic, comparisons,
subscripts, tuples, a few pure builtins and ``list.append`` is compiled once into nested
closures that compute directly on plain values (levit: 7.1 -> ~1 CPU s).

The closures never decide anything the general path would decide differently: each checks the
classes of the values it meets (``int``, ``float``, ``bool``, ``str``, ``None``, and exact
``tuple``/``list``/``dict`` where an operation needs them) and *bails out* on anything else --
a ``Sourced`` config value, a layer-index ``Probe``, ``Unknown``, a tensor, an error Python
raises -- and the statement is then run by the general evaluator from its start. That is safe
because the only side effect a fast statement has (assigning a name or dict item, appending to
a list) is its last step, after everything that can bail. The analyzed code is still never
executed: these closures are our own interpretation of a small subset of Python.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable
from typing import Any

from driftcheck.parsers.source.ops.operators import ARITH_BOUNDED, COMPARE
from driftcheck.parsers.source.values.abstract import Ext, UnknownRun

_ATOMS = frozenset((int, float, bool, str, type(None)))
_NUMS = frozenset((int, float, bool))
# the arithmetic subset of the evaluator's table (no shifts or bit operations on this path)
_ARITH = ARITH_BOUNDED
_ERRORS = (ArithmeticError, TypeError, ValueError, KeyError, IndexError)
_ATTR = "_driftcheck_fast"  # the compiled closure (or False) kept on the syntax node
Fast = Callable[[Any, Any], Any]  # (interpreter, frame) -> value


class Bail(Exception):
    """A value the fast path does not handle: run the statement the general way."""


def _bail() -> Any:
    raise Bail()


def run(ip: Any, st: ast.stmt, fr: Any) -> bool:
    """Run ``st`` on the fast path; False when it does not apply (nothing was done)."""
    f = st.__dict__.get(_ATTR)
    if f is None:
        f = _stmt(st) or False
        setattr(st, _ATTR, f)
    if f is False:
        return False
    try:
        body = f(ip, fr)
    except Bail:
        return False
    except _ERRORS:  # the general path decides what Python's error means (Unknown, a note)
        return False
    if body is not None:  # an ``if`` whose test was decided: its branch runs the usual way
        ip.stmts.run_body(body, fr)
    return True


def _plain_key(v: Any) -> bool:
    """An atom, or a tuple of atoms: what the general path would use unchanged as a key."""
    c = v.__class__
    if c in _ATOMS:
        return True
    if c is not tuple:
        return False
    for x in v:  # a plain loop: this runs per dict lookup in the hot loops
        if x.__class__ not in _ATOMS:
            return False
    return True


# ---------------------------------------------------------------------------- statements
def _stmt(st: ast.stmt) -> Fast | None:
    t = type(st)
    if t is ast.Assign:
        value = _expr(st.value)
        if value is None:
            return None
        stores = [_target(x) for x in st.targets]
        if any(s is None for s in stores):
            return None
        if len(stores) == 1:
            store = stores[0]

            def assign(ip: Any, fr: Any) -> None:
                store(ip, fr, value(ip, fr))

            return assign

        def assign_many(ip: Any, fr: Any) -> None:
            v = value(ip, fr)
            for s in stores:
                s(ip, fr, v)

        return assign_many
    if t is ast.AugAssign and isinstance(st.target, ast.Name) and type(st.op) in _ARITH:
        name, op, rhs = st.target.id, _ARITH[type(st.op)], _expr(st.value)
        if rhs is None or type(st.op) is ast.Pow:
            return None

        def aug(ip: Any, fr: Any) -> None:
            cur = fr.locals.get(name)
            r = rhs(ip, fr)
            if cur.__class__ not in _NUMS or r.__class__ not in _NUMS:
                _bail()
            fr.locals[name] = op(cur, r)

        return aug
    if t is ast.Expr:
        return _effect(st.value)
    if t is ast.If:
        test = _expr(st.test)
        if test is None:
            return None
        body, orelse = st.body, st.orelse
        return lambda ip, fr: body if _truth(test(ip, fr)) else orelse
    return None


def _target(t: ast.expr) -> Callable[[Any, Any, Any], None] | None:
    if isinstance(t, ast.Name):
        name = t.id

        def store(ip: Any, fr: Any, v: Any) -> None:
            fr.locals[name] = v

        return store
    if isinstance(t, (ast.Tuple, ast.List)) and all(isinstance(e, ast.Name) for e in t.elts):
        names = [e.id for e in t.elts]  # type: ignore[attr-defined]

        def unpack(ip: Any, fr: Any, v: Any) -> None:
            if v.__class__ is not tuple or len(v) != len(names):
                _bail()
            if not all(x.__class__ in _ATOMS for x in v):
                _bail()  # the general path hands out items made plain
            for n, x in zip(names, v):
                fr.locals[n] = x

        return unpack
    if isinstance(t, ast.Subscript) and not isinstance(t.slice, ast.Slice):
        obj, key = _expr(t.value), _expr(t.slice)
        if obj is None or key is None:
            return None

        def setitem(ip: Any, fr: Any, v: Any) -> None:
            d, k = obj(ip, fr), key(ip, fr)
            if d.__class__ is not dict or not _plain_key(k):
                _bail()
            d[k] = v

        return setitem
    return None


def _effect(e: ast.expr) -> Fast | None:
    """An expression statement: ``xs.append(v)`` on a local list."""
    if not (
        isinstance(e, ast.Call)
        and isinstance(e.func, ast.Attribute)
        and e.func.attr == "append"
        and isinstance(e.func.value, ast.Name)
        and len(e.args) == 1
        and not isinstance(e.args[0], ast.Starred)
        and not e.keywords
    ):
        return None
    name, arg = e.func.value.id, _expr(e.args[0])
    if arg is None:
        return None

    def append(ip: Any, fr: Any) -> None:
        xs = fr.locals.get(name)
        if xs.__class__ is not list:
            _bail()
        v = arg(ip, fr)
        ip.stmts.tick()  # the general path counts the call
        xs.append(v)

    return append


# ---------------------------------------------------------------------------- expressions
def _truth(v: Any) -> bool:
    c = v.__class__
    if c in _ATOMS or c is dict:
        return bool(v)
    if c is tuple or c is list:
        if v and v[0].__class__ is UnknownRun:
            _bail()  # a run of unknown length first (possibly none, or only it): unknown
        return bool(v)
    return _bail()


def _no_run(o: Any, k: int | None) -> None:
    """Bail when the list / tuple ``o`` holds a run of items we cannot count
    (``values.abstract.UnknownRun``: ``xs += <not enumerable>``) at or before the item ``k``
    reads (anywhere, for ``len``): its position and length are then not known."""
    part = o if k is None else (o[: k + 1] if k >= 0 else o[k:])
    if UnknownRun in map(type, part):
        _bail()


def _expr(e: ast.expr) -> Fast | None:
    t = type(e)
    if t is ast.Constant:
        value = e.value
        if value.__class__ not in _ATOMS:
            return None
        return lambda ip, fr: value
    if t is ast.Name:
        return _name(e.id)
    if t is ast.BinOp:
        return _binop(e)
    if t is ast.UnaryOp:
        return _unary(e)
    if t is ast.Compare:
        return _compare(e)
    if t is ast.Subscript:
        return _subscript(e)
    if t is ast.Tuple or t is ast.List:
        parts = [_expr(x) for x in e.elts]
        if any(p is None or isinstance(x, ast.Starred) for p, x in zip(parts, e.elts)):
            return None
        make = tuple if t is ast.Tuple else list
        return lambda ip, fr: make([p(ip, fr) for p in parts])
    if t is ast.Call:
        return _call(e)
    if t is ast.IfExp:
        test, body, orelse = _expr(e.test), _expr(e.body), _expr(e.orelse)
        if test is None or body is None or orelse is None:
            return None
        return lambda ip, fr: body(ip, fr) if _truth(test(ip, fr)) else orelse(ip, fr)
    return None


def _name(name: str) -> Fast:
    def local(ip: Any, fr: Any) -> Any:
        v = fr.locals.get(name, _bail)
        c = v.__class__
        if c in _ATOMS or c is tuple or c is list or c is dict:
            return v
        return _bail()  # not a local, or a value the general path must see (Sourced...)

    return local


def _binop(e: ast.BinOp) -> Fast | None:
    op = _ARITH.get(type(e.op))
    left, right = _expr(e.left), _expr(e.right)
    if op is None or left is None or right is None:
        return None
    is_add = type(e.op) is ast.Add

    def binop(ip: Any, fr: Any) -> Any:
        # ``op`` is size-bounded (sizes.py): over the bound it raises an OverflowError, which
        # bails, and the general path makes the value unknown with a note
        a, b = left(ip, fr), right(ip, fr)
        if a.__class__ in _NUMS and b.__class__ in _NUMS:
            return op(a, b)
        if is_add and a.__class__ is str and b.__class__ is str:
            return op(a, b)
        return _bail()

    return binop


def _unary(e: ast.UnaryOp) -> Fast | None:
    v = _expr(e.operand)
    if v is None:
        return None
    if isinstance(e.op, ast.Not):
        return lambda ip, fr: not _truth(v(ip, fr))
    if isinstance(e.op, ast.USub):
        sign = operator.neg
    elif isinstance(e.op, ast.UAdd):
        sign = operator.pos
    else:
        return None

    def unary(ip: Any, fr: Any) -> Any:
        x = v(ip, fr)
        return sign(x) if x.__class__ in _NUMS else _bail()

    return unary


def _compare(e: ast.Compare) -> Fast | None:
    left = _expr(e.left)
    rights = [_expr(x) for x in e.comparators]
    if left is None or any(r is None for r in rights):
        return None
    steps: list[tuple[Callable[[Any, Any], Any], Fast]] = []
    for op, r in zip(e.ops, rights):
        if type(op) in COMPARE:
            steps.append((_ordered(COMPARE[type(op)]), r))  # type: ignore[arg-type]
        elif type(op) is ast.In:
            steps.append((_contains, r))  # type: ignore[arg-type]
        elif type(op) is ast.NotIn:
            steps.append((lambda a, b: not _contains(a, b), r))  # type: ignore[arg-type]
        else:
            return None  # ``is``: identity of abstract values, left to the general path

    def compare(ip: Any, fr: Any) -> Any:
        a = left(ip, fr)
        for fn, r in steps:
            b = r(ip, fr)
            if not fn(a, b):
                return False
            a = b
        return True

    return compare


def _ordered(fn: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    def cmp(a: Any, b: Any) -> Any:
        if _plain_key(a) and _plain_key(b):
            return fn(a, b)  # a TypeError (None < 1) bails: the general path says Unknown
        return _bail()

    return cmp


def _contains(item: Any, box: Any) -> bool:
    if not _plain_key(item) or item != item:
        return _bail()  # a NaN is found by identity only: the general path says unknown
    c = box.__class__
    if c is dict:
        return item in box
    if c is tuple or c is list:
        if all(x.__class__ in _ATOMS and x == x for x in box):
            return any(x == item for x in box)  # as the general path compares
        return _bail()
    if c is str and item.__class__ is str and _MARK not in box:  # a temporary name: bails
        return item in box
    return _bail()


def _subscript(e: ast.Subscript) -> Fast | None:
    if isinstance(e.slice, ast.Slice):
        return None
    obj = _expr(e.value)
    if obj is None:
        return None
    if isinstance(e.slice, ast.Constant) and e.slice.value.__class__ is int:
        return _item_at(obj, e.slice.value)  # ``p[0]``: the hot case, no key to check
    key = _expr(e.slice)
    if key is None:
        return None

    def getitem(ip: Any, fr: Any) -> Any:
        o, k = obj(ip, fr), key(ip, fr)
        c = o.__class__
        if c is dict:
            if not _plain_key(k):
                _bail()
            return o[k]  # a missing key bails (KeyError): the general path says Unknown
        if (c is tuple or c is list or c is str) and k.__class__ in (int, bool):
            v = o[k]
            if v.__class__ in _ATOMS or (c is tuple and _plain_key(v)):
                if c is not str:
                    _no_run(o, int(k))
                return v
        return _bail()  # an item the general path would make plain first

    return getitem


def _item_at(obj: Fast, k: int) -> Fast:
    def item(ip: Any, fr: Any) -> Any:
        o = obj(ip, fr)
        c = o.__class__
        if c is dict:
            return o[k]
        if c is tuple or c is list or c is str:
            v = o[k]
            if v.__class__ in _ATOMS or (c is tuple and _plain_key(v)):
                if c is not str:
                    _no_run(o, k)
                return v
        return _bail()

    return item


_MARK = "driftcheck-scratch-"  # library/scratchfs.MARK (not imported: the fast path stays light)
_PURE = {"abs": abs, "len": len, "min": min, "max": max, "int": int, "float": float}


def _call(e: ast.Call) -> Fast | None:
    f = e.func
    if not isinstance(f, ast.Name) or f.id not in _PURE or e.keywords:
        return None
    if not e.args or any(isinstance(a, ast.Starred) for a in e.args):
        return None
    name, fn = f.id, _PURE[f.id]
    qual = f"builtins.{name}"
    args = [_expr(a) for a in e.args]
    if any(a is None for a in args):
        return None
    if name in ("min", "max") and len(args) < 2:
        return None  # ``max(xs)`` iterates: the general path
    if name not in ("min", "max") and len(args) != 1:
        return None

    resolved = [0, 0]  # ids of the interpreter and module where ``name`` is the builtin

    def builtin(ip: Any, fr: Any) -> None:
        if name in fr.locals or (fr.closure and name in fr.closure):
            _bail()
        if resolved[0] != id(ip) or resolved[1] != id(fr.mod):
            g = ip.names.global_lookup(fr.mod, name)
            if g.__class__ is not Ext or g.qual != qual:
                _bail()  # the module defines or imports its own ``name``
            resolved[0], resolved[1] = id(ip), id(fr.mod)
        ip.stmts.tick()  # the general path counts the call

    if name in ("min", "max"):

        def extreme(ip: Any, fr: Any) -> Any:
            vals = [a(ip, fr) for a in args]
            builtin(ip, fr)
            for v in vals:
                if v.__class__ not in _NUMS:
                    _bail()
            return fn(vals)

        return extreme
    arg = args[0]
    if name == "len":

        def length(ip: Any, fr: Any) -> Any:
            v = arg(ip, fr)
            builtin(ip, fr)
            c = v.__class__
            if c is list or c is tuple:
                _no_run(v, None)
            if c is str and _MARK in v:
                return _bail()  # a temporary file's name: its length is unknown (scratchfs)
            if c is list or c is tuple or c is dict or c is str:
                return len(v)
            return _bail()

        return length

    def call(ip: Any, fr: Any) -> Any:
        v = arg(ip, fr)
        builtin(ip, fr)
        return fn(v) if v.__class__ in _ATOMS else _bail()

    return call
