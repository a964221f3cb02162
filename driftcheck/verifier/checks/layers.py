"""LAY: one layer's own attributes, the values torch refuses at construction or first forward.

These run first (phase 0) and claim the node, so a shape error the same bad value causes
downstream is not reported twice.
"""

from __future__ import annotations

import re
from typing import Any

from driftcheck.graph import catalogue
from driftcheck.graph.catalogue.spec import CatalogueError
from driftcheck.graph.prepared import block_spec, layer_spec
from driftcheck.graph.shapes import bind_cached
from driftcheck.verifier.base import BLOCKER, WARNING, Source, check
from driftcheck.verifier.build import L, seq
from driftcheck.verifier.context import Context

CONV = re.compile(r"^(Conv|ConvTranspose)[123]d$")
POOL = re.compile(r"^(MaxPool|AvgPool)[123]d$")
CONV_TYPES = tuple(f"{k}{d}d" for k in ("Conv", "ConvTranspose") for d in (1, 2, 3))
POOL_TYPES = tuple(f"{k}{d}d" for k in ("MaxPool", "AvgPool") for d in (1, 2, 3))
"""Every name CONV / POOL match (the checks' gates)."""
DROPOUT = ("Dropout", "Dropout1d", "Dropout2d", "Dropout3d", "AlphaDropout", "FeatureAlphaDropout")
# layers whose constructor range-checks ``dropout`` as nn.Dropout does (an RNN: "dropout should
# be a number in range [0, 1]"; a transformer layer builds nn.Dropout(dropout)); not
# MultiheadAttention, which keeps any float (crashfix33, tests/test_crash33b.py)
DROPOUT_ARG = ("LSTM", "GRU", "RNN", "TransformerEncoderLayer", "TransformerDecoderLayer",
               "Transformer")  # fmt: skip
NORMS = (
    "LayerNorm",
    "RMSNorm",
    "GroupNorm",
    "BatchNorm1d",
    "BatchNorm2d",
    "BatchNorm3d",
    "InstanceNorm1d",
    "InstanceNorm2d",
    "InstanceNorm3d",
)


DROP_CODE = """\
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(16, 16)
        self.drop = nn.Dropout({p})

    def forward(self, x):
        return self.drop(self.fc(x))
"""


def _ints(v: Any) -> tuple:
    if isinstance(v, (list, tuple)):
        return tuple(v)
    return (v,)


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _conv(i=4, o=8, k=3, **kw):
    return L("Conv2d", in_channels=i, out_channels=o, kernel_size=k, **kw)


def _types(ctx: Context, pattern: re.Pattern) -> list[str]:
    return [t for t in ctx.by_type if pattern.match(t)]


@check(
    "LAY001",
    "dropout-probability-range",
    BLOCKER,
    types=(*DROPOUT, "CausalSelfAttention", *DROPOUT_ARG),
    phase=0,
    claims=True,
    what="A dropout probability outside [0, 1].",
    why="nn.Dropout raises `dropout probability has to be between 0 and 1` in its constructor.",
    fix="Use a probability in [0, 1) (0.1 is common; a percentage like 10 is the usual typo).",
    valid=[
        Source(DROP_CODE.format(p=0.1)),
        seq((2, 5, 32), L("CausalSelfAttention", n_embd=32, n_head=4, dropout=0.1)),
    ],
    invalid=[
        Source(DROP_CODE.format(p=1.5)),
        seq((2, 5, 32), L("CausalSelfAttention", n_embd=32, n_head=4, dropout=10.0)),
        seq((2, 8), L("Dropout", p=1.5)),
    ],
)
def dropout_range(ctx: Context):
    def judge(n):
        p = ctx.bound(n) or {}
        v = p.get("p", p.get("dropout"))
        if isinstance(v, (int, float)) and not isinstance(v, bool) and not 0 <= v <= 1:
            return f"dropout probability {v} is outside [0, 1]"
        return None

    types = (*DROPOUT, "CausalSelfAttention", *DROPOUT_ARG)
    for n, why in ctx.verdicts(judge, *types, memo="LAY001"):
        yield ctx.hit(n, f"{ctx.where(n)}: {why}")


def _negative(ctx: Context, n) -> str | None:
    spec, p = layer_spec(n.type), ctx.bound(n)
    if spec is None or p is None:
        return None
    for name in spec.dims():
        if any(_int(v) and v < 0 for v in _ints(p.get(name))):
            return f"{name}={p.get(name)} is negative"
    return None


def _zero(ctx: Context, n) -> str | None:
    spec, p = layer_spec(n.type), ctx.bound(n)
    if spec is None or p is None:
        return None
    for par in spec.params:
        v = p.get(par.name)
        if par.dim and _int(v) and v == 0 and par.default != 0:
            return f"{par.name}=0"
    return None


@check(
    "LAY002",
    "negative-dimension",
    BLOCKER,
    phase=0,
    claims=True,
    what="A layer size (features, channels, heads, vocabulary ...) is negative.",
    why="torch cannot allocate the weight: `Trying to create tensor with negative dimension`.",
    fix="Fix the size; negative values usually come from a subtraction gone wrong.",
    valid=[seq((2, 8), L("Linear", in_features=8, out_features=4))],
    invalid=[seq((2, 8), L("Linear", in_features=8, out_features=-4))],
    local=_negative,
)
def negative_dimension(ctx: Context):
    def judge(n):
        return _negative(ctx, n)

    yield from ctx.each(judge, memo="LAY002")


@check(
    "LAY003",
    "zero-dimension",
    WARNING,
    what="A layer size is zero.",
    why="The layer builds but holds and produces nothing (empty tensors): a config value "
    "that was never filled in.",
    fix="Set the size; remove the layer if it is meant to be absent.",
    valid=[seq((2, 8), L("Linear", in_features=8, out_features=4))],
    invalid=[seq((2, 8), L("Linear", in_features=8, out_features=0))],
    local=_zero,
)
def zero_dimension(ctx: Context):
    def judge(n):
        return _zero(ctx, n)

    yield from ctx.each(judge, skip_claimed=True, memo="LAY003")


@check(
    "LAY004",
    "conv-groups-mismatch",
    BLOCKER,
    types=CONV_TYPES,
    phase=0,
    claims=True,
    what="A convolution's channel counts are not divisible by its groups.",
    why="nn.Conv2d raises `in_channels must be divisible by groups` (or out_channels) in its "
    "constructor.",
    fix="Make groups divide both channel counts (depthwise: groups = in_channels).",
    valid=[seq((1, 4, 8, 8), _conv(4, 8, groups=2))],
    invalid=[seq((1, 4, 8, 8), _conv(4, 6, groups=4)), seq((1, 6, 8, 8), _conv(6, 8, groups=4))],
)
def conv_groups(ctx: Context):
    def judge(n):
        v = ctx.ints(n, "in_channels", "out_channels", "groups")
        if v and v[2] > 0 and (v[0] % v[2] or v[1] % v[2]):
            return f"channels {v[0]} -> {v[1]} not divisible by groups={v[2]}"
        return None

    for n, why in ctx.verdicts(judge, *_types(ctx, CONV), memo="LAY004"):
        yield ctx.hit(n, f"{ctx.where(n)}: {why}")


@check(
    "LAY005",
    "nonpositive-stride",
    BLOCKER,
    types=(*CONV_TYPES, *POOL_TYPES),
    phase=0,
    claims=True,
    what="A convolution or pooling layer with a stride, dilation or kernel size of zero or less.",
    why="torch raises `non-positive stride is not supported` (or `dilation should be greater "
    "than zero`, or a negative-size error for the kernel) at the first forward.",
    fix="Use positive strides, dilations and kernel sizes.",
    valid=[seq((1, 4, 8, 8), _conv(4, 8, stride=2))],
    invalid=[
        seq((1, 4, 8, 8), _conv(4, 8, stride=0)),
        seq((1, 4, 8, 8), L("MaxPool2d", kernel_size=2, stride=0)),
    ],
)
def nonpositive_stride(ctx: Context):
    def judge(n):
        p = ctx.bound(n) or {}
        for key in ("stride", "dilation", "kernel_size"):
            vals = [v for v in _ints(p.get(key)) if _int(v)]
            if any(v <= 0 for v in vals):
                return f"{key}={p.get(key)} must be positive"
        return None

    for n, why in ctx.verdicts(judge, *_types(ctx, CONV), *_types(ctx, POOL), memo="LAY005"):
        yield ctx.hit(n, f"{ctx.where(n)}: {why}")


@check(
    "LAY006",
    "padding-idx-out-of-range",
    BLOCKER,
    types=("Embedding",),
    phase=0,
    claims=True,
    what="An Embedding's padding_idx is not a row of the table.",
    why="nn.Embedding asserts `Padding_idx must be within num_embeddings` in its constructor.",
    fix="Use an index in [-num_embeddings, num_embeddings) (the pad token id).",
    valid=[
        seq(
            (2, 5), L("Embedding", num_embeddings=10, embedding_dim=4, padding_idx=0), dtype="int64"
        )
    ],
    invalid=[
        seq(
            (2, 5),
            L("Embedding", num_embeddings=10, embedding_dim=4, padding_idx=10),
            dtype="int64",
        )
    ],
)
def padding_idx_range(ctx: Context):
    def judge(n):
        p = ctx.bound(n) or {}
        num, idx = p.get("num_embeddings"), p.get("padding_idx")
        if _int(num) and _int(idx) and not -num <= idx < num:
            return f"padding_idx={idx} outside [-{num}, {num})"
        return None

    for n, why in ctx.verdicts(judge, "Embedding", memo="LAY006"):
        yield ctx.hit(n, f"{ctx.where(n)}: {why}")


@check(
    "LAY007",
    "group-norm-groups",
    BLOCKER,
    types=("GroupNorm",),
    phase=0,
    claims=True,
    what="GroupNorm's channel count is not divisible by its number of groups.",
    why="nn.GroupNorm raises `num_channels must be divisible by num_groups` in its constructor.",
    fix="Choose num_groups dividing num_channels (32 groups for 64, 128, 256 ... channels).",
    valid=[seq((1, 64, 4, 4), L("GroupNorm", num_groups=32, num_channels=64))],
    invalid=[seq((1, 48, 4, 4), L("GroupNorm", num_groups=32, num_channels=48))],
)
def group_norm_groups(ctx: Context):
    def judge(n):
        v = ctx.ints(n, "num_groups", "num_channels")
        return f"{v[1]} channels in {v[0]} groups" if v and v[0] > 0 and v[1] % v[0] else None

    for n, why in ctx.verdicts(judge, "GroupNorm", memo="LAY007"):
        yield ctx.hit(n, f"{ctx.where(n)}: {why}")


@check(
    "LAY008",
    "norm-epsilon-range",
    WARNING,
    types=NORMS,
    what="A normalization layer's epsilon is zero, negative, or unusually large (a threshold).",
    why="eps <= 0 divides by zero on constant inputs (NaN); a large eps (1e-1) changes the "
    "model's outputs relative to the checkpoint it was trained with.",
    fix="Use the trained value (1e-5 or 1e-6 typically).",
    valid=[seq((2, 8), L("LayerNorm", normalized_shape=8, eps=1e-5))],
    invalid=[
        seq((2, 8), L("LayerNorm", normalized_shape=8, eps=0.0)),
        seq((2, 8), L("RMSNorm", normalized_shape=8, eps=0.5)),
    ],
)
def norm_epsilon(ctx: Context):
    limit = ctx.options.threshold("max_norm_eps")

    def judge(n):
        eps = (ctx.bound(n) or {}).get("eps")
        bad = isinstance(eps, (int, float)) and not isinstance(eps, bool)
        return f"eps={eps}" if bad and (eps <= 0 or eps > limit) else None

    yield from ctx.each(judge, *NORMS, memo=("LAY008", repr(limit)))


@check(
    "LAY009",
    "pool-padding-too-large",
    BLOCKER,
    types=POOL_TYPES,
    phase=0,
    claims=True,
    what="A pooling layer pads by more than half its kernel.",
    why="torch raises `pad should be at most half of effective kernel size` at the first forward.",
    fix="Use padding <= kernel_size // 2.",
    valid=[seq((1, 4, 8, 8), L("MaxPool2d", kernel_size=3, padding=1))],
    invalid=[seq((1, 4, 8, 8), L("MaxPool2d", kernel_size=2, padding=2))],
)
def pool_padding(ctx: Context):
    def judge(n):
        p = ctx.bound(n) or {}
        ks, pads = _ints(p.get("kernel_size")), _ints(p.get("padding"))
        if len(ks) == 1:
            ks = ks * len(pads)
        if len(pads) == 1:
            pads = pads * len(ks)
        if any(_int(k) and _int(q) and q > k // 2 for k, q in zip(ks, pads)):
            return f"padding={p.get('padding')} > kernel_size / 2"
        return None

    for n, why in ctx.verdicts(judge, *_types(ctx, POOL), memo="LAY009"):
        yield ctx.hit(n, f"{ctx.where(n)}: {why}")


@check(
    "LAY010",
    "unknown-activation",
    WARNING,
    types=("GatedMLP", "MLP", "MoEExperts", "SparseMoE"),
    what="An MLP names an activation function nobody knows.",
    why="transformers looks activations up in ACT2FN: an unknown name raises KeyError when the "
    "model is built.",
    fix="Use a known name (silu, gelu, gelu_pytorch_tanh, relu, ...; `driftcheck layers "
    "--family activation`).",
    valid=[seq((2, 16), L("GatedMLP", hidden_size=16, intermediate_size=32, activation="silu"))],
    invalid=[
        seq((2, 16), L("GatedMLP", hidden_size=16, intermediate_size=32, activation="swishy"))
    ],
)
def unknown_activation(ctx: Context):
    def judge(n):
        act = (ctx.bound(n) or {}).get("activation")
        if not isinstance(act, str):
            return None
        name = catalogue.lookup(act)
        spec = layer_spec(name) if name else None
        if spec is None or spec.family != "activation":
            return f"activation {act!r} is not a known activation"
        return None

    for n, why in ctx.verdicts(judge, "GatedMLP", "MLP", "MoEExperts", "SparseMoE", memo="LAY010"):
        yield ctx.hit(n, f"{ctx.where(n)}: {why}")


def _binds_badly(ctx: Context, n) -> str | None:
    """LAY011's verdict on a group, whatever its unresolved attributes (the check then
    skips nodes with some: it can fire only where this is truthy)."""
    return _bind_error(n)


@check(
    "LAY011",
    "bad-layer-params",
    BLOCKER,
    phase=0,
    claims=True,
    what="A hand-built node's attributes do not fit its layer: an unknown attribute, a missing "
    "required one, or a value of the wrong type.",
    why="The layer's constructor raises TypeError (`unexpected keyword argument`, `missing "
    "required argument`): the graph cannot be built.",
    fix="Use the layer's attribute names (`driftcheck layers`); the message lists them.",
    valid=[seq((2, 8), L("Linear", in_features=8, out_features=4))],
    invalid=[
        seq((2, 8), L("Linear", in_features=8, out_feature=4)),
        seq((2, 8), L("Linear", in_features=8)),
    ],
    local=_binds_badly,
)
def bad_layer_params(ctx: Context):
    if not ctx.hand_built:
        return

    def judge(n):
        return None if n.unresolved else ctx.remember("LAY011", _bind_error, n)

    yield from ctx.each(judge)


def _bind_error(n) -> str | None:
    """Why the node's params do not bind to its catalogue entry (None when they do)."""
    spec = layer_spec(n.type) or block_spec(n.type)
    if spec is None:
        return None
    try:
        bind_cached(spec, n.params)
    except CatalogueError as e:
        return e.message
    return None


CHECKS = [
    dropout_range,
    negative_dimension,
    zero_dimension,
    conv_groups,
    nonpositive_stride,
    padding_idx_range,
    group_norm_groups,
    norm_epsilon,
    pool_padding,
    unknown_activation,
    bad_layer_params,
]
