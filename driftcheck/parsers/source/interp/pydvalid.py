"""A pydantic model's validators, run as pydantic runs them when ``Cfg(h=3)`` validates.

A ``class Cfg(BaseModel)`` instance holds its keyword fields over the class's annotated defaults
(library/machine.py ``ext_init`` -> ``objmodel.init_dataclass``). The validators the class
declares were not run: ``@field_validator("h")`` doubling ``h`` or
``@model_validator(mode="after")`` adding ``h`` to ``d`` left the given values as they were -- a
confident wrong size (session 38 probes; fresh34's pydantic_model_validator_widths was unknown
for the same reason). Modelled here, as pydantic 2 runs them:

- ``@model_validator(mode="before")`` (a classmethod of the input dict) first, on the keywords,
  whose returned dict is what the fields are read from (pydantic 1's ``@root_validator(pre=True)``
  alike);
- each field in definition order: if it was given (or ``@validator(..., always=True)``), its
  ``mode="before"`` validators (last defined first), then the value (an ``int`` given for a
  ``float`` field becomes a float; an integral float for an ``int`` field an int), then its
  ``mode="after"`` validators (``@field_validator`` default; pydantic 1's ``@validator``) in
  definition order; ``"*"`` names every field. A default is not validated (pydantic's default);
- ``@model_validator(mode="after")`` on the instance (it must return it), pydantic 1's
  ``@root_validator`` (``pre=False``) on the dict of fields, whose returned dict is stored;
- ``model_post_init(self, context)`` last.

A validator we cannot follow -- ``mode="wrap"`` / ``"plain"``, ``each_item=True``, arguments we
cannot read, a ``validate_default`` setting, a ``ValidationInfo`` argument (handed in as an
unknown), one that raises -- makes what it validates unknown (the field, or every field for a
model validator), with a note naming it; never the unvalidated value. ``Field(alias=...)`` is
read: the alias is the keyword (the field's own name given instead: unknown, it depends on
``populate_by_name``). ``model_construct`` validates nothing (interp/pydclass.py).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Any

from driftcheck.parsers.source.values.abstract import Cls, Ext, Func, Obj, Unknown, plain

_FIELD_DECOS = {"field_validator": "field", "validator": "v1field"}
_MODEL_DECOS = {"model_validator": "model", "root_validator": "v1root"}
_HOOK = "model_post_init"
# set while ``model_construct`` builds an instance: nothing is validated
CONSTRUCTING = "_driftcheck_pyd_construct"


@dataclass
class _Validator:
    kind: str  # field / v1field / model / v1root
    mode: str  # before / after / (else: not followed)
    fields: tuple[str, ...]
    func: Func
    where: str
    always: bool = False
    why: str = ""  # not followed: why
    extra: dict = field(default_factory=dict)


def _qual_ok(callee: Any, name: str) -> bool:
    return isinstance(callee, Ext) and "pydantic" in callee.qual and callee.qual.endswith(name)


def _validators(ip: Any, cls: Cls) -> list[_Validator]:
    """The validators declared in the pydantic classes of ``cls``'s MRO, base classes first,
    each class's in definition order (a subclass's method of the same name replaces it)."""
    out: dict[str, _Validator] = {}
    for c in reversed(cls.mro()):
        if not isinstance(c, Cls):
            continue
        frame = c.ns.get("__frame__")
        for st in c.node.body:
            if not isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            out.pop(st.name, None)
            for d in st.decorator_list:
                if not isinstance(d, ast.Call) or frame is None:
                    continue
                short = ast.unparse(d.func).split(".")[-1]
                if short not in _FIELD_DECOS and short not in _MODEL_DECOS:
                    continue
                callee = plain(ip.exprs.eval(d.func, frame))
                if not _qual_ok(callee, short):
                    continue
                out[st.name] = _read(ip, c, st, d, short, frame)
    return list(out.values())


def _read(ip: Any, c: Cls, st: ast.FunctionDef, d: ast.Call, short: str, frame: Any) -> _Validator:
    where = f"@{short} {st.name} at {c.mod.path.name}:{d.lineno}"
    f = ip.classes.make_func(st, frame, owner=c)
    kind = _FIELD_DECOS.get(short) or _MODEL_DECOS[short]
    args = [plain(ip.exprs.eval(a, frame)) for a in d.args]
    kw = {k.arg: plain(ip.exprs.eval(k.value, frame)) for k in d.keywords if k.arg}
    v = _Validator(kind, "after", (), f, where)
    if any(k.arg is None for k in d.keywords) or any(isinstance(a, ast.Starred) for a in d.args):
        v.why = "arguments we cannot list"
        return v
    if kind in ("field", "v1field"):
        if not args or not all(isinstance(a, str) for a in args):
            v.why = "field names we cannot read"
            return v
        v.fields = tuple(args)
    if kind == "field":
        v.mode = kw.pop("mode", "after")
        kw.pop("check_fields", None)
    elif kind == "v1field":
        pre = kw.pop("pre", False)
        v.always = kw.pop("always", False)
        for k in ("allow_reuse", "check_fields"):
            kw.pop(k, None)
        if kw.pop("each_item", False):
            v.why = "each_item=True"
        v.mode = "before" if pre is True else "after" if pre is False else "?"
        if not isinstance(v.always, bool):
            v.why = "always= we cannot read"
    elif kind == "model":
        v.mode = kw.pop("mode", "?")
    else:  # v1root
        if args:
            v.why = "root_validator used without a call"
        pre = kw.pop("pre", False)
        for k in ("skip_on_failure", "allow_reuse"):
            kw.pop(k, None)
        v.mode = "before" if pre is True else "after" if pre is False else "?"
    if kw and not v.why:
        v.why = f"argument {sorted(kw)[0]}"
    if v.mode not in ("before", "after") and not v.why:
        v.why = f"mode={v.mode!r}"
    if v.kind in ("field", "v1field", "v1root") or v.mode == "before":
        v.func.is_classmethod = True  # pydantic makes these classmethods
    return v


def _positional(f: Func) -> int:
    a = f.node.args
    return len(a.posonlyargs) + len(a.args)


def _call(ip: Any, v: _Validator, bound: Any, args: list) -> Any:
    """The validator called with the first of ``args`` its signature takes (the value, then
    what pydantic hands in second: a ``ValidationInfo`` for pydantic 2, ``values`` for
    pydantic 1 where the parameter is so named); raises _Fail where it cannot be followed."""
    from driftcheck.parsers.source.interp.statements import Raised

    f = v.func
    a = f.node.args
    want = len(a.posonlyargs) + len(a.args) - 1  # less the class / instance
    lo = 0 if isinstance(bound, Obj) else 1  # a model validator may take self alone
    if a.vararg is not None or a.kwarg is not None or a.kwonlyargs or not lo <= want <= len(args):
        raise _Fail(f"{v.where}: a signature we do not follow")
    if v.kind == "v1field" and want > 1 and a.args[2].arg != "values":
        raise _Fail(f"{v.where}: pydantic 1 arguments by name")
    g = Func(f.node, f.mod, f.closure, f.owner, bound, False, f.is_classmethod)
    try:
        return ip.calls.call_func(g, list(args[:want]), {})
    except Raised as e:
        raise _Fail(f"{v.where} raised {e.what}") from None


class _Fail(Exception):
    pass


def _coerce(ann: ast.expr | None, v: Any) -> Any:
    """The value pydantic stores for a bare ``int`` / ``float`` annotation where it differs
    from the one given (lax mode); else the value as it is."""
    raw = plain(v)
    name = ann.id if isinstance(ann, ast.Name) else None
    if name == "float" and isinstance(raw, int) and not isinstance(raw, bool):
        return float(raw)
    if name == "int" and isinstance(raw, float) and raw.is_integer():
        return int(raw)
    return v


def _alias(ip: Any, st: ast.AnnAssign, c: Cls) -> tuple[bool, str | None]:
    """(has an alias, the alias we can read) for ``x: int = Field(..., alias="y")``."""
    val = st.value
    if not (isinstance(val, ast.Call) and ast.unparse(val.func).split(".")[-1] == "Field"):
        return False, None
    for k in val.keywords:
        if k.arg in ("alias", "validation_alias"):
            a = plain(ip.exprs.eval(k.value, c.ns["__frame__"]))
            return True, a if isinstance(a, str) else None
    return False, None


def init(ip: Any, obj: Obj, cls: Cls, kwargs: dict, loc: tuple) -> None:
    """``Cfg(**kwargs)`` of a pydantic model ``cls`` read from source: the fields set as
    ``init_dataclass`` sets them, then validated (module docstring)."""
    from driftcheck.parsers.source.interp.objmodel import dataclass_fields

    calls = ip.calls
    if getattr(ip, CONSTRUCTING, False):
        setattr(ip, CONSTRUCTING, False)  # this instance only (a default it makes validates)
        calls.init_dataclass(obj, cls, [], kwargs)
        return
    where = f"{loc[0]}:{loc[1]}"
    vals = _validators(ip, cls)
    fields = [
        (n, st, c)
        for n, st, c, base in dataclass_fields(cls)
        if base not in ("ClassVar", "KW_ONLY")
    ]
    names = [n for n, _, _ in fields]
    # aliases: the keyword is the alias
    kwargs = dict(kwargs)
    lost: dict[str, str] = {}
    for n, st, c in fields:
        has, alias = _alias(ip, st, c)
        if not has:
            continue
        if alias is None:
            lost[n] = f"pydantic field {n}: an alias we cannot read"
        elif alias in kwargs:
            kwargs[n] = kwargs.pop(alias)
        elif n in kwargs:
            kwargs.pop(n)
            lost[n] = (
                f"pydantic field {n} given by name, not its alias {alias!r} (populate_by_name)"
            )
    model_before = [v for v in vals if v.kind in ("model", "v1root") and v.mode == "before"]
    bad_model = [v for v in vals if v.kind in ("model", "v1root") and v.why]
    if bad_model:
        calls.init_dataclass(obj, cls, [], kwargs)
        _all_unknown(ip, obj, names, f"{bad_model[0].where}: {bad_model[0].why} at {where}")
        return
    for v in reversed(model_before):  # pydantic runs the last defined first (review38 #3)
        if "**" in kwargs:
            break
        try:
            data = plain(_call(ip, v, cls, [dict(kwargs), Unknown("ValidationInfo")]))
        except _Fail as e:
            calls.init_dataclass(obj, cls, [], kwargs)
            _all_unknown(ip, obj, names, f"{e} at {where}")
            return
        if type(data) is not dict or not all(isinstance(k, str) for k in data):
            calls.init_dataclass(obj, cls, [], {"**": Unknown("model validator")})
            _all_unknown(ip, obj, names, f"{v.where} returned what we cannot read at {where}")
            return
        kwargs = dict(data)
    calls.init_dataclass(obj, cls, [], kwargs)
    for n, why in lost.items():
        obj.attrs[n] = Unknown(f"{why} at {where}")
    if "**" in kwargs:
        return
    extra = [k for k in kwargs if k not in names]
    if extra and _mro_says(cls, ("forbid",)):
        # ``extra="forbid"``: pydantic refuses a keyword that is no field (ValidationError)
        _all_unknown(
            ip, obj, names, f"extra keyword {extra[0]!r} of a model that may forbid it at {where}"
        )
        return
    validated: dict[str, Any] = {}
    for n, st, _c in fields:
        mine = [
            v for v in vals if v.kind in ("field", "v1field") and (n in v.fields or "*" in v.fields)
        ]
        given = n in kwargs
        if n not in obj.attrs:
            continue
        val = obj.attrs[n]
        if not mine:
            if given:
                obj.attrs[n] = val = _coerce(st.annotation, val)
            validated[n] = val
            continue
        run = [v for v in mine if given or (v.kind == "v1field" and v.always)]
        if _mro_says(cls, ("validate_default", "validate_all")) and not given:
            # a default validated too (review38 #3: this test sat after the shortcut below and
            # never ran, a default read unvalidated)
            obj.attrs[n] = Unknown(f"pydantic field {n}: validate_default at {where}")
            continue
        if not run and not given:
            validated[n] = val
            continue
        try:
            bad = next((v for v in mine if v.why), None)
            if bad is not None:
                raise _Fail(f"{bad.where}: {bad.why}")
            for v in reversed([v for v in run if v.mode == "before"]):
                val = _call(ip, v, cls, [val, _second(v, validated)])
            val = _coerce(st.annotation, val)
            for v in [v for v in run if v.mode == "after"]:
                val = _call(ip, v, cls, [val, _second(v, validated)])
        except _Fail as e:
            obj.attrs[n] = Unknown(f"pydantic field {n}: {e} at {where}")
            continue
        obj.attrs[n] = val
        validated[n] = val
    for n, st, c in fields:
        # ``Field(gt=5)`` / ``Annotated[int, AfterValidator(f)]`` on a value pydantic
        # validates (given, or a default under validate_default): checked where we can
        if n in obj.attrs and (n in kwargs or _mro_says(cls, ("validate_default", "validate_all"))):
            has_vals = any(
                v
                for v in vals
                if v.kind in ("field", "v1field") and (n in v.fields or "*" in v.fields)
            )
            obj.attrs[n] = _constrained(ip, st, c, n, obj.attrs[n], has_vals, where)
    for v in [v for v in vals if v.kind in ("model", "v1root") and v.mode == "after"]:
        try:
            if v.kind == "model":
                out = _call(ip, v, obj, [Unknown("ValidationInfo")])
                if plain(out) is not obj:
                    raise _Fail(f"{v.where} returned another value")
            else:
                fields_now = {n: obj.attrs[n] for n in names if n in obj.attrs}
                out = plain(_call(ip, v, cls, [fields_now]))
                if type(out) is not dict:
                    raise _Fail(f"{v.where} returned what we cannot read")
                for k, x in out.items():
                    obj.attrs[k] = x
        except _Fail as e:
            _all_unknown(ip, obj, names, f"{e} at {where}")
            return
    ok, hook, _ = ip.classes.mro_attr(cls, _HOOK)
    if ok and isinstance(hook, Func):
        try:
            _call(ip, _Validator("hook", "after", (), hook, _HOOK), obj, [None])
        except _Fail as e:
            _all_unknown(ip, obj, names, f"{e} at {where}")


def _second(v: _Validator, validated: dict) -> Any:
    """A field validator's second argument: pydantic 1's ``values`` (the fields validated so
    far), pydantic 2's ``ValidationInfo`` (not modelled: unknown)."""
    return dict(validated) if v.kind == "v1field" else Unknown("ValidationInfo")


def _all_unknown(ip: Any, obj: Obj, names: list[str], why: str) -> None:
    for n in names:
        obj.attrs[n] = Unknown(f"pydantic model validated by {why}")


def _mro_text(cls: Cls) -> str:
    return "\n".join(ast.unparse(c.node) for c in cls.mro() if isinstance(c, Cls))


def _mro_says(cls: Cls, words: tuple[str, ...]) -> bool:
    """Whether a class of ``cls``'s MRO read from source mentions one of the config words
    (``validate_default`` set in a parent's ``model_config`` holds for the child too)."""
    text = _mro_text(cls)
    return any(w in text for w in words)


_CONSTRAINTS = {"gt", "ge", "lt", "le"}
_OTHER_CONSTRAINTS = {
    "multiple_of", "min_length", "max_length", "pattern", "strict", "allow_inf_nan",
    "max_digits", "decimal_places", "union_mode", "fail_fast", "regex", "min_items",
    "max_items", "const", "unique_items",
}  # fmt: skip


def _constrained(
    ip: Any, st: ast.AnnAssign, c: Cls, n: str, val: Any, has_vals: bool, where: str
) -> Any:
    """``val`` where the field's constraints let it through (``Field(ge=2, le=10)`` of 6);
    unknown where one refuses it (pydantic raises ValidationError), where the annotation
    carries metadata (``Annotated[int, AfterValidator(f)]``, ``Field(...)`` in it) or a
    constraint we do not model, or where constraints and validators both apply."""
    ann = st.annotation
    if isinstance(ann, ast.Subscript) and ast.unparse(ann.value).split(".")[-1] == "Annotated":
        if isinstance(ann.slice, ast.Tuple) and any(
            isinstance(e, ast.Call) for e in ann.slice.elts[1:]
        ):
            return Unknown(
                f"pydantic field {n}: Annotated metadata at {c.mod.path.name}:{st.lineno} not run ({where})"
            )
    call = st.value
    if not (isinstance(call, ast.Call) and ast.unparse(call.func).split(".")[-1] == "Field"):
        return val
    kws = {k.arg: k.value for k in call.keywords if k.arg}
    if any(k in _OTHER_CONSTRAINTS for k in kws):
        return Unknown(
            f"pydantic field {n}: Field constraint at {c.mod.path.name}:{st.lineno} not modelled ({where})"
        )
    cons = {k: v for k, v in kws.items() if k in _CONSTRAINTS}
    if not cons:
        return val
    if has_vals:
        return Unknown(
            f"pydantic field {n}: Field constraints and validators at {c.mod.path.name}:{st.lineno}"
        )
    v = plain(val)
    for k, e in cons.items():
        bound = plain(ip.exprs.eval(e, c.ns["__frame__"]))
        if type(v) not in (int, float) or type(bound) not in (int, float):
            return Unknown(
                f"pydantic field {n}: constraint {k}= of values we cannot compare ({where})"
            )
        ok = {"gt": v > bound, "ge": v >= bound, "lt": v < bound, "le": v <= bound}[k]
        if not ok:
            return Unknown(
                f"pydantic field {n}: {v!r} fails {k}={bound!r} at {c.mod.path.name}:{st.lineno}: "
                f"pydantic raises ValidationError ({where})"
            )
    return val


def setattr_value(obj: Any, name: str, v: Any, where: str) -> Any:
    """What ``obj.<name> = v`` stores on a pydantic model instance: ``v`` for a plain
    model; unknown where a class of the MRO may make the write validate
    (``validate_assignment``: its validators and coercion run) or refuse it (``frozen`` /
    pydantic 1's ``allow_mutation``: ValidationError / TypeError), or for a name that is no
    field (pydantic raises ValueError)."""
    from driftcheck.parsers.source.interp.objmodel import dataclass_fields
    from driftcheck.parsers.source.interp.pydclass import is_pydantic

    cls = getattr(obj, "cls", None)
    if not is_pydantic(cls):
        return v
    for word in ("validate_assignment", "frozen", "allow_mutation", "__setattr__"):
        if _mro_says(cls, (word,)):
            return Unknown(
                f"pydantic {cls.name}.{name} set at {where}: {word} in the model's classes"
            )
    fields = {n for n, _st, _c, base in dataclass_fields(cls) if base != "ClassVar"}
    if name not in fields and not name.startswith("_"):
        return Unknown(
            f"pydantic {cls.name}.{name} set at {where}: not a field (pydantic refuses it)"
        )
    return v


def pydantic_dataclass(ip: Any, obj: Obj, cls: Cls, loc: tuple) -> None:
    """A ``@pydantic.dataclasses.dataclass`` instance, made as a dataclass: where a class of
    its MRO declares pydantic validators, ``Annotated`` metadata or ``Field(...)``
    constraints, which are not run here, its fields are unknown (review38 pd12: a doubling
    ``field_validator`` was skipped, a confident wrong size)."""
    from driftcheck.parsers.source.interp.objmodel import dataclass_fields

    frame = cls.ns.get("__frame__")
    if frame is None or not any(isinstance(c, Cls) and _pydantic_deco(ip, c) for c in cls.mro()):
        return
    text = _mro_text(cls)
    if not (_validators(ip, cls) or "Annotated" in text or "Field(" in text or "validator" in text):
        return
    names = [n for n, _st, _c, base in dataclass_fields(cls) if base not in ("ClassVar", "KW_ONLY")]
    _all_unknown(
        ip, obj, names, f"a pydantic dataclass's validators (not run) at {loc[0]}:{loc[1]}"
    )


def _pydantic_deco(ip: Any, c: Cls) -> bool:
    frame = c.ns.get("__frame__")
    if frame is None:
        return False
    for d in c.node.decorator_list:
        fn = d.func if isinstance(d, ast.Call) else d
        if isinstance(fn, (ast.Name, ast.Attribute)):
            q = getattr(plain(ip.exprs.eval(fn, frame)), "qual", "") or ""
            if q.startswith("pydantic.") and q.endswith("dataclass"):
                return True
    return False
