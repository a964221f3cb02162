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


# attrs' class decorators whose generated ``__init__`` takes the annotated fields
_ATTRS_DECOS = frozenset(
    [f"{m}.{n}" for m in ("attrs", "attr") for n in ("define", "frozen", "mutable")]
    + ["attr.s", "attr.attrs", "attrs.attrs", "attr.dataclass", "attrs.dataclass"]
)


def is_attrs(calls: Any, cls: Any) -> bool:
    """Whether ``cls``'s own decorators make it an attrs class (resolved to their import, as
    ``objmodel.is_dataclass`` does): its ``__init__`` then names a private field ``_x`` as
    ``x`` and runs ``__attrs_post_init__`` (not ``__post_init__``)."""
    frame = getattr(cls, "ns", {}).get("__frame__")
    if frame is None:
        return False
    for d in cls.node.decorator_list:
        fn = d.func if isinstance(d, ast.Call) else d
        if isinstance(fn, (ast.Name, ast.Attribute)):
            q = getattr(plain(calls.exprs.eval(fn, frame)), "qual", None)
            if q in _ATTRS_DECOS:
                return True
    return False


def init_name(st: ast.AnnAssign, name: str) -> str | None:
    """The ``__init__`` parameter of the attrs field ``name``: ``field(alias="x")`` when given
    as a text, else attrs' default alias (``name.lstrip("_")``: ``_hidden`` is ``hidden=``);
    None for an ``alias=`` we cannot read."""
    e = st.value
    if isinstance(e, ast.Call):
        for k in e.keywords:
            if k.arg == "alias" and not (
                isinstance(k.value, ast.Constant) and k.value.value is None
            ):
                ok = isinstance(k.value, ast.Constant) and isinstance(k.value.value, str)
                return k.value.value if ok else None
    return name.lstrip("_")


def decorated_default(c: Any, name: str) -> ast.FunctionDef | None:
    """The method of ``c``'s body decorated ``@name.default`` (attrs: the default of the field
    ``name = attrs.field()``, computed by calling it with the instance whose earlier fields
    are set), or None."""
    for st in c.node.body:
        if isinstance(st, ast.FunctionDef) and any(
            isinstance(d, ast.Attribute)
            and d.attr == "default"
            and isinstance(d.value, ast.Name)
            and d.value.id == name
            for d in st.decorator_list
        ):
            return st
    return None


def default_by_method(calls: Any, obj: Any, c: Any, name: str, loc: tuple) -> Any:
    """``@name.default def f(self)``'s value for ``obj``: the method run on the instance as
    attrs' generated ``__init__`` runs it; None where the class has no such method."""
    from driftcheck.parsers.source.interp.statements import Raised  # a cycle
    from driftcheck.parsers.source.values.abstract import Func

    node = decorated_default(c, name)
    if node is None:
        return None
    frame = c.ns.get("__frame__")
    if frame is None:
        return Unknown(f"attrs field {name}: @{name}.default not read")
    f = calls.classes.make_func(node, frame, owner=c)
    try:
        return calls.call_func(Func(f.node, f.mod, f.closure, c, obj), [], {})
    except Raised as e:
        return Unknown(f"attrs field {name}: @{name}.default raised {e.what} at {loc[0]}:{loc[1]}")
