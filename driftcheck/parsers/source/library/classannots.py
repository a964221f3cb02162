"""``C.__annotations__`` / ``type(self).__annotations__`` for a class read from source.

A hand-written hyper-parameter class lists its fields as annotated class attributes and its
constructor walks them (``for name in type(self).__annotations__: setattr(self, name,
kw.pop(name, getattr(type(self), name)))``). CPython's class body records each simple
annotated name (``x: int`` and ``x: int = 1``; not ``(x): int``, ``self.x: int`` or
``a.b: int``) in the class's own ``__annotations__`` dict, in source order, a private name
mangled; read on the class (``type.__annotations__``, a data descriptor of the metaclass) it
is that class's own dict only, never a base's (Python 3.10+: a class without annotations
gives ``{}``). The values are the evaluated annotations (strings under ``from __future__
import annotations``). A body that annotates under a statement (``if`` / ``try`` / ``for``)
or binds ``__annotations__`` itself, a class made by ``type()`` or with a metaclass read from
source is unknown, never a guessed dict.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.values.abstract import Cls, Unknown

_BRANCHES = (ast.If, ast.Try, ast.For, ast.While, ast.With, ast.Match, ast.AsyncFor, ast.AsyncWith)
_CACHE = "_dc_annotations"


def _future_annotations(tree: ast.Module) -> bool:
    return any(
        isinstance(st, ast.ImportFrom)
        and st.module == "__future__"
        and any(a.name == "annotations" for a in st.names)
        for st in tree.body
    )


def _mangled(cls: Cls, name: str) -> str:
    if name.startswith("__") and not name.endswith("__"):
        owner = cls.name.lstrip("_")
        return f"_{owner}{name}" if owner else name
    return name


def _annotates_under(st: ast.stmt) -> bool:
    """``st`` (a compound class-body statement) holds an annotated assignment of its own
    scope (not one inside a nested function or class)."""
    todo = list(ast.iter_child_nodes(st))
    while todo:
        n = todo.pop()
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(n, ast.AnnAssign):
            return True
        todo.extend(ast.iter_child_nodes(n))
    return False


def class_annotations(ip: Any, cls: Cls) -> Any:
    """The class's own ``__annotations__`` dict (one object per class, as CPython keeps it in
    the class namespace), or an ``Unknown`` naming why it cannot be read."""
    got = cls.__dict__.get(_CACHE)
    if got is not None:
        return got
    got = _read(ip, cls)
    if not isinstance(got, Unknown):
        cls.__dict__[_CACHE] = got
    return got


def _read(ip: Any, cls: Cls) -> Any:
    body = cls.node.body
    where = f"{cls.name}.__annotations__ at {cls.mod.path.name}:{cls.node.lineno}"
    if (
        len(body) == 1
        and isinstance(body[0], ast.Pass)
        and body[0].col_offset <= cls.node.col_offset
    ):
        return Unknown(f"{where} (a class made by type())")
    if any(k.arg == "metaclass" for k in cls.node.keywords):
        meta = ip.calls.metaclass_of(cls)
        if isinstance(meta, Cls):
            return Unknown(f"{where} (a metaclass read from source)")
    out: dict[str, Any] = {}
    future = _future_annotations(cls.mod.tree)
    frame = cls.ns.get("__frame__")
    for st in body:
        if isinstance(st, _BRANCHES) and _annotates_under(st):
            return Unknown(f"{where} (annotations under a statement)")
        if isinstance(st, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__annotations__" for t in st.targets
        ):
            return Unknown(f"{where} (bound in the body)")
        if not (isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name) and st.simple):
            continue
        name = _mangled(cls, st.target.id)
        if future:
            value: Any = ast.unparse(st.annotation)
        elif isinstance(st.annotation, ast.Constant) and isinstance(st.annotation.value, str):
            value = st.annotation.value
        elif frame is None:
            value = Unknown(f"{where}[{name!r}]")
        else:
            try:
                value = ip.exprs.eval(st.annotation, frame)
            except Exception:  # noqa: BLE001 - the key is known, its annotation object is not
                value = Unknown(f"{where}[{name!r}]")
        out[name] = value
    return out
