"""More layers of current models that torch.nn lacks: Mamba's selective-SSM mixer and causal
depthwise conv, ConvNeXt's LayerNorm2d and GRN, torchvision's FrozenBatchNorm2d, the scaled
word embedding of BART/Gemma and a depthwise-separable conv.

Grounding in the tests: transformers' MambaMixer and BartScaledWordEmbedding; the others are
short references written after timm/torchvision.
"""

from __future__ import annotations

from driftcheck.errors import ShapeError
from driftcheck.graph.catalogue._helpers import (
    checked,
    ex,
    hidden,
    known,
    matmul_macs,
    out_numel_macs,
    rows,
)
from driftcheck.graph.catalogue.spec import (
    LayerSpec,
    P,
    conv_out,
    expect_dim,
    expect_rank,
    fmt,
    numel,
)


# ---------------------------------------------------------------- Mamba
def _mamba_resolved(p):
    inter = p["intermediate_size"] or p["expand"] * p["hidden_size"]
    rank = p["time_step_rank"] or -(-p["hidden_size"] // 16)
    return inter, rank


def _mamba_weights(p):
    h, s, k = p["hidden_size"], p["state_size"], p["conv_kernel"]
    i, r = _mamba_resolved(p)
    w = {"A_log": (i, s), "D": (i,), "conv1d.weight": (i, 1, k)}
    if p["use_conv_bias"]:
        w["conv1d.bias"] = (i,)
    w["in_proj.weight"] = (2 * i, h)
    if p["use_bias"]:
        w["in_proj.bias"] = (2 * i,)
    w["x_proj.weight"] = (r + 2 * s, i)
    w["dt_proj.weight"] = (i, r)
    w["dt_proj.bias"] = (i,)
    w["out_proj.weight"] = (h, i)
    if p["use_bias"]:
        w["out_proj.bias"] = (h,)
    return w


def _mamba_shape(p, shapes):
    x = shapes[0]
    expect_rank("MambaMixer", x, (3,))
    expect_dim("MambaMixer", x, -1, p["hidden_size"], "hidden_size")
    return tuple(x)


def _mamba_macs(p, shapes, out):
    i, _ = _mamba_resolved(p)
    t = rows(shapes[0])
    scan = t * i * p["state_size"] * 3  # discretize, update state, read out
    return matmul_macs(_mamba_weights(p), t) + t * i * p["conv_kernel"] + scan


MAMBA = LayerSpec(
    name="MambaMixer",
    family="recurrent",
    params=(
        hidden(),
        P("state_size", "int", 16, dim=True, aliases=("d_state",)),
        P("conv_kernel", "int", 4, aliases=("d_conv",)),
        P("expand", "int", 2),
        P("intermediate_size", "int", None, dim=True, aliases=("d_inner",)),
        P("time_step_rank", "int", None, dim=True, aliases=("dt_rank",)),
        P("use_bias", "bool", False),
        P("use_conv_bias", "bool", True),
    ),
    weights=_mamba_weights,
    shape=_mamba_shape,
    macs=_mamba_macs,
    role="mixer",
    aliases=("Mamba", "MambaBlock", "SelectiveSSM", "S6"),
    doc="Mamba (S6) token mixer as transformers' MambaMixer: in_proj, causal depthwise conv1d, "
    "x_proj/dt_proj, A_log and D, out_proj. intermediate = expand * hidden; dt_rank = "
    "ceil(hidden / 16) by default.",
    extra={
        "reference": "hf_mamba",
        "bad": ex(({"hidden_size": 16, "state_size": 4}, ((2, 5, 12),))),
    },
    examples=ex(
        ({"hidden_size": 16, "state_size": 4, "time_step_rank": 3}, ((2, 5, 16),)),
        (
            {"hidden_size": 24, "state_size": 8, "expand": 1, "conv_kernel": 3, "use_bias": True},
            ((1, 4, 24),),
        ),
    ),
)


def _causal_conv_shape(p, shapes):
    x = shapes[0]
    expect_rank("CausalConv1d", x, (2, 3))
    expect_dim("CausalConv1d", x, -2, p["in_channels"], "in_channels")
    return (*x[:-2], p["out_channels"], x[-1])


def _causal_conv_weights(p):
    w = {"weight": (p["out_channels"], p["in_channels"] // p["groups"], p["kernel_size"])}
    if p["bias"]:
        w["bias"] = (p["out_channels"],)
    return w


CAUSAL_CONV = LayerSpec(
    name="CausalConv1d",
    family="conv",
    params=(
        P("in_channels", dim=True),
        P("out_channels", dim=True),
        P("kernel_size", dim=True),
        P("groups", "int", 1),
        P("bias", "bool", True),
        P("dilation", "int", 1),
    ),
    weights=_causal_conv_weights,
    shape=_causal_conv_shape,
    macs=lambda p, s, o: (numel(o) or 0) * (p["in_channels"] // p["groups"]) * p["kernel_size"],
    role="conv",
    aliases=("causal_conv1d", "ShortConv"),
    doc="Conv1d padded by dilation*(k-1) and cut back to the input length, so no step sees the "
    "future (Mamba, Hyena, WaveNet); groups=channels is depthwise.",
    extra={
        "reference": "causal_conv1d",
        "bad": ex(({"in_channels": 8, "out_channels": 8, "kernel_size": 4}, ((2, 6, 10),))),
    },
    examples=ex(
        ({"in_channels": 8, "out_channels": 8, "kernel_size": 4, "groups": 8}, ((2, 8, 10),)),
        (
            {"in_channels": 4, "out_channels": 6, "kernel_size": 3, "dilation": 2, "bias": False},
            ((4, 7),),
        ),
    ),
)


# ---------------------------------------------------------------- ConvNeXt norms
def _ln2d_shape(p, shapes):
    x = shapes[0]
    expect_rank("LayerNorm2d", x, (4,))
    expect_dim("LayerNorm2d", x, 1, p["num_channels"], "num_channels")
    return tuple(x)


LN2D = LayerSpec(
    name="LayerNorm2d",
    family="norm",
    params=(P("num_channels", dim=True, aliases=("channels", "dim")), P("eps", "float", 1e-6)),
    weights=lambda p: {"weight": (p["num_channels"],), "bias": (p["num_channels"],)},
    shape=_ln2d_shape,
    role="norm",
    aliases=("ChannelsFirstLayerNorm", "ConvNextLayerNorm"),
    doc="LayerNorm over the channel axis of (N, C, H, W) (ConvNeXt, SAM; timm LayerNorm2d).",
    extra={"reference": "layer_norm_2d", "bad": ex(({"num_channels": 8}, ((2, 6, 4, 4),)))},
    examples=ex(
        ({"num_channels": 8}, ((2, 8, 4, 4),)), ({"num_channels": 3, "eps": 1e-5}, ((1, 3, 5, 2),))
    ),
)


def _grn_shape(p, shapes):
    x = shapes[0]
    expect_rank("GRN", x, (4,))
    expect_dim("GRN", x, -1, p["dim"], "dim (channels last)")
    return tuple(x)


GRN = LayerSpec(
    name="GRN",
    family="norm",
    params=(P("dim", dim=True, aliases=("channels", "hidden_size")), P("eps", "float", 1e-6)),
    weights=lambda p: {"gamma": (1, 1, 1, p["dim"]), "beta": (1, 1, 1, p["dim"])},
    shape=_grn_shape,
    role="norm",
    aliases=("GlobalResponseNorm", "ConvNextV2GRN"),
    doc="ConvNeXt-V2 global response normalization of channels-last (N, H, W, C) input.",
    extra={"reference": "grn", "bad": ex(({"dim": 8}, ((2, 4, 4, 6),)))},
    examples=ex(({"dim": 8}, ((2, 4, 4, 8),)), ({"dim": 3}, ((1, 2, 5, 3),))),
)


def _frozen_shape(p, shapes):
    x = shapes[0]
    expect_rank("FrozenBatchNorm2d", x, (4,))
    expect_dim("FrozenBatchNorm2d", x, 1, p["num_features"], "num_features")
    return tuple(x)


FROZEN_BN = LayerSpec(
    name="FrozenBatchNorm2d",
    family="norm",
    params=(P("num_features", dim=True), P("eps", "float", 1e-5)),
    shape=_frozen_shape,
    role="norm",
    aliases=("torchvision.ops.FrozenBatchNorm2d", "FrozenBN"),
    doc="BatchNorm2d with fixed statistics and affine terms stored as buffers (detection "
    "backbones): no trainable parameters.",
    extra={"reference": "frozen_bn", "bad": ex(({"num_features": 8}, ((2, 6, 4, 4),)))},
    examples=ex(({"num_features": 8}, ((2, 8, 4, 4),)), ({"num_features": 3}, ((1, 3, 5, 2),))),
)


# ---------------------------------------------------------------- embeddings, separable conv
SCALED_EMB = LayerSpec(
    name="ScaledWordEmbedding",
    family="embedding",
    params=(
        P("num_embeddings", dim=True, aliases=("vocab_size",)),
        P("embedding_dim", dim=True, aliases=("hidden_size", "d_model")),
        P("padding_idx", "int", None, aliases=("pad_token_id",)),
        P("embed_scale", "float", 1.0),
    ),
    weights=lambda p: {"weight": (p["num_embeddings"], p["embedding_dim"])},
    shape=lambda p, s: (*s[0], p["embedding_dim"]),
    macs=out_numel_macs,
    role="embedding",
    aliases=("BartScaledWordEmbedding", "Gemma3TextScaledWordEmbedding", "ScaledEmbedding"),
    doc="Embedding whose output is multiplied by embed_scale (sqrt(d_model) in BART/Gemma).",
    extra={
        "reference": "hf_scaled_embedding",
        "input_dtype": ("long",),
        "no_bad": "ids of any shape",
    },
    examples=ex(
        (
            {"num_embeddings": 50, "embedding_dim": 16, "padding_idx": 1, "embed_scale": 4.0},
            ((2, 7),),
        ),
        ({"num_embeddings": 20, "embedding_dim": 8, "padding_idx": 0}, ((5,),)),
    ),
)


def _sep_weights(p):
    c, o, k = p["in_channels"], p["out_channels"], p["kernel_size"]
    w = {"conv_dw.weight": (c, 1, k, k), "conv_pw.weight": (o, c, 1, 1)}
    if p["bias"]:
        w["conv_dw.bias"] = (c,)
        w["conv_pw.bias"] = (o,)
    return w


def _sep_shape(p, shapes):
    x = shapes[0]
    expect_rank("DepthwiseSeparableConv2d", x, (4,))
    expect_dim("DepthwiseSeparableConv2d", x, 1, p["in_channels"], "in_channels")
    k, s, pad = p["kernel_size"], p["stride"], p["kernel_size"] // 2
    h, w = (conv_out(v, k, s, pad, 1) for v in x[2:])
    if known(h, w) and (h < 1 or w < 1):
        raise ShapeError(f"DepthwiseSeparableConv2d kernel too large for {fmt(x)}")
    return (x[0], p["out_channels"], h, w)


SEP_CONV = LayerSpec(
    name="DepthwiseSeparableConv2d",
    family="conv",
    params=(
        P("in_channels", dim=True),
        P("out_channels", dim=True),
        P("kernel_size", "int", 3),
        P("stride", "int", 1),
        P("bias", "bool", False),
    ),
    weights=_sep_weights,
    shape=_sep_shape,
    macs=lambda p, s, o: (
        (numel((o[0], p["in_channels"], *o[2:])) or 0) * p["kernel_size"] ** 2
        + (numel(o) or 0) * p["in_channels"]
    ),
    role="conv",
    aliases=("SeparableConv2d",),
    doc="MobileNet/Xception separable conv: depthwise kxk conv_dw (padding k//2) then 1x1 "
    "conv_pw (timm naming).",
    extra={
        "reference": "separable_conv",
        "bad": ex(({"in_channels": 8, "out_channels": 16}, ((2, 6, 8, 8),))),
    },
    examples=ex(
        ({"in_channels": 8, "out_channels": 16}, ((2, 8, 8, 8),)),
        (
            {"in_channels": 4, "out_channels": 4, "kernel_size": 5, "stride": 2, "bias": True},
            ((1, 4, 9, 9),),
        ),
    ),
)

LAYERS = [MAMBA, CAUSAL_CONV, LN2D, GRN, FROZEN_BN, SCALED_EMB, SEP_CONV]

LAYERS = checked(LAYERS)
