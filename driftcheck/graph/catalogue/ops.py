"""Functional tensor ops, part 1: arithmetic, unary math, reductions and matrix products.

These are the calls model code makes between layers (``x * y``, ``torch.matmul``,
``x.mean(-1)``). No weights. MACs: one per output element for elementwise ops and
reductions (one per input element), m*k*n for matrix products. Every entry is run against
the real torch function in the tests (``reference_layers.OPS``).
"""

from __future__ import annotations

from math import prod

from driftcheck.errors import ShapeError
from driftcheck.graph.catalogue._helpers import (
    broadcast,
    checked,
    ex,
    in_numel_macs,
    known,
    norm_axis,
)
from driftcheck.graph.catalogue.spec import LayerSpec, P, fmt


def op(
    name: str, doc: str, examples, params=(), aliases=(), n_inputs=1, bad=None, **kw
) -> LayerSpec:
    extra = {"reference": "op", **kw.pop("extra", {})}
    if bad:
        extra["bad"] = ex(*bad)
    return LayerSpec(
        name=name,
        family="ops",
        params=tuple(params),
        role="op",
        n_inputs=n_inputs,
        aliases=tuple(aliases),
        doc=doc,
        examples=ex(*examples),
        extra=extra,
        **kw,
    )


def _bcast(name: str):
    return lambda p, shapes: broadcast(name, *shapes)


_BIN_EX = (({}, ((2, 8), (2, 8))), ({}, ((2, 3, 8), (3, 1))))
_BIN_BAD = (({}, ((2, 8), (2, 7))),)


def binary(name: str, doc: str, aliases: tuple[str, ...]) -> LayerSpec:
    return op(name, doc, _BIN_EX, aliases=aliases, n_inputs=2, shape=_bcast(name), bad=_BIN_BAD)


_UN_EX = (({}, ((2, 8),)), ({}, ((2, 3, 4),)))


def unary(name: str, doc: str, aliases: tuple[str, ...], params=(), examples=_UN_EX) -> LayerSpec:
    return op(name, doc, examples, params=params, aliases=aliases)


# ---------------------------------------------------------------- reductions
def _reduce_shape(name: str):
    def rule(p, shapes):
        x = shapes[0]
        d = p["dim"]
        if d is None:
            axes = set(range(len(x)))
        else:
            axes = {norm_axis(name, a, len(x), x) for a in (d if isinstance(d, tuple) else (d,))}
        if p["keepdim"]:
            return tuple(1 if i in axes else v for i, v in enumerate(x))
        return tuple(v for i, v in enumerate(x) if i not in axes)

    return rule


_RED = (P("dim", "ints", None), P("keepdim", "bool", False))
_RED_EX = (
    ({"dim": -1}, ((2, 3, 8),)),
    ({"dim": (1, 2), "keepdim": True}, ((2, 3, 4),)),
    ({}, ((4, 5),)),
)


def reduction(
    name: str, doc: str, aliases: tuple[str, ...], params=_RED, examples=_RED_EX
) -> LayerSpec:
    return op(
        name,
        doc,
        examples,
        params=params,
        aliases=aliases,
        shape=_reduce_shape(name),
        macs=in_numel_macs,
        bad=(({"dim": 3}, ((2, 3, 4),)),),
    )


def _arg_shape(name: str):
    def rule(p, shapes):
        return _reduce_shape(name)(p, shapes)

    return rule


# ---------------------------------------------------------------- matrix products
def _matmul_shape(p, shapes):
    a, b = shapes[0], shapes[1]
    if not a or not b:
        raise ShapeError(f"MatMul needs >= 1-D inputs, got {fmt(a)} and {fmt(b)}")
    a2 = (1, *a) if len(a) == 1 else tuple(a)
    b2 = (*b, 1) if len(b) == 1 else tuple(b)
    if known(a2[-1], b2[-2]) and a2[-1] != b2[-2]:
        raise ShapeError(f"MatMul inner dims differ: {fmt(a)} @ {fmt(b)}")
    batch = broadcast("MatMul", a2[:-2], b2[:-2]) if (a2[:-2] or b2[:-2]) else ()
    out = [*batch, a2[-2], b2[-1]]
    if len(b) == 1:
        out.pop()
    if len(a) == 1:
        out.pop(-2 if len(b) > 1 else -1)
    return tuple(out)


def _matmul_macs(p, shapes, out):
    a = shapes[0]
    k = a[-1]
    n = prod(out) if known(*out) else None
    if n is None or not known(k):
        return 0
    return n * k


def _bmm_shape(p, shapes):
    a, b = shapes[0], shapes[1]
    if len(a) != 3 or len(b) != 3:
        raise ShapeError(f"BMM needs 3-D inputs, got {fmt(a)} and {fmt(b)}")
    if known(a[0], b[0]) and a[0] != b[0]:
        raise ShapeError(f"BMM batch sizes differ: {fmt(a)} and {fmt(b)}")
    if known(a[2], b[1]) and a[2] != b[1]:
        raise ShapeError(f"BMM inner dims differ: {fmt(a)} @ {fmt(b)}")
    return (a[0], a[1], b[2])


def _flinear_shape(p, shapes):
    x, w = shapes[0], shapes[1]
    if len(w) != 2:
        raise ShapeError(f"FunctionalLinear weight must be 2-D, got {fmt(w)}")
    if known(x[-1], w[1]) and x[-1] != w[1]:
        raise ShapeError(f"FunctionalLinear input {fmt(x)} does not match weight {fmt(w)}")
    return (*x[:-1], w[0])


def _where_shape(p, shapes):
    return broadcast("Where", *shapes[:3])


LAYERS = [
    binary(
        "Mul",
        "Elementwise product with broadcasting (gates, scaling).",
        ("torch.mul", "operator.mul", "multiply"),
    ),
    binary(
        "Sub",
        "Elementwise difference with broadcasting.",
        ("torch.sub", "operator.sub", "subtract"),
    ),
    binary(
        "Div",
        "Elementwise quotient with broadcasting.",
        ("torch.div", "operator.truediv", "divide"),
    ),
    binary("Maximum", "Elementwise max of two tensors.", ("torch.maximum",)),
    binary("Minimum", "Elementwise min of two tensors.", ("torch.minimum",)),
    op(
        "Where",
        "cond ? x : y with broadcasting of all three.",
        (({}, ((2, 8), (2, 8), (2, 8))), ({}, ((1, 8), (3, 8), (3, 1)))),
        n_inputs=3,
        aliases=("torch.where",),
        shape=_where_shape,
        extra={"input_dtype": ("bool",)},
        bad=(({}, ((2, 8), (2, 7), (2, 8))),),
    ),
    op(
        "MaskedFill",
        "x with positions where mask is true set to value (causal masks).",
        (({"value": -1e9}, ((2, 4, 4), (4, 4))), ({"value": 0.0}, ((2, 3), (2, 3)))),
        params=(P("value", "float", 0.0),),
        n_inputs=2,
        aliases=("masked_fill", "torch.masked_fill"),
        shape=lambda p, s: _masked_shape(s),
        extra={"input_dtype": ("float", "bool")},
        bad=(({}, ((2, 4, 4), (4, 3))),),
    ),
    unary("Exp", "e^x.", ("torch.exp",)),
    unary("Log", "Natural log.", ("torch.log",)),
    unary("Sqrt", "Square root.", ("torch.sqrt",)),
    unary("Rsqrt", "1 / sqrt(x) (RMSNorm's inner op).", ("torch.rsqrt",)),
    unary("Neg", "-x.", ("torch.neg", "operator.neg")),
    unary("Abs", "|x|.", ("torch.abs",)),
    unary("Reciprocal", "1 / x.", ("torch.reciprocal",)),
    unary(
        "Pow",
        "x ** exponent (a scalar exponent).",
        ("torch.pow", "operator.pow", "square"),
        params=(P("exponent", "float", 2.0),),
        examples=(({"exponent": 2.0}, ((2, 8),)), ({"exponent": 0.5}, ((2, 3, 4),))),
    ),
    unary(
        "Clamp",
        "clamp(x, min, max) (either bound may be None).",
        ("torch.clamp", "clip", "torch.clip"),
        params=(P("min", "float", None), P("max", "float", None)),
        examples=(({"min": 0.0}, ((2, 8),)), ({"min": -1.0, "max": 1.0}, ((2, 3, 4),))),
    ),
    unary(
        "Scale",
        "x * factor for a Python scalar (attention's 1/sqrt(d), Gemma's embedding scale).",
        ("scalar_mul",),
        params=(P("factor", "float", 1.0),),
        examples=(({"factor": 0.125}, ((2, 8),)), ({"factor": 2.0}, ((2, 3, 4),))),
    ),
    unary(
        "Normalize",
        "x / max(||x||_p, eps) along dim (F.normalize).",
        ("F.normalize", "l2norm", "L2Norm"),
        params=(P("p", "float", 2.0), P("dim", "int", 1), P("eps", "float", 1e-12)),
        examples=(({"dim": -1}, ((2, 8),)), ({"p": 1.0, "dim": 1}, ((2, 3, 4),))),
    ),
    unary(
        "Cumsum",
        "Cumulative sum along dim (position ids from masks).",
        ("torch.cumsum", "cumsum"),
        params=(P("dim", "int"),),
        examples=(({"dim": -1}, ((2, 8),)), ({"dim": 1}, ((2, 3, 4),))),
    ),
    unary(
        "Tril",
        "Lower triangle of the last two axes (causal masks).",
        ("torch.tril",),
        params=(P("diagonal", "int", 0),),
        examples=(({}, ((4, 4),)), ({"diagonal": 1}, ((2, 3, 5),))),
    ),
    unary(
        "Triu",
        "Upper triangle of the last two axes.",
        ("torch.triu",),
        params=(P("diagonal", "int", 0),),
        examples=(({}, ((4, 4),)), ({"diagonal": -1}, ((2, 3, 5),))),
    ),
    reduction("Mean", "Mean over dim (all axes when None).", ("torch.mean", "reduce_mean")),
    reduction("Sum", "Sum over dim (all axes when None).", ("torch.sum", "reduce_sum")),
    reduction("Amax", "Max over dim (values only).", ("torch.amax", "reduce_max")),
    reduction("Amin", "Min over dim (values only).", ("torch.amin", "reduce_min")),
    reduction(
        "Var",
        "Variance over dim (unbiased when correction=1).",
        ("torch.var",),
        params=(*_RED, P("correction", "int", 1)),
    ),
    reduction(
        "VectorNorm",
        "p-norm over dim (torch.linalg.vector_norm).",
        ("torch.norm", "torch.linalg.vector_norm", "linalg.norm"),
        params=(P("ord", "float", 2.0), *_RED),
    ),
    op(
        "Argmax",
        "Index of the max along dim (greedy decoding); int64 output.",
        (({"dim": -1}, ((2, 3, 8),)), ({"dim": 1, "keepdim": True}, ((2, 5),))),
        params=(P("dim", "int"), P("keepdim", "bool", False)),
        aliases=("torch.argmax",),
        shape=_arg_shape("Argmax"),
        macs=in_numel_macs,
        bad=(({"dim": 2}, ((2, 5),)),),
    ),
    op(
        "TopK",
        "The k largest values along dim (MoE routing); shape of the values output.",
        (({"k": 2, "dim": -1}, ((6, 8),)), ({"k": 1, "dim": 0}, ((4, 3),))),
        params=(P("k", "int"), P("dim", "int", -1), P("largest", "bool", True)),
        aliases=("torch.topk",),
        shape=lambda p, s: _topk_shape(p, s[0]),
        macs=in_numel_macs,
        bad=(({"k": 9, "dim": -1}, ((6, 8),)),),
    ),
    op(
        "MatMul",
        "torch.matmul semantics: 1-D promotion and broadcast batch dims.",
        (
            ({}, ((2, 4, 5, 8), (2, 4, 8, 6))),
            ({}, ((3, 8), (8,))),
            ({}, ((8,), (2, 8, 5))),
            ({}, ((2, 1, 3, 4), (5, 4, 6))),
        ),
        n_inputs=2,
        aliases=("torch.matmul", "operator.matmul", "matmul", "@"),
        shape=_matmul_shape,
        macs=_matmul_macs,
        bad=(({}, ((2, 3, 4), (5, 6))),),
    ),
    op(
        "BMM",
        "Batched (b, n, m) @ (b, m, p) -> (b, n, p).",
        (({}, ((2, 3, 4), (2, 4, 5))), ({}, ((1, 6, 2), (1, 2, 2)))),
        n_inputs=2,
        aliases=("torch.bmm", "bmm"),
        shape=_bmm_shape,
        macs=_matmul_macs,
        bad=(({}, ((2, 3, 4), (3, 4, 5))),),
    ),
    op(
        "FunctionalLinear",
        "F.linear(x, weight[, bias]) with weights passed in (tied heads, LoRA merges).",
        (({}, ((2, 5, 8), (16, 8))), ({}, ((3, 4), (6, 4), (6,)))),
        n_inputs=2,
        aliases=("F.linear", "torch.nn.functional.linear"),
        shape=_flinear_shape,
        macs=_matmul_macs,
        bad=(({}, ((2, 5, 8), (16, 7))),),
    ),
]


def _masked_shape(shapes):
    out = broadcast("MaskedFill", shapes[0], shapes[1])
    if len(out) != len(shapes[0]) or any(known(a, b) and a != b for a, b in zip(out, shapes[0])):
        raise ShapeError(
            f"MaskedFill mask {fmt(shapes[1])} must broadcast to input {fmt(shapes[0])}"
        )
    return tuple(shapes[0])


def _topk_shape(p, x):
    d = norm_axis("TopK", p["dim"], len(x), x)
    if isinstance(p["k"], int) and p["k"] < 0:
        raise ShapeError(f"TopK k={p['k']}: selected index k out of range")
    if known(x[d]) and p["k"] > x[d]:
        raise ShapeError(f"TopK k={p['k']} exceeds dim {p['dim']} of input shape {fmt(x)}")
    return tuple(p["k"] if i == d else v for i, v in enumerate(x))


LAYERS = checked(LAYERS)
