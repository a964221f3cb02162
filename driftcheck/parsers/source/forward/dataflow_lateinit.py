"""A module class built in ``forward`` whose ``__init__`` assigns a layer before calling
``super().__init__()`` (on real sizes): torch's AttributeError "cannot assign module before
Module.__init__() call" (a parameter: "cannot assign parameters ...").

Judged from the ``__init__`` syntax alone, in order: statements that cannot reach torch's
``__setattr__`` checks (``pass``, a docstring, a plain value stored on ``self``) are passed
over; ``self.x = nn.<Layer>(...)`` (``nn.Parameter(...)``) before the base ``__init__`` call
is the crash; anything else first (a branch, a call, the base call itself) ends the scan,
silent. The class's ``__init__`` is the first one its MRO defines in the analyzed code.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.values.abstract import Cls, Ext, Func


def _torch_name(run: Any, fn: Func, e: ast.expr) -> str | None:
    """``nn.Conv2d`` / ``torch.nn.Linear`` in ``fn``'s module, as torch's qualified name."""
    parts: list[str] = []
    while isinstance(e, ast.Attribute):
        parts.append(e.attr)
        e = e.value
    if not isinstance(e, ast.Name):
        return None
    try:
        root = run.f.interp.names.global_lookup(fn.mod, e.id)
    except Exception:  # noqa: BLE001 - a name we cannot evaluate: not judged
        return None
    q = getattr(root, "qual", None) if isinstance(root, Ext) else None
    if not isinstance(q, str):
        return None
    return ".".join([q, *reversed(parts)])


def _plain(e: ast.expr) -> bool:
    return isinstance(e, (ast.Constant, ast.Name)) or (
        isinstance(e, (ast.Tuple, ast.List)) and all(_plain(x) for x in e.elts)
    )


def late_super(run: Any, cls: Cls, loc: Any) -> None:
    """Judge ``cls(...)`` built in ``forward``."""
    if run.f.input_shape is None:
        return
    try:
        ok, fn, where = run.f.interp.classes.mro_attr(cls, "__init__")
    except Exception:  # noqa: BLE001
        return
    if not ok or not isinstance(fn, Func) or not isinstance(where, Cls):
        return
    node = fn.node
    if not isinstance(node, ast.FunctionDef) or node.decorator_list or not node.args.args:
        return
    me = node.args.args[0].arg
    for st in node.body:
        if isinstance(st, ast.Pass) or (
            isinstance(st, ast.Expr) and isinstance(st.value, ast.Constant)
        ):
            continue
        if not isinstance(st, ast.Assign) or len(st.targets) != 1:
            return
        t = st.targets[0]
        if not (
            isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == me
        ):
            return
        if _plain(st.value):
            continue
        if not isinstance(st.value, ast.Call):
            return
        q = _torch_name(run, fn, st.value.func) or ""
        last = q.rsplit(".", 1)[-1]
        if q in ("torch.nn.Parameter", "torch.nn.parameter.Parameter"):
            run.f.crash(
                loc, "AttributeError: cannot assign parameters before Module.__init__() call"
            )
        elif (
            q.startswith("torch.nn.")
            and not q.startswith("torch.nn.functional.")
            and last[:1].isupper()
        ):
            run.f.crash(loc, "AttributeError: cannot assign module before Module.__init__() call")
        return
