"""Module globals changed at import through another name: what a lazy read would miss.

A module global is read lazily (interp/modglobals.py): its first binding is evaluated when code
reads the name, and the top-level statements that change it BY THAT NAME are replayed then.
Python's import also changes the object through other names, which that replay never sees::

    a = b = []            # one list, two names: ``b.append(2)`` changes ``a``
    d = copy.copy(c)      # a shallow copy: ``d["dims"].append(3)`` changes ``c["dims"]``
    x = C(); x.xs.append(1)   # ``xs`` a class attribute: ``C.xs`` (and every instance's)
    grow(a)               # a function of the module changing its argument in place
    b = make(); b()       # a closure's state advanced by a call made for its effect
    first = a.n; del a.n  # ``first`` read lazily would see ``a`` after the ``del``

``hidden(mod, name)`` says (a note naming the statement) when such a statement may change what
a lazy read of ``name`` gets, so the read is an honest unknown instead of a confident wrong
count (probes32w p28 p29 p36 p42 p43 p46 p48 p126). Names only: two globals share objects when
one is bound from the other (``y = x``: the same object; ``y = x.copy()`` / ``copy.copy(x)`` /
``list(x)`` / ``x[:]``: the same items; ``y = x[k]`` / ``x.a``: one of its items), when a
statement binds both (``a = b = []``), or when they are a class of the module and instances of
it (``x = C()``: what ``C`` holds, every instance reads). A change through the other name counts
when it reaches what they share (``d["dims"].append`` on a shallow copy: yes; ``d["n"] = 8``:
no). Switch: ``DRIFTCHECK_NO_ALIAS_CHECK=1`` turns the check off (every name: None).

Debug switch (session 34, ``benchmarks/bench_unknown_inject.py``):
``DRIFTCHECK_DEBUG_UNKNOWN_GLOBALS=name1,name2`` makes those module globals read as unknown
wherever read, through the very path a hidden change takes (``hidden`` returns a note), so an
injected run is what the alias check does when it turns that name unknown. An entry
``file.py:name`` names a global of the module whose file is ``file.py`` only (a bare name: any
module's). Off by default (one environment read per uncached name); for debugging and the
harness only (the result cache keys on it and on ``DRIFTCHECK_NO_ALIAS_CHECK``:
driftcheck/switches.py).
"""

from __future__ import annotations

import ast
import os
from typing import Any

from driftcheck.parsers.source.loader import ModInfo, main_block

_CACHE = "_dc_alias_hidden"  # on the module: name -> note or None
_DEF = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
_COPIES = frozenset(("copy", "dict", "list", "set", "tuple", "OrderedDict", "deque", "Counter"))


def _mutators() -> frozenset[str]:
    from driftcheck.parsers.source.interp.modglobals import MUTATORS  # a cycle at import

    return MUTATORS


def _outside(node: ast.AST) -> list[ast.AST]:
    """``node``'s nodes that run with it (not those of functions, classes, lambdas)."""
    out, todo = [], [node]
    while todo:
        n = todo.pop()
        out.append(n)
        todo.extend(ch for ch in ast.iter_child_nodes(n) if not isinstance(ch, _DEF))
    return out


def _chain(e: ast.expr) -> tuple[str | None, int]:
    """The global at the root of ``x.a[k].b`` and how many steps below it (no call between)."""
    n = 0
    while isinstance(e, (ast.Attribute, ast.Subscript)):
        e, n = e.value, n + 1
    return (e.id, n) if isinstance(e, ast.Name) else (None, 0)


def _copied(e: ast.expr) -> str | None:
    """``x.copy()`` / ``copy.copy(x)`` / ``dict(x)`` / ``list(x)`` / ``x[:]`` / ``{**x}`` /
    ``[*x]``: the name whose items the new container holds."""
    if isinstance(e, ast.Call):
        f = e.func
        if isinstance(f, ast.Attribute) and f.attr == "copy" and not e.args:
            return f.value.id if isinstance(f.value, ast.Name) else None
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        if name in _COPIES and len(e.args) == 1 and isinstance(e.args[0], ast.Name):
            return e.args[0].id
    if isinstance(e, ast.Subscript) and isinstance(e.slice, ast.Slice):
        return e.value.id if isinstance(e.value, ast.Name) else None
    if isinstance(e, ast.Dict) and len(e.keys) == 1 and e.keys[0] is None:
        return e.values[0].id if isinstance(e.values[0], ast.Name) else None
    if isinstance(e, (ast.List, ast.Tuple, ast.Set)) and len(e.elts) == 1:
        s = e.elts[0]
        if isinstance(s, ast.Starred) and isinstance(s.value, ast.Name):
            return s.value.id
    return None


def _immutable(e: ast.expr | None) -> bool:
    """A first binding whose value ``+=`` rebinds instead of changing (a tuple, a string, a
    number: ``t += (9,)`` in a function leaves the caller's ``t``)."""
    if isinstance(e, (ast.Tuple, ast.Constant, ast.JoinedStr)):
        return True
    if isinstance(e, ast.BinOp):
        return _immutable(e.left) and _immutable(e.right)
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Name):
        return e.func.id in ("tuple", "str", "int", "float", "frozenset", "bytes", "range")
    return False


def _param_changed(fn: ast.AST, i: int, kw: str | None, immutable: bool = False) -> bool:
    """Whether the function ``fn`` changes its parameter (position ``i`` or keyword ``kw``)
    in place: a mutator call, a store or ``del`` into it, ``p += ...`` (not for an
    ``immutable`` argument), anywhere in it."""
    a = fn.args  # type: ignore[attr-defined]
    pos = [*a.posonlyargs, *a.args]
    names = [p.arg for p in pos]
    p = kw if kw is not None else names[i] if i < len(names) else None
    if p is None:
        return a.vararg is not None or a.kwarg is not None  # ``*args``: not followed
    muts = _mutators()
    for n in ast.walk(fn):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in muts:
            if _chain(n.func.value)[0] == p:
                return True
        elif isinstance(n, (ast.Assign, ast.AugAssign, ast.Delete)):
            tgts = n.targets if isinstance(n, (ast.Assign, ast.Delete)) else [n.target]
            for t in tgts:
                root, depth = _chain(t)
                if root == p and (depth or (isinstance(n, ast.AugAssign) and not immutable)):
                    return True
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.args:
            if n.func.id in ("setattr", "delattr") and _chain(n.args[0])[0] == p:
                return True
    return False


class _Scan:
    """One reading of a module body's top-level statements (``if __name__ == "__main__"``
    left out): the links between globals and the changes made through each."""

    def __init__(self, mod: ModInfo) -> None:
        self.mod = mod
        # (a, b, depth, index): from statement ``index`` on, ``a`` sees a change made through
        # ``b`` that reaches ``depth`` steps below ``b`` or deeper
        self.links: list[tuple[str, str, int, int]] = []
        # name -> (index, depth, line, the first step's key: ``x.a`` / ``x["a"]``, else None)
        self.changes: dict[str, list[tuple[int, int, int, Any]]] = {}
        self.by_call: set[tuple[str, int]] = set()  # (name, index): changed by an own call
        self.instances: dict[str, list[str]] = {}  # class -> globals bound to its instances
        self.cls_of: dict[str, str] = {}
        self.classes: dict[str, int] = {}  # class -> index of its ``class`` statement
        self.own: dict[str, set[str]] = {}  # class -> the names its body binds
        self.bound_mutator: dict[str, tuple[str, int, Any]] = {}  # ``f = a.append``: a's change
        self.called: dict[str, list[tuple[int, bool, int]]] = {}  # name -> (index, alone, line)
        self.bound_at: dict[str, int] = {}  # name -> index of its first plain binding
        self.made_by_own: set[str] = set()  # bound by a call of the module's own def / class
        self.inst_links: set[int] = set()  # indices in ``links`` of class / instance links
        self.rebound_cache: dict[str, bool] = {}
        self.plain_cache: dict[str, bool] = {}
        defs = mod.defs
        for i, st in enumerate(mod.tree.body):
            if main_block(st) or isinstance(st, (ast.Import, ast.ImportFrom)):
                continue
            if isinstance(st, ast.ClassDef):
                self.classes[st.name] = i
                self.own[st.name] = {  # ``xs = [5]`` in its body: ``D.xs`` is its own
                    t.id
                    for x in st.body
                    if isinstance(x, (ast.Assign, ast.AnnAssign))
                    for t in (x.targets if isinstance(x, ast.Assign) else [x.target])
                    if isinstance(t, ast.Name)
                }
                for base in st.bases:  # ``C.layers.append(4)``: ``A.layers`` when inherited
                    if isinstance(base, ast.Name) and isinstance(defs.get(base.id), ast.ClassDef):
                        self.links.append((base.id, st.name, 1, i))
            if isinstance(st, _DEF):
                continue
            self._statement(i, st, defs)

    def _inst_link(self, link: tuple[str, str, int, int]) -> None:
        self.inst_links.add(len(self.links))
        self.links.append(link)

    def _change(self, name: str | None, depth: int, i: int, line: int, key: Any) -> None:
        if key == "__dict__":  # ``c.__dict__["b"] = 3``: the instance's own, not its class's
            depth = 0
        if name is not None:
            self.changes.setdefault(name, []).append((i, depth, line, key))

    def _statement(self, i: int, st: ast.stmt, defs: dict[str, ast.AST]) -> None:
        muts = _mutators()
        if isinstance(st, ast.Assign):
            names = [t.id for t in st.targets if isinstance(t, ast.Name)]
            for n in names:
                self.bound_at.setdefault(n, i)
            for a in names:  # ``a = b = []``: one object, neither read through the other
                for b in names:
                    if a != b:
                        self.links.append((a, b, 0, i))
            # ``y = x`` / a copy / an item of ``x``: a lazy read of ``y`` evaluates it from
            # ``x`` as the import leaves ``x`` (its changes replayed: only their timing can be
            # wrong, ``_late``); a lazy read of ``x`` never replays a change made through ``y``
            v = st.value
            for a in names:
                if isinstance(v, ast.Name):
                    self.links.append((v.id, a, 0, i))  # the same object
                elif (c := _copied(v)) is not None:
                    self.links.append((c, a, 1, i))  # the same items
                elif isinstance(v, (ast.Attribute, ast.Subscript)):
                    root, _ = _chain(v)
                    if root is not None:
                        self.links.append((root, a, 0, i))  # one of its items / attributes
                else:
                    # ``b = [a]`` / ``{"k": a}`` / ``dict(k=a)`` / ``C(a)`` of a module class:
                    # ``a`` is one of ``b``'s items, changed through ``b`` one step down
                    for x in _held(v, defs):
                        if x != a:
                            self.links.append((x, a, 1, i))
                if isinstance(v, ast.Attribute) and v.attr in muts:
                    root, depth = _chain(v.value)  # ``f = a.append``: ``f(3)`` changes ``a``
                    if root is not None:
                        self.bound_mutator[a] = (root, depth, _key(v.value))
                if isinstance(v, ast.Call) and isinstance(v.func, ast.Name):
                    d = defs.get(v.func.id)
                    if isinstance(d, ast.ClassDef):
                        # what the class holds every instance reads: changed through one
                        # instance one step down (``x.xs.append``), for all of them
                        cls = v.func.id
                        for other in self.instances.get(cls, ()):
                            self._inst_link((a, other, 1, i))
                            self._inst_link((other, a, 1, i))
                        self.instances.setdefault(cls, []).append(a)
                        self._inst_link((cls, a, 1, i))
                        self.cls_of[a] = cls
                        self.made_by_own.add(a)
                    elif isinstance(d, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        self.made_by_own.add(a)
        if isinstance(st, (ast.For, ast.AsyncFor)) and isinstance(st.target, ast.Name):
            # ``for x in [a]: x.append(1)`` / ``for x in L``: ``x`` is an item of the iterable
            it = st.iter
            for x in [it.id] if isinstance(it, ast.Name) else _held(it, defs):
                self.links.append((x, st.target.id, 0, i))
        for n in _outside(st):
            if isinstance(n, ast.Call):
                f = n.func
                if isinstance(f, ast.Name) and f.id in self.bound_mutator:
                    root, depth, key = self.bound_mutator[f.id]
                    self._change(root, depth, i, n.lineno, key)
                    self.by_call.add((root, i))  # not a statement the replay reads
                if (
                    isinstance(f, ast.Attribute)
                    and f.attr in muts
                    and isinstance(f.value, ast.Name)
                    and f.value.id in _BUILTIN_TYPES
                    and n.args
                ):
                    root, depth = _chain(n.args[0])  # ``list.append(a, 1)``
                    self._change(root, depth, i, n.lineno, _key(n.args[0]))
                    if root is not None:
                        self.by_call.add((root, i))
                if isinstance(f, ast.Attribute) and f.attr in muts:
                    root, depth = _chain(f.value)
                    self._change(root, depth, i, n.lineno, _key(f.value))
                if isinstance(f, ast.Name):
                    alone = isinstance(st, ast.Expr) and st.value is n
                    self.called.setdefault(f.id, []).append((i, alone, n.lineno))
                    if f.id in ("setattr", "delattr") and n.args:
                        root, depth = _chain(n.args[0])
                        self._change(root, depth, i, n.lineno, _key(n.args[0]))
                fn: Any = None
                if isinstance(f, ast.Name):
                    fn = self.mod.defs.get(f.id) or self.mod.assigns.get(f.id)
                elif isinstance(f, ast.Lambda):
                    fn = f  # ``(lambda l: l.append(1))(a)``
                if isinstance(f, (ast.Name, ast.Lambda)):
                    if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                        args = [(j, None, x) for j, x in enumerate(n.args)]
                        args += [(0, k.arg, k.value) for k in n.keywords if k.arg]
                        for j, kw, x in args:
                            fixed = (
                                _immutable(self.mod.assigns.get(x.id))
                                if isinstance(x, ast.Name)
                                else True
                            )
                            if isinstance(x, ast.Name) and _param_changed(fn, j, kw, fixed):
                                self._change(x.id, 0, i, n.lineno, None)
                                self.by_call.add((x.id, i))
            elif isinstance(n, (ast.Assign, ast.AugAssign, ast.Delete, ast.AnnAssign)):
                tgts = n.targets if isinstance(n, (ast.Assign, ast.Delete)) else [n.target]
                for t in tgts:
                    for e in _flat(t):
                        if isinstance(e, (ast.Attribute, ast.Subscript)):
                            root, depth = _chain(e.value)
                            self._change(root, depth, i, n.lineno, _key(e))
                        elif isinstance(e, ast.Name) and isinstance(n, ast.AugAssign):
                            if not self._rebound(e.id):  # ``a = 3; a += 5``: a new int
                                self._change(e.id, 0, i, n.lineno, None)  # ``xs += [9]``

    def _rebound(self, name: str) -> bool:
        """Every binding of the global ``name`` the import can make gives an immutable value
        (a number, a string, a tuple, arithmetic of those): ``name += 5`` rebinds the name to
        a new object and changes none another name holds (``a = 3; B = a * 2; a += 5``)."""
        got = self.rebound_cache.get(name)
        if got is not None:
            return got
        self.rebound_cache[name] = False  # a cycle (``a = b; b = a``): not known
        ok, found = (
            not any(isinstance(n, ast.Global) and name in n.names for n in ast.walk(self.mod.tree)),
            False,
        )
        for st in self.mod.tree.body if ok else ():
            for n in _outside(st):
                if isinstance(n, (ast.Import, ast.ImportFrom)):
                    bound = [a.asname or a.name.split(".")[0] for a in n.names]
                    ok = ok and name not in bound
                elif (
                    isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                    and n.name == name
                ):
                    ok = False
                elif isinstance(n, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == name for t in n.targets
                ):
                    ok, found = ok and self._fixed(n.value), True
                elif (
                    isinstance(n, (ast.AugAssign, ast.AnnAssign))
                    and isinstance(n.target, ast.Name)
                    and n.target.id == name
                ):
                    ok, found = ok and (n.value is None or self._fixed(n.value)), True
                elif isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store):
                    # a store other than a plain target above (``a, b = ...``, ``for a in``,
                    # ``with ... as a``, ``(a := ...)``) -- the plain targets are skipped below
                    ok = ok and self._plain_target(st, n)
                elif isinstance(n, (ast.MatchAs, ast.MatchStar)) and n.name == name:
                    ok = False
                elif isinstance(n, ast.ExceptHandler) and n.name == name:
                    ok = False
        ok = ok and found  # bound nowhere seen (``from m import *``, a builtin): not known
        self.rebound_cache[name] = ok
        return ok

    @staticmethod
    def _plain_target(st: ast.stmt, node: ast.Name) -> bool:
        """``node`` is a whole target of an assignment statement (checked by ``_rebound``)."""
        for n in _outside(st):
            if isinstance(n, ast.Assign) and any(t is node for t in n.targets):
                return True
            if isinstance(n, (ast.AugAssign, ast.AnnAssign)) and n.target is node:
                return True
        return False

    def _fixed(self, e: ast.expr) -> bool:
        """``e`` evaluates to an immutable object (a tuple may hold mutable items: ``+=`` on
        it still rebinds)."""
        if isinstance(e, (ast.Constant, ast.JoinedStr, ast.Tuple)):
            return True
        if isinstance(e, ast.Name):
            return self._rebound(e.id)
        if isinstance(e, ast.BinOp):
            return self._fixed(e.left) and self._fixed(e.right)
        if isinstance(e, ast.UnaryOp):
            return self._fixed(e.operand)
        if isinstance(e, ast.Call) and isinstance(e.func, ast.Name):
            # ``int(x)`` / ``tuple(x)``: the builtin, unless the module rebinds the name
            return e.func.id not in self._top_names() and _immutable(e)
        return False

    def seen(self, name: str) -> dict[str, tuple[int, int]]:
        """The globals whose changes ``name`` sees and a lazy read of it does not replay:
        other -> (the depth from which on a change reaches it, the statement index linking)."""
        best: dict[str, tuple[int, int]] = {name: (0, -1)}
        todo = [name]
        while todo:
            a = todo.pop()
            da, ia = best[a]
            for x, b, d, i in self.links:
                if x != a:
                    continue
                got = (max(da, d), max(ia, i))
                old = best.get(b)
                if old is None or got[0] < old[0] or (got[0] == old[0] and got[1] < old[1]):
                    best[b] = got
                    todo.append(b)
        return best

    def hidden(self, name: str) -> str | None:
        path = self.mod.path
        seen = self.seen(name)
        for other, (depth, since) in seen.items():
            if other == name:
                continue
            own = self.own.get(other, ())
            own_only = self._through_instance(name, other, seen)
            for i, d, line, key in self.changes.get(other, ()):
                if d >= 1 and key in own:
                    continue  # ``D.xs.append`` where D's body binds ``xs``: not inherited
                if d >= 1 and own_only:
                    continue  # ``x.sizes["D"] = 24``: the instance's own dict, not its class's
                if i >= since and d >= depth:  # (the same statement: ``for x in [a]: ...``)
                    return (
                        f"{name} changed at import through {other} ({path}:{line}), "
                        "which a lazy read of the module global does not replay"
                    )
        # ``grow(name)``: a function of the module changing its argument (a change by a
        # call of its own is not a store / mutator the replay reads)
        for i, _, line, _ in self.changes.get(name, ()):
            if (name, i) in self.by_call:
                return f"{name} changed in place by a call at {path}:{line}, not replayed"
        # ``b = make(); b()``: a closure's / an instance's state advanced by a call
        if name in self.made_by_own:
            calls = self.called.get(name, ())
            if any(alone for _, alone, _ in calls) or len({i for i, _, _ in calls}) > 1:
                line = calls[0][2]
                return f"{name} called at import ({path}:{line}): its state advanced, not replayed"
        return self._late(name) or self.class_body(name)

    def _through_instance(self, name: str, other: str, seen: dict[str, tuple[int, int]]) -> bool:
        """``name`` is a plain class of the module (``_plain``) and ``other`` one of its
        instances (or of another's), seen only through class / instance links: the class holds
        nothing but functions, nothing else reaches it, and its functions store only new
        objects into attributes, so no change through an instance reaches what a lazy read of
        the class (and an instance it builds) gets."""
        if not self._plain(name) or other not in self.cls_of:
            return False
        return all(
            k in self.inst_links
            for k, (x, b, _, _) in enumerate(self.links)
            if b == other and x in seen and x != other
        )

    def _once(self, name: str) -> bool:
        """``name`` is bound by one top-level statement only and declared global nowhere."""
        if any(isinstance(n, ast.Global) and name in n.names for n in ast.walk(self.mod.tree)):
            return False
        stores = 0
        for st in self.mod.tree.body:
            for n in _outside(st):
                if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store):
                    stores += 1
                elif isinstance(n, (ast.Import, ast.ImportFrom)):
                    stores += sum((a.asname or a.name.split(".")[0]) == name for a in n.names)
                elif (
                    isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                    and n.name == name
                ):
                    stores += 1
        return stores == 1

    def _plain(self, cls: str) -> bool:
        """A class of the module, bound once, named only to be called (``C(...)``: never
        stored, subclassed, changed, handed on), with no decorator / metaclass / base but
        ``object``, whose body binds only undecorated functions without attribute hooks that
        store only fresh values (``_fresh_value``) into attributes, in a module that never
        reaches a class through its instances (``type(x)``, ``x.__class__``, ``vars``,
        ``__dict__``, ``__func__``): the class holds nothing a change could reach."""
        got = self.plain_cache.get(cls)
        if got is not None:
            return got
        self.plain_cache[cls] = False
        c = self.mod.defs.get(cls)
        ok = isinstance(c, ast.ClassDef) and self._once(cls) and self._only_called(cls)
        if ok:
            assert isinstance(c, ast.ClassDef)
            ok = not c.decorator_list and not c.keywords
            ok = ok and all(isinstance(b, ast.Name) and b.id == "object" for b in c.bases)
            for i, x in enumerate(c.body):
                if i == 0 and isinstance(x, ast.Expr) and isinstance(x.value, ast.Constant):
                    continue
                if isinstance(x, ast.Pass):
                    continue
                if not (
                    isinstance(x, ast.FunctionDef)
                    and not x.decorator_list
                    and x.name not in _HOOKS
                    and self._stores_fresh(x)
                ):
                    ok = False
        self.plain_cache[cls] = ok
        return ok

    def _only_called(self, cls: str) -> bool:
        """Every use of the name ``cls`` in the module is a call of it, and the module reaches
        no class through an instance (``_ESCAPES``)."""
        calls = {
            id(n.func)
            for n in ast.walk(self.mod.tree)
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
        }
        for n in ast.walk(self.mod.tree):
            if isinstance(n, ast.Name) and (
                n.id in _ESCAPES or (n.id == cls and id(n) not in calls)
            ):
                return False
            if isinstance(n, ast.Attribute) and n.attr in _ESCAPES:
                return False
            if isinstance(n, (ast.Global, ast.Nonlocal)) and cls in n.names:
                return False
            if isinstance(n, ast.ImportFrom) and any(a.name == "*" for a in n.names):
                return False  # globals not named here
        return True

    def _stores_fresh(self, fn: ast.FunctionDef) -> bool:
        """``fn`` reads no module global (a new instance holds nothing of the module's) and
        stores only fresh values into attributes (its instances' own objects)."""
        tops = self._top_names()
        for n in ast.walk(fn):
            if isinstance(n, ast.Name) and (n.id in tops or n.id in _ESCAPES):
                return False
            if isinstance(n, (ast.Global, ast.Nonlocal)):
                return False
            if isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
                tgts = n.targets if isinstance(n, ast.Assign) else [n.target]
                for t in tgts:
                    for e in _flat(t):
                        if isinstance(e, ast.Attribute) and not (
                            isinstance(n, ast.Assign)
                            and len(tgts) == 1
                            and t is e
                            and self._fresh_value(n.value)
                        ):
                            return False
        return True

    def _top_names(self) -> set[str]:
        """The names the module's top-level statements bind (globals of the module)."""
        got: set[str] | None = getattr(self, "_tops", None)
        if got is None:
            got = set()
            for st in self.mod.tree.body:
                for n in _outside(st):
                    if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
                        got.add(n.id)
                    elif isinstance(n, (ast.Import, ast.ImportFrom)):
                        got |= {a.asname or a.name.split(".")[0] for a in n.names}
                    elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                        got.add(n.name)
                    elif isinstance(n, ast.ExceptHandler) and n.name:
                        got.add(n.name)
            self._tops = got
        return got

    def _fresh_value(self, e: ast.expr | None) -> bool:
        """A new object holding only constants (a display of constants, a constant)."""
        if isinstance(e, ast.Constant):
            return True
        if isinstance(e, (ast.List, ast.Tuple, ast.Set)):
            return all(self._fresh_value(x) for x in e.elts)
        if isinstance(e, ast.Dict):
            return all(
                k is not None and self._fresh_value(k) and self._fresh_value(v)
                for k, v in zip(e.keys, e.values)
            )
        return False

    def _late(self, name: str) -> str | None:
        """``first = a.n`` then ``del a.n``: the binding read another global's object, changed
        after it; a lazy read evaluates the binding after every change (replayed)."""
        at = self.bound_at.get(name)
        if at is None:
            return None
        st = self.mod.tree.body[at]
        if not isinstance(st, ast.Assign):
            return None
        return self._read_before_change(name, st.value, at, st.lineno, False)

    def class_body(self, name: str) -> str | None:
        """A class body runs at its ``class`` statement; read lazily it runs when the class is
        first read (in-order runs too: analyze.module_root reads classes lazily), after every
        change the import makes later (``C.layers.append(4)`` on a base's inherited list)."""
        at = self.classes.get(name)
        if at is None:
            return None
        st = self.mod.tree.body[at]
        for x in st.body:  # type: ignore[attr-defined]
            if isinstance(x, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and x.value is not None:
                why = self._read_before_change(name, x.value, at, x.lineno, True)
                if why is not None:
                    return why
        return None

    def _read_before_change(
        self, name: str, v: ast.expr, at: int, line0: int, linked: bool
    ) -> str | None:
        """Why the value ``v`` (statement index ``at``) read a global changed after it, as a
        lazy read would not see: a plain ``y = x`` never (the same object); an item /
        attribute chain of it (``y = x.a``) only a change of the chain's own steps
        (``x.a = ...``, ``del x.a``); a value computed from it (``len(x)``, ``x.n + 1``, a
        call) any change. ``linked``: also changes through the names whose changes it sees
        (``seen``; a lazy read of it replays none of them, but the caller reads it as is)."""
        if isinstance(v, ast.Name):
            return None
        path = self.mod.path
        root, steps = _chain(v)
        keys = _keys(v) if root is not None else []
        for read in sorted({n.id for n in _outside(v) if isinstance(n, ast.Name)}):
            if read == name or self._table(read):
                continue
            if self._built(v, read):
                continue  # ``a = C()``: the instance reads ``C`` live (no ``__init__`` reads it)
            owners = [(read, 0)]  # (a name whose changes reach ``read``, from which depth)
            if read in self.cls_of:
                owners.append((self.cls_of[read], 0))  # ``c.f`` reads ``C.f``
            if linked:
                owners += [(o, d) for o, (d, _) in self.seen(read).items() if o != read]
            # ``B = a`` then ``C0 = len(B)`` then ``a += [2]``: ``a``'s change reaches ``B``
            # (``name``'s own later changes are replayed by its lazy read)
            owners += [(o, d) for o, d in self._sources(read).items() if o not in (read, name)]
            for owner, depth in owners:
                for i, d, line, key in self.changes.get(owner, ()):
                    if i <= at or d < depth:
                        continue
                    if owner == read and read == root and steps:  # ``x.a.b``: its steps only
                        if d >= steps or (
                            key is not None and keys[0] is not None and key != keys[0]
                        ):
                            continue
                    return (
                        f"{name} read {read} at {path}:{line0}, changed after "
                        f"({path}:{line}): a lazy read sees the change"
                    )
        return None

    def _sources(self, name: str) -> dict[str, int]:
        """The globals whose changes reach ``name``'s object because ``name`` was bound from
        them (``y = x``: depth 0; a copy: its items, depth 1): the links of ``seen`` followed
        backwards, the depth from which on a change reaches it."""
        best, todo = {name: 0}, [name]
        while todo:
            b = todo.pop()
            for x, y, d, _ in self.links:
                if y != b:
                    continue
                got = max(best[b], d)
                if x not in best or got < best[x]:
                    best[x] = got
                    todo.append(x)
        return best

    def _built(self, v: ast.expr, read: str) -> bool:
        """``v`` is ``C(...)`` of a class ``read`` of the module without a constructor of its
        own or decorators (its bases too, those of the module): building the instance reads
        nothing from the class, whose later changes the instance sees live as Python's."""
        if not (isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id == read):
            return False
        todo, seen = [read], set()
        while todo:
            c = self.mod.defs.get(todo.pop())
            if not isinstance(c, ast.ClassDef) or c.name in seen:
                return False
            seen.add(c.name)
            if c.decorator_list or c.keywords:
                return False
            for x in c.body:
                if isinstance(x, (ast.FunctionDef, ast.AsyncFunctionDef)) and x.name in (
                    "__init__",
                    "__new__",
                    "__post_init__",
                    "__setattr__",
                    "__init_subclass__",
                ):
                    return False
            for base in c.bases:
                if isinstance(base, ast.Name) and base.id == "object":
                    continue
                if not isinstance(base, ast.Name):
                    return False
                todo.append(base.id)
        return True

    def _table(self, name: str) -> bool:
        """A container table: modglobals replays its changes at the point each reader read it
        (``Build.before`` / ``_point_in_time``)."""
        from driftcheck.parsers.source.interp.modglobals import _container_expr  # a cycle

        e = self.mod.assigns.get(name)
        return e is not None and _container_expr(e)


def _step(e: ast.expr) -> Any:
    """The key of one step: ``x.a`` -> "a", ``x["a"]`` / ``x[0]`` -> that constant, else None."""
    if isinstance(e, ast.Attribute):
        return e.attr
    if isinstance(e, ast.Subscript) and isinstance(e.slice, ast.Constant):
        return e.slice.value
    return None


def _keys(e: ast.expr) -> list[Any]:
    """The keys of a chain's steps from its root down (``x.a["b"]`` -> ["a", "b"])."""
    out = []
    while isinstance(e, (ast.Attribute, ast.Subscript)):
        out.append(_step(e))
        e = e.value
    return out[::-1]


def _key(e: ast.expr) -> Any:
    """The key of the first step below the root of the chain ``e`` (None: none / unknown)."""
    keys = _keys(e)
    return keys[0] if keys else None


_BUILTIN_TYPES = frozenset(("list", "dict", "set", "bytearray"))
# functions a class body defines that run on attribute access / creation: not a plain class
_HOOKS = frozenset(
    (
        "__new__",
        "__setattr__",
        "__delattr__",
        "__getattr__",
        "__getattribute__",
        "__init_subclass__",
        "__set_name__",
        "__class_getitem__",
        "__get__",
        "__set__",
        "__delete__",
    )
)
# names / attributes that reach a class or a function's state through an instance
_ESCAPES = frozenset(
    ("type", "vars", "globals", "setattr", "delattr", "__class__", "__dict__", "__func__")
    + ("__self__", "__mro__", "__bases__", "__subclasses__", "__globals__", "__closure__")
)


def _held(e: ast.expr, defs: dict[str, ast.AST]) -> list[str]:
    """The names a display / ``dict(...)`` / a module class's constructor call holds as items
    (``[a, (b, 1)]``, ``{"k": a}``, ``dict(k=a)``, ``C(a)``): the value stores those objects."""
    if isinstance(e, ast.Name):
        return [e.id]
    if isinstance(e, (ast.List, ast.Tuple, ast.Set)):
        return [x for el in e.elts for x in _held(el, defs)]
    if isinstance(e, ast.Dict):
        return [x for el in e.values for x in _held(el, defs)]
    if isinstance(e, ast.Call) and isinstance(e.func, ast.Name):
        if isinstance(defs.get(e.func.id), ast.ClassDef):
            return [x for el in (*e.args, *(k.value for k in e.keywords)) for x in _held(el, defs)]
        if e.func.id == "dict":
            return [x for k in e.keywords for x in _held(k.value, defs)]
    return []


def _flat(t: ast.expr) -> list[ast.expr]:
    if isinstance(t, (ast.Tuple, ast.List)):
        return [x for e in t.elts for x in _flat(e)]
    if isinstance(t, ast.Starred):
        return _flat(t.value)
    return [t]


def hidden(mod: ModInfo, name: str, in_order: bool = False) -> str | None:
    """Why a lazy read of the module global ``name`` may miss a change made at import through
    another name, a call, or after its binding read another global (module docstring); None:
    no such statement. ``in_order``: the caller runs the module body in order (those changes
    are made), only a class body read late counts. Cached per module."""
    inject = os.environ.get("DRIFTCHECK_DEBUG_UNKNOWN_GLOBALS")
    if inject and _injected(mod, name, inject):
        return f"{name}: made unknown by DRIFTCHECK_DEBUG_UNKNOWN_GLOBALS (debug)"
    if os.environ.get("DRIFTCHECK_NO_ALIAS_CHECK"):
        return None
    cache: dict[Any, Any] = mod.__dict__.setdefault(_CACHE, {})
    key = (name, in_order)
    if key in cache:
        return cache[key]
    scan = cache.get("")
    if scan is None:
        scan = cache[""] = _Scan(mod)
    got = cache[key] = scan.class_body(name) if in_order else scan.hidden(name)
    return got


def _injected(mod: ModInfo, name: str, spec: str) -> bool:
    """``name`` of ``mod`` is one the debug switch names (module docstring)."""
    for entry in spec.split(","):
        file, _, want = entry.strip().rpartition(":")
        if want == name and (not file or getattr(mod.path, "name", None) == file):
            return True
    return False
