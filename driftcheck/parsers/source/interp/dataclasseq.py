"""``a == b`` of ``@dataclass`` instances: the ``__eq__`` the decorator generates (session 37).

``dataclasses.dataclass`` (``eq=True``, the default) gives the class it decorates an ``__eq__``
unless its body defines one: ``other.__class__ is self.__class__`` and then the tuples of the
compared fields (``field(compare=False)`` left out) are equal, else ``NotImplemented`` -- so
two instances of different classes fall back to identity (False for two objects).
cuequivariance's irreps (``@dataclass(frozen=True) class O3(Irrep)``, ``ir1 == ir2``) were
unknown: every path of a linear descriptor under an undecided condition.

Answered here only where every field value is a plain value Python compares itself (numbers,
strings, None, tuples / frozensets of them); anything else (an object, a tensor, an unknown):
unknown, naming the construct. attrs classes and a class whose ``__eq__`` some class of the
MRO read from source defines are left to the callers (None).
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.interp import dunders
from driftcheck.parsers.source.values.abstract import Cls, Obj, Unknown, plain

_PLAIN = (int, float, str, bool, type(None), bytes)


def _eq_flag(cls: Cls) -> bool | None:
    """Whether the ``@dataclass`` decorating ``cls`` generates ``__eq__`` (``eq=`` True or
    left out); None where ``cls`` has no ``dataclasses.dataclass`` decorator or ``eq=`` is not
    a constant."""
    for d in cls.node.decorator_list:
        fn = d.func if isinstance(d, ast.Call) else d
        name = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", None)
        if name != "dataclass":
            continue
        if isinstance(fn, ast.Attribute) and not (
            isinstance(fn.value, ast.Name) and fn.value.id == "dataclasses"
        ):
            return None
        for k in d.keywords if isinstance(d, ast.Call) else ():
            if k.arg == "eq":
                if not isinstance(k.value, ast.Constant):
                    return None
                return bool(k.value.value)
        return True
    return None


def _owner(cls: Any) -> Cls | None | bool:
    """The class whose generated ``__eq__`` ``type(x).__eq__`` finds; False where the lookup
    reaches ``object`` (identity) without one; None where something else answers (a body's
    own ``__eq__``, a library base, a decorator not read)."""
    if not isinstance(cls, Cls):
        return None
    for c in cls.mro():
        if not isinstance(c, Cls):
            return False if getattr(c, "qual", "") == "builtins.object" else None
        if dunders.body_binds(c, "__eq__"):
            return None
        flag = _eq_flag(c)
        if flag:
            return c
        if flag is None and any(
            unparse_name(d) in ("dataclass", "define", "frozen", "attrs", "s")
            for d in c.node.decorator_list
        ):
            return None  # a dataclass-like decorator not read here (``dataclasses`` aliased, attrs)
    return False


def unparse_name(d: ast.expr) -> str:
    fn = d.func if isinstance(d, ast.Call) else d
    return fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", "")


def _fields(ip: Any, owner: Cls) -> list[str] | None:
    """The compared fields of ``owner`` (its own and its dataclass bases', ``fields()``
    order); None where one is not known (an annotated base that is no dataclass, a
    ``field(compare=...)`` not constant)."""
    from driftcheck.parsers.source.library.stdlib import dataclass_fields

    out = []
    for name, st, c, base in dataclass_fields(owner):
        if base in ("ClassVar", "InitVar", "KW_ONLY"):
            continue
        if not ip.calls.is_dataclass(c):
            return None
        if isinstance(st.value, ast.Call):
            kw = {k.arg: k.value for k in st.value.keywords}
            if "compare" in kw:
                if not isinstance(kw["compare"], ast.Constant):
                    return None
                if not kw["compare"].value:
                    continue
        out.append(name)
    return out


def _plain_value(v: Any, depth: int = 0) -> Any:
    v = plain(v)
    if v.__class__ in _PLAIN:
        return v
    if depth < 10 and v.__class__ in (tuple, frozenset):
        out = [_plain_value(x, depth + 1) for x in v]
        return None if any(x is _NO for x in out) else v.__class__(out)
    return _NO


_NO = object()


def equal(ip: Any, a: Any, b: Any) -> Any:
    """``a == b`` where a side is a dataclass instance whose ``__eq__`` is the generated one:
    True / False, or an unknown naming why; None where this model does not apply."""
    if not (a.__class__ is Obj and b.__class__ is Obj) or a.module or b.module:
        return None
    oa, ob = _owner(a.cls), _owner(b.cls)
    if oa is None or ob is None or (oa is False and ob is False):
        return None
    if a.cls is not b.cls:
        return a is b  # each ``__eq__`` returns NotImplemented: identity, as Python falls back
    if a is b:
        return True  # (the tuples of one object's fields: equal, unless a field is NaN)
    names = _fields(ip, oa)
    if names is None:
        return Unknown(f"== of {a.cls.name} instances (dataclass fields not known)")
    ta, tb = [], []
    for n in names:
        if n not in a.attrs or n not in b.attrs:
            return Unknown(f"== of {a.cls.name} instances (field {n} not set)")
        x, y = _plain_value(a.attrs[n]), _plain_value(b.attrs[n])
        if x is _NO or y is _NO:
            return Unknown(f"== of {a.cls.name} instances (field {n} not a plain value)")
        ta.append(x)
        tb.append(y)
    return tuple(ta) == tuple(tb)
