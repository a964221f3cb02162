"""A pydantic model's validators, run when an instance is made (``Cfg(width=250, depth=0)``).

A ``class Cfg(BaseModel)`` instance held its keyword fields over the class's defaults
(library/machine.py ``ext_init``) and no validator ran: a ``@field_validator("depth")`` that
clamps ``depth=0`` to 1, a ``@model_validator(mode="after")`` that rounds the width to the
heads, were skipped, and the sizes read from the config were confidently wrong (fresh37's
``pydantic_validated_transformer_config``: 2,000,000 counted where torch has 2,515,473).

Modelled as pydantic 2 runs them (``pydantic/_internal/_decorators.py`` semantics):

- ``@model_validator(mode="before")`` (a classmethod): called with the dict of keyword
  arguments before the fields are read; the dict it returns is what the fields are read from.
- ``@field_validator(*names, mode="after"|"before"|"plain")``: called with the field's value,
  for each field named (``"*"``: every field) that the call GAVE -- a default is not validated
  (pydantic's ``validate_default=False``); ``before`` validators run in reverse order of
  definition, ``after`` ones in order, as pydantic chains them.
- ``@model_validator(mode="after")``: called on the instance once its fields are set; what it
  returns must be the instance.

What is not modelled makes the instance's fields unknown, never a guess: a ``wrap`` mode, a
validator taking the ``info`` argument, pydantic 1's ``@validator`` / ``@root_validator``, a
class whose source names ``validate_default`` or ``validate_assignment`` (defaults validated,
or every assignment in a validator validated again), keyword arguments of unknown keys.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Any

from driftcheck.parsers.source.values.abstract import Cls, Func, Obj, Unknown, plain

_V2 = ("field_validator", "model_validator")
_V1 = ("validator", "root_validator")
_UNMODELLED_CONFIG = ("validate_default", "validate_assignment")


@dataclass
class _Spec:
    kind: str  # "field" / "model"
    mode: str
    fields: tuple[str, ...]
    node: ast.FunctionDef
    owner: Cls


def _deco_name(d: ast.expr) -> str:
    f = d.func if isinstance(d, ast.Call) else d
    if isinstance(f, ast.Name):
        return f.id
    if isinstance(f, ast.Attribute):
        return f.attr
    return ""


def _specs(cls: Cls) -> tuple[list[_Spec], str | None]:
    """The validators of ``cls`` and its pydantic bases (a method a subclass redefines
    replaces its base's), base first; or why they cannot be read."""
    by_name: dict[str, _Spec | None] = {}
    for c in reversed(cls.mro()):
        if not isinstance(c, Cls):
            continue
        if any(w in ast.unparse(c.node) for w in _UNMODELLED_CONFIG):
            return [], f"class {c.name} validates defaults or assignments"
        for st in c.node.body:
            if not isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            spec = None
            for d in st.decorator_list:
                name = _deco_name(d)
                if name in _V1:
                    return [], f"pydantic 1 @{name} on {c.name}.{st.name}"
                if name not in _V2:
                    continue
                if not isinstance(d, ast.Call) or isinstance(st, ast.AsyncFunctionDef):
                    return [], f"@{name} on {c.name}.{st.name} not read"
                mode = "after" if name == "field_validator" else None
                for kw in d.keywords:
                    if kw.arg == "mode" and isinstance(kw.value, ast.Constant):
                        mode = kw.value.value
                    elif kw.arg != "check_fields":
                        return [], f"@{name}(...) on {c.name}.{st.name} not read"
                names = []
                for a in d.args:
                    if not (isinstance(a, ast.Constant) and isinstance(a.value, str)):
                        return [], f"@{name}(...) on {c.name}.{st.name}: field names not read"
                    names.append(a.value)
                if name == "model_validator":
                    if mode not in ("before", "after") or d.args:
                        return [], f"@model_validator(mode={mode!r}) on {c.name}.{st.name}"
                elif mode not in ("after", "before", "plain") or not names:
                    return [], f"@field_validator(mode={mode!r}) on {c.name}.{st.name}"
                kind = "model" if name == "model_validator" else "field"
                spec = _Spec(kind, mode, tuple(names), st, c)
            by_name[st.name] = spec  # a redefinition without a decorator drops the base's
    return [s for s in by_name.values() if s is not None], None


def _arity(node: ast.FunctionDef) -> int:
    a = node.args
    return len(a.posonlyargs) + len(a.args) + (1 if a.vararg else 0) + len(a.kwonlyargs)


def _func(ip: Any, spec: _Spec, bound: Any) -> Func | None:
    f = ip.classes.make_func(spec.node, spec.owner.ns["__frame__"], owner=spec.owner)
    if f.is_static:
        return Func(f.node, f.mod, f.closure, f.owner, None, is_static=True)
    return Func(f.node, f.mod, f.closure, f.owner, bound, is_classmethod=f.is_classmethod)


def _call(ip: Any, spec: _Spec, bound: Any, value: Any) -> Any:
    """The validator called with ``value`` (its ``info`` argument is not modelled)."""
    f = _func(ip, spec, bound)
    want = 1 if f.is_static else 2  # (cls, v) / (self) for an after model validator
    if spec.kind == "model" and spec.mode == "after":
        if f.is_static or f.is_classmethod or _arity(spec.node) != 1:
            return Unknown(f"model validator {spec.node.name} not read")
        return ip.calls.call_func(f, [], {})
    if _arity(spec.node) != want or not (f.is_static or f.is_classmethod):
        return Unknown(f"validator {spec.node.name} (an info argument, or not a classmethod)")
    return ip.calls.call_func(f, [value], {})


def _spoil(obj: Obj, why: str, loc: tuple) -> None:
    where = f"{loc[0]}:{loc[1]}" if loc else "?"
    for n in list(obj.attrs):
        obj.attrs[n] = Unknown(f"pydantic field {n}: {why} at {where}")


def init(ip: Any, obj: Obj, cls: Cls, kwargs: dict, loc: tuple) -> None:
    """``Cfg(**kwargs)`` of a pydantic model read from source: the fields, then the
    validators (module docstring)."""
    specs, why = _specs(cls)
    if not specs and why is None:
        ip.calls.init_dataclass(obj, cls, [], kwargs)
        return
    if why is None and "**" in kwargs:
        why = "keyword arguments of unknown keys"
    if why is None:
        for s in specs:
            if s.kind == "model" and s.mode == "before":
                got = plain(_call(ip, s, cls, dict(kwargs)))
                if type(got) is not dict or not all(isinstance(k, str) for k in got):
                    why = f"model validator {s.node.name} returned what we cannot read"
                    break
                kwargs = dict(got)
    ip.calls.init_dataclass(obj, cls, [], kwargs)
    if why is None:
        for name in list(obj.attrs):
            if name not in kwargs:
                continue  # a default is not validated
            mine = [s for s in specs if s.kind == "field" and (name in s.fields or "*" in s.fields)]
            chain = [s for s in reversed(mine) if s.mode == "before"]
            chain += [s for s in mine if s.mode != "before"]
            if any(s.mode == "plain" for s in mine):
                why = f"a plain validator of field {name}"
                break
            v = obj.attrs[name]
            for s in chain:
                v = _call(ip, s, cls, v)
            obj.attrs[name] = v
    if why is None:
        for s in specs:
            if s.kind == "model" and s.mode == "after":
                got = plain(_call(ip, s, obj, None))
                if got is not obj:
                    why = f"model validator {s.node.name} returned what we cannot read"
                    break
    if why is not None:
        _spoil(obj, why, loc)
