"""What a catalogue entry is: parameters, weight rule, shape rule, MAC rule, examples.

A layer entry is data plus three small functions. Rules receive *bound* parameters (aliases
resolved, defaults filled, types checked) and shapes as tuples of ``Dim`` (int, symbol or None).
Shape rules raise ``ShapeError`` naming what they expected and what they got.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from math import prod
from typing import Any

from driftcheck.errors import DriftcheckError, ShapeError

Dim = int | str | None
Shape = tuple[Dim, ...]


class CatalogueError(DriftcheckError):
    """Bad parameters for a catalogue entry."""


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()

_KINDS = ("int", "float", "bool", "str", "ints", "any", "floats")


@dataclass(frozen=True)
class P:
    """One constructor parameter of a layer."""

    name: str
    kind: str = "int"
    default: Any = REQUIRED
    dim: bool = False
    aliases: tuple[str, ...] = ()
    doc: str = ""

    def __post_init__(self) -> None:
        if self.kind not in _KINDS:
            raise ValueError(f"bad kind {self.kind!r} for {self.name}")

    @property
    def required(self) -> bool:
        return self.default is REQUIRED


@dataclass(frozen=True)
class Example:
    """Constructor params plus input shapes: the generic test builds it in torch too."""

    params: Mapping[str, Any]
    inputs: tuple[Shape, ...]


def _no_weights(p: Mapping[str, Any]) -> dict[str, tuple[int, ...]]:
    return {}


def _same_shape(p: Mapping[str, Any], shapes: list[Shape]) -> Shape:
    return tuple(shapes[0])


def _elementwise_macs(p: Mapping[str, Any], shapes: list[Shape], out: Shape) -> int:
    return numel(out) or 0


@dataclass(frozen=True)
class LayerSpec:
    name: str
    family: str
    params: tuple[P, ...] = ()
    weights: Callable[[Mapping[str, Any]], dict[str, tuple[int, ...]]] = _no_weights
    shape: Callable[[Mapping[str, Any], list[Shape]], Shape] = _same_shape
    macs: Callable[[Mapping[str, Any], list[Shape], Shape], int] = _elementwise_macs
    torch: str | None = None
    """Qualified name of the real module (``torch.nn.Linear``), or None for custom layers."""
    torch_kwargs: Callable[[Mapping[str, Any]], dict[str, Any]] | None = None
    """Bound params -> constructor kwargs of ``torch``; default: params by the same names."""
    aliases: tuple[str, ...] = ()
    examples: tuple[Example, ...] = ()
    doc: str = ""
    role: str | None = None
    """Structural role used by the matcher: attention, mlp, norm, embedding, head, ..."""
    n_inputs: int | None = 1
    """How many tensor inputs forward takes (None: variadic)."""
    extra: dict[str, Any] = field(default_factory=dict)

    # ------------------------------------------------------------------ params
    def bind(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """Resolve aliases, fill defaults, check types; raise CatalogueError on bad params."""
        by_name, alias = self.name_tables
        out: dict[str, Any] = {}
        for key, value in params.items():
            name = key if key in by_name else alias.get(key)
            if name is None:
                # the alphabetically first unknown key, not the first written: equal params in
                # another order must fail alike (the verifier memoizes bindings by content)
                key = min(k for k in params if k not in by_name and k not in alias)
                known = ", ".join(sorted(by_name)) or "none"
                raise CatalogueError(f"{self.name} has no parameter {key!r} (known: {known})")
            if name in out and out[name] != value:  # a name and its alias, disagreeing
                first = min(k for k in params if k != key and (k == name or alias.get(k) == name))
                raise CatalogueError(
                    f"{self.name} parameter {name!r} given twice: {first}={params[first]!r} and "
                    f"{key}={value!r}"
                )
            out[name] = value
        for p in self.params:
            if p.name not in out:
                if p.required:
                    raise CatalogueError(f"{self.name} needs parameter {p.name!r}")
                out[p.name] = p.default
            out[p.name] = _coerce(self.name, p, out[p.name])
        return out

    @cached_property
    def name_tables(self) -> tuple[dict[str, P], dict[str, str]]:
        """Parameters by name and alias -> name, built once per spec (``bind`` runs per layer
        of every graph). Not a field: equality, hashing and repr ignore it."""
        return {p.name: p for p in self.params}, {a: p.name for p in self.params for a in p.aliases}

    def param_count(self, params: Mapping[str, Any]) -> int:
        return sum(prod(s) for s in self.weights(self.bind(params)).values())

    def output_shape(self, params: Mapping[str, Any], inputs: list[Shape]) -> Shape:
        bound = self.bind(params)
        if self.n_inputs is not None and len(inputs) < self.n_inputs:
            raise ShapeError(f"{self.name} takes {self.n_inputs} input(s), got {len(inputs)}")
        return tuple(self.shape(bound, [tuple(s) for s in inputs]))

    def mac_count(self, params: Mapping[str, Any], inputs: list[Shape]) -> int:
        bound = self.bind(params)
        out = self.shape(bound, [tuple(s) for s in inputs])
        return int(self.macs(bound, [tuple(s) for s in inputs], out))

    def constructor_kwargs(self, params: Mapping[str, Any]) -> dict[str, Any]:
        bound = self.bind(params)
        if self.torch_kwargs is not None:
            return self.torch_kwargs(bound)
        return dict(bound)

    @property
    def vocab(self) -> str:
        """Catalogue vocabulary name: ``MultiHeadAttention`` -> ``multiHeadAttention``."""
        return self.name[:1].lower() + self.name[1:]

    def attribute(self, param: str) -> str:
        return f"{self.vocab}.{camel(param)}"

    def dims(self) -> list[str]:
        return [p.name for p in self.params if p.dim]


def camel(snake: str) -> str:
    head, *rest = snake.split("_")
    return head + "".join(w[:1].upper() + w[1:] for w in rest)


def _coerce(layer: str, p: P, v: Any) -> Any:
    if v is None or p.kind == "any":
        return v
    if p.kind == "int":
        if isinstance(v, bool) or not isinstance(v, int):
            if isinstance(v, float) and v.is_integer():
                return int(v)
            raise _bad(layer, p, v)
        return v
    if p.kind == "float":
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise _bad(layer, p, v)
        return v if isinstance(v, float) else float(v)  # a float as it is (a traced one too)
    if p.kind == "bool":
        if not isinstance(v, bool):
            raise _bad(layer, p, v)
        return v
    if p.kind == "str":
        if not isinstance(v, str):
            raise _bad(layer, p, v)
        return v
    if p.kind in ("ints", "floats"):
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            return v
        if isinstance(v, (list, tuple)):
            return tuple(v)
        raise _bad(layer, p, v)
    return v


def _bad(layer: str, p: P, v: Any) -> CatalogueError:
    """The error for a value of the wrong kind; built only when raised (``bind`` runs for
    every new layer, and formatting the message each time cost more than the checks)."""
    return CatalogueError(f"{layer}.{p.name} must be {p.kind}, got {v!r}")


# ---------------------------------------------------------------------- shape helpers
def numel(shape: Shape) -> int | None:
    if any(not isinstance(d, int) for d in shape):
        return None
    return prod(shape)  # type: ignore[arg-type]


def fmt(shape: Shape) -> str:
    return "(" + ", ".join("?" if d is None else str(d) for d in shape) + ")"


def expect_dim(layer: str, shape: Shape, axis: int, want: Dim, what: str) -> None:
    """Raise ShapeError when a known dim differs from the wanted known dim."""
    if not shape or len(shape) < abs(axis) + (0 if axis < 0 else 1):
        raise ShapeError(f"{layer} expected a {what} axis, got input shape {fmt(shape)}")
    got = shape[axis]
    if isinstance(got, int) and isinstance(want, int) and got != want:
        raise ShapeError(f"{layer} expected {what}={want}, got input shape {fmt(shape)}")


def expect_rank(layer: str, shape: Shape, ranks: tuple[int, ...]) -> None:
    if len(shape) not in ranks:
        want = " or ".join(f"{r}-D" for r in ranks)
        raise ShapeError(f"{layer} expected {want} input, got shape {fmt(shape)}")


def tup(v: Any, n: int) -> tuple:
    """Expand an int or a tuple to n entries, as torch's ``_ntuple`` does."""
    if isinstance(v, (list, tuple)):
        if len(v) == 1:
            return tuple(v) * n
        return tuple(v)
    return (v,) * n


def conv_out(size: Dim, k: int, s: int, p: int, d: int) -> Dim:
    if not isinstance(size, int):
        return size
    return (size + 2 * p - d * (k - 1) - 1) // s + 1


_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def check_name(name: str) -> None:
    if not _IDENT.match(name):
        raise ValueError(f"bad catalogue name {name!r}")
