"""Layers of current models that torch.nn lacks: GPT-2's Conv1D, ViT patch embedding,
positional embeddings (learned, sinusoidal, rotary), LayerScale, DropPath, squeeze-excitation.

Each one is checked in the tests against transformers' real class where one exists, otherwise
against a small reference in ``tests/reference_layers.py`` written after the original code.
"""

from __future__ import annotations

from driftcheck.errors import ShapeError
from driftcheck.graph.catalogue._helpers import (
    checked,
    ex,
    hidden,
    known,
    last_dim,
    out_numel_macs,
    rows,
    zero_macs,
)
from driftcheck.graph.catalogue.spec import LayerSpec, P, expect_dim, expect_rank, fmt, numel


# ---------------------------------------------------------------- GPT-2 Conv1D
def _conv1d_shape(p, shapes):
    x = shapes[0]
    expect_dim("Conv1D", x, -1, p["nx"], "nx (in features)")
    return (*x[:-1], p["nf"])


CONV1D = LayerSpec(
    name="Conv1D",
    family="linear",
    params=(
        P("nf", dim=True, aliases=("out_features",), doc="output features"),
        P("nx", dim=True, aliases=("in_features",), doc="input features"),
    ),
    weights=lambda p: {"weight": (p["nx"], p["nf"]), "bias": (p["nf"],)},
    shape=_conv1d_shape,
    macs=lambda p, s, o: rows(s[0]) * p["nx"] * p["nf"],
    role="linear",
    aliases=("transformers.pytorch_utils.Conv1D", "GPT2Conv1D"),
    doc="GPT-2's linear with a transposed weight (nx, nf); not a convolution.",
    extra={"bad": ex(({"nf": 96, "nx": 32}, ((2, 5, 31),))), "reference": "hf_conv1d"},
    examples=ex(({"nf": 96, "nx": 32}, ((2, 5, 32),)), ({"nf": 8, "nx": 24}, ((3, 24),))),
)


# ---------------------------------------------------------------- ViT patch embedding
def _patch_weights(p):
    k = p["patch_size"]
    w = {"proj.weight": (p["hidden_size"], p["num_channels"], k, k)}
    if p["bias"]:
        w["proj.bias"] = (p["hidden_size"],)
    return w


def _patch_shape(p, shapes):
    x = shapes[0]
    expect_rank("PatchEmbedding", x, (4,))
    expect_dim("PatchEmbedding", x, 1, p["num_channels"], "num_channels")
    k = p["patch_size"]
    for axis in (2, 3):
        size = x[axis]
        if p["image_size"] is not None:
            expect_dim("PatchEmbedding", x, axis, p["image_size"], "image_size")
        if isinstance(size, int) and size < k:
            raise ShapeError(f"PatchEmbedding patch_size={k} exceeds input shape {fmt(x)}")
    if known(x[2], x[3]):
        n = (x[2] // k) * (x[3] // k)
    else:
        n = None
    return (x[0], n, p["hidden_size"])


PATCH = LayerSpec(
    name="PatchEmbedding",
    family="embedding",
    params=(
        P("image_size", default=None, dim=True, aliases=("img_size",)),
        P("patch_size", dim=True),
        P("num_channels", default=3, dim=True, aliases=("in_chans", "in_channels")),
        hidden(),
        P("bias", "bool", True),
    ),
    weights=_patch_weights,
    shape=_patch_shape,
    macs=lambda p, s, o: (numel(o) or 0) * p["num_channels"] * p["patch_size"] * p["patch_size"],
    role="embedding",
    aliases=("PatchEmbed", "ViTPatchEmbeddings", "PatchEmbeddings"),
    doc="ViT patches: Conv2d(kernel=stride=patch) then flatten: (B, C, H, W) -> (B, N, hidden).",
    extra={
        "bad": ex(({"patch_size": 8, "num_channels": 3, "hidden_size": 16}, ((2, 4, 32, 32),))),
        "reference": "patch_embedding",
    },
    examples=ex(
        (
            {"image_size": 32, "patch_size": 8, "num_channels": 3, "hidden_size": 48},
            ((2, 3, 32, 32),),
        ),
        ({"patch_size": 4, "num_channels": 1, "hidden_size": 16, "bias": False}, ((1, 1, 12, 8),)),
    ),
)


# ---------------------------------------------------------------- positions
def _pos_shape(layer):
    def rule(p, shapes):
        x = shapes[0]
        return (*x, p["hidden_size"])

    return rule


POS = LayerSpec(
    name="PositionalEmbedding",
    family="embedding",
    params=(
        P(
            "num_positions",
            dim=True,
            aliases=("max_position_embeddings", "n_positions", "block_size"),
        ),
        hidden(),
    ),
    weights=lambda p: {"weight": (p["num_positions"], p["hidden_size"])},
    shape=_pos_shape("PositionalEmbedding"),
    macs=zero_macs,
    role="embedding",
    aliases=(
        "LearnedPositionalEmbedding",
        "wpe",
        "position_embeddings",
        "AbsolutePositionEmbedding",
    ),
    doc="Learned absolute positions: an Embedding(num_positions, hidden) indexed by position ids.",
    extra={
        "no_bad": "position ids of any shape index the table",
        "reference": "positional_embedding",
        "input_dtype": ("long",),
    },
    examples=ex(
        ({"num_positions": 16, "hidden_size": 32}, ((2, 7),)),
        ({"num_positions": 64, "hidden_size": 8}, ((5,),)),
    ),
)

SINUS = LayerSpec(
    name="SinusoidalPositionalEmbedding",
    family="embedding",
    params=(hidden(), P("base", "float", 10000.0), P("num_positions", default=None)),
    shape=_pos_shape("SinusoidalPositionalEmbedding"),
    macs=out_numel_macs,
    role="embedding",
    aliases=("SinusoidalPositionEmbedding", "PositionalEncoding", "FixedPositionalEmbedding"),
    doc="Fixed sin/cos positions of 'Attention is all you need' (no weights): ids -> (..., hidden).",
    extra={
        "no_bad": "positions of any shape are encoded",
        "reference": "sinusoidal",
        "input_dtype": ("long",),
    },
    examples=ex(({"hidden_size": 16}, ((2, 5),)), ({"hidden_size": 10, "base": 500.0}, ((7,),))),
)


def _rope_shape(p, shapes):
    x = shapes[0]
    expect_rank("RotaryEmbedding", x, (1, 2))
    return (*x, p["head_dim"])


ROPE = LayerSpec(
    name="RotaryEmbedding",
    family="embedding",
    params=(
        P("head_dim", dim=True, aliases=("dim", "rotary_dim", "rotary_emb_dim")),
        P("max_position_embeddings", default=2048, aliases=("max_seq_len", "max_positions")),
        P("base", "float", 10000.0, aliases=("rope_theta", "theta", "rope_base")),
    ),
    shape=_rope_shape,
    macs=out_numel_macs,
    role="rotary",
    aliases=("RoPE", "LlamaRotaryEmbedding", "RotaryPositionalEmbedding", "RotaryEmbeddings"),
    doc="Rotary positions: position ids (B, T) -> cos/sin tables (B, T, head_dim); no weights "
    "(inv_freq is a buffer).",
    extra={
        "no_bad": "position ids are not checked against head_dim",
        "reference": "hf_rotary",
        "input_dtype": ("long",),
    },
    examples=ex(
        ({"head_dim": 16}, ((2, 5),)),
        ({"head_dim": 8, "max_position_embeddings": 64, "base": 500000.0}, ((1, 9),)),
    ),
)


# ---------------------------------------------------------------- residual helpers
LAYERSCALE = LayerSpec(
    name="LayerScale",
    family="custom",
    params=(
        P("dim", dim=True, aliases=("hidden_size", "embed_dim", "projection_dim")),
        P("init_values", "float", 1e-5, aliases=("layer_scale_init_value", "init_value")),
    ),
    weights=lambda p: {"gamma": (p["dim"],)},
    shape=last_dim("LayerScale", "dim"),
    role="scale",
    aliases=("LayerScale2d",),
    doc="Learned per-channel residual scale gamma (CaiT, DINOv2; timm names it gamma).",
    extra={"bad": ex(({"dim": 16}, ((2, 5, 15),))), "reference": "layer_scale"},
    examples=ex(({"dim": 16}, ((2, 5, 16),)), ({"dim": 8, "init_values": 0.1}, ((8,),))),
)

DROPPATH = LayerSpec(
    name="DropPath",
    family="dropout",
    params=(
        P("drop_prob", "float", 0.0, aliases=("p", "drop_path_rate", "drop_path")),
        P("mode", "str", "row"),
    ),
    macs=zero_macs,
    role="dropout",
    aliases=("StochasticDepth", "torchvision.ops.StochasticDepth", "DropPath2d"),
    doc="Stochastic depth: drops whole residual branches per sample in training; identity shape.",
    extra={"reference": "drop_path"},
    examples=ex(({"drop_prob": 0.1}, ((2, 5, 8),)), ({"drop_prob": 0.0}, ((3, 4, 5, 6),))),
)


def _se_weights(p):
    c, s = p["input_channels"], p["squeeze_channels"]
    return {
        "fc1.weight": (s, c, 1, 1),
        "fc1.bias": (s,),
        "fc2.weight": (c, s, 1, 1),
        "fc2.bias": (c,),
    }


def _se_shape(p, shapes):
    x = shapes[0]
    expect_rank("SqueezeExcitation", x, (3, 4))
    expect_dim("SqueezeExcitation", x, -3, p["input_channels"], "input_channels")
    return tuple(x)


SE = LayerSpec(
    name="SqueezeExcitation",
    family="custom",
    params=(
        P("input_channels", dim=True, aliases=("channels", "in_chs", "in_channels")),
        P("squeeze_channels", dim=True, aliases=("rd_channels", "reduced_channels")),
    ),
    weights=_se_weights,
    shape=_se_shape,
    macs=lambda p, s, o: (
        (s[0][0] if len(s[0]) == 4 and known(s[0][0]) else 1)
        * 2
        * p["input_channels"]
        * p["squeeze_channels"]
    ),
    role="attention",
    aliases=("torchvision.ops.SqueezeExcitation", "SEModule", "SqueezeExcite"),
    doc="Channel attention (torchvision naming): pool -> fc1 1x1 -> ReLU -> fc2 1x1 -> sigmoid "
    "-> scale; (N, C, H, W) -> same.",
    extra={
        "bad": ex(({"input_channels": 16, "squeeze_channels": 4}, ((2, 12, 5, 5),))),
        "reference": "squeeze_excitation",
    },
    examples=ex(
        ({"input_channels": 16, "squeeze_channels": 4}, ((2, 16, 5, 5),)),
        ({"input_channels": 8, "squeeze_channels": 2}, ((8, 3, 3),)),
    ),
)

LAYERS = [CONV1D, PATCH, POS, SINUS, ROPE, LAYERSCALE, DROPPATH, SE]

LAYERS = checked(LAYERS)
