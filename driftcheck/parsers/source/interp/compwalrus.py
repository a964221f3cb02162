"""An assignment expression inside a comprehension binds the enclosing scope (PEP 572).

``[nn.Conv1d(prev, (prev := int(base * g**i)), 3) for i in range(n)]`` chains ``prev``
through the items and leaves the last one bound in the function (or module) that holds the
comprehension: the layer after it reads ``nn.Linear(prev, 2)`` with the last width. The
comprehension ran in a frame of its own (its loop variables stay there, as in Python 3), so
the binding was lost and the layer after it read the value from before the comprehension (a
confident wrong count: fresh16's ``walrus_widths``).

Here the names a comprehension's ``:=`` bind (outside a nested ``lambda``, which has a scope
of its own; a nested comprehension hands its bindings on to this one) are copied back to the
enclosing frame after the comprehension ran, as Python leaves them. Where that value is not
known it is unknown with the line, never the value from before:

- a comprehension that was not followed (an iterable we cannot enumerate, a numeric table
  whose items are not computed, one over the loop bound);
- a generator expression: Python runs its items only as they are consumed, and a consumer
  may stop early (``any((w := x) > 32 for x in widths)`` leaves the first ``x`` over 32 in
  ``w``), while the interpreter runs every item at once.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.speed import tree_memos

_CACHE = "_dc_walrus_targets"


def targets(e: ast.expr) -> tuple[str, ...]:
    """Names the comprehension ``e`` binds in its enclosing scope by ``:=`` (cached on the
    node: a comprehension in a loop is asked once per run)."""
    keep = tree_memos()  # the ``tree_memos`` switch
    got = e.__dict__.get(_CACHE) if keep else None
    if got is not None:
        return got
    out: list[str] = []
    todo: list[ast.AST] = list(ast.iter_child_nodes(e))
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Lambda):
            continue  # its own scope
        if isinstance(node, ast.NamedExpr) and isinstance(node.target, ast.Name):
            if node.target.id not in out:
                out.append(node.target.id)
        todo.extend(ast.iter_child_nodes(node))
    res = tuple(out)
    if keep:
        e.__dict__[_CACHE] = res
    return res


def leak(e: ast.expr, sub: Any, fr: Any, followed: bool) -> None:
    """Copy the ``:=`` bindings of the comprehension ``e`` run in the frame ``sub`` back to
    the enclosing frame ``fr`` (see the module docstring); unknown where not followed."""
    names = targets(e)
    if not names:
        return
    from driftcheck.parsers.source.values.abstract import Unknown

    line = getattr(e, "lineno", "?")
    where = f"{fr.mod.path.name}:{line}" if getattr(fr.mod, "path", None) else f"line {line}"
    for n in names:
        if isinstance(e, ast.GeneratorExp):
            fr.locals[n] = Unknown(
                f"{n} bound by := in a generator expression at {where}: its items run as "
                "they are consumed (not followed)"
            )
        elif not followed:
            fr.locals[n] = Unknown(f"{n} bound by := in a comprehension at {where} not followed")
        elif n in sub.locals:
            fr.locals[n] = sub.locals[n]
        # else: no item ran the ``:=`` (an empty iterable, a filter false): the binding stays


def _may_change_state(g: ast.GeneratorExp) -> bool:
    """Whether an item of ``g`` calls a function of the analyzed code (a plain name that is no
    builtin) or a container's mutator (``seen.append(x)``): each call the short circuit skips
    is a side effect Python never runs (``any(check(x) for x in xs)`` stops calling ``check``
    at the first true item), so the items are read one at a time here too. Cached on the
    node."""
    import builtins

    from driftcheck.parsers.source.interp.modglobals import MUTATORS

    keep = tree_memos()  # the ``tree_memos`` switch
    got = getattr(g, "_driftcheck_calls", None) if keep else None
    if got is None:
        got = False
        for part in (g.elt, *g.generators[0].ifs) if g.generators else (g.elt,):
            for n in ast.walk(part):
                if not isinstance(n, ast.Call):
                    continue
                f = n.func
                if isinstance(f, ast.Name) and not hasattr(builtins, f.id):
                    got = True
                elif isinstance(f, ast.Attribute) and f.attr in MUTATORS:
                    got = True
        if keep:
            g._driftcheck_calls = got  # type: ignore[attr-defined]
    return got


def short_circuit(exprs: Any, name: str, g: ast.GeneratorExp, fr: Any) -> Any:
    """``any(<genexp>)`` / ``all(<genexp>)`` of a generator expression whose ``:=`` binds the
    enclosing scope: Python runs its items one at a time and stops at the first that decides
    (``any``: a true one; ``all``: a false one), so the binding left is that item's
    (``any((big := w) > 10 for w in ws)`` leaves the first width over 10). Read here the same
    way, item by item; the answer and the bindings are unknown from an item whose truth is
    not known on. NotImplemented where this reading does not apply (more than one ``for``, an
    ``async`` one, an iterable we cannot enumerate): the caller reads it as before."""
    from driftcheck.parsers.source.interp.exprs import CompLocals, Frame, _targets
    from driftcheck.parsers.source.ops.operators import truth
    from driftcheck.parsers.source.values.abstract import Unknown

    names = targets(g)
    if not (names or _may_change_state(g)) or len(g.generators) != 1 or g.generators[0].is_async:
        return NotImplemented
    gen = g.generators[0]
    items = exprs.items.iterate(exprs.eval(gen.iter, fr))  # in the enclosing scope, as Python
    if items is None or len(items) > 10_000:
        return NotImplemented
    sub = Frame(fr.mod, fr.func, fr.closure)
    sub.locals = CompLocals(fr.locals, _targets(g.generators))
    want = name == "any"
    line = getattr(g, "lineno", "?")
    where = f"{fr.mod.path.name}:{line}" if getattr(fr.mod, "path", None) else f"line {line}"

    def lost() -> Any:
        for n in names:
            fr.locals[n] = Unknown(f"{n} bound by := in {name}() at {where}: an item not decided")
        return Unknown(f"{name}() of a generator expression at {where}")

    for item in items:
        exprs.stmts.tick()
        exprs.stmts.assign(gen.target, item, sub)
        conds = [truth(exprs.eval(c, sub)) for c in gen.ifs]
        if any(c is None for c in conds):
            return lost()
        if not all(conds):
            continue
        t = truth(exprs.eval(g.elt, sub))
        for n in names:  # the ``:=`` of this item, bound in the enclosing scope
            if n in sub.locals:
                fr.locals[n] = sub.locals[n]
        if t is None:
            return lost()
        if t is want:
            return want
    return not want
