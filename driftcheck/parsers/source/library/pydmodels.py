"""``pydantic.create_model(name, **fields)``: a model class built from a function's signature,
whose instances hold the validated arguments.

gluonts wraps every ``__init__`` of its torch modules in ``@validated()``: the decorator builds a
pydantic model from ``inspect.signature(init)`` (each parameter's annotation and default),
validates the call's arguments through it and calls ``init(self, **model.__dict__)``. Without a
reading of that model every argument of every gluonts layer was unknown.

Validation is replayed for the annotations whose result is the same under pydantic 1 and 2 (lax
mode): ``int`` (an int), ``float`` (a float; an int becomes a float), ``str``, ``bool``,
``Any``, ``Optional[X]``, ``List[X]`` / ``list[X]`` of a list, ``Dict[str, X]`` of a dict, and a
class read from source (an instance of it passes as itself). Any other annotation or value
(unions, tuples, callables, a bool for an int...) makes that field unknown, never a guess;
a missing required field, or a keyword that is not a field, makes the whole instance unknown
(pydantic raises or keeps extras by configuration).

``inspect.signature`` hands the annotations over as ``Annotation`` values: the annotation's
source text and the module it is read in (library/stdlib.py ``_signature``).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Any, ClassVar

from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import Cls, Ext, Obj, Unknown, plain

PD = Group("pydantic", title="pydantic (create_model)")


@dataclass(frozen=True, eq=False)
class Annotation:
    """A parameter's annotation as ``inspect.signature`` gives it: its text and where it is read.
    Compared by identity (a typing construct is no other value the code can name)."""

    text: str
    mod: Any
    closure: Any = None
    library_type: ClassVar[str] = "typing._GenericAlias"

    def attr(self, name: str) -> Any:
        return Unknown(f"annotation attribute {name}")


def annotation_of(interp: Any, node: ast.expr | None, frame: Any) -> Any:
    """What ``Parameter.annotation`` holds for the annotation ``node``: a plain name (``int``,
    a class) evaluated, a typing construct as an ``Annotation``; Unknown without one (the
    ``inspect.Parameter.empty`` marker is not modelled)."""
    if node is None:
        return Unknown("annotation")
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value  # ``from __future__ import annotations``: the text
    else:
        text = ast.unparse(node)
    try:
        e = ast.parse(text, mode="eval").body
    except SyntaxError:
        return Unknown("annotation")
    if isinstance(e, (ast.Name, ast.Attribute)):
        v = plain(interp.exprs.eval(e, frame))
        if isinstance(v, (Ext, Cls)):
            return v
        return Unknown("annotation")
    return Annotation(text, frame.mod, getattr(frame, "closure", None))


class _Invalid(Exception):
    """The value does not validate, or not as the table knows."""


_INTS = ("int",)
_SCALARS = {"int", "float", "str", "bool"}


def _name(e: ast.expr) -> str | None:
    if isinstance(e, ast.Name):
        return e.id
    if isinstance(e, ast.Attribute):
        return e.attr
    return None


def _scalar(kind: str, v: Any) -> Any:
    if kind == "int" and isinstance(v, int) and not isinstance(v, bool):
        return v
    if kind == "float" and isinstance(v, (int, float)) and not isinstance(v, bool):
        return float(v)
    if kind == "str" and isinstance(v, str):
        return v
    if kind == "bool" and isinstance(v, bool):
        return v
    raise _Invalid(f"{type(v).__name__} for {kind}")


def _validate(interp: Any, ann: Any, v: Any, frame: Any) -> Any:
    """``v`` as pydantic returns it for the annotation ``ann`` (an evaluated name or an
    ``Annotation``), or _Invalid."""
    v = plain(v)
    if isinstance(v, Unknown):
        raise _Invalid("unknown value")
    if isinstance(ann, Ext):
        kind = ann.qual.rsplit(".", 1)[-1]
        if ann.qual in ("typing.Any", "typing_extensions.Any"):
            return v
        if ann.qual.startswith("builtins.") and kind in _SCALARS:
            return _scalar(kind, v)
        raise _Invalid(f"annotation {ann.qual}")
    if isinstance(ann, Cls):
        if isinstance(v, Obj) and v.cls is not None and ann in v.cls.mro():
            if any(isinstance(b, Ext) and "pydantic" in b.qual for b in ann.mro()):
                raise _Invalid("a pydantic model field")  # validated as a model: copied
            return v
        raise _Invalid(f"not an instance of {ann.name}")
    if isinstance(ann, Annotation):
        return _by_text(interp, ast.parse(ann.text, mode="eval").body, v, ann)
    raise _Invalid("annotation unknown")


def _by_text(interp: Any, e: ast.expr, v: Any, ann: Annotation) -> Any:
    v = plain(v)
    if isinstance(v, Unknown):
        raise _Invalid("unknown value")
    if isinstance(e, ast.Constant) and e.value is None:
        if v is None:
            return None
        raise _Invalid("not None")
    if isinstance(e, (ast.Name, ast.Attribute)):
        from driftcheck.parsers.source.interp.exprs import Frame

        fr = Frame(ann.mod, None, ann.closure)
        return _validate(interp, plain(interp.exprs.eval(e, fr)), v, fr)
    if isinstance(e, ast.Subscript):
        head = _name(e.value)
        args = e.slice.elts if isinstance(e.slice, ast.Tuple) else [e.slice]
        if head == "Optional" and len(args) == 1:
            return None if v is None else _by_text(interp, args[0], v, ann)
        if head in ("List", "list") and len(args) == 1 and isinstance(v, list):
            return [_by_text(interp, args[0], x, ann) for x in v]
        if head in ("Dict", "dict") and len(args) == 2 and isinstance(v, dict):
            if _name(args[0]) != "str" or not all(isinstance(k, str) for k in v):
                raise _Invalid("dict keys")
            return {k: _by_text(interp, args[1], x, ann) for k, x in v.items()}
    if isinstance(e, ast.BinOp) and isinstance(e.op, ast.BitOr):  # ``X | None``
        parts = [e.left, e.right]
        if any(isinstance(p, ast.Constant) and p.value is None for p in parts):
            other = [p for p in parts if not (isinstance(p, ast.Constant) and p.value is None)]
            return None if v is None else _by_text(interp, other[0], v, ann)
    raise _Invalid(f"annotation {ann.text}")


@dataclass(eq=False)
class ModelClass:
    """The class ``create_model`` returns: field name -> (annotation, default)."""

    fields: dict[str, tuple[Any, Any]]
    library_call: ClassVar[bool] = True
    library_type: ClassVar[str] = "pydantic.main.ModelMetaclass"

    def attr(self, name: str) -> Any:
        return Unknown(f"pydantic model class attribute {name}")

    def call(self, interp: Any, args: list, kwargs: dict, loc: tuple) -> Any:
        where = f"{loc[0]}:{loc[1]}"
        if args or "**" in kwargs:
            return Unknown(f"pydantic model called with positional arguments at {where}")
        extra = set(kwargs) - set(self.fields)
        if extra:
            return Unknown(f"pydantic model given {sorted(extra)[0]!r}, not a field, at {where}")
        out: dict[str, Any] = {}
        for name, (ann, default) in self.fields.items():
            if name not in kwargs:
                d = plain(default)
                if (
                    d is Ellipsis
                    or isinstance(d, Unknown)
                    or (isinstance(d, Ext) and d.qual.endswith("Ellipsis"))
                ):
                    return Unknown(f"pydantic model without its field {name} at {where}")
                out[name] = default  # defaults are not validated (pydantic's default)
                continue
            try:
                out[name] = _validate(interp, ann, kwargs[name], None)
            except _Invalid as e:
                out[name] = Unknown(f"pydantic field {name} ({e}) at {where}")
        return ModelInstance(out)


@dataclass(eq=False)
class ModelInstance:
    """An instance of a ``create_model`` class: its validated fields."""

    values: dict[str, Any] = field(default_factory=dict)
    library_type: ClassVar[str] = "pydantic.main.BaseModel"

    def attr(self, name: str) -> Any:
        if name == "__dict__":
            return dict(self.values)
        if name in self.values:
            return self.values[name]
        return Unknown(f"pydantic model attribute {name}")


@PD.entry(
    "create_model",
    doc="create_model(name, **{field: (annotation, default)}): a model class whose instances "
    "hold the arguments validated for int / float / str / bool / Any / Optional / List / Dict / "
    "a class (else that field unknown)",
    also=(
        "pydantic.main.create_model",
        "pydantic.v1.create_model",
        "pydantic.v1.main.create_model",
    ),
)
def _create_model(c: Call) -> Any:
    if c.kwargs.get("__base__") is not None or "**" in c.kwargs:
        return c.unknown("create_model() over a base model")
    fields: dict[str, tuple[Any, Any]] = {}
    for k, v in c.kwargs.items():
        if k.startswith("__"):
            continue  # ``__config__``, ``__module__``: no fields
        spec = plain(v)
        if not (isinstance(spec, tuple) and len(spec) == 2):
            return c.unknown(f"create_model() field {k} not an (annotation, default) pair")
        fields[k] = spec
    return ModelClass(fields)
