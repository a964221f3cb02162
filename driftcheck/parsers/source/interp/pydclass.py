"""A pydantic model's own constructors and copies: ``Cfg.model_validate(d)``,
``Cfg.model_validate_json(text)``, ``cfg.model_copy(update={...})`` (and pydantic 1's
``parse_obj`` / ``parse_raw`` / ``copy(update=...)``).

A ``class Cfg(BaseModel)`` instance made by a call (``Cfg(in_ch=3)``) holds its keyword fields
over the class's annotated defaults (library/machine.py ``ext_init``); these methods were
unknown class attributes, so every size read from such a config was unknown (fresh21's UNet
config loaded from JSON, then overridden). Modelled as pydantic runs them:

- ``model_validate(obj)`` / ``parse_obj(obj)`` of a dict: the instance ``Cfg(**obj)`` makes
  (keys that are not fields are ignored, pydantic's default ``extra="ignore"``); of an
  instance of the class: that instance; anything else unknown.
- ``model_validate_json(text)`` / ``parse_raw(text)`` of a known string: ``json.loads`` of it,
  then as ``model_validate``; a text we cannot read is unknown.
- ``model_construct(**values)``: the instance with those fields (no validation, as pydantic).
- ``model_copy(update=None, deep=False)`` / ``copy(update=...)``: a new instance holding the
  same field values (copied all the way down with ``deep=True``), the update's values written
  over them unvalidated, as pydantic does.

What the fields are validated into follows the constructor call's reading (the same values).
"""

from __future__ import annotations

import json
from typing import Any

from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod
from driftcheck.parsers.source.values.abstract import Cls, Ext, Obj, Unknown, plain

_BASES = (
    "pydantic.BaseModel",
    "pydantic.main.BaseModel",
    "pydantic.v1.BaseModel",
    "pydantic.v1.main.BaseModel",
)
CLASS_METHODS = frozenset(
    ("model_validate", "parse_obj", "model_validate_json", "parse_raw", "model_construct")
)
INSTANCE_METHODS = frozenset(("model_copy", "copy", "model_dump", "dict"))


def is_pydantic(cls: Any) -> bool:
    """``cls`` is a class read from source with pydantic's ``BaseModel`` among its bases."""
    return isinstance(cls, Cls) and any(isinstance(c, Ext) and c.qual in _BASES for c in cls.mro())


def class_method(ip: Any, cls: Cls, name: str) -> BuiltinMethod:
    """``cls.<name>`` for a name of ``CLASS_METHODS`` (see the module docstring)."""
    loc = (cls.mod.path, cls.node.lineno)

    def make(kwargs: dict) -> Any:
        return ip.calls.instantiate(cls, [], kwargs, loc)

    def validate(obj: Any) -> Any:
        raw = plain(obj)
        if isinstance(raw, Obj) and raw.cls is cls:
            return obj
        if type(raw) is dict and all(isinstance(k, str) for k in raw):
            return make(dict(raw))
        return Unknown(f"{cls.name}.{name}() of a value we cannot read as a dict")

    def call(a: list, k: dict) -> Any:
        if name == "model_construct":
            if a or "**" in k:
                return Unknown(f"{cls.name}.model_construct() of values we cannot list")
            from driftcheck.parsers.source.interp.pydvalid import CONSTRUCTING

            setattr(ip, CONSTRUCTING, True)  # no validator runs (interp/pydvalid.py)
            try:
                return make(dict(k))
            finally:
                setattr(ip, CONSTRUCTING, False)
        if len(a) != 1:
            return Unknown(f"{cls.name}.{name}() with other arguments")
        if name in ("model_validate_json", "parse_raw"):
            text = plain(a[0])
            if not isinstance(text, (str, bytes)):
                return Unknown(f"{cls.name}.{name}() of a text we cannot read")
            try:
                return validate(json.loads(text))
            except (ValueError, RecursionError):
                return Unknown(f"{cls.name}.{name}() of a text that is not JSON")
        return validate(a[0])

    return BuiltinMethod(call)


def _dump(ip: Any, v: Any, depth: int = 0) -> Any:
    """What ``model_dump()`` makes of one value (python mode): a pydantic instance the dict of
    its fields, lists / tuples / dicts copied with their items dumped, numbers, text, None and
    bools as they are; anything else (another object, a tensor, a computed field) unknown."""
    raw = plain(v)
    if depth > 32:
        return Unknown("model_dump() nested too deep")
    if raw is None or isinstance(raw, (bool, int, float, str)):
        return v
    if type(raw) in (list, tuple):
        return type(raw)(_dump(ip, x, depth + 1) for x in raw)
    if type(raw) is dict:
        return {k: _dump(ip, x, depth + 1) for k, x in raw.items()}
    if isinstance(raw, Obj) and not raw.module and is_pydantic(raw.cls):
        import ast

        from driftcheck.parsers.source.library.stdlib import dataclass_fields

        for c in raw.cls.mro():
            if isinstance(c, Cls) and "computed_field" in ast.unparse(c.node):
                return Unknown(f"model_dump() of {c.name}: computed fields")
        out = {}
        for n, _st, _c, base in dataclass_fields(raw.cls):
            if base in ("ClassVar", "KW_ONLY") or n.startswith("_"):
                continue
            if n not in raw.attrs:
                return Unknown(f"model_dump(): field {n} not set")
            out[n] = _dump(ip, raw.attrs[n], depth + 1)
        return out
    return Unknown("model_dump() of a value we do not convert")


def instance_method(ip: Any, obj: Obj, name: str) -> BuiltinMethod:
    """``obj.model_copy(update=..., deep=...)`` / ``obj.copy(update=...)``;
    ``obj.model_dump()`` / ``obj.dict()`` (no arguments: every field, nested models as dicts)."""

    def call(a: list, k: dict) -> Any:
        if name in ("model_dump", "dict"):
            if a or k:
                return Unknown(f"{name}() with arguments")
            return _dump(ip, obj)
        if a or "**" in k or not set(k) <= {"update", "deep"}:
            return Unknown(f"{name}() with other arguments")
        update = plain(k.get("update"))
        deep = plain(k.get("deep", False))
        if update is not None and type(update) is not dict or not isinstance(deep, bool):
            return Unknown(f"{name}() with an update we cannot read")
        attrs = dict(obj.attrs)
        if deep:
            attrs = {n: ip.items.deep_copy_value(v) for n, v in attrs.items()}
        attrs.update(update or {})
        return Obj(cls=obj.cls, module=False, attrs=attrs, loc=obj.loc)

    return BuiltinMethod(call)
