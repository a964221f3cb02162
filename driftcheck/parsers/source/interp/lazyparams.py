"""Whether calling a module may create or register parameters (lazily built layers).

A constructor that runs its module once (``self.forward(torch.randn(...))`` in byol-pytorch's
``BYOL.__init__``) makes the layers its forward builds on first use: a projector sized from a
forward hook and cached on ``self`` by a ``@singleton`` decorator, a ``copy.deepcopy`` of the
online network stored as the target. torch counts them; an analysis that does not follow that
call counts the online network alone, a confident wrong number.

``lazy_constructs`` is the static test the interpreter asks before it follows such a call with
inputs whose shapes it does not know: the places in the called module's methods (other than
``__init__``), in the decorators of those methods, and in its sub-modules' classes, that write
an attribute of an object (``self.proj = nn.Linear(...)``), call ``setattr`` or register a
parameter or module. None found: the call cannot change what the model holds and stays an
unknown value, as before. Some found: the call is followed (objmodel.py ``Calls.call``) and,
when it cannot be, the module is left unresolved with a note naming them.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.values.abstract import Cls, Obj

# calls that add a parameter or a sub-module to an ``nn.Module``
_REGISTERS = frozenset(("register_parameter", "register_module", "add_module", "setattr"))
_CACHE_KEY = "__lazy_constructs__"
MAX_SHOWN = 3  # constructs named in a note


def lazy_constructs(m: Any, seen: set[int] | None = None) -> list[str]:
    """``file:line`` places where calling module ``m`` may create or register parameters:
    ``m``'s class and, through its sub-modules, theirs (each class scanned once)."""
    seen = set() if seen is None else seen
    if not isinstance(m, Obj) or id(m) in seen:
        return []
    seen.add(id(m))
    out: list[str] = []
    if m.cls is not None:
        for c in m.cls.mro():
            if isinstance(c, Cls):
                out += _class_constructs(c)
    for child in m.children.values():
        out += lazy_constructs(child, seen)
    return out


def _class_constructs(c: Cls) -> list[str]:
    got = c.ns.get(_CACHE_KEY)
    if got is None:
        got = c.ns[_CACHE_KEY] = _scan_class(c)
    return got


def _scan_class(c: Cls) -> list[str]:
    out: list[str] = []
    fname = c.mod.path.name
    top = _top_functions(c.mod.tree)
    for st in c.node.body:
        if not isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) or st.name == "__init__":
            continue
        out += [f"{what} at {fname}:{line} ({st.name})" for what, line in _writes(st)]
        for d in st.decorator_list:
            name = d.func if isinstance(d, ast.Call) else d
            deco = top.get(name.id) if isinstance(name, ast.Name) else None
            if deco is None:
                continue
            for what, line in _writes(deco):
                out.append(f"@{deco.name} on {st.name}: {what} at {fname}:{line}")
    return out


def _top_functions(tree: ast.Module) -> dict[str, ast.FunctionDef]:
    return {st.name: st for st in tree.body if isinstance(st, ast.FunctionDef)}


def _writes(fn: ast.AST) -> list[tuple[str, int]]:
    """Attribute writes of a non-literal value, ``setattr`` and ``register_*`` calls in a
    function (its nested functions included: a decorator's wrapper does the write)."""
    out: list[tuple[str, int]] = []
    for node in ast.walk(fn):
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            value = node.value
            if value is None or _literal(value):
                continue
            for t in targets:
                if isinstance(t, ast.Attribute):
                    out.append((f"an attribute write .{t.attr} = ...", node.lineno))
        elif isinstance(node, ast.Call):
            f = node.func
            name = (
                f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
            )
            if name in _REGISTERS:
                out.append((f"{name}(...)", node.lineno))
    return out


def _literal(v: ast.AST) -> bool:
    """A value that can never be a layer or a parameter: a constant, a container display of
    such values (``self.hidden = {}``)."""
    if isinstance(v, ast.Constant):
        return True
    if isinstance(v, (ast.Tuple, ast.List, ast.Set)):
        return all(_literal(e) for e in v.elts)
    if isinstance(v, ast.Dict):
        return all(k is None or _literal(k) for k in v.keys) and all(_literal(e) for e in v.values)
    if isinstance(v, ast.UnaryOp):
        return _literal(v.operand)
    return False
