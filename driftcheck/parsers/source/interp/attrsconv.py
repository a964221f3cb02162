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
    unset = _unset_field_read(obj, node)
    if unset is not None:
        # attrs removes a field's class attribute: reading one ``__init__`` has not set yet
        # raises AttributeError (a field a subclass redeclared comes after the inherited ones)
        return Unknown(
            f"attrs field {name}: @{name}.default reads self.{unset} before attrs sets it "
            f"at {loc[0]}:{node.lineno}"
        )
    f = calls.classes.make_func(node, frame, owner=c)
    try:
        return calls.call_func(Func(f.node, f.mod, f.closure, c, obj), [], {})
    except Raised as e:
        return Unknown(f"attrs field {name}: @{name}.default raised {e.what} at {loc[0]}:{loc[1]}")


def _unset_field_read(obj: Any, node: ast.FunctionDef) -> str | None:
    """A field of ``obj``'s attrs class the default method reads from its instance
    (``self.<field>``) that the instance does not hold yet, else None."""
    from driftcheck.parsers.source.library.stdlib import attrs_fields
    from driftcheck.parsers.source.values.abstract import Cls

    cls = getattr(obj, "cls", None)
    if not isinstance(cls, Cls) or not node.args.args or getattr(obj, "attrs", None) is None:
        return None
    me = node.args.args[0].arg
    fields = {f[0] for f in attrs_fields(cls)}
    for n in ast.walk(node):
        if (
            isinstance(n, ast.Attribute)
            and isinstance(n.value, ast.Name)
            and n.value.id == me
            and n.attr in fields
            and n.attr not in obj.attrs
        ):
            return n.attr
    return None


# the attrs class decorators of the new API (``attrs.define`` and its kin): their instances run
# each field's converter and validators on ``setattr`` too (attrs' default ``on_setattr``)
_NEW_API = frozenset(f"{m}.{n}" for m in ("attrs", "attr") for n in ("define", "frozen", "mutable"))
_FROZEN = frozenset(("attrs.frozen", "attr.frozen"))


def _deco(calls: Any, c: Any) -> tuple[str, ast.expr] | None:
    """(the attrs decorator's qualified name, the decorator) of class ``c``, or None."""
    frame = getattr(c, "ns", {}).get("__frame__")
    if frame is None or getattr(c, "node", None) is None:
        return None
    memo = calls.__dict__.setdefault("_dc_attrs_decos", {})
    key = id(c.node)
    if key in memo:
        return memo[key][1]
    got = None
    for d in c.node.decorator_list:
        fn = d.func if isinstance(d, ast.Call) else d
        if isinstance(fn, (ast.Name, ast.Attribute)):
            q = getattr(plain(calls.exprs.eval(fn, frame)), "qual", None)
            if q in _ATTRS_DECOS:
                got = (q, d)
                break
    memo[key] = (c.node, got)  # the node kept alive: its id is not reused
    return got


def _flag(d: ast.expr, word: str) -> bool | None:
    """A decorator call's literal ``word=`` flag: False when absent, None when not a literal."""
    if not isinstance(d, ast.Call):
        return False
    for k in d.keywords:
        if k.arg == word:
            ok = isinstance(k.value, ast.Constant) and isinstance(k.value.value, bool)
            return k.value.value if ok else None
    return False


def _field_call(st: Any) -> ast.Call | None:
    e = getattr(st, "value", None)
    return e if isinstance(e, ast.Call) else None


def _field_flag(st: Any, word: str) -> Any:
    """A ``field(...)`` call's ``word=``: absent False, a literal its value, else None."""
    call = _field_call(st)
    if call is None:
        return False
    for k in call.keywords:
        if k.arg == word:
            if isinstance(k.value, ast.Constant):
                return k.value.value
            return None
    return False


def kw_only(calls: Any, st: Any, c: Any) -> bool | None:
    """Whether the attrs field ``st`` of class ``c`` is keyword-only (``field(kw_only=True)``
    or the class decorator's ``kw_only=True``); None where a flag is not a literal."""
    own = _field_flag(st, "kw_only")
    if own is None or own is True:
        return own
    got = _deco(calls, c)
    return False if got is None else _flag(got[1], "kw_only")


def _validated(c: Any, st: Any, name: str) -> str | None:
    """Where a validator of field ``name`` is declared (``validator=`` or an
    ``@name.validator`` method of its class), else None."""
    call = _field_call(st)
    if call is not None and any(k.arg == "validator" for k in call.keywords):
        return f"{c.mod.path.name}:{st.lineno}"
    for fn in c.node.body:
        if isinstance(fn, ast.FunctionDef) and any(
            isinstance(d, ast.Attribute)
            and d.attr == "validator"
            and isinstance(d.value, ast.Name)
            and d.value.id == name
            for d in fn.decorator_list
        ):
            return f"{c.mod.path.name}:{fn.lineno}"
    return None


def run_validators(calls: Any, obj: Any, cls: Any) -> None:
    """Run the validators of ``obj``'s attrs fields, as attrs' ``__init__`` does once every
    field is set (before ``__attrs_post_init__``): an ``@x.validator`` method of the code or a
    function of the code given as ``validator=`` is called ``(self, attribute, value)`` (a
    ``raise`` in it is the constructor's); any other validator (``attrs.validators.gt(5)``, a
    list) is not modelled and the field's value becomes unknown, naming it."""
    from driftcheck.parsers.source.library.stdlib import attrs_fields
    from driftcheck.parsers.source.values.abstract import Func

    for name, st, c, base in attrs_fields(cls):
        if base == "ClassVar" or name not in obj.attrs:
            continue
        fns: list[Any] = []
        unknown: str | None = None
        call = _field_call(st)
        for k in call.keywords if call is not None else ():
            if k.arg != "validator":
                continue
            known = _library_validators(calls, c.ns["__frame__"], k.value, obj.attrs[name])
            if known is True:
                continue
            if isinstance(known, str):
                from driftcheck.parsers.source.interp.statements import Raised

                raise Raised(known, st.lineno, c.mod.path)  # attrs' validator raises
            f = plain(calls.exprs.eval(k.value, c.ns["__frame__"]))
            if isinstance(f, Func):
                fns.append(f)
            else:
                unknown = f"{c.mod.path.name}:{st.lineno}"
        for fn in c.node.body:
            if isinstance(fn, ast.FunctionDef) and any(
                isinstance(d, ast.Attribute)
                and d.attr == "validator"
                and isinstance(d.value, ast.Name)
                and d.value.id == name
                for d in fn.decorator_list
            ):
                f = calls.classes.make_func(fn, c.ns["__frame__"], owner=c)
                fns.append(Func(f.node, f.mod, f.closure, c, obj))
        if unknown is not None:
            obj.attrs[name] = Unknown(
                f"attrs field {name}: its validator at {unknown} is not run here"
            )
            continue
        for f in fns:
            attribute = Unknown(f"attrs Attribute of {name}")
            args = (
                [attribute, obj.attrs[name]]
                if f.bound is obj
                else [obj, attribute, obj.attrs[name]]
            )
            calls.call_func(f, args, {})


def setattr_value(calls: Any, obj: Any, name: str, v: Any, where: str) -> Any:
    """What ``obj.<name> = v`` stores on an instance of an attrs class: a frozen class
    refuses it (``FrozenInstanceError``, an AttributeError: raises ``Raised``); a new-API
    class (``define``) runs the field's converter and validators (and an ``on_setattr=``
    hook) first: unknown where it has any; ``v`` otherwise (session 39, wrongfix39)."""
    from driftcheck.parsers.source.library.stdlib import attrs_fields
    from driftcheck.parsers.source.values.abstract import Cls

    cls = getattr(obj, "cls", None)
    if not isinstance(cls, Cls):
        return v
    decos = [(c, _deco(calls, c)) for c in cls.mro() if isinstance(c, Cls)]
    decos = [(c, d) for c, d in decos if d is not None]
    if not decos:
        return v
    for c, (q, d) in decos:
        if q in _FROZEN or _flag(d, "frozen") is not False:
            from driftcheck.parsers.source.interp.statements import Raised

            # a frozen attrs class (or a flag we cannot read: unknown either way)
            if q in _FROZEN or _flag(d, "frozen") is True:
                raise Raised("AttributeError", None)
            return Unknown(f"attrs {c.name}.{name} set: frozen= not known at {where}")
    field = next((f for f in attrs_fields(cls) if f[0] == name), None)
    if field is None:
        return v
    _n, st, c, _b = field
    own = _deco(calls, c)
    new_api = own is not None and own[0] in _NEW_API
    hooks = _field_call(st) is not None and any(
        k.arg in ("converter", "validator", "on_setattr") for k in _field_call(st).keywords
    )
    hooks = hooks or _validated(c, st, name) is not None
    if own is not None and isinstance(own[1], ast.Call):
        if any(k.arg == "on_setattr" for k in own[1].keywords):
            return Unknown(f"attrs {c.name}.{name} set: the class's on_setattr= at {where}")
    if hooks and (new_api or _field_flag(st, "on_setattr") is not False):
        return Unknown(
            f"attrs {c.name}.{name} set at {where}: its converter / validator / on_setattr "
            "hooks run on the value"
        )
    return v


_CMP = {"gt": ">", "ge": ">=", "lt": "<", "le": "<="}
_TYPES = {
    "int": int,
    "float": float,
    "str": str,
    "bool": bool,
    "list": list,
    "dict": dict,
    "tuple": tuple,
}


def _library_validators(calls: Any, frame: Any, e: ast.expr, value: Any) -> Any:
    """Whether attrs' own validators ``e`` (``validators.gt(0)`` / ``ge`` / ``lt`` / ``le`` /
    ``instance_of(int)`` / ``in_([...])``, a list of them or ``and_(...)``) pass ``value``:
    True, the name of the exception attrs raises, None (not one of these, or a value we do not
    know). The first failing one raises, as attrs runs them in order."""
    if isinstance(e, ast.List | ast.Tuple):
        for x in e.elts:
            got = _library_validators(calls, frame, x, value)
            if got is not True:
                return got
        return True
    if not isinstance(e, ast.Call) or e.keywords:
        return None
    q = ast.unparse(e.func)
    if not (q.startswith(("attrs.validators.", "attr.validators.", "validators."))):
        return None
    fn = q.rsplit(".", 1)[-1]
    if fn == "and_":
        return _library_validators(calls, frame, ast.List(elts=e.args, ctx=ast.Load()), value)
    if len(e.args) != 1:
        return None
    v = plain(value)
    if fn == "instance_of":
        t = e.args[0]
        if isinstance(t, ast.Name) and t.id in _TYPES and type(v) in (*_TYPES.values(), type(None)):
            return True if isinstance(v, _TYPES[t.id]) else "TypeError"
        return None
    arg = plain(calls.exprs.eval(e.args[0], frame))
    if fn in _CMP:
        ok_types = (int, float)
        if type(v) in ok_types and type(arg) in ok_types:
            ok = {"gt": v > arg, "ge": v >= arg, "lt": v < arg, "le": v <= arg}[fn]
            return True if ok else "ValueError"
        return None
    if fn == "in_" and type(arg) in (list, tuple, set, frozenset, dict, str):
        if type(v) in (int, float, str, bool, type(None)):
            return True if v in arg else "ValueError"
    return None
