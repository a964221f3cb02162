"""attrs' ``field(converter=f)``: ``f`` runs on the value the field gets, given or default.

``@attrs.define class Cfg: actor: NetCfg = attrs.field(converter=lambda d: NetCfg(**d))``
turns the dict a YAML / JSON document gives into a nested config as attrs' generated
``__init__`` does (``self.actor = __attr_converter_actor(actor)``); ``hidden: int =
attrs.field(converter=int)`` makes ``"64"`` the int 64. The converter made the field unknown,
so every size read through such a config was (fresh21's attrs + YAML actor-critic). The
converter is called as the program would call it (a lambda, a function, a class, ``int``);
one we do not model gives an unknown value, never the unconverted one.

Only an attrs field's spec is read for it: the field's default expression is evaluated again
only when it is a call of ``attrs.field`` / ``attr.ib`` / ``attr.attrib`` (no side effects), and
dataclasses have no converters.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.values.abstract import Unknown, plain

_FIELD_CALLS = ("attrs.field", "attr.ib", "attr.attrib", "attr.field", "attrs.ib")


def converter(calls: Any, st: ast.AnnAssign, cls: Any) -> Any:
    """The converter of the attrs field ``st`` of ``cls``, or None (no spec, none given)."""
    from driftcheck.parsers.source.library.stdlib import FieldSpec

    e = st.value
    if not isinstance(e, ast.Call) or not any(k.arg == "converter" for k in e.keywords):
        return None
    frame = cls.ns.get("__frame__")
    if frame is None:
        return None
    fn = getattr(plain(calls.exprs.eval(e.func, frame)), "qual", None)
    if fn not in _FIELD_CALLS:
        return None
    memo = calls.__dict__.setdefault("_attrs_converters", {})
    got = memo.get(id(st))
    if got is None:
        spec = calls.exprs.eval(e, frame)
        got = memo[id(st)] = (st, spec.converter if isinstance(spec, FieldSpec) else None)
    return got[1]


def convert(calls: Any, fn: Any, v: Any, name: str, loc: tuple) -> Any:
    """``fn(v)`` as attrs' ``__init__`` calls it; an unknown value stays unknown."""
    if isinstance(plain(v), Unknown):
        return Unknown(f"attrs field {name} converted from an unknown value")
    return calls.call(fn, [v], {}, loc)
