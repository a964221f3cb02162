"""Blocks from elsewhere: torch's own Transformer layers, MLP-Mixer, speech encoders
(wav2vec2, HuBERT, Conformer) and a recurrent text encoder.

torch's ``nn.TransformerEncoderLayer`` is also a single catalogue layer; the block here is the
same thing written out (``self_attn`` MultiheadAttention, ``linear1``/``linear2``,
``norm1``/``norm2``) so a graph parsed from user code that builds those parts by hand lines up
with it. The Conformer's relative-position terms (``linear_pos``, ``pos_bias_u``/``_v``) feed
the attention core as extra inputs, which is where they act.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from driftcheck.graph.blocks._build import Builder, dim, examples, flag, real, text
from driftcheck.graph.blocks._parts import mha, mlp2, norm
from driftcheck.graph.blocks.spec import BlockSpec
from driftcheck.graph.catalogue.spec import CatalogueError
from driftcheck.graph.model import Graph


def _torch_layer(p: Mapping[str, Any], decoder: bool) -> Graph:
    b = Builder("TorchTransformerDecoderLayer" if decoder else "TorchTransformerEncoderLayer")
    d, eps = p["d_model"], p["layer_norm_eps"]
    x = b.input("src" if not decoder else "tgt", ("B", "T", d))
    mem = b.input("memory", ("B", "S", d)) if decoder else None
    mha_p = {"embed_dim": d, "num_heads": p["nhead"], "batch_first": True, "bias": p["bias"]}

    def ln(name: str, src: str) -> str:
        return norm(b, "LayerNorm", name, d, src, eps, bias=p["bias"])

    def sub(norm_name: str, body) -> None:
        nonlocal x
        if p["norm_first"]:
            x = b.residual(x, body(ln(norm_name, x)))
        else:
            x = ln(norm_name, b.residual(x, body(x)))

    sub("norm1", lambda y: b.add("MultiheadAttention", "self_attn", mha_p, y, y, y))
    last = "norm2"
    if decoder:
        sub("norm2", lambda y: b.add("MultiheadAttention", "multihead_attn", mha_p, y, mem, mem))
        last = "norm3"
    ff = p["dim_feedforward"]
    names = ("linear1", "linear2")
    sub(last, lambda y: mlp2(b, "", d, ff, p["activation"], y, names=names, bias=p["bias"]))
    return b.done(x)


def _mixer(p: Mapping[str, Any]) -> Graph:
    """timm MixerBlock: token mixing over the patch axis, then channel mixing."""
    b = Builder("MixerBlock")
    c, n = p["dim"], p["seq_len"]
    tokens, channels = int(p["tokens_mlp_ratio"] * c), int(p["channels_mlp_ratio"] * c)
    x = b.input("x", ("B", n, c))
    y = b.add("Transpose", None, {"dim0": 1, "dim1": 2}, norm(b, "LayerNorm", "norm1", c, x, 1e-6))
    y = mlp2(b, "mlp_tokens", n, tokens, "gelu", y)
    x = b.residual(x, b.add("Transpose", None, {"dim0": 1, "dim1": 2}, y))
    y = mlp2(b, "mlp_channels", c, channels, "gelu", norm(b, "LayerNorm", "norm2", c, x, 1e-6))
    return b.done(b.residual(x, y))


def _wav2vec2(name: str, pre_ln: bool):
    def build(p: Mapping[str, Any]) -> Graph:
        b = Builder(name)
        h, eps = p["hidden_size"], p["layer_norm_eps"]
        x = b.input("hidden_states", ("B", "T", h))
        names = ("q_proj", "k_proj", "v_proj", "out_proj")
        ff = ("feed_forward.intermediate_dense", "feed_forward.output_dense")
        inter, act = p["intermediate_size"], p["hidden_act"]
        if pre_ln:
            a = mha(b, "attention", norm(b, "LayerNorm", "layer_norm", h, x, eps), h, names=names)
            x = b.residual(x, a)
            y = norm(b, "LayerNorm", "final_layer_norm", h, x, eps)
            return b.done(b.residual(x, mlp2(b, "", h, inter, act, y, names=ff)))
        x = norm(
            b,
            "LayerNorm",
            "layer_norm",
            h,
            b.residual(x, mha(b, "attention", x, h, names=names)),
            eps,
        )
        y = mlp2(b, "", h, inter, act, x, names=ff)
        return b.done(norm(b, "LayerNorm", "final_layer_norm", h, b.residual(x, y), eps))

    return build


def _conformer(p: Mapping[str, Any]) -> Graph:
    b = Builder("Wav2Vec2ConformerEncoderLayer")
    h, eps, heads = p["hidden_size"], p["layer_norm_eps"], p["num_attention_heads"]
    relative = p["position_embeddings_type"] == "relative"
    x = b.input("hidden_states", ("B", "T", h))
    pos = b.input("relative_position_embeddings", (1, "P", h)) if relative else None
    inter, act = p["intermediate_size"], p["hidden_act"]
    ff = ("intermediate_dense", "output_dense")

    def half_ffn(i: int, src: str) -> str:
        y = mlp2(
            b,
            f"ffn{i}",
            h,
            inter,
            act,
            norm(b, "LayerNorm", f"ffn{i}_layer_norm", h, src, eps),
            names=ff,
        )
        return b.residual(src, y)  # scaled by the constant 0.5: no weight

    x = half_ffn(1, x)
    y = norm(b, "LayerNorm", "self_attn_layer_norm", h, x, eps)
    lin = {"in_features": h, "out_features": h}
    q, k, v = (b.add("Linear", f"self_attn.linear_{n}", lin, y) for n in "qkv")
    extra = []
    if relative:
        extra.append(b.add("Linear", "self_attn.linear_pos", {**lin, "bias": False}, pos))
        for n in ("u", "v"):
            extra.append(
                b.add("Parameter", f"self_attn.pos_bias_{n}", {"shape": (heads, h // heads)})
            )
    a = b.add("ScaledDotProductAttention", None, {}, q, k, v, *extra)
    x = b.residual(x, b.add("Linear", "self_attn.linear_out", lin, a))
    # convolution module: channels first for the 1-D convs
    k_ = p["conv_depthwise_kernel_size"]
    y = norm(b, "LayerNorm", "conv_module.layer_norm", h, x, eps)
    y = b.add("Transpose", None, {"dim0": 1, "dim1": 2}, y)
    conv1 = {"in_channels": h, "out_channels": 2 * h, "kernel_size": 1, "bias": False}
    y = b.add("GLU", None, {"dim": 1}, b.add("Conv1d", "conv_module.pointwise_conv1", conv1, y))
    dw = {
        "in_channels": h,
        "out_channels": h,
        "kernel_size": k_,
        "padding": (k_ - 1) // 2,
        "groups": h,
        "bias": False,
    }
    y = b.add("Conv1d", "conv_module.depthwise_conv", dw, y)
    y = b.add("BatchNorm1d", "conv_module.batch_norm", {"num_features": h}, y)
    y = b.add("SiLU", None, {}, y)
    conv2 = {"in_channels": h, "out_channels": h, "kernel_size": 1, "bias": False}
    y = b.add("Conv1d", "conv_module.pointwise_conv2", conv2, y)
    x = b.residual(x, b.add("Transpose", None, {"dim0": 1, "dim1": 2}, y))
    x = half_ffn(2, x)
    return b.done(norm(b, "LayerNorm", "final_layer_norm", h, x, eps))


def _rnn(p: Mapping[str, Any]) -> Graph:
    b = Builder("RNNEncoder")
    ids = b.input("input_ids", ("B", "T"))
    emb = {"num_embeddings": p["vocab_size"], "embedding_dim": p["embed_dim"]}
    y = b.add("Embedding", "embedding", emb, ids)
    cell = {"lstm": "LSTM", "gru": "GRU"}.get(p["cell"])
    if cell is None:
        raise CatalogueError(f"RNNEncoder.cell must be 'lstm' or 'gru', got {p['cell']!r}")
    rnn = {
        "input_size": p["embed_dim"],
        "hidden_size": p["hidden_size"],
        "num_layers": p["num_layers"],
        "batch_first": True,
        "bidirectional": p["bidirectional"],
    }
    return b.done(b.add(cell, "rnn", rnn, y))


TORCH = (
    dim("d_model", "hidden_size", "embed_dim"),
    dim("nhead", "num_heads", "num_attention_heads"),
    dim("dim_feedforward", "intermediate_size", default=2048),
    text("activation", "relu"),
    real("layer_norm_eps", 1e-5),
    flag("norm_first", False),
    flag("bias", True),
)
W2V = (
    dim("hidden_size"),
    dim("num_attention_heads"),
    dim("intermediate_size"),
    text("hidden_act", "gelu"),
    real("layer_norm_eps", 1e-5),
)
SMALL = {"hidden_size": 64, "num_attention_heads": 4, "intermediate_size": 128}
X = ((2, 5, 64),)


def _spec(name, params, build, reference, doc, ex, role="encoder_layer", family="misc"):
    return BlockSpec(
        name=name,
        family=family,
        params=params,
        build=build,
        examples=ex,
        doc=doc,
        role=role,
        reference=reference,
    )


BLOCKS = [
    _spec(
        "TorchTransformerEncoderLayer",
        TORCH,
        lambda p: _torch_layer(p, False),
        "torch.nn.TransformerEncoderLayer (batch_first)",
        "nn.TransformerEncoderLayer written out: self_attn, linear1/linear2, norm1/norm2; "
        "post-norm or norm_first.",
        examples(
            ({"d_model": 64, "nhead": 4, "dim_feedforward": 128}, X),
            (
                {
                    "d_model": 64,
                    "nhead": 8,
                    "dim_feedforward": 96,
                    "norm_first": True,
                    "activation": "gelu",
                },
                X,
            ),
            ({"d_model": 64, "nhead": 4, "dim_feedforward": 32, "bias": False}, X),
        ),
    ),
    _spec(
        "TorchTransformerDecoderLayer",
        TORCH,
        lambda p: _torch_layer(p, True),
        "torch.nn.TransformerDecoderLayer (batch_first)",
        "nn.TransformerDecoderLayer written out: self_attn, multihead_attn over memory, "
        "linear1/linear2, norm1..norm3.",
        examples(
            ({"d_model": 64, "nhead": 4, "dim_feedforward": 128}, ((2, 5, 64), (2, 7, 64))),
            (
                {"d_model": 64, "nhead": 2, "dim_feedforward": 64, "norm_first": True},
                ((1, 3, 64), (1, 4, 64)),
            ),
        ),
        role="decoder_layer",
    ),
    _spec(
        "MixerBlock",
        (
            dim("dim", "hidden_size"),
            dim("seq_len", "num_patches"),
            real("tokens_mlp_ratio", 0.5),
            real("channels_mlp_ratio", 4.0),
        ),
        _mixer,
        "hand-written timm-style MixerBlock (tests/reference_blocks.py)",
        "MLP-Mixer block: LayerNorm, token-mixing MLP across patches (transposed), "
        "LayerNorm, channel-mixing MLP; both residual.",
        examples(
            ({"dim": 32, "seq_len": 16}, ((2, 16, 32),)),
            ({"dim": 64, "seq_len": 8, "tokens_mlp_ratio": 1.0}, ((1, 8, 64),)),
        ),
        family="vision",
    ),
    _spec(
        "Wav2Vec2EncoderLayer",
        W2V,
        _wav2vec2("Wav2Vec2EncoderLayer", False),
        "transformers Wav2Vec2EncoderLayer",
        "wav2vec 2.0 (base) layer: post-LN attention and intermediate_dense/output_dense MLP.",
        examples((SMALL, X), ({**SMALL, "intermediate_size": 256}, X)),
    ),
    _spec(
        "Wav2Vec2EncoderLayerStableLayerNorm",
        W2V,
        _wav2vec2("Wav2Vec2EncoderLayerStableLayerNorm", True),
        "transformers Wav2Vec2EncoderLayerStableLayerNorm",
        "wav2vec 2.0 (large, stable) layer: the same modules, pre-LN.",
        examples((SMALL, X), ({**SMALL, "num_attention_heads": 8, "intermediate_size": 32}, X)),
    ),
    _spec(
        "HubertEncoderLayer",
        W2V,
        _wav2vec2("HubertEncoderLayer", False),
        "transformers HubertEncoderLayer",
        "HuBERT layer: wav2vec 2.0's post-LN layer.",
        examples((SMALL, X), ({**SMALL, "num_attention_heads": 8, "intermediate_size": 32}, X)),
    ),
    _spec(
        "Wav2Vec2ConformerEncoderLayer",
        (
            *W2V,
            dim("conv_depthwise_kernel_size", default=31),
            text("position_embeddings_type", "relative"),
        ),
        _conformer,
        "transformers Wav2Vec2ConformerEncoderLayer",
        "Conformer block: half-step FFN, relative-position self-attention, convolution module "
        "(pointwise-GLU, depthwise, BatchNorm, SiLU, pointwise), half-step FFN, LayerNorm.",
        examples(
            ({**SMALL, "conv_depthwise_kernel_size": 7}, ((2, 5, 64), (1, 9, 64))),
            ({**SMALL, "conv_depthwise_kernel_size": 3, "position_embeddings_type": "rotary"}, X),
        ),
    ),
    _spec(
        "RNNEncoder",
        (
            dim("vocab_size"),
            dim("embed_dim"),
            dim("hidden_size"),
            dim("num_layers", default=1),
            flag("bidirectional", False),
            text("cell", "lstm", doc="'lstm' or 'gru'"),
        ),
        _rnn,
        "hand-written Embedding + nn.LSTM/nn.GRU (tests/reference_blocks.py)",
        "Recurrent text encoder: token embedding then a (bi)LSTM or GRU stack, batch first.",
        examples(
            ({"vocab_size": 100, "embed_dim": 32, "hidden_size": 48}, ((2, 7),)),
            (
                {
                    "vocab_size": 50,
                    "embed_dim": 16,
                    "hidden_size": 24,
                    "num_layers": 2,
                    "bidirectional": True,
                    "cell": "gru",
                },
                ((1, 5),),
            ),
        ),
        role="encoder",
    ),
]
