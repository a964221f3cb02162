"""A module whose ``__init__`` surely never calls ``nn.Module.__init__`` (review23).

torch's ``Module.__setattr__`` raises ``AttributeError: cannot assign module before
Module.__init__() call`` (and the same for parameters) when ``_modules`` / ``_parameters`` do
not exist yet. The interpreter registered the layer anyway and counted it (10 where torch
builds nothing). Whether the base initializer ran is tracked nowhere, and a wrong "it did not"
would be a false IMP004 blocker, so only the surest shape is recognised, and then the count is
made unknown with a note (never a blocker): the class's MRO is read from source down to
``nn.Module`` (no library base that may call it), no class defines ``__new__`` or takes a
metaclass / decorator, and the ``__init__`` that runs (the first one in the MRO) mentions no
``super``, no ``__init__`` attribute, passes ``self`` to no call and calls no method of ``self``
(any of which may reach ``nn.Module.__init__``).
"""

from __future__ import annotations

import ast

from driftcheck.parsers.source.values.abstract import Cls, Ext, Obj


def never_initialised(obj: Obj) -> str | None:
    """A note when ``obj``'s running ``__init__`` surely leaves ``nn.Module.__init__`` uncalled
    (see the module docstring); None otherwise (the usual case, or not sure)."""
    from driftcheck.parsers.source.interp.missingattr import _EMPTY_BASES
    from driftcheck.parsers.source.interp.objmodel import _NN_MODULE

    cls = obj.cls
    if not obj.module or not isinstance(cls, Cls):
        return None
    mro = cls.mro()
    if not any(isinstance(c, Ext) and c.qual in _NN_MODULE for c in mro):
        return None
    init: ast.FunctionDef | None = None
    where: Cls | None = None
    for c in mro:
        if isinstance(c, Ext) and c.qual in (*_NN_MODULE, *_EMPTY_BASES):
            continue
        if not isinstance(c, Cls) or c.node is None:
            return None
        if c.node.decorator_list or c.node.keywords:
            return None
        for st in c.node.body:
            if isinstance(st, ast.FunctionDef) and st.name == "__new__":
                return None
            if init is None and isinstance(st, ast.FunctionDef) and st.name == "__init__":
                init, where = st, c
        if init is None and any(_binds(st, "__init__") for st in c.node.body):
            return None  # ``__init__ = other_init``: not read here
    if init is None or where is None or init.decorator_list or not _plain_body(init):
        return None
    return (
        f"{where.name}.__init__ ({where.mod.path.name}:{init.lineno}) never calls "
        "nn.Module.__init__: torch raises 'cannot assign module before Module.__init__() call'"
    )


def _binds(st: ast.stmt, name: str) -> bool:
    targets = st.targets if isinstance(st, ast.Assign) else []
    return any(isinstance(t, ast.Name) and t.id == name for t in targets)


def _plain_body(init: ast.FunctionDef) -> bool:
    """No construct in ``init`` that may run ``nn.Module.__init__`` on ``self``."""
    args = init.args.posonlyargs + init.args.args
    if not args:
        return False
    me = args[0].arg
    for n in ast.walk(init):
        if isinstance(n, ast.Name) and n.id in ("super", "exec", "eval", "globals"):
            return False
        if isinstance(n, ast.Attribute) and n.attr.startswith("__"):
            return False
        if isinstance(n, ast.Call):
            f = n.func
            if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == me:
                return False  # ``self.setup()`` may call it
            for a in (*n.args, *(k.value for k in n.keywords)):
                if isinstance(a, ast.Starred):
                    a = a.value
                if isinstance(a, ast.Name) and a.id == me:
                    return False
        if isinstance(n, (ast.FunctionDef, ast.Lambda, ast.AsyncFunctionDef)) and n is not init:
            return False
    return True


def mark(obj: Obj) -> None:
    """Make ``obj`` unresolved (with the note) when its first module or parameter is
    registered while its ``nn.Module.__init__`` surely has not run (torch raises at the first
    one; asked only then, so the check is once per object, not once per layer)."""
    if obj.children or obj.params:
        return
    note = never_initialised(obj)
    if note is not None and note not in obj.unresolved:
        obj.unresolved.append(note)
