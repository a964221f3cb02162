"""driftcheck's own data models (``Location``, ``Finding``, ``Node``, ``Graph``, ``Report``...)
without pydantic on the static path: ``lean_models`` in ``driftcheck/speed.py``.

Why: a ``check`` of one source file is one process (the pre-commit hook runs one per file), and
importing pydantic and building its model classes cost that process about a quarter of its
CPU on a small file (pydantic_core, pydantic and the first model's schema build: 60 + 125 + 50
ms measured on this machine under load). The analysis never needs validation: it builds its
objects itself. Input from outside (graph JSON, the result cache, a report read back) does.

So the models are declared once, in pydantic's own syntax (``BaseModel``, ``Field``,
``ConfigDict``, ``PrivateAttr``, ``model_validator``, imported from here), and this module
gives either pydantic's classes (``DRIFTCHECK_SPEED_OFF=lean_models``: exactly the models as
they were) or lean ones with the same API:

- construction keeps the conversions pydantic's lax mode makes on what driftcheck passes (a
  ``str`` severity becomes ``Severity``; ``2.0`` for an ``int`` field becomes ``2``; an ``int``
  for a ``float`` field becomes a float; a dict for a model field becomes that model; lists and
  dicts are copied, so a caller's later change does not reach the model); unknown or missing
  fields are a ``TypeError``. ``model_validator(mode="after")`` functions run after it.
- ``model_validate`` and ``model_json_schema`` go through the model's pydantic *twin*, built on
  first use from the same declarations: what comes from outside is validated by pydantic, with
  pydantic's errors, and the schema is pydantic's.
- ``model_dump`` (python and json modes) is computed here for the values driftcheck holds
  (plain Python values, its own models); on anything else (a set, a non-finite float, a key
  that is not a string, an object of another type) it hands the whole dump to the twin, so the
  result is pydantic's in every case. ``model_copy``, ``==``, ``repr`` and ``str`` follow
  pydantic's definitions.

``tests/test_lean_models.py`` holds the two side by side (dumps, copies, errors, schema) and
runs the CLI on corpus files with the switch on and off: byte-identical output.
"""

from __future__ import annotations

import copy as _copy
import math
import re
import sys
import typing
from enum import Enum
from typing import Any

from driftcheck.speed import switched_off

LEAN = not switched_off("lean_models")
"""Read once, at import: the classes are made when their modules are imported."""

_MISSING: Any = object()


class _Fallback(Exception):
    """A value the lean dump does not know how pydantic would write: the twin dumps it."""


def is_validation_error(e: BaseException) -> bool:
    """Whether ``e`` is pydantic's ValidationError (imported only when something failed)."""
    if "pydantic_core" not in sys.modules:
        return False
    from pydantic import ValidationError

    return isinstance(e, ValidationError)


if not LEAN:
    from pydantic import (  # noqa: F401  (re-exported: the models as they were)
        BaseModel,
        ConfigDict,
        Field,
        PrivateAttr,
        model_validator,
    )
else:

    def ConfigDict(**kw: Any) -> dict[str, Any]:  # noqa: N802  (pydantic's name)
        return dict(kw)

    class _FieldSpec:
        """What ``Field(...)`` declared: kept whole for the twin; default and factory read here."""

        __slots__ = ("kw",)

        def __init__(self, kw: dict[str, Any]) -> None:
            self.kw = kw

    def Field(default: Any = _MISSING, **kw: Any) -> Any:  # noqa: N802
        if default is not _MISSING:
            kw["default"] = default
        return _FieldSpec(kw)

    class _PrivateSpec:
        __slots__ = ("default",)

        def __init__(self, default: Any) -> None:
            self.default = default

    def PrivateAttr(default: Any = None) -> Any:  # noqa: N802
        return _PrivateSpec(default)

    def model_validator(*, mode: str) -> Any:
        if mode != "after":
            raise NotImplementedError("lean models run 'after' validators only")

        def mark(fn: Any) -> Any:
            fn.__lean_after__ = True
            return fn

        return mark

    class BaseModel:
        """The lean base (see the module's docstring). Fields live in ``__dict__`` as in
        pydantic; private attributes in ``__pydantic_private__``, as there."""

        model_config: dict[str, Any] = {}
        # per class, made by __init_subclass__: field name -> (default, factory, declaration);
        # the compiled converters and the twin are made on first use
        __lean_fields__: dict[str, tuple[Any, Any, Any]] = {}
        __lean_private__: dict[str, Any] | None = None
        __lean_after__: tuple[str, ...] = ()
        __lean_conv__: tuple | None = None
        __lean_twin__: Any = None

        def __init_subclass__(cls, **kw: Any) -> None:
            super().__init_subclass__(**kw)
            own = cls.__dict__.get("__annotations__", {})
            fields: dict[str, tuple[Any, Any, Any]] = {}
            private: dict[str, Any] = {}
            for name, ann in own.items():
                if name == "model_config" or "ClassVar" in str(ann):
                    continue
                value = cls.__dict__.get(name, _MISSING)
                if name.startswith("_"):
                    private[name] = value.default if isinstance(value, _PrivateSpec) else None
                    if name in cls.__dict__:
                        delattr(cls, name)
                    continue
                spec = value.kw if isinstance(value, _FieldSpec) else None
                if spec is not None:
                    default = spec.get("default", _MISSING)
                    factory = spec.get("default_factory")
                else:
                    default, factory = value, None
                fields[name] = (default, factory, value)
                if name in cls.__dict__:
                    delattr(cls, name)  # an instance's field is in its __dict__, as in pydantic
            cls.__lean_fields__ = fields
            cls.__lean_private__ = private or None
            cls.__lean_after__ = tuple(
                n for n, v in cls.__dict__.items() if getattr(v, "__lean_after__", False)
            )
            cls.__lean_conv__ = None
            cls.__lean_twin__ = None

        # ------------------------------------------------------------ construction
        def __init__(self, **data: Any) -> None:
            cls = type(self)
            conv = cls.__lean_conv__ or _compile(cls)
            # the names given, as pydantic's ``model_fields_set`` (kept where pydantic keeps it)
            d: dict[str, Any] = {"__pydantic_fields_set__": set(data)}
            for name, default, factory, fn in conv:
                v = data.pop(name, _MISSING)
                if v is _MISSING:
                    if factory is not None:
                        v = factory()
                    elif default is _MISSING:
                        raise TypeError(f"{cls.__name__}: field {name!r} required")
                    else:
                        v = default
                elif fn is not None:
                    v = fn(v)
                d[name] = v
            if data:
                raise TypeError(f"{cls.__name__}: no field {next(iter(data))!r}")
            object.__setattr__(self, "__dict__", d)
            if cls.__lean_private__ is not None:
                object.__setattr__(self, "__pydantic_private__", dict(cls.__lean_private__))
            for name in cls.__lean_after__:
                getattr(self, name)()

        @classmethod
        def _trusted(cls, d: dict[str, Any]) -> Any:
            """An instance over ``d`` as it is (values already the fields' own)."""
            m = cls.__new__(cls)
            object.__setattr__(m, "__dict__", d)
            if cls.__lean_private__ is not None:
                object.__setattr__(m, "__pydantic_private__", dict(cls.__lean_private__))
            return m

        def __setattr__(self, name: str, value: Any) -> None:
            if self.model_config.get("frozen"):
                raise TypeError(f"{type(self).__name__} is frozen")
            object.__setattr__(self, name, value)

        # ------------------------------------------------------------ pydantic's API
        @classmethod
        def model_validate(cls, data: Any) -> Any:
            """Validated by the pydantic twin (its errors), then made lean."""
            return _from_twin(_twin(cls).model_validate(data))

        @classmethod
        def model_validate_json(cls, data: str | bytes, **kw: Any) -> Any:
            """A JSON text validated by the pydantic twin (its errors), then made lean."""
            return _from_twin(_twin(cls).model_validate_json(data, **kw))

        @classmethod
        def model_json_schema(cls, **kw: Any) -> dict[str, Any]:
            return _twin(cls).model_json_schema(**kw)

        @property
        def model_fields_set(self) -> set[str]:
            return self.__dict__.get("__pydantic_fields_set__", set())

        def model_dump(
            self,
            *,
            mode: str = "python",
            exclude: Any = None,
            exclude_none: bool = False,
            **kw: Any,
        ) -> dict[str, Any]:
            if not kw and (exclude is None or isinstance(exclude, (set, frozenset))):
                try:
                    if mode == "json":
                        return _dump_json(self, exclude, exclude_none)
                    if mode == "python":
                        return _dump_py(self, exclude, exclude_none)
                except _Fallback:
                    pass
            return _to_twin(self).model_dump(
                mode=mode, exclude=exclude, exclude_none=exclude_none, **kw
            )

        def model_dump_json(self, **kw: Any) -> str:
            """pydantic's own writer (its float and string formats): the twin writes."""
            return _to_twin(self).model_dump_json(**kw)

        def model_copy(self, *, update: dict[str, Any] | None = None, deep: bool = False) -> Any:
            """As pydantic: ``__dict__`` copied (deep or not), private values too; ``update``
            set without validation."""
            cls = type(self)
            m = cls.__new__(cls)
            priv = getattr(self, "__pydantic_private__", None)
            if deep:
                memo: dict[int, Any] = {}
                object.__setattr__(m, "__dict__", _copy.deepcopy(self.__dict__, memo))
                if priv is not None:
                    object.__setattr__(m, "__pydantic_private__", _copy.deepcopy(priv, memo))
            else:
                object.__setattr__(m, "__dict__", dict(self.__dict__))
                if priv is not None:
                    object.__setattr__(m, "__pydantic_private__", dict(priv))
            fs = set(self.__dict__.get("__pydantic_fields_set__", ()))
            if update:
                m.__dict__.update(update)
                fs.update(update)
            m.__dict__["__pydantic_fields_set__"] = fs
            return m

        def __copy__(self) -> Any:
            return self.model_copy()

        def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Any:
            cls = type(self)
            m = cls.__new__(cls)
            object.__setattr__(m, "__dict__", _copy.deepcopy(self.__dict__, memo))
            priv = getattr(self, "__pydantic_private__", None)
            if priv is not None:
                object.__setattr__(m, "__pydantic_private__", _copy.deepcopy(priv, memo))
            return m

        def __eq__(self, other: object) -> bool:
            if not isinstance(other, BaseModel):
                return NotImplemented
            if type(self) is not type(other):
                return False
            a, b = self.__dict__, other.__dict__
            return all(a.get(n, _MISSING) == b.get(n, _MISSING) for n in self.__lean_fields__)

        def __hash__(self) -> int:
            if not self.model_config.get("frozen"):
                raise TypeError(f"unhashable type: {type(self).__name__!r}")
            d = self.__dict__
            return hash(type(self)) + hash(tuple(d[n] for n in self.__lean_fields__))

        def __repr_str__(self, sep: str) -> str:
            d = self.__dict__
            return sep.join(f"{n}={d[n]!r}" for n in self.__lean_fields__)

        def __repr__(self) -> str:
            return f"{type(self).__name__}({self.__repr_str__(', ')})"

        def __str__(self) -> str:
            return self.__repr_str__(" ")

        def __getstate__(self) -> dict[str, Any]:
            return {
                "d": self.__dict__,
                "p": getattr(self, "__pydantic_private__", None),
            }

        def __setstate__(self, state: dict[str, Any]) -> None:
            object.__setattr__(self, "__dict__", state["d"])
            if state["p"] is not None:
                object.__setattr__(self, "__pydantic_private__", state["p"])


# ---------------------------------------------------------------- lean classes' machinery
def _is_lean(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, BaseModel) and LEAN


def _compile(cls: Any) -> tuple:
    """Each field's converter from its annotation (evaluated in its module)."""
    ns = vars(sys.modules[cls.__module__])
    ann = cls.__dict__.get("__annotations__", {})
    out = []
    for name, (default, factory, _decl) in cls.__lean_fields__.items():
        tp = eval(ann[name], ns) if isinstance(ann[name], str) else ann[name]  # noqa: S307
        out.append((name, default, factory, _converter(tp)))
    cls.__lean_conv__ = tuple(out)
    return cls.__lean_conv__


def _converter(tp: Any) -> Any:
    """The conversion pydantic's lax mode makes for a value driftcheck passes (None: as is)."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is Any or origin is typing.Literal:
        return None
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        inner = [a for a in args if a is not type(None)]
        if len(inner) != 1:
            return None
        fn = _converter(inner[0])
        if fn is None:
            return None
        return lambda v: None if v is None else fn(v)
    if origin is list:
        item = _converter(args[0]) if args else None
        if item is None:
            return list
        return lambda v: [item(x) for x in v]
    if origin is dict:
        val = _converter(args[1]) if len(args) == 2 else None
        if val is None:
            return dict
        return lambda v: {k: val(x) for k, x in v.items()}
    if tp is str:
        return _to_str
    if tp is int:
        return _to_int
    if tp is float:
        return _to_float
    if isinstance(tp, type) and issubclass(tp, Enum):
        return lambda v: v if type(v) is tp else tp(v)
    if _is_lean(tp):
        return lambda v: tp(**v) if isinstance(v, dict) else v
    return None


def _to_str(v: Any) -> Any:
    if type(v) is str or not isinstance(v, str):
        return v
    return v.value if isinstance(v, Enum) else str.__str__(v)


def _to_int(v: Any) -> Any:
    t = type(v)
    if t is int:
        return v
    if t is bool:
        return int(v)
    if t is float and v.is_integer():
        return int(v)
    return v


def _to_float(v: Any) -> Any:
    return float(v) if type(v) in (int, bool) else v


_PLAIN = (type(None), bool, int, str)


def _dump(m: Any, exclude: Any, exclude_none: bool, value: Any) -> dict[str, Any]:
    """The fields of ``m`` (less ``exclude``, and ``None``s under ``exclude_none``), each
    written by ``value`` (``_json_value`` or ``_py_value``)."""
    d = m.__dict__
    out: dict[str, Any] = {}
    for name in m.__lean_fields__:
        if exclude is not None and name in exclude:
            continue
        v = d[name]
        if v is None and exclude_none:
            continue
        out[name] = value(v, exclude_none)
    return out


def _dump_json(m: Any, exclude: Any, exclude_none: bool) -> dict[str, Any]:
    return _dump(m, exclude, exclude_none, _json_value)


def _json_value(v: Any, exclude_none: bool) -> Any:
    t = type(v)
    if t in _PLAIN:
        return v
    if t is float:
        if math.isfinite(v):
            return v
        raise _Fallback
    if t is list or t is tuple:
        return [_json_value(x, exclude_none) for x in v]
    if t is dict:
        out = {}
        for k, x in v.items():
            if type(k) is not str:
                raise _Fallback
            out[k] = _json_value(x, exclude_none)
        return out
    if isinstance(v, Enum) and type(v.value) in _PLAIN:
        return v.value
    if isinstance(v, BaseModel) and LEAN:
        return _dump_json(v, None, exclude_none)
    raise _Fallback


def _dump_py(m: Any, exclude: Any, exclude_none: bool) -> dict[str, Any]:
    return _dump(m, exclude, exclude_none, _py_value)


def _py_value(v: Any, exclude_none: bool) -> Any:
    t = type(v)
    if t in _PLAIN or t is float:
        return v
    if t is list:
        return [_py_value(x, exclude_none) for x in v]
    if t is tuple:
        return tuple(_py_value(x, exclude_none) for x in v)
    if t is dict:
        return {k: _py_value(x, exclude_none) for k, x in v.items()}
    if isinstance(v, Enum):
        return v
    if isinstance(v, BaseModel) and LEAN:
        return _dump_py(v, None, exclude_none)
    raise _Fallback


# ---------------------------------------------------------------- the pydantic twins
def _twin(cls: Any) -> Any:
    """The pydantic model declared as ``cls`` is (same name, fields, config, validators)."""
    tw = cls.__dict__.get("__lean_twin__")
    if tw is not None:
        return tw
    import pydantic

    mod = vars(sys.modules[cls.__module__])
    ns = dict(mod)
    ann = cls.__dict__.get("__annotations__", {})
    for name in cls.__lean_fields__:  # the models a field names: their twins
        for word in re.findall(r"[A-Za-z_]\w*", str(ann[name])):
            v = mod.get(word)
            if _is_lean(v) and v is not cls:
                ns[word] = _twin(v)
    fields: dict[str, Any] = {}
    for name, (default, _factory, decl) in cls.__lean_fields__.items():
        tp = eval(ann[name], ns) if isinstance(ann[name], str) else ann[name]  # noqa: S307
        if isinstance(decl, _FieldSpec):
            fields[name] = (tp, pydantic.Field(**decl.kw))
        elif default is _MISSING:
            fields[name] = (tp, ...)
        else:
            fields[name] = (tp, default)
    validators = {
        n: pydantic.model_validator(mode="after")(cls.__dict__[n]) for n in cls.__lean_after__
    }
    tw = pydantic.create_model(
        cls.__name__,
        __config__=pydantic.ConfigDict(**cls.model_config),
        __doc__=cls.__doc__,
        __module__=cls.__module__,
        __validators__=validators or None,
        **fields,
    )
    tw.__lean_of__ = cls
    cls.__lean_twin__ = tw
    return tw


def _to_twin(m: Any) -> Any:
    """``m`` as an instance of its twin (nested models too), made without validation."""
    tw = _twin(type(m))
    d = {n: _twin_value(m.__dict__[n]) for n in m.__lean_fields__}
    return tw.model_construct(**d)


def _twin_value(v: Any) -> Any:
    if isinstance(v, BaseModel) and LEAN:
        return _to_twin(v)
    t = type(v)
    if t is list:
        return [_twin_value(x) for x in v]
    if t is tuple:
        return tuple(_twin_value(x) for x in v)
    if t is dict:
        return {k: _twin_value(x) for k, x in v.items()}
    return v


def _from_twin(v: Any) -> Any:
    """A validated twin instance (and what it holds) as lean instances."""
    lean = getattr(type(v), "__lean_of__", None)
    if lean is not None:
        d = {n: _from_twin(getattr(v, n)) for n in lean.__lean_fields__}
        d["__pydantic_fields_set__"] = set(v.model_fields_set)
        return lean._trusted(d)
    t = type(v)
    if t is list:
        return [_from_twin(x) for x in v]
    if t is dict:
        return {k: _from_twin(x) for k, x in v.items()}
    return v
