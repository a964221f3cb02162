"""``A | B`` of classes (PEP 604): a ``types.UnionType`` that ``isinstance`` / ``issubclass``
read as the tuple ``(A, B)``.

mambular's transformer layer widens its feed-forward when ``isinstance(act, ReGLU | GLU)``;
``|`` of two classes was an unknown operator, so the condition (and both layers under it) were
unknown. Here ``|`` of classes read from source, torch / library classes, Python's builtin
types, ``None`` and unions already made is a union of their members (flattened, in order,
duplicates dropped, as Python does); ``isinstance(x, U)`` / ``issubclass(C, U)`` ask each
member. A class whose metaclass is named in its statement may define ``__or__`` itself: not a
union here (the caller's rule, unknown). ``None`` in a union stands for ``type(None)``.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.values.abstract import Cls, Ext, ExtClass, Unknown

_BUILTIN_TYPES = frozenset(
    f"builtins.{t}"
    for t in (
        "int float complex bool str bytes bytearray list tuple dict set frozenset "
        "object type range slice memoryview"
    ).split()
)
NONE_TYPE = Ext("types.NoneType")


class TypeUnion:
    """``A | B``: its members (``__args__``)."""

    __slots__ = ("args",)
    library_type = "types.UnionType"

    def __init__(self, args: tuple) -> None:
        self.args = args

    def attr(self, name: str) -> Any:
        if name == "__args__":
            return self.args
        return Unknown(f"types.UnionType.{name}")


def _member(v: Any) -> tuple | None:
    """The union members ``v`` stands for, or None when ``|`` of it is not a union."""
    if v is None:
        return (NONE_TYPE,)
    if isinstance(v, TypeUnion):
        return v.args
    if isinstance(v, Cls):
        return None if any(k.arg == "metaclass" for k in v.node.keywords) else (v,)
    if isinstance(v, ExtClass) or (isinstance(v, Ext) and v.qual in _BUILTIN_TYPES):
        return (v,)
    if isinstance(v, Ext) and v.qual.startswith("torch.") and _class_name(v.qual):
        return (v,)  # ``nn.Linear``: torch names its classes in CamelCase, functions in lower
    return None


def _class_name(qual: str) -> bool:
    last = qual.rsplit(".", 1)[-1]
    return last[:1].isupper() and any(ch.islower() for ch in last)


def binop(op: ast.operator, a: Any, b: Any) -> Any:
    """``a | b`` of two classes (or ``None``); NotImplemented for anything else."""
    if not isinstance(op, ast.BitOr) or (a is None and b is None):
        return NotImplemented
    x, y = _member(a), _member(b)
    if x is None or y is None:
        return NotImplemented
    out: list[Any] = []
    for m in (*x, *y):
        if not any(
            m is o or (isinstance(m, Ext) and isinstance(o, Ext) and m.qual == o.qual) for o in out
        ):
            out.append(m)
    return TypeUnion(tuple(out))


def members(t: Any) -> Any:
    """``t`` as ``isinstance`` reads it: a union's members as a tuple, else ``t``."""
    return t.args if isinstance(t, TypeUnion) else t
