"""Small shared pieces for the family modules: parameter sets, shape rules and MAC rules.

The loader skips modules whose name starts with ``_``, so nothing here is a catalogue entry.
MAC conventions (used by every family):
- a matrix product of (m, k) by (k, n) costs m*k*n multiply-accumulates;
- a convolution costs out_elements * (in_channels / groups) * prod(kernel);
- composite layers (attention, MLPs, MoE, recurrent, transformer layers) count their matrix
  products and convolutions only, the work torch's ``FlopCounterMode`` counts (FLOPs = 2 MACs);
  the tests hold every such rule to that counter, exactly;
- standalone elementwise ops, norms and activations cost one MAC per output element (a rough
  but consistent unit; they are memory-bound and tiny next to the matmuls);
- data movement (reshape, view, permute, cat, pad, index) costs 0;
- whenever a needed dim is symbolic the rule returns 0 (unknown), never a guess.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from math import prod
from typing import Any

from driftcheck.errors import DriftcheckError, ShapeError
from driftcheck.graph.catalogue.spec import (
    CatalogueError,
    Example,
    LayerSpec,
    P,
    Shape,
    expect_dim,
    fmt,
    numel,
)

# ------------------------------------------------------------------ common parameters
HIDDEN = ("hidden_size", "embed_dim", "d_model", "n_embd", "dim", "model_dim", "width")
HEADS = ("num_attention_heads", "n_heads", "n_head", "heads", "nhead", "num_head")
KV_HEADS = ("num_key_value_heads", "n_kv_heads", "n_kv_head", "num_kv", "kv_heads")
INTER = ("ffn_dim", "d_ff", "dim_feedforward", "n_inner", "mlp_dim", "ffn_hidden_size")
ACT = ("hidden_act", "act", "activation_function", "act_fn", "act_layer")


def hidden(default: Any = ...) -> P:
    kw = {} if default is ... else {"default": default}
    return P("hidden_size", dim=True, aliases=HIDDEN[1:], **kw)


def slice_length(start: Any, stop: Any, step: Any, n: Any) -> int:
    """``len(range(*slice(start, stop, step).indices(n)))``, in Python arithmetic when a bound
    is not a plain int: a traced config number (``parsers/source/speed/symbolic.py``) keeps its
    expression and its comparisons are guards (``slice.indices`` would read it in C)."""
    if all(v is None or v.__class__ is int for v in (start, stop, step, n)):
        return len(range(*slice(start, stop, step).indices(n)))
    step = 1 if step is None else step
    if step == 0:
        raise ValueError("slice step cannot be zero")
    lower, upper = (-1, n - 1) if step < 0 else (0, n)

    def adjust(v: Any, default: Any) -> Any:
        if v is None:
            return default
        if v < 0:
            v = v + n
            return lower if v < lower else v
        return upper if v >= upper else v

    if step < 0:
        a, b = adjust(start, upper), adjust(stop, lower)
        return (a - b - 1) // (-step) + 1 if b < a else 0
    a, b = adjust(start, lower), adjust(stop, upper)
    return (b - a - 1) // step + 1 if a < b else 0


def known(*dims: Any) -> bool:
    return all(isinstance(d, int) for d in dims)


def rows(shape: Shape) -> int:
    """Product of all but the last axis, 0 when symbolic (unknown)."""
    n = numel(tuple(shape[:-1])) if len(shape) > 1 else 1
    return n or 0


def zero_macs(p: Mapping[str, Any], shapes: list[Shape], out: Shape) -> int:
    return 0


def out_numel_macs(p: Mapping[str, Any], shapes: list[Shape], out: Shape) -> int:
    return numel(out) or 0


def in_numel_macs(p: Mapping[str, Any], shapes: list[Shape], out: Shape) -> int:
    return numel(shapes[0]) or 0


def last_dim(layer: str, key: str, what: str | None = None):
    """Shape rule: the last axis must equal ``p[key]``; output equals input."""

    def rule(p: Mapping[str, Any], shapes: list[Shape]) -> Shape:
        x = shapes[0]
        expect_dim(layer, x, -1, p[key], what or key)
        return tuple(x)

    return rule


def channel_dim(layer: str, key: str, ranks: tuple[int, ...], what: str = "channels"):
    """Shape rule for (N, C, *spatial) or unbatched (C, *spatial) inputs: check C."""

    def rule(p: Mapping[str, Any], shapes: list[Shape]) -> Shape:
        x = shapes[0]
        if len(x) not in ranks:
            want = " or ".join(f"{r}-D" for r in ranks)
            raise ShapeError(f"{layer} expected {want} input, got shape {fmt(x)}")
        axis = 1 if len(x) == max(ranks) else 0
        if p.get(key) is not None:
            expect_dim(layer, x, axis, p[key], what)
        return tuple(x)

    return rule


def rank(layer: str, ranks: tuple[int, ...]):
    """Shape rule: output equals input, input rank must be one of ``ranks``."""

    def rule(p: Mapping[str, Any], shapes: list[Shape]) -> Shape:
        x = shapes[0]
        if len(x) not in ranks:
            want = " or ".join(f"{r}-D" for r in ranks)
            raise ShapeError(f"{layer} expected {want} input, got shape {fmt(x)}")
        return tuple(x)

    return rule


def linear_w(prefix: str, out_f: int, in_f: int, bias: bool) -> dict[str, tuple[int, ...]]:
    """Weights of one ``nn.Linear`` stored under ``prefix``."""
    w: dict[str, tuple[int, ...]] = {f"{prefix}.weight": (out_f, in_f)}
    if bias:
        w[f"{prefix}.bias"] = (out_f,)
    return w


def matmul_macs(weights: Mapping[str, tuple[int, ...]], tokens: int) -> int:
    """MACs of applying every 2-D weight of a block once per token (linear projections)."""
    return tokens * sum(prod(s) for k, s in weights.items() if len(s) == 2)


def dims(shape: Shape) -> str:
    return fmt(shape)


def ex(*items: tuple[Mapping[str, Any], tuple[Shape, ...]]) -> tuple[Example, ...]:
    """Shorthand: ``ex(({"x": 1}, ((2, 3),)), ...)``."""
    return tuple(Example(dict(params), tuple(inputs)) for params, inputs in items)


def broadcast(layer: str, *shapes: Shape) -> Shape:
    """Numpy/torch broadcasting of known dims; symbolic dims pass through."""
    n = max(len(s) for s in shapes)
    padded = [(1,) * (n - len(s)) + tuple(s) for s in shapes]
    out: list = []
    for dims_ in zip(*padded):
        fixed = {d for d in dims_ if isinstance(d, int) and d != 1}
        if len(fixed) > 1:
            shown = " and ".join(fmt(s) for s in shapes)
            raise ShapeError(f"{layer} cannot broadcast shapes {shown}")
        if fixed:
            out.append(fixed.pop())
        elif any(not isinstance(d, int) for d in dims_):
            out.append(next(d for d in dims_ if not isinstance(d, int)))
        else:
            out.append(1)
    return tuple(out)


def norm_axis(layer: str, axis: int, ndim: int, shape: Shape) -> int:
    """A possibly negative axis as a non-negative index, or ShapeError naming the shape."""
    if not -max(ndim, 1) <= axis < max(ndim, 1):
        raise ShapeError(f"{layer} dim={axis} out of range for input shape {fmt(shape)}")
    return axis % max(ndim, 1)


# ---------------------------------------------------------------- guarding rules
_RULE_ERRORS = (TypeError, ValueError, ZeroDivisionError, IndexError, KeyError, AttributeError)


def _check_params(spec: LayerSpec, p: Mapping[str, Any]) -> None:
    """Widths must be known and non-negative before a rule multiplies them."""
    for q in spec.params:
        v = p.get(q.name)
        if v is None:
            if q.required:
                raise CatalogueError(f"{spec.name}.{q.name} is unknown (None)")
            continue
        if q.dim:
            values = v if isinstance(v, tuple) else (v,)
            if any(isinstance(x, int) and not isinstance(x, bool) and x < 0 for x in values):
                raise CatalogueError(f"{spec.name}.{q.name} must be >= 0, got {v!r}")


def _guard(spec: LayerSpec, fn, what: str):
    def rule(p, *rest):
        _check_params(spec, p)
        try:
            out = fn(p, *rest)
        except DriftcheckError as err:
            if spec.name in err.message:
                raise
            raise type(err)(f"{spec.name}: {err.message}", err.where) from err
        except _RULE_ERRORS as err:
            shown = ", ".join(f"{k}={v!r}" for k, v in p.items())
            raise CatalogueError(f"{spec.name} {what} rule failed for ({shown}): {err}") from err
        if what == "weight":
            for name, shape in out.items():
                if not all(
                    isinstance(d, int) and not isinstance(d, bool) and d >= 0 for d in shape
                ):
                    raise CatalogueError(f"{spec.name} weight {name} has unknown size {shape!r}")
        return out

    rule.__doc__ = fn.__doc__
    return rule


def checked(layers: list[LayerSpec]) -> list[LayerSpec]:
    """The family's entries with rules that turn bad params (None widths, zero strides or
    groups, negative sizes) into one-line CatalogueErrors instead of Python tracebacks."""
    return [
        replace(
            s,
            weights=_guard(s, s.weights, "weight"),
            shape=_guard(s, s.shape, "shape"),
            macs=_guard(s, s.macs, "MAC"),
        )
        for s in layers
    ]
