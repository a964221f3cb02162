"""Module globals bound where the loader's one-expression-per-name index did not see them.

The loader (``loader._index``) records each top-level name with the expression that binds it
first, and the interpreter evaluates that expression when the name is read. Three bindings
Python makes at import fell outside that index, or were read through the wrong protocol:

- an unpacking target (``V, D, L = Sizes()``) read its items by subscript (``Sizes()[0]``),
  while Python iterates the value: a generator, an ``array.array`` or an object whose class
  defines ``__iter__`` but no ``__getitem__`` unpack fine and cannot be indexed. ``item``
  iterates as Python does (the item count checked: a wrong count is Python's ValueError,
  unknown here) and falls back to the subscript only where the value cannot be iterated here;
- an assignment expression inside a top-level statement (``SIZES = dict(width=(D := 64))``)
  binds its name in the module (PEP 572): ``index_walrus`` records it, except inside a lambda
  or a comprehension (there the value is a per-item one: left unknown);
- a name assigned inside a top-level ``for`` loop (``for name, *row in PRESETS: if name ==
  "tiny": D, H = row; break`` with ``else: raise KeyError``): ``index_loop`` records the loop
  as the statement that binds it, run whole when the name is read (``modglobals.initial``,
  as for a top-level ``with`` block), so ``break``, ``else`` and a ``raise`` behave as on
  import (a ``raise`` reached makes the name unknown, with the line).

This module imports nothing of the interpreter at load time: the loader imports it.
"""

from __future__ import annotations

import ast
from typing import Any

# nodes whose own scope keeps an assignment expression's name from the module (a lambda) or
# whose value is a per-item one (a comprehension binds the enclosing scope, last item wins)
_OWN_SCOPE = (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def index_walrus(info: Any, value: ast.expr) -> None:
    """Record every ``(name := expr)`` of a top-level statement's value as ``name``'s first
    binding (``info.assigns``), in evaluation order, outside lambdas and comprehensions."""
    todo: list[ast.AST] = [value]
    found: list[ast.NamedExpr] = []
    while todo:
        node = todo.pop()
        if isinstance(node, _OWN_SCOPE):
            continue
        if isinstance(node, ast.NamedExpr):
            found.append(node)
        todo.extend(reversed(list(ast.iter_child_nodes(node))))
    for ne in found:
        if isinstance(ne.target, ast.Name):
            info.assigns.setdefault(ne.target.id, ne.value)


def _assigned(body: list[ast.stmt]) -> list[tuple[str, ast.expr]]:
    """(name, the value expression) for the plain assignments in a loop's statements, nested
    ``if`` / ``for`` / ``while`` / ``try`` bodies included (not functions or classes)."""
    out: list[tuple[str, ast.expr]] = []
    for st in body:
        if isinstance(st, ast.Assign):
            for t in st.targets:
                names = [t] if isinstance(t, ast.Name) else list(getattr(t, "elts", ()))
                for n in names:
                    if isinstance(n, ast.Name):
                        out.append((n.id, st.value))
        elif isinstance(st, ast.AnnAssign) and st.value is not None:
            if isinstance(st.target, ast.Name):
                out.append((st.target.id, st.value))
        elif isinstance(st, (ast.If, ast.For, ast.While)):
            out += _assigned(st.body) + _assigned(st.orelse)
        elif isinstance(st, ast.Try):
            out += _assigned(st.body) + _assigned(st.orelse) + _assigned(st.finalbody)
    return out


def index_loop(info: Any, st: ast.For) -> None:
    """Record the names a top-level ``for`` statement (body or ``else``) assigns and nothing
    bound before it: read, each runs the whole statement (``info.with_bound``)."""
    for name, value in _assigned(st.body) + _assigned(st.orelse):
        if name in info.assigns or name in info.defs:
            continue
        info.assigns[name] = value
        info.with_bound[name] = st


def item(exprs: Any, e: ast.Subscript, fr: Any) -> Any:
    """The ``i``-th name of a top-level unpacking target (``loader._unpacked_names`` marks the
    subscript it stands for with ``_dc_unpack``, the target's length): the value iterated as
    Python unpacks it; a wrong item count is unknown; a value that cannot be iterated here is
    read by subscript (as before: a class with ``__getitem__`` only unpacks that way too)."""
    from driftcheck.parsers.source.values.abstract import Unknown

    v = exprs.eval(e.value, fr)
    items = exprs.items.iterate(v)
    star = e.__dict__.get("_dc_star")
    n, i = e._dc_unpack, e.slice.value  # type: ignore[attr-defined]
    if items is None:
        if star is not None:
            return Unknown(f"starred unpacking of a value we cannot iterate (line {e.lineno})")
        return exprs.items.getitem(v, exprs.eval(e.slice, fr))
    if star is None:
        if len(items) != n:
            return Unknown(f"unpacking {len(items)} values into {n} names (line {e.lineno})")
        return items[i]
    if len(items) < n - 1:  # the starred name takes zero or more; the others one each
        return Unknown(f"unpacking {len(items)} values into {n - 1}+ names (line {e.lineno})")
    after = n - 1 - star  # names after the starred one
    if i < star:
        return items[i]
    if i == star:
        return list(items[star : len(items) - after])  # Python makes the starred part a list
    return items[len(items) - (n - i)]
