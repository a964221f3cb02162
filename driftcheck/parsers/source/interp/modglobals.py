"""Module globals that later top-level statements mutate: a table built up by the module body.

A module global is read lazily from its first binding (``loader.ModInfo.assigns``): the
interpreter never runs module bodies. Tables are often built up after that binding, at the
module's top level, by statements that run on import::

    configs = [dict(name="a", ...)]
    configs.extend(pythia)
    for c in llama_3:
        copy = deepcopy(c)
        copy["name"] = c["name"].format(kind)
        configs.append(copy)
    name_to_config = {c["name"]: c for c in configs}

    model_args = dict(n_layer=2)
    model_args["vocab_size"] = 100

A function reading such a global sees it after the whole body ran. Here a global whose later
top-level statements mutate it in place (a container method such as ``append`` / ``extend`` /
``update``, ``x[k] = v``, ``x[k] += v``, ``x += ...``, ``del x[k]``, inside any ``for`` / ``if``
/ ``with`` / ``try`` statement) is read by running its first binding and those statements, in
source order, in a scratch namespace. Globals those statements read that are mutated too are
run with them (their point-in-time value, as on import); the others are read lazily as before.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.loader import ModInfo

MUTATORS = frozenset(
    {
        "append",
        "extend",
        "insert",
        "update",
        "setdefault",
        "pop",
        "popitem",
        "remove",
        "discard",
        "add",
        "clear",
        "sort",
        "reverse",
        "__setitem__",
        "__delitem__",
    }
)

MAX_STATEMENTS = 2000  # statements replayed for one global (bounded work per name)


def _mutated_names(st: ast.stmt) -> set[str]:
    """Names a top-level statement mutates in place (never a plain rebinding ``x = ...``)."""
    out: set[str] = set()
    for node in ast.walk(st):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            f = node.func
            if f.attr in MUTATORS and isinstance(f.value, ast.Name):
                out.add(f.value.id)
        elif isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)):
            targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
            for t in targets:
                if isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name):
                    out.add(t.value.id)
                elif isinstance(node, ast.AugAssign) and isinstance(t, ast.Name):
                    out.add(t.id)
    return out


_CONTAINER_CALLS = frozenset(
    ("dict", "list", "set", "tuple", "OrderedDict", "defaultdict", "deepcopy", "copy", "Counter")
)


def _container_expr(e: ast.expr) -> bool:
    """A first binding that makes a table: a list / dict / set / tuple display or
    comprehension, ``dict(...)`` / ``list(...)`` / ``OrderedDict()`` / ``deepcopy(...)``, or
    ``+`` of such. Other globals (a logger whose ``add`` runs the logging library, an object)
    keep their first binding: their methods' effects are not a table's entries."""
    if isinstance(e, (ast.List, ast.Dict, ast.Set, ast.Tuple)):
        return True
    if isinstance(e, (ast.ListComp, ast.DictComp, ast.SetComp)):
        return True
    if isinstance(e, ast.BinOp):
        return _container_expr(e.left) or _container_expr(e.right)
    if isinstance(e, ast.Call):
        f = e.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        return name in _CONTAINER_CALLS
    return False


def _table(mod: ModInfo) -> tuple[dict[str, list[int]], dict[str, int]]:
    """name -> indices of the top-level statements that mutate it (after its first binding);
    name -> index of the top-level statement holding its first binding. Built once per tree."""
    cached = mod.__dict__.get("_dc_mutations")
    if cached is not None:
        return cached
    first: dict[str, int] = {}
    muts: dict[str, list[int]] = {}
    want = {id(v): k for k, v in mod.assigns.items()}
    for i, st in enumerate(mod.tree.body):
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        if isinstance(st, (ast.Import, ast.ImportFrom)):
            continue
        for node in ast.walk(st):
            k = want.get(id(node))
            if k is not None and k not in first:
                first[k] = i
        for n in _mutated_names(st):
            if n in first and first[n] < i and _container_expr(mod.assigns[n]):
                muts.setdefault(n, []).append(i)
    mod._dc_mutations = (muts, first)  # type: ignore[attr-defined]
    return muts, first


def mutated(mod: ModInfo, name: str) -> bool:
    """Whether top-level statements after ``name``'s first binding mutate it."""
    return name in _table(mod)[0]


def _group(mod: ModInfo, name: str) -> set[str]:
    """``name`` and the mutated globals its mutating statements read (run together)."""
    muts = _table(mod)[0]
    group = {name}
    todo = [name]
    while todo:
        n = todo.pop()
        for i in muts.get(n, ()):
            for node in ast.walk(mod.tree.body[i]):
                if isinstance(node, ast.Name) and node.id in muts and node.id not in group:
                    group.add(node.id)
                    todo.append(node.id)
    return group


def replayed(mod: ModInfo, name: str) -> frozenset[int]:
    """The ids of the top-level statements ``replay`` runs for ``name`` (so that the import-time
    fill of interp/decorated.py does not run them a second time)."""
    muts = _table(mod)[0]
    body = mod.tree.body
    return frozenset(id(body[i]) for n in _group(mod, name) for i in muts.get(n, ()))


def replay(interp: Any, mod: ModInfo, name: str) -> Any:
    """``name``'s value once the module body ran: its first binding and the statements that
    mutate it (and the globals they read that are mutated too), in source order."""
    from driftcheck.parsers.source.interp.exprs import Frame
    from driftcheck.parsers.source.interp.statements import Raised
    from driftcheck.parsers.source.values.abstract import Unknown

    muts, first = _table(mod)
    group = _group(mod, name)
    steps = sorted({(first[n], 0, n) for n in group} | {(i, 1, "") for n in group for i in muts[n]})
    if len(steps) > MAX_STATEMENTS:
        return Unknown(f"module global {name} built by over {MAX_STATEMENTS} statements")
    fr = Frame(mod)
    done: set[int] = set()
    for i, kind, n in steps:
        if kind == 0:
            fr.locals[n] = interp.exprs.eval(mod.assigns[n], fr)
        elif i not in done:
            done.add(i)
            try:
                interp.stmts.exec_stmt(mod.tree.body[i], fr)
            except Raised as e:
                line = mod.tree.body[i].lineno
                return Unknown(f"module global {name}: `raise {e.what}` reached at line {line}")
    return fr.locals[name]
