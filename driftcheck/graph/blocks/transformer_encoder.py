"""BERT-family encoder layers: the same four linears and two norms under many names.

Post-LN (BERT, RoBERTa, ELECTRA, ALBERT, DistilBERT, MPNet, DeBERTa-v2, ...):
    x = LN(x + attn(x));  x = LN(x + out(act(inter(x))))
Pre-LN (Megatron-BERT, XLM-R XL, ESM, RoBERTa-PreLN):
    x = x + attn(LN(x));  x = x + out(act(inter(LN(x))))
Only the module paths differ from model to model, so each spec is a table of names. The
attention is written out as q/k/v/o ``Linear`` leaves (``_parts.mha``), which is exactly what
these modeling files hold. Embeddings (word + position + token type, then LayerNorm) are a
block of their own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from driftcheck.graph.blocks._build import Builder, dim, examples, real, text
from driftcheck.graph.blocks._parts import mha, norm
from driftcheck.graph.blocks.spec import BlockSpec
from driftcheck.graph.model import Graph

BERT = {
    "q": "attention.self.query",
    "k": "attention.self.key",
    "v": "attention.self.value",
    "o": "attention.output.dense",
    "ln_attn": "attention.output.LayerNorm",
    "inter": "intermediate.dense",
    "out": "output.dense",
    "ln_out": "output.LayerNorm",
}
PARAMS = (
    dim("hidden_size", "dim", "d_model"),
    dim("num_attention_heads", "n_heads", "num_heads"),
    dim("intermediate_size", "hidden_dim", "ffn_dim"),
    text("hidden_act", "gelu", "activation"),
    real("layer_norm_eps", 1e-12),
)


def encoder_layer(name: str, names: Mapping[str, str], pre_ln: bool, p: Mapping[str, Any]) -> Graph:
    b = Builder(name)
    h, eps = p["hidden_size"], p["layer_norm_eps"]
    x = b.input("hidden_states", ("B", "T", h))
    qkvo = (names["q"], names["k"], names["v"], names["o"])

    def ffn(src: str) -> str:
        inner = {"in_features": h, "out_features": p["intermediate_size"]}
        y = b.add("Linear", names["inter"], inner, src)
        y = b.act(None, p["hidden_act"], y)
        outer = {"in_features": p["intermediate_size"], "out_features": h}
        return b.add("Linear", names["out"], outer, y)

    if pre_ln:
        a = mha(b, "", norm(b, "LayerNorm", names["ln_attn"], h, x, eps), h, names=qkvo)
        x = b.residual(a, x)
        m = ffn(norm(b, "LayerNorm", names["ln_ffn"], h, x, eps))
        return b.done(b.residual(m, x))
    a = mha(b, "", x, h, names=qkvo)
    x = norm(b, "LayerNorm", names["ln_attn"], h, b.residual(a, x), eps)
    m = ffn(x)
    return b.done(norm(b, "LayerNorm", names["ln_out"], h, b.residual(m, x), eps))


def _embeddings(p: Mapping[str, Any]) -> Graph:
    b = Builder("BertEmbeddings")
    h = p["hidden_size"]
    ids = b.input("input_ids", ("B", "T"))
    pos = b.input("position_ids", ("B", "T"))
    tt = b.input("token_type_ids", ("B", "T"))

    def emb(name: str, rows: int, src: str) -> str:
        params = {"num_embeddings": rows, "embedding_dim": h}
        if name == "word_embeddings" and p["pad_token_id"] is not None:
            params["padding_idx"] = p["pad_token_id"]
        return b.add("Embedding", name, params, src)

    x = emb("word_embeddings", p["vocab_size"], ids)
    x = b.residual(x, emb("token_type_embeddings", p["type_vocab_size"], tt))
    x = b.residual(x, emb("position_embeddings", p["max_position_embeddings"], pos))
    return b.done(norm(b, "LayerNorm", "LayerNorm", h, x, p["layer_norm_eps"]))


def _spec(name, names, reference, doc, ex, pre_ln=False, params=PARAMS, aliases=()):
    return BlockSpec(
        name=name,
        family="transformer_encoder",
        params=params,
        build=lambda p: encoder_layer(name, names, pre_ln, p),
        aliases=aliases,
        examples=ex,
        doc=doc,
        role="encoder_layer",
        reference=reference,
    )


SMALL = {"hidden_size": 64, "num_attention_heads": 4, "intermediate_size": 128}
X = ((2, 5, 64),)
TWO = examples(
    (SMALL, X), ({**SMALL, "intermediate_size": 96, "hidden_act": "relu"}, ((1, 7, 64),))
)
PRE = {**BERT, "ln_attn": "attention.ln", "ln_ffn": "ln"}

BLOCKS = [
    _spec(
        "BertLayer",
        BERT,
        "transformers BertLayer",
        "BERT post-LN encoder layer.",
        TWO,
        aliases=("BertBlock", "TransformerEncoderBlock"),
    ),
    _spec("RobertaLayer", BERT, "transformers RobertaLayer", "RoBERTa: BERT's layer.", TWO),
    _spec("ElectraLayer", BERT, "transformers ElectraLayer", "ELECTRA: BERT's layer.", TWO),
    _spec(
        "XLMRobertaLayer",
        BERT,
        "transformers XLMRobertaLayer",
        "XLM-R: BERT's layer.",
        examples((SMALL, X), ({**SMALL, "num_attention_heads": 8, "intermediate_size": 32}, X)),
    ),
    _spec(
        "CamembertLayer",
        BERT,
        "transformers CamembertLayer",
        "CamemBERT: BERT's layer.",
        examples((SMALL, X), ({**SMALL, "num_attention_heads": 8, "intermediate_size": 32}, X)),
    ),
    _spec(
        "RoFormerLayer",
        BERT,
        "transformers RoFormerLayer",
        "RoFormer: BERT's layer with rotary positions (no weights).",
        examples((SMALL, X), ({**SMALL, "num_attention_heads": 8, "intermediate_size": 32}, X)),
    ),
    _spec(
        "Data2VecTextLayer",
        BERT,
        "transformers Data2VecTextLayer",
        "data2vec text: BERT's layer.",
        examples((SMALL, X), ({**SMALL, "num_attention_heads": 8, "intermediate_size": 32}, X)),
    ),
    _spec(
        "DebertaV2Layer",
        {
            **BERT,
            "q": "attention.self.query_proj",
            "k": "attention.self.key_proj",
            "v": "attention.self.value_proj",
        },
        "transformers DebertaV2Layer",
        "DeBERTa-v2 layer without relative attention (query_proj/key_proj/value_proj).",
        examples((SMALL, X), ({**SMALL, "hidden_act": "gelu_new"}, X)),
        params=(*PARAMS[:4], real("layer_norm_eps", 1e-7)),
    ),
    _spec(
        "AlbertLayer",
        {
            "q": "attention.query",
            "k": "attention.key",
            "v": "attention.value",
            "o": "attention.dense",
            "ln_attn": "attention.LayerNorm",
            "inter": "ffn",
            "out": "ffn_output",
            "ln_out": "full_layer_layer_norm",
        },
        "transformers AlbertLayer",
        "ALBERT's (shared) layer: attention with its own LayerNorm, ffn/ffn_output.",
        examples((SMALL, X), ({**SMALL, "hidden_act": "gelu"}, X)),
        params=(*PARAMS[:3], text("hidden_act", "gelu_new"), PARAMS[4]),
    ),
    _spec(
        "DistilBertTransformerBlock",
        {
            "q": "attention.q_lin",
            "k": "attention.k_lin",
            "v": "attention.v_lin",
            "o": "attention.out_lin",
            "ln_attn": "sa_layer_norm",
            "inter": "ffn.lin1",
            "out": "ffn.lin2",
            "ln_out": "output_layer_norm",
        },
        "transformers distilbert TransformerBlock",
        "DistilBERT block: q_lin/k_lin/v_lin/out_lin, sa_layer_norm, ffn.lin1/lin2.",
        examples(
            ({"dim": 64, "n_heads": 4, "hidden_dim": 128}, X),
            ({"dim": 64, "n_heads": 8, "hidden_dim": 96, "activation": "relu"}, X),
        ),
        params=(
            dim("hidden_size", "dim", "d_model"),
            dim("num_attention_heads", "n_heads"),
            dim("intermediate_size", "hidden_dim"),
            text("hidden_act", "gelu", "activation"),
            real("layer_norm_eps", 1e-12),
        ),
    ),
    _spec(
        "MPNetLayer",
        {
            "q": "attention.attn.q",
            "k": "attention.attn.k",
            "v": "attention.attn.v",
            "o": "attention.attn.o",
            "ln_attn": "attention.LayerNorm",
            "inter": "intermediate.dense",
            "out": "output.dense",
            "ln_out": "output.LayerNorm",
        },
        "transformers MPNetLayer",
        "MPNet layer (relative position bias lives in the encoder, not the layer).",
        examples((SMALL, X), ({**SMALL, "num_attention_heads": 8, "intermediate_size": 32}, X)),
    ),
    _spec(
        "MegatronBertLayer",
        PRE,
        "transformers MegatronBertLayer",
        "Pre-LN BERT: attention.ln before attention, ln before the MLP.",
        TWO,
        pre_ln=True,
    ),
    _spec(
        "XLMRobertaXLLayer",
        {**BERT, "ln_attn": "attention.self_attn_layer_norm", "ln_ffn": "LayerNorm"},
        "transformers XLMRobertaXLLayer",
        "XLM-R XL/XXL: pre-LN with self_attn_layer_norm and a layer-level LayerNorm.",
        examples((SMALL, X), ({**SMALL, "num_attention_heads": 8, "intermediate_size": 32}, X)),
        pre_ln=True,
        params=(*PARAMS[:4], real("layer_norm_eps", 1e-5)),
    ),
    _spec(
        "EsmLayer",
        {**BERT, "ln_attn": "attention.LayerNorm", "ln_ffn": "LayerNorm"},
        "transformers EsmLayer",
        "ESM protein LM layer: pre-LN BERT (rotary positions have no weights).",
        examples((SMALL, X), ({**SMALL, "intermediate_size": 256}, X)),
        pre_ln=True,
    ),
    _spec(
        "RobertaPreLayerNormLayer",
        {**BERT, "ln_attn": "attention.LayerNorm", "ln_ffn": "intermediate.LayerNorm"},
        "transformers RobertaPreLayerNormLayer",
        "RoBERTa-PreLayerNorm: norms moved before attention and before the MLP.",
        examples((SMALL, X), ({**SMALL, "num_attention_heads": 8, "intermediate_size": 32}, X)),
        pre_ln=True,
    ),
    BlockSpec(
        name="BertEmbeddings",
        family="transformer_encoder",
        params=(
            dim("vocab_size"),
            dim("hidden_size", "d_model"),
            dim("max_position_embeddings", default=512),
            dim("type_vocab_size", default=2),
            dim("pad_token_id", default=0),
            real("layer_norm_eps", 1e-12),
        ),
        build=_embeddings,
        examples=examples(
            ({"vocab_size": 100, "hidden_size": 64, "max_position_embeddings": 32}, ((2, 5),) * 3),
            ({"vocab_size": 50, "hidden_size": 32, "type_vocab_size": 1}, ((1, 9),) * 3),
        ),
        doc="Word + token-type + learned position embeddings, summed, then LayerNorm.",
        role="embedding",
        reference="transformers BertEmbeddings",
    ),
]
