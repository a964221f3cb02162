"""Class-body scope: a class attribute's value may name the attributes bound above it.

``wide_in = partialmethod(_linear, WIDTH, MLP)`` after ``def _linear``, or ``b = a + 1``
after ``a = 3``: CPython runs a class body as code whose local namespace is the class's, so
a name bound earlier in the body is read there before the enclosing scopes. Only in the
body's own expressions: a lambda, a comprehension's inner parts and the methods do not see
the class namespace (their names resolve outside it), so those names are not offered there.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.loader import body_index

_SCOPES = (ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_COMPS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _names(e: ast.AST, out: set[str]) -> None:
    """Names ``e`` reads in class scope (a comprehension's first iterable is evaluated there;
    the rest of it, and any lambda, is a scope of its own)."""
    if isinstance(e, _SCOPES):
        return
    if isinstance(e, _COMPS):
        _names(e.generators[0].iter, out)
        return
    if isinstance(e, ast.Name) and isinstance(e.ctx, ast.Load):
        out.add(e.id)
        return
    for ch in ast.iter_child_nodes(e):
        _names(ch, out)


def body_frame(classes: Any, cls: Any, st: ast.stmt, frame: Any) -> Any:
    """``frame`` with the class-body names that statement ``st``'s value reads, bound above
    it in the body, as locals (looked up through ``classes.class_attr``: lazy, decorated);
    ``frame`` itself when it reads none."""
    value = getattr(st, "value", None)
    if value is None or not any(x is st for x in cls.node.body):
        return frame  # a binding outside the body (``Klass.fn = ...`` after it) sees no class scope
    wanted: set[str] = set()
    _names(value, wanted)
    idx = body_index(cls.node)
    line = getattr(st, "lineno", 0)
    extra: dict[str, Any] = {}
    for n in wanted:
        at = idx.get(n)
        if at is None or at is st or getattr(at, "lineno", 0) >= line:
            continue
        ok, v = classes.class_attr(cls, n)
        if ok:
            extra[n] = v
    if not extra:
        return frame
    from driftcheck.parsers.source.interp.exprs import Frame  # a cycle

    out = Frame(frame.mod, frame.func, frame.closure)
    out.locals = {**frame.locals, **extra}
    return out


def slots_clash(node: ast.ClassDef) -> str | None:
    """A name the class body's literal ``__slots__`` (strings) lists that the body also binds
    at its top level (an assignment with a value, a ``def``): Python refuses to make such a
    class (ValueError). None when there is none or ``__slots__`` is not a literal."""
    slots: list[str] | None = None
    bound: set[str] = set()
    for st in node.body:
        if isinstance(st, ast.Assign):
            names = [t.id for t in st.targets if isinstance(t, ast.Name)]
        elif isinstance(st, ast.AnnAssign) and st.value is not None:
            names = [st.target.id] if isinstance(st.target, ast.Name) else []
        elif isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names = [st.name]
        else:
            continue
        if "__slots__" in names and isinstance(st, ast.Assign):
            v = st.value
            if isinstance(v, ast.Constant) and isinstance(v.value, str):
                slots = [v.value]
            elif isinstance(v, (ast.Tuple, ast.List)) and all(
                isinstance(x, ast.Constant) and isinstance(x.value, str) for x in v.elts
            ):
                slots = [x.value for x in v.elts]  # type: ignore[attr-defined]
            else:
                return None
        bound.update(n for n in names if n != "__slots__")
    return next((n for n in slots or () if n in bound), None)
