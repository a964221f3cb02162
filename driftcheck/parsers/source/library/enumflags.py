"""``enum.Flag`` / ``enum.IntFlag`` members combined as Python 3.11+ does.

A flag class's members are bits: ``Feat.POS | Feat.SEG`` is a member (a pseudo-member named
``POS|SEG`` when no member has that value, made once per value, so ``is`` holds as in
Python), ``Feat.POOLER & feats`` is the common bits (``Feat(0)``, false, when none), ``^``
their difference, ``~Feat.POS`` the other bits of the class's mask, and ``Feat.POS in feats``
asks whether every bit of the left side is set on the right. ``bool`` of a flag is whether
its value is non-zero (``Feat.NONE`` is false). Before, ``|`` / ``&`` on a plain ``Flag``
member was an unknown operator, and ``enum.auto()`` numbered a flag's members 1, 2, 3, 4
(an ``Enum``'s rule) where Python gives 1, 2, 4, 8. Operands of another class (or an int
beside a plain ``Flag``) are left to the caller (unknown, or int arithmetic for an
``IntFlag``).
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.values.abstract import Cls, Ext

FLAG_BASES = ("enum.Flag", "enum.IntFlag")


def derives_from(cls: Any, bases: Any, key: str) -> bool:
    """Whether a class read from source has one of the library classes ``bases`` in its MRO,
    kept in the class's namespace under ``key`` (one MRO walk per class)."""
    if not isinstance(cls, Cls):
        return False
    if key not in cls.ns:
        cls.ns[key] = any(isinstance(c, Ext) and c.qual in bases for c in cls.mro())
    return cls.ns[key]


def is_flag(cls: Any) -> bool:
    """A class read from source deriving from ``enum.Flag`` (or ``IntFlag``)."""
    return derives_from(cls, FLAG_BASES, "__is_flag__")


def next_auto(values: list[int]) -> int:
    """``enum.auto()`` in a flag class: the power of two above the highest value so far."""
    return 1 << max(values).bit_length() if values else 1


def _flag_member(v: Any) -> bool:
    return getattr(v, "_enum_member", False) and is_flag(getattr(v, "cls", None))


def _bits(v: Any) -> int | None:
    value = v.value
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _mask(interp: Any, cls: Cls) -> int | None:
    from driftcheck.parsers.source.library import enums

    mask = 0
    for m in enums.members(interp, cls).values():
        b = _bits(m)
        if b is None:
            return None
        mask |= b
    return mask


def of_value(interp: Any, cls: Cls, value: int) -> Any:
    """The member with ``value``, or the class's one pseudo-member for it (``A|B``)."""
    from driftcheck.parsers.source.library import enums

    ms = enums.members(interp, cls)
    for m in ms.values():
        if _bits(m) == value:
            return m
    pseudo = cls.ns.setdefault("__flag_pseudo__", {})
    if value not in pseudo:
        names = [n for n, m in ms.items() if (b := _bits(m)) and b & value == b and b & -b == b]
        name = "|".join(names) if value else None
        pseudo[value] = enums._make(name, value, cls, enums._mixin(cls))
    return pseudo[value]


def binop(interp: Any, op: ast.operator, a: Any, b: Any) -> Any:
    """``a | b``, ``a & b``, ``a ^ b`` on two members of one flag class; NotImplemented else."""
    if not (_flag_member(a) and _flag_member(b)) or a.cls is not b.cls:
        return NotImplemented
    x, y = _bits(a), _bits(b)
    if x is None or y is None:
        return NotImplemented
    if isinstance(op, ast.BitOr):
        return of_value(interp, a.cls, x | y)
    if isinstance(op, ast.BitAnd):
        return of_value(interp, a.cls, x & y)
    if isinstance(op, ast.BitXor):
        return of_value(interp, a.cls, x ^ y)
    return NotImplemented


def _boundary(cls: Cls) -> str:
    """The class's ``boundary=`` (``KEEP``, ``STRICT``, ...) as its last name, from its own
    statement or a base's; Python's default else (``KEEP`` for an ``IntFlag``, ``STRICT``
    for a ``Flag``)."""
    for c in cls.mro():
        for k in getattr(getattr(c, "node", None), "keywords", ()):
            if k.arg == "boundary":
                return ast.unparse(k.value).rsplit(".", 1)[-1]
    return "KEEP" if derives_from(cls, ("enum.IntFlag",), "__is_intflag__") else "STRICT"


def invert(interp: Any, v: Any) -> Any:
    """``~flag`` as Python 3.11+'s ``Flag.__invert__``: under ``KEEP`` (an ``IntFlag``'s
    default) every bit up to the highest of the mask not set in ``v`` (``~F.A`` of 1, 2, 8 is
    14, not 10: the members' bits alone gave a confident wrong int); under ``STRICT`` /
    ``CONFORM`` (a ``Flag``'s default) the mask's other bits; another boundary unknown.
    NotImplemented for anything but a flag member."""
    from driftcheck.parsers.source.values.abstract import Unknown

    if not _flag_member(v) or _bits(v) is None:
        return NotImplemented
    mask = _mask(interp, v.cls)
    if mask is None:
        return NotImplemented
    boundary = _boundary(v.cls)
    if boundary == "KEEP":
        return of_value(interp, v.cls, ((1 << mask.bit_length()) - 1) & ~_bits(v))
    if boundary in ("STRICT", "CONFORM"):
        return of_value(interp, v.cls, mask & ~_bits(v))
    return Unknown(f"~ of a flag with boundary {boundary}")


def contains(container: Any, item: Any) -> Any:
    """``item in container`` for two members of one flag class; NotImplemented else."""
    if not (_flag_member(container) and _flag_member(item)) or container.cls is not item.cls:
        return NotImplemented
    x, y = _bits(item), _bits(container)
    if x is None or y is None:
        return NotImplemented
    return x & y == x


def truth(v: Any) -> bool | None:
    """``bool(flag)``: its value is non-zero; None for anything but a flag member."""
    if not _flag_member(v) or _bits(v) is None:
        return None
    return _bits(v) != 0
