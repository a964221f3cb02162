"""A default argument is evaluated when its ``def`` runs, not when the function is called.

::

    W = 4
    def make(d=W):
        return nn.Linear(d, d)
    W = 8
    model = make()          # Linear(4, 4): the default was fixed at the def

The interpreter evaluates a default at the call, in the module's namespace as the finished
import left it (``W`` is 8 there): 72 parameters where torch has 20, a confident wrong count.
A ``def`` at import time (a top-level function, or a method of a top-level class, also under
a top-level ``if`` / ``try`` / ``with``) sees only the top-level bindings before its own
statement. Where a default reads a module global that a later top-level statement binds
again, the value the ``def`` saw is not the one the namespace holds: the default is unknown,
naming the global and the line. A ``def`` run later (inside a function) sees the finished
namespace, as the interpreter does.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.loader import at_import, last_bindings
from driftcheck.speed import current

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def _tables(mod: Any) -> tuple[dict[str, int], dict[int, int]]:
    """(name -> index of its last top-level binding, id of an import-time ``def`` -> index of
    its top-level statement), once per module (the ``attr_scans`` switch: kept per file)."""
    keep = current().attr_scans
    got = mod.__dict__.get("_dc_deftime") if keep else None
    if got is None:
        body = mod.tree.body
        defs: dict[int, int] = {}
        for i, st in enumerate(body):
            todo: list[ast.AST] = [*at_import(st)]  # a ``__main__`` block: its else only
            while todo:
                node = todo.pop()
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    defs[id(node)] = i  # its body runs later: not entered
                    continue
                todo.extend(ast.iter_child_nodes(node))
        got = (last_bindings(body), defs)
        if keep:
            mod._dc_deftime = got
    return got


def value(interp: Any, f: Any, default: ast.expr, frame: Any) -> Any:
    """The value the function ``f``'s ``default`` holds: evaluated in ``frame`` (its defining
    scope), or unknown where the ``def`` saw another value of a global it reads (``stale``).
    The one reading a call's binding (objmodel) and every accessor of a default share:
    ``f.__defaults__`` / ``__kwdefaults__``, ``inspect.signature``, ``getfullargspec`` (they
    evaluated the expression in the finished namespace: 72 where torch has 6)."""
    from driftcheck.parsers.source.interp.exprs import Frame
    from driftcheck.parsers.source.values.abstract import Unknown

    closure = frame.closure
    if closure and "__scopes__" in closure:
        # the enclosing scopes' values when the ``def`` ran (the copy closure_of took), not
        # what their variables hold now: ``[lambda i=i: i for i in range(3)]`` binds 0, 1, 2
        # (a closure's own reads go through the live scopes: objmodel.Names.lookup)
        closure = {k: v for k, v in closure.items() if k != "__scopes__"}
        frame = Frame(frame.mod, frame.func, closure)
    lost = _changed_at_import(interp, f, default)
    if lost is not None:
        return Unknown(lost)
    why = stale(f.mod, f.node, default)
    if why is not None:
        seen = _at_def(f.mod, f.node, default)
        if seen is None:
            return Unknown(why)
        frame = Frame(frame.mod, frame.func, closure)
        frame.locals.update(seen)  # what the stale globals held when the ``def`` ran
    return interp.exprs.eval(default, frame)


_CONTAINERS = frozenset(("list", "dict", "set", "defaultdict", "OrderedDict", "deque"))


def _changed_at_import(interp: Any, f: Any, default: ast.expr) -> str | None:
    """Read lazily (a root class built after the whole import), a mutable default that the
    function's body changes (``def widths(w, acc=[]): acc.append(w)``) holds what the calls
    made at import left in it: where a top-level statement after the ``def`` may run the
    function (``model = M()`` whose ``__init__`` calls it), the default is not the fresh
    container (18 where torch has 36). Why, naming the statement, or None. The in-order run
    of a script makes those calls itself."""
    from driftcheck.parsers.source.interp import globalsat, modglobals

    is_display = isinstance(default, (ast.List, ast.Dict, ast.Set))
    if not is_display and not (
        isinstance(default, ast.Call)
        and isinstance(default.func, (ast.Name, ast.Attribute))
        and (getattr(default.func, "id", None) or getattr(default.func, "attr", None))
        in _CONTAINERS
    ):
        return None
    mod = f.mod
    if mod is None or getattr(mod, "tree", None) is None:
        return None
    if globalsat.in_order_end(interp, mod) is not None:
        return None
    at = _tables(mod)[1].get(id(f.node))
    if at is None:
        return None
    top = mod.tree.body[at]
    if not isinstance(top, _SCOPES):
        return None
    param = _param_of(f.node, default)
    if param is None or not _mutates(f.node, param, modglobals.MUTATORS):
        return None
    st = modglobals.runs_at_import(mod, {top.name}, top.end_lineno or top.lineno)
    if st is None:
        return None
    return (
        f"default {param}={ast.unparse(default)} of {f.node.name}: a mutable default its "
        f"body changes, which `{ast.unparse(st)[:60]}` at {mod.path.name}:{st.lineno} may "
        "run at import"
    )


def _param_of(fnode: Any, default: ast.expr) -> str | None:
    """The parameter whose default is the expression ``default``."""
    a = fnode.args
    pos = [*a.posonlyargs, *a.args]
    for p, d in zip(pos[len(pos) - len(a.defaults) :], a.defaults):
        if d is default:
            return p.arg
    for p, d in zip(a.kwonlyargs, a.kw_defaults):
        if d is default:
            return p.arg
    return None


def _mutates(fnode: Any, name: str, mutators: frozenset[str]) -> bool:
    """The function's code changes the object ``name`` holds in place: a mutating method
    (``name.append(x)``), an item store or delete (``name[k] = v``), an augmented assignment."""
    from driftcheck.parsers.source.interp.modglobals import changes_in_place

    for n in ast.walk(fnode):
        if changes_in_place(n, name, mutators):
            return True
        if isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name) and n.target.id == name:
            return True
        if _escapes(n, name):
            return True
    return False


def _is(e: Any, name: str) -> bool:
    return isinstance(e, ast.Name) and e.id == name


def _escapes(n: Any, name: str) -> bool:
    """The object ``name`` holds leaves the call's own names, where other code may change it
    later (session 31): stored on an attribute or an item (``self.sizes = sizes``, then
    ``self.sizes.append(4)``), returned or yielded, or handed to a call (a callee may fill
    it). Then the default is shared state too, whatever the function's own body does."""
    if isinstance(n, (ast.Assign, ast.AnnAssign)) and n.value is not None and _is(n.value, name):
        targets = n.targets if isinstance(n, ast.Assign) else [n.target]
        return any(not isinstance(t, ast.Name) for t in targets)
    if isinstance(n, (ast.Return, ast.Yield, ast.YieldFrom)) and n.value is not None:
        return _is(n.value, name) or (
            isinstance(n.value, ast.Tuple) and any(_is(x, name) for x in n.value.elts)
        )
    if isinstance(n, ast.Call):
        return any(_is(a, name) for a in n.args) or any(_is(k.value, name) for k in n.keywords)
    return False


def _at_def(mod: Any, fnode: Any, default: ast.expr) -> dict[str, Any] | None:
    """The values the globals ``default`` reads held when the ``def`` ran, for those bound
    again after it: known where the last top-level binding before the ``def``'s statement is
    ``name = <literal>`` (``W = 2; def f(d=W)``; ``W = 8``: 2), else None (unknown)."""
    last, defs = _tables(mod)
    at = defs[id(fnode)]
    body = mod.tree.body
    out: dict[str, Any] = {}
    for n in ast.walk(default):
        if not isinstance(n, ast.Name) or last.get(n.id, -1) <= at or n.id in out:
            continue
        if n.id in last_bindings([body[at]]):
            return None  # bound in the ``def``'s own statement too (``if``: before it or not)
        for i in range(at - 1, -1, -1):
            if n.id in last_bindings([body[i]]):
                break
        else:
            return None
        st = body[i]
        target = st.targets[0] if isinstance(st, ast.Assign) and len(st.targets) == 1 else None
        if isinstance(st, ast.AnnAssign) and st.value is not None:
            target = st.target
        if not isinstance(target, ast.Name) or target.id != n.id:
            return None
        try:
            got = ast.literal_eval(st.value)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            return None
        if not _frozen(got):
            return None  # a list: the old object, which other names may hold and change
        out[n.id] = got
    return out


def _frozen(v: Any) -> bool:
    if isinstance(v, (tuple, frozenset)):
        return all(_frozen(x) for x in v)
    return isinstance(v, (int, float, complex, str, bytes, bool, type(None)))


def stale(mod: Any, fnode: Any, default: ast.expr) -> str | None:
    """Why ``default`` (of the function ``fnode`` of ``mod``) cannot be read from the finished
    namespace -- a global it reads is bound again after the ``def`` -- or None."""
    if mod is None or getattr(mod, "tree", None) is None:
        return None
    last, defs = _tables(mod)
    at = defs.get(id(fnode))
    if at is None:
        return None
    for n in ast.walk(default):
        if isinstance(n, ast.Name) and last.get(n.id, -1) > at:
            line = mod.tree.body[last[n.id]].lineno
            return (
                f"default {ast.unparse(default)} of {fnode.name}: the global {n.id} is bound "
                f"again at line {line}, after the def (the default kept its value then)"
            )
    return None


# ------------------------------------------------------------------ one set of defaults per def
class Defaults:
    """The defaults one execution of a ``def`` holds, as a function object keeps them: each
    default evaluated once (``def make(acc=[])`` called twice appends to one list: it was a
    fresh list per call, 6 where torch has 12), and what a write of ``f.__defaults__`` /
    ``f.__kwdefaults__`` put there (it was dropped: the call kept the source default, 6 where
    torch has 72). ``pos`` / ``kw`` are None until such a write; an unknown one makes every
    default it covers unknown."""

    __slots__ = ("closure", "memo", "pos", "kw")

    def __init__(self, closure: Any) -> None:
        self.closure = closure  # kept alive: the key holds its id
        self.memo: dict[int, Any] = {}  # id of a default expression -> its value
        self.pos: Any = None  # a tuple written to ``__defaults__`` (or an Unknown)
        self.kw: Any = None  # a dict written to ``__kwdefaults__`` (or an Unknown)


def of(interp: Any, f: Any) -> Defaults:
    """The defaults of ``f``'s ``def`` execution: the node and the closure built when the
    ``def`` ran (a bound method shares both with its function)."""
    key = (id(f.node), id(f.closure))
    got = interp.def_defaults.get(key)
    if got is None:
        got = interp.def_defaults[key] = Defaults(f.closure)
    return got


def once(interp: Any, f: Any, default: ast.expr, frame: Any) -> Any:
    """``value`` evaluated once per ``def`` execution, as Python evaluates a default."""
    memo = of(interp, f).memo
    if id(default) not in memo:
        memo[id(default)] = value(interp, f, default, frame)
    got = memo[id(default)]
    if interp.default_reads is not None and not isinstance(got, _IMMUTABLE):
        interp.default_reads.append((got, _shape(got)))
    return got


def watch(reads: list[tuple[Any, Any]], v: Any) -> None:
    """Note a module global's list / dict / set handed to a construction the memo records
    (``Names.global_lookup``), once per object: like a mutable default, it is state shared
    across constructions that the memo's key does not hold (``SEEN.append(d)`` in a layer,
    then ``nn.Linear(len(SEEN), 2)``: 20 where torch has 18). Its first snapshot is kept.
    The lists / dicts / sets it holds are watched too (``REG["seen"].append(d)``), up to
    ``_WATCH_ITEMS`` items in all: beyond that only the outer ones are compared."""
    seen = {id(x) for x, _ in reads}
    todo, budget = [v], _WATCH_ITEMS
    while todo:
        x = todo.pop()
        if id(x) in seen:
            continue
        seen.add(id(x))
        reads.append((x, _shape(x)))
        if isinstance(x, (dict, list, set)):
            items = x.values() if isinstance(x, dict) else x
        else:  # a ``tuplesub.Generator`` by what it has left; a Python iterator (``iter(xs)``:
            items = getattr(x, "rest", ())  # its snapshot is None, always taken as changed)
        budget -= len(items)
        if budget < 0:
            continue
        todo.extend(y for y in items if y.__class__ in _CONTAINERS)


_WATCH_ITEMS = 256
_CONTAINERS = (list, dict, set)


_IMMUTABLE = (int, float, str, bytes, bool, tuple, frozenset, type(None))


def _shape(v: Any) -> Any:
    """A shallow copy of the mutable default ``v`` (a list, a dict, a set) to compare its
    items with, or restore them from; None for anything else (always taken as changed). A
    single-pass iterator (``tuplesub.Generator``; ``Once`` is a list) by the items it has left
    (``next(IT)`` in each construction of a repeated block reads the next one)."""
    if isinstance(v, (list, dict, set)):
        return type(v)(v)
    from driftcheck.parsers.source.interp.tuplesub import Generator  # a cycle at import

    if isinstance(v, Generator):
        return list(v.rest)
    return None


def _same(v: Any, snap: Any) -> bool:
    if snap is not None and not isinstance(v, (list, dict, set)):
        v = v.rest  # a ``tuplesub.Generator`` (``_shape``)
    if snap is None or len(v) != len(snap):
        return False
    if isinstance(v, dict):
        return all(k in v and v[k] is x for k, x in snap.items())
    if isinstance(v, set):
        return {id(x) for x in v} == {id(x) for x in snap}
    return all(a is b for a, b in zip(v, snap))


def changed(reads: list[tuple[Any, Any]]) -> bool:
    """Whether a mutable default handed out (``once``) or a module global's container
    (``watch``) changed since: the memo keeps no copy of a construction that changed one (the
    next call sees the change), nor reuses a template after one changed (its key misses it)."""
    return any(not _same(v, snap) for v, snap in reads)


def restore(reads: list[tuple[Any, Any]]) -> None:
    """Undo what a construction the memo abandons (to run it again) did to the mutable
    defaults it was handed: ``acc.append(d)`` ran twice (22 where torch has 18)."""
    for v, snap in reversed(reads):  # the first copy of each one is applied last
        if snap is None:
            continue
        if isinstance(v, list):
            v[:] = snap
        elif not isinstance(v, (dict, set)):
            v.rest = list(snap)  # a ``tuplesub.Generator``
        else:
            v.clear()
            v.update(snap)


def write(interp: Any, f: Any, name: str, v: Any) -> None:
    """``f.__defaults__ = v`` / ``f.__kwdefaults__ = v``: a tuple (a dict) known here replaces
    the defaults; anything else makes them unknown."""
    from driftcheck.parsers.source.values.abstract import Unknown, plain

    got = plain(v)
    st = of(interp, f)
    if name == "__defaults__":
        ok = got is None or isinstance(got, tuple)
        st.pos = (got or ()) if ok else Unknown(f"{f.name}.__defaults__ written with {v!r:.60}")
    else:
        ok = got is None or isinstance(got, dict)
        st.kw = (got or {}) if ok else Unknown(f"{f.name}.__kwdefaults__ written with {v!r:.60}")


_DEF_ATTRS = ("__defaults__", "__kwdefaults__")


def _writes_defaults(st: ast.stmt) -> set[str]:
    """The names whose defaults the top-level statement ``st`` writes: ``f.__defaults__ = v``,
    ``setattr(f, "__kwdefaults__", v)``."""
    out: set[str] = set()
    for n in ast.walk(st):
        if (
            isinstance(n, ast.Attribute)
            and isinstance(n.ctx, ast.Store)
            and n.attr in _DEF_ATTRS
            and isinstance(n.value, ast.Name)
        ):
            out.add(n.value.id)
        elif (
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Name)
            and n.func.id == "setattr"
            and len(n.args) >= 2
            and isinstance(n.args[0], ast.Name)
            and isinstance(n.args[1], ast.Constant)
            and n.args[1].value in _DEF_ATTRS
        ):
            out.add(n.args[0].id)
    return out


def _top_writes(mod: Any) -> dict[str, list[int]]:
    """Function name -> indices of the top-level statements writing its defaults, once per
    module (the ``attr_scans`` switch: kept per file)."""
    keep = current().attr_scans
    got = mod.__dict__.get("_dc_defwrites") if keep else None
    if got is None:
        got = {}
        for i, st in enumerate(mod.tree.body):
            if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            for name in _writes_defaults(st):
                got.setdefault(name, []).append(i)
        if keep:
            mod._dc_defwrites = got
    return got


def import_writes(interp: Any, mod: Any, name: str, f: Any) -> None:
    """The top-level writes of the module function ``name``'s defaults (``f`` its value),
    run once it is bound, as the import runs them. Where a top-level statement between the
    ``def`` and the last write mentions ``name`` (a call there sees the old defaults; the
    interpreter reads globals lazily, not in order), its defaults are unknown instead."""
    from driftcheck.parsers.source.interp.exprs import Frame
    from driftcheck.parsers.source.interp.statements import Raised
    from driftcheck.parsers.source.values.abstract import Func, Unknown

    if getattr(mod, "tree", None) is None or not isinstance(f, Func):
        return
    at = _tables(mod)[1].get(id(mod.defs.get(name)))
    writes = _top_writes(mod).get(name)
    if not writes or at is None:
        return
    body = mod.tree.body
    for i in range(at + 1, writes[-1]):
        if i in writes:
            continue
        if any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(body[i])):
            st = of(interp, f)
            why = (
                f"{name}.__defaults__ written at line {body[writes[-1]].lineno}, {name} read before"
            )
            st.pos = st.kw = Unknown(why)
            return
    fr = Frame(mod)
    for i in writes:
        if i < at:
            continue
        try:
            interp.stmts.exec_stmt(body[i], fr)
        except Raised:
            pass  # what it would have written stays unwritten (its error ends the import)
