"""``global`` in a function body: the names it declares live in the module's namespace.

A layer factory numbering what it builds with a module-level counter::

    _NEXT_ID = 0

    def new_layer(dim):
        global _NEXT_ID
        _NEXT_ID += 1
        hidden = dim * (4 if _NEXT_ID % 3 == 0 else 2)

The interpreter ran such a store as a local of the call: every call read the counter's first
binding, ``0``, and every layer got the narrow width (a confident wrong count). Here a name the
function declares ``global`` is read from and written to the module's namespace
(``Interp.globals``, what ``Names.global_lookup`` caches), so each call sees what the previous
one left, as Python runs it.

A store under an undecided condition (``ip.uncertain``) leaves a value one way of the program
may not have: a changed value becomes unknown, naming the condition (as ``nonlocal`` cells do,
``Calls.write_cells``). Each store counts as a write of the shared state that
``speed/memo.py`` keys its templates on (``class_writes``), so a construction that changes a
global is never reused and one recorded before the change is not handed out after it.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.values.abstract import Unknown, UnknownModule, is_module, plain

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def global_names(node: Any, keep: bool = True) -> frozenset[str]:
    """The names a function's own body declares ``global`` (not its nested definitions'),
    kept on the syntax node (one walk per function) while ``keep`` (the analysis's
    ``attr_scans`` switch: off, the body is walked at each call)."""
    got = getattr(node, "_driftcheck_global", None) if keep else None
    if got is None:
        names: set[str] = set()
        todo = list(node.body) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else []
        while todo:
            n = todo.pop()
            if isinstance(n, ast.Global):
                names.update(n.names)
            elif not isinstance(n, _SCOPES):
                todo.extend(ast.iter_child_nodes(n))
        got = frozenset(names)
        if keep:
            node._driftcheck_global = got  # type: ignore[attr-defined]
    return got


def declared(fr: Any, name: str, keep: bool = True) -> bool:
    """``name`` is declared ``global`` by the function whose call ``fr`` is."""
    f = fr.func
    return f is not None and fr.mod is not None and name in global_names(f.node, keep)


def store(ip: Any, fr: Any, name: str, value: Any) -> None:
    """``name = value`` in a function that declares ``name`` global: into the module's
    namespace. The global is resolved first (its first binding and the module statements
    that fill it, ``modglobals.fill``), so that later reads do not replay them over the
    stored value."""
    mod = fr.mod
    old = ip.names.global_lookup(mod, name)
    if ip.uncertain and value is not old:
        where = f"{mod.path.name}:{ip.uncertain[-1]}" if mod.path is not None else ""
        why = f"module global {name} set (global {name}) under the undecided condition at {where}"
        value = UnknownModule(why) if is_module(plain(value)) else Unknown(why)
    ip.globals.setdefault(id(mod), {})[name] = value
    ip.class_writes = ip.class_writes + 1  # shared state changed (speed/memo.py's keys)


def delete(ip: Any, fr: Any, name: str, line: int) -> None:
    """``del name`` of a declared global: later reads are unknown (never the first binding,
    which the interpreter would otherwise read again)."""
    where = f"{fr.mod.path.name}:{line}" if fr.mod.path is not None else f"line {line}"
    ip.globals.setdefault(id(fr.mod), {})[name] = Unknown(
        f"module global {name} deleted at {where}"
    )
    ip.class_writes = ip.class_writes + 1


_COMPS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
# the syntax classes ``local_names`` only walks through (none binds a name, opens or declares a
# scope: every test of its chain is false for them), tested by exact class before the chain
# (session 32: the chain's nine isinstance calls per node were 1% of a heavy file's calls);
# those without fields (``Load``, ``Store``, operators) have no children to walk either
_WALK_ONLY = frozenset(
    c
    for c in vars(ast).values()
    if isinstance(c, type)
    and issubclass(c, ast.AST)
    and not issubclass(
        c,
        (
            ast.Global,
            ast.Nonlocal,
            ast.FunctionDef,
            ast.AsyncFunctionDef,
            ast.ClassDef,
            ast.Lambda,
            *_COMPS,
            ast.Name,
            ast.alias,
            ast.ExceptHandler,
            ast.MatchAs,
            ast.MatchStar,
            ast.MatchMapping,
        ),
    )
)
_NO_CHILDREN = frozenset(c for c in _WALK_ONLY if not c._fields)


def local_names(node: Any, keep: bool = True, prefilter: bool = True) -> frozenset[str]:
    """The names a function's own scope binds (Python's compile-time rule: a name assigned
    anywhere in the body, not declared ``global`` / ``nonlocal``, is local to every line of
    it): parameters, assignment / loop / ``with`` / ``except`` / import / ``del`` targets,
    nested ``def`` / ``class`` names, ``:=`` (also inside a comprehension); not the names
    nested functions, classes, lambdas or comprehensions bind for themselves. Kept on the node
    while ``keep`` (the ``attr_scans`` switch). ``prefilter`` (the ``test_order`` switch):
    a node whose exact class fails every test below is walked without them (off: the
    isinstance chain for every node)."""
    got = getattr(node, "_driftcheck_locals", None) if keep else None
    if got is not None:
        return got
    names: set[str] = set()
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        a = node.args
        for arg in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg):
            if arg is not None:
                names.add(arg.arg)
        todo: list[Any] = list(node.body)
    else:
        todo = []
    declared: set[str] = set()
    while todo:
        n = todo.pop()
        c = n.__class__
        if prefilter and c in _WALK_ONLY:
            if c not in _NO_CHILDREN:
                todo.extend(ast.iter_child_nodes(n))
            continue
        if isinstance(n, (ast.Global, ast.Nonlocal)):
            declared.update(n.names)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(n.name)
            todo.extend(n.decorator_list)  # evaluated in this scope (their walrus binds here)
        elif isinstance(n, ast.Lambda):
            continue
        elif isinstance(n, _COMPS):
            # a comprehension's targets are its own; a ``:=`` inside binds in this scope
            names.update(
                w.target.id
                for w in ast.walk(n)
                if isinstance(w, ast.NamedExpr) and isinstance(w.target, ast.Name)
            )
        else:
            if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
                names.add(n.id)
            elif isinstance(n, ast.alias):
                names.add((n.asname or n.name).split(".")[0])
            elif isinstance(n, ast.ExceptHandler) and n.name:
                names.add(n.name)
            elif isinstance(n, (ast.MatchAs, ast.MatchStar)) and n.name:
                names.add(n.name)
            elif isinstance(n, ast.MatchMapping) and n.rest:
                names.add(n.rest)
            todo.extend(ast.iter_child_nodes(n))
    got = frozenset(names - declared)
    if keep:
        node._driftcheck_locals = got  # type: ignore[attr-defined]
    return got
