"""``isinstance(x, P)`` where ``P`` is a ``typing.Protocol`` class read from source.

CPython (3.8-3.11 ``typing._ProtocolMeta.__instancecheck__``): a protocol not marked
``@runtime_checkable`` raises ``TypeError``; a runtime one is structural: ``x`` is an instance
when it has every protocol member (each name the protocol classes of ``P``'s MRO bind in their
bodies or annotate, less ``typing.EXCLUDED_ATTRIBUTES``), a callable member not ``None`` on
``x``; a nominal subclass is one as always. Before, only the nominal check ran: every torch
layer answered False, and the LayerNorm a ``reset_parameters`` protocol added after each
``nn.Linear`` was never built (351 counted where torch has 405). A member whose presence we
cannot decide makes the answer unknown, never False.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Any

from driftcheck.parsers.source.values.abstract import Cls, Ext, Unknown

if TYPE_CHECKING:
    from driftcheck.parsers.source.interp.items import Items

_PROTOCOL = ("typing.Protocol", "typing_extensions.Protocol")
# typing.EXCLUDED_ATTRIBUTES (CPython 3.11) and the ``_abc_`` prefix: never protocol members
_EXCLUDED = frozenset(
    ("__parameters__", "__orig_bases__", "__orig_class__", "_is_protocol", "_is_runtime_protocol")
    + ("__final__", "__abstractmethods__", "__annotations__", "__dict__", "__doc__", "__init__")
    + ("__module__", "__new__", "__slots__", "__subclasshook__", "__weakref__")
    + ("__class_getitem__", "_MutableMapping__marker", "__qualname__")
)


def _base_qual(b: Any) -> str:
    return b.qual if isinstance(b, Ext) else ""


def is_protocol(t: Cls) -> bool:
    """``t`` lists ``Protocol`` (or ``Protocol[T]``) among its direct bases."""
    for b, node in zip(t.bases, t.node.bases):
        q = _base_qual(b)
        if q in _PROTOCOL:
            return True
        if isinstance(node, ast.Subscript) and ast.unparse(node.value).split(".")[-1] == "Protocol":
            return True
    return False


def _runtime(t: Cls) -> bool:
    return any(
        ast.unparse(d.func if isinstance(d, ast.Call) else d).split(".")[-1] == "runtime_checkable"
        for d in t.node.decorator_list
    )


def _members(t: Cls) -> dict[str, bool] | None:
    """Member name -> whether it is a method (callable in the class body); None when a base
    is not read from source."""
    out: dict[str, bool] = {}
    for c in t.mro():
        if isinstance(c, Ext):
            if c.qual in _PROTOCOL or c.qual in ("typing.Generic", "builtins.object"):
                continue
            return None
        if not isinstance(c, Cls):
            return None
        for st in c.node.body:
            names: list[tuple[str, bool]] = []
            if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)):
                names.append((st.name, True))
            elif isinstance(st, ast.ClassDef):
                names.append((st.name, True))
            elif isinstance(st, ast.Assign):
                names += [(x.id, False) for x in st.targets if isinstance(x, ast.Name)]
            elif isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name):
                names.append((st.target.id, False))
            for n, is_fn in names:
                if n not in _EXCLUDED and not n.startswith("_abc_"):
                    out[n] = out.get(n, False) or is_fn
    return out


def protocol_isinstance(items: Items, raw: Any, t: Cls, nominal: Any) -> Any:
    """CPython's answer for ``isinstance(raw, t)``, ``t`` a Protocol class read from source
    (``is_protocol``); ``nominal``: whether ``t`` is in the instance's class MRO. A protocol not
    runtime-checkable raises TypeError even for a nominal instance (3.11 and 3.12)."""
    if not _runtime(t):
        return Unknown(f"isinstance with protocol {t.name} not @runtime_checkable (TypeError)")
    if nominal is True:
        return True
    members = _members(t)
    if members is None:
        return Unknown(f"isinstance: protocol {t.name} with a base not read from source")
    verdict: Any = True
    for name, is_fn in members.items():
        has = items.hasattr(raw, name)
        if has is False:
            return False
        if has is not True:
            verdict = Unknown(f"isinstance: protocol {t.name} member {name} undecided")
            continue
        if is_fn:
            v = items.attrs.getattr(raw, name)
            if v is None:
                return False
            if isinstance(v, Unknown):
                verdict = Unknown(f"isinstance: protocol {t.name} member {name} may be None")
    return verdict
