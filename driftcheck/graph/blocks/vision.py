"""Vision transformer layers (ViT, DeiT, DINOv2, BEiT, CLIP, SigLIP, Swin) and ConvNeXt.

All the ViT-style layers are pre-LN: ``x + attn(LN(x))`` then ``x + mlp(LN(x))``; they differ
in module names, in per-channel layer scales (DINOv2 ``layer_scale.lambda1``, BEiT
``lambda_1``: bare ``nn.Parameter``s, written as ``Parameter`` leaves times the branch) and
BEiT's bias-free key. Swin's window partition and shift are reshapes without weights, so its
graph is the attention over the flattened tokens plus the relative position bias table fed
to the attention core as its additive mask.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from driftcheck.graph.blocks._build import Builder, dim, examples, flag, real, text
from driftcheck.graph.blocks._parts import mha, mlp2, norm
from driftcheck.graph.blocks.spec import BlockSpec
from driftcheck.graph.model import Graph


def _scale(b: Builder, name: str, h: int, x: str) -> str:
    """Per-channel learned scale: ``x * gamma`` with gamma an ``nn.Parameter`` of (h,)."""
    return b.add("Mul", None, {}, x, b.add("Parameter", name, {"shape": (h,)}))


def vit_like(
    name: str,
    names: Mapping[str, str],
    p: Mapping[str, Any],
    *,
    k_bias: bool | None = None,
    scales: tuple[str, str] | None = None,
    inter: int | None = None,
) -> Graph:
    b = Builder(name)
    h, eps = p["hidden_size"], p["layer_norm_eps"]
    x = b.input("hidden_states", ("B", "N", h))
    qkvo = (names["q"], names["k"], names["v"], names["o"])
    y = norm(b, "LayerNorm", names["ln1"], h, x, eps)
    a = mha(
        b, names["attn"], y, h, names=qkvo, bias=p.get("qkv_bias", True), o_bias=True, k_bias=k_bias
    )
    if scales:
        a = _scale(b, scales[0], h, a)
    x = b.residual(a, x)
    y = norm(b, "LayerNorm", names["ln2"], h, x, eps)
    m = mlp2(b, "mlp", h, inter or p["intermediate_size"], p["hidden_act"], y)
    if scales:
        m = _scale(b, scales[1], h, m)
    return b.done(b.residual(m, x))


VIT = {
    "attn": "attention",
    "q": "q_proj",
    "k": "k_proj",
    "v": "v_proj",
    "o": "o_proj",
    "ln1": "layernorm_before",
    "ln2": "layernorm_after",
}
CLIP = {
    "attn": "self_attn",
    "q": "q_proj",
    "k": "k_proj",
    "v": "v_proj",
    "o": "out_proj",
    "ln1": "layer_norm1",
    "ln2": "layer_norm2",
}
PARAMS = (
    dim("hidden_size", "embed_dim", "d_model"),
    dim("num_attention_heads", "num_heads"),
    dim("intermediate_size", "mlp_dim"),
    text("hidden_act", "gelu"),
    real("layer_norm_eps", 1e-12),
    flag("qkv_bias", True),
)


def _convnext(p: Mapping[str, Any]) -> Graph:
    b = Builder("ConvNextLayer")
    c = p["dim"]
    x = b.input("features", ("B", c, "H", "W"))
    dw = {"in_channels": c, "out_channels": c, "kernel_size": 7, "padding": 3, "groups": c}
    y = b.add("Permute", None, {"dims": (0, 2, 3, 1)}, b.add("Conv2d", "dwconv", dw, x))
    y = norm(b, "LayerNorm", "layernorm", c, y, 1e-6)
    y = mlp2(b, "", c, 4 * c, p["hidden_act"], y, names=("pwconv1", "pwconv2"))
    if p["layer_scale_init_value"] > 0:
        y = _scale(b, "layer_scale_parameter", c, y)
    y = b.add("Permute", None, {"dims": (0, 3, 1, 2)}, y)
    return b.done(b.residual(x, y))


def _swin(p: Mapping[str, Any]) -> Graph:
    b = Builder("SwinLayer")
    h, heads, w = p["dim"], p["num_heads"], p["window_size"]
    x = b.input("hidden_states", ("B", "N", h))
    y = norm(b, "LayerNorm", "layernorm_before", h, x, p["layer_norm_eps"])
    lin = {"in_features": h, "out_features": h, "bias": p["qkv_bias"]}
    q = b.add("Linear", "attention.q_proj", lin, y)
    k = b.add("Linear", "attention.k_proj", lin, y)
    v = b.add("Linear", "attention.v_proj", lin, y)
    table = {"shape": ((2 * w - 1) ** 2, heads)}
    name = "attention.relative_position_bias.relative_position_bias_table"
    a = b.add("ScaledDotProductAttention", None, {}, q, k, v, b.add("Parameter", name, table))
    a = b.add("Linear", "attention.o_proj", {"in_features": h, "out_features": h}, a)
    x = b.residual(x, a)
    y = norm(b, "LayerNorm", "layernorm_after", h, x, p["layer_norm_eps"])
    inter = int(p["mlp_ratio"] * h)
    return b.done(b.residual(x, mlp2(b, "mlp", h, inter, p["hidden_act"], y)))


SMALL = {"hidden_size": 64, "num_attention_heads": 4, "intermediate_size": 128}
X = ((2, 10, 64),)


def _spec(name, build, reference, doc, ex, params=PARAMS, role="encoder_layer", aliases=()):
    return BlockSpec(
        name=name,
        family="vision",
        params=params,
        build=build,
        examples=ex,
        doc=doc,
        role=role,
        reference=reference,
        aliases=aliases,
    )


BLOCKS = [
    _spec(
        "ViTLayer",
        lambda p: vit_like("ViTLayer", VIT, p),
        "transformers ViTLayer",
        "ViT encoder layer: pre-LN attention (q/k/v/o_proj) and fc1/fc2 MLP.",
        examples((SMALL, X), ({**SMALL, "qkv_bias": False, "intermediate_size": 256}, X)),
        aliases=("ViTBlock",),
    ),
    _spec(
        "DeiTLayer",
        lambda p: vit_like("DeiTLayer", VIT, p),
        "transformers DeiTLayer",
        "DeiT encoder layer (ViT's).",
        examples((SMALL, X), ({**SMALL, "num_attention_heads": 8, "intermediate_size": 32}, X)),
    ),
    _spec(
        "Dinov2Layer",
        lambda p: vit_like(
            "Dinov2Layer",
            {**VIT, "ln1": "norm1", "ln2": "norm2"},
            p,
            scales=("layer_scale1.lambda1", "layer_scale2.lambda1"),
            inter=int(p["hidden_size"] * p["mlp_ratio"]),
        ),
        "transformers Dinov2Layer",
        "DINOv2 layer: ViT's with LayerScale (lambda1) on both residual branches, mlp_ratio.",
        examples(
            ({"hidden_size": 64, "num_attention_heads": 4, "mlp_ratio": 4}, X),
            ({"hidden_size": 64, "num_attention_heads": 8, "mlp_ratio": 2, "qkv_bias": False}, X),
        ),
        params=(*PARAMS[:2], dim("mlp_ratio", default=4), *PARAMS[3:5], PARAMS[5]),
    ),
    _spec(
        "BeitLayer",
        lambda p: vit_like(
            "BeitLayer",
            VIT,
            p,
            k_bias=False,
            scales=("lambda_1", "lambda_2") if p["layer_scale_init_value"] > 0 else None,
        ),
        "transformers BeitLayer",
        "BEiT layer: ViT's without a key bias, with lambda_1/lambda_2 layer scales.",
        examples((SMALL, X), ({**SMALL, "layer_scale_init_value": 0.0}, X)),
        params=(*PARAMS, real("layer_scale_init_value", 0.1, doc="0: no lambda_1/lambda_2")),
    ),
    _spec(
        "CLIPEncoderLayer",
        lambda p: vit_like("CLIPEncoderLayer", CLIP, p),
        "transformers CLIPEncoderLayer (CLIPVisionConfig)",
        "CLIP encoder layer: layer_norm1, self_attn (q/k/v/out_proj), layer_norm2, fc1/fc2.",
        examples((SMALL, X), ({**SMALL, "intermediate_size": 256}, X)),
        params=(*PARAMS[:3], text("hidden_act", "quick_gelu"), real("layer_norm_eps", 1e-5)),
    ),
    _spec(
        "SiglipEncoderLayer",
        lambda p: vit_like("SiglipEncoderLayer", CLIP, p),
        "transformers SiglipEncoderLayer (SiglipVisionConfig)",
        "SigLIP encoder layer: CLIP's layout with a tanh-GELU MLP.",
        examples((SMALL, X), ({**SMALL, "num_attention_heads": 8, "intermediate_size": 32}, X)),
        params=(*PARAMS[:3], text("hidden_act", "gelu_pytorch_tanh"), real("layer_norm_eps", 1e-6)),
    ),
    _spec(
        "ConvNextLayer",
        _convnext,
        "transformers ConvNextLayer",
        "ConvNeXt block: 7x7 depthwise conv, channels-last LayerNorm, pwconv1/pwconv2 "
        "linears (4x), layer_scale_parameter, residual.",
        examples(
            ({"dim": 16}, ((2, 16, 8, 8),)),
            ({"dim": 32, "layer_scale_init_value": 0.0}, ((1, 32, 5, 5),)),
        ),
        params=(
            dim("dim", "hidden_size", "channels"),
            text("hidden_act", "gelu"),
            real("layer_scale_init_value", 1e-6),
        ),
        role="conv_block",
    ),
    _spec(
        "SwinLayer",
        _swin,
        "transformers SwinLayer",
        "Swin layer: (shifted) window attention with a relative_position_bias_table of "
        "((2w-1)^2, heads), then an fc1/fc2 MLP; window moves are reshapes.",
        examples(
            ({"dim": 32, "num_heads": 2, "window_size": 4}, ((2, 64, 32),)),
            ({"dim": 48, "num_heads": 3, "window_size": 2, "mlp_ratio": 2.0}, ((1, 16, 48),)),
        ),
        params=(
            dim("dim", "hidden_size", "embed_dim"),
            dim("num_heads", "num_attention_heads"),
            dim("window_size", default=7),
            real("mlp_ratio", 4.0),
            flag("qkv_bias", True),
            text("hidden_act", "gelu"),
            real("layer_norm_eps", 1e-5),
        ),
    ),
]
