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
    from driftcheck.parsers.source.values.abstract import Unknown

    why = stale(f.mod, f.node, default)
    if why is not None:
        return Unknown(why)
    return interp.exprs.eval(default, frame)


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
