"""Where a special method of an instance of a class read from source comes from.

Python looks a special method up on the type (``type(x).__str__``), through its MRO. Several
protocol models (interp/numproto.py, textproto.py, items.py's ``__iter__`` / ``__next__``,
exprs.py's operators) run such a method only where a class of the analyzed code defines it:
not torch's own classes (their containers' operators and iteration are modelled elsewhere),
not an installed library's; hooks such as ``__setattr__``, ``__setstate__`` or a metaclass's
``__call__`` run wherever a class read from source defines them (``source_func``). These helpers
are the one place that says so.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.values.abstract import Cls, Func

NN_MODULE = ("torch.nn.Module", "torch.nn.modules.module.Module")
"""The qualified names torch's ``nn.Module`` is read under (the one definition: session 32)."""


def torch_class(where: Any) -> bool:
    """A class read from torch's own source (module ``torch`` or ``torch.*``)."""
    name = getattr(getattr(where, "mod", None), "name", None) or ""
    return name == "torch" or name.startswith("torch.")


def outside_torch(where: Any) -> bool:
    """A class read from source that is not one of torch's own."""
    return isinstance(where, Cls) and not torch_class(where)


def source_lookup(ip: Any, cls: Any, name: str, after: Any = None) -> tuple[bool, Any, Any]:
    """``mro_attr``'s (found, value, where) with the value kept only where it is a function we
    read: (True, function, class) where the first class of ``cls``'s MRO (after ``after``)
    holding ``name`` is read from source and holds a function we read; (True, None, where)
    where it holds something else, or a library class defines it first; (False, None, where)
    where none does (``where``: the library base that ended the walk, or None). For the
    lookups that tell "not defined" from "defined by something we do not run"."""
    ok, fn, where = ip.classes.mro_attr(cls, name, after)
    if ok and isinstance(fn, Func) and isinstance(where, Cls):
        return True, fn, where
    return ok, None, where


def _defined(ip: Any, cls: Any, name: str) -> tuple[Any, Any]:
    """(function, defining class): the function ``name`` the first class of ``cls``'s MRO
    defining it holds, where that class is read from source; (None, None) otherwise (none
    defines it before a library base, or it is not a function we read)."""
    ok, fn, where = ip.classes.mro_attr(cls, name)  # (``source_lookup``'s test, inline: hot)
    if ok and isinstance(fn, Func) and isinstance(where, Cls):
        return fn, where
    return None, None


def source_func(ip: Any, cls: Any, name: str) -> Any:
    """The function ``name`` the first class of ``cls``'s MRO defining it holds, where that
    class is read from source (torch's own classes included: see ``source_method``); None
    otherwise."""
    return _defined(ip, cls, name)[0]


def source_method(ip: Any, cls: Any, dunder: str) -> Any:
    """The function ``dunder`` the first class of ``cls``'s MRO defining it holds, where that
    class is read from source outside torch; None otherwise (none defines it before a library
    base, it is not a function we read, or it is torch's)."""
    fn, where = _defined(ip, cls, dunder)
    return fn if fn is not None and not torch_class(where) else None


def own_code(cls: Any) -> bool:
    """A class of the analyzed code, not of an installed library (transformers' ModelOutput
    is a dict subclass with a ``__setattr__`` the analyzer models itself)."""
    from driftcheck.parsers.source.loader import installed

    return isinstance(cls, Cls) and not installed(cls.mod.path)


def own_method(ip: Any, cls: Any, name: str, after: Any = None) -> Any:
    """The function ``name`` the first class of ``cls``'s MRO (after ``after``) defining it
    holds, where that class is of the analyzed code (``own_code``: not an installed
    library's); None otherwise."""
    _, fn, where = source_lookup(ip, cls, name, after)
    return fn if fn is not None and own_code(where) else None


def body_binds(cls: Cls, name: str) -> bool:
    """Whether the body of ``cls`` (read from source) binds ``name`` itself: a ``def``, an
    assignment (``__len__ = _zero``), an annotated assignment with a value."""
    node = getattr(cls, "node", None)
    for st in node.body if node is not None else ():
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) and st.name == name:
            return True
        if isinstance(st, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in st.targets
        ):
            return True
        if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name):
            if st.target.id == name and st.value is not None:
                return True
    return False


def defines(cls: Any, name: str) -> bool:
    """Whether a class read from source, or one of its bases read from source, binds ``name``
    in its body (then a builtin base's behaviour, or the default, is not what Python runs);
    True for a class not read from source (unknown: assume it does)."""
    if not isinstance(cls, Cls):
        return True
    return any(isinstance(c, Cls) and body_binds(c, name) for c in cls.mro())


def hash_kind(v: Any) -> str | None:
    """How Python hashes ``v`` where that is not by identity (session 31): "unhashable" for an
    instance whose class (read from source) defines ``__eq__`` without ``__hash__`` -- Python
    sets ``__hash__ = None`` there (a dict key or set item raises TypeError) -- or binds
    ``__hash__ = None``; "custom" for one whose class defines its own ``__hash__`` or is a
    ``@dataclass`` (equal instances are one key: not followed here). None: the identity hash
    the analyzer's own containers use (no class of the MRO read from source says otherwise,
    or a library base decides first)."""
    from driftcheck.parsers.source.values.abstract import Obj

    if v.__class__ is not Obj or v.cls is None or v.kind:
        return None
    for c in v.cls.mro():
        if not isinstance(c, Cls):
            return None  # ``object``, or a library base (its own hash): as before
        node = c.node
        for st in node.body:
            if isinstance(st, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__hash__" for t in st.targets
            ):
                none = isinstance(st.value, ast.Constant) and st.value.value is None
                return "unhashable" if none else "custom"
        if body_binds(c, "__hash__"):
            return "custom"
        if body_binds(c, "__eq__"):
            return "unhashable"
        if any(
            "dataclass" in ast.unparse(d) and "eq=False" not in ast.unparse(d)
            for d in node.decorator_list
        ):
            return "custom"
    return None
