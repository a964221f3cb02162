"""BERT whose parameters are registered one by one from a table of (checkpoint key template,
shape) rows: the dots of each key become double underscores, so the flat parameter names line up
with a checkpoint's keys; the forward reads them by key."""

import torch
import torch.nn as nn
import torch.nn.functional as F

VOCAB, MAX_POS, TYPES, WIDTH, HEADS, FFN, LAYERS = 320, 64, 2, 64, 4, 128, 2
LN_EPS = 1e-12

GLOBAL = [
    ("embeddings.word_embeddings.weight", (VOCAB, WIDTH)),
    ("embeddings.position_embeddings.weight", (MAX_POS, WIDTH)),
    ("embeddings.token_type_embeddings.weight", (TYPES, WIDTH)),
    ("embeddings.LayerNorm.weight", (WIDTH,)),
    ("embeddings.LayerNorm.bias", (WIDTH,)),
    ("pooler.dense.weight", (WIDTH, WIDTH)),
    ("pooler.dense.bias", (WIDTH,)),
]
PER_LAYER = [
    (f"encoder.layer.{{i}}.attention.self.{p}.{w}", (WIDTH, WIDTH) if w == "weight" else (WIDTH,))
    for p in ("query", "key", "value")
    for w in ("weight", "bias")
] + [
    ("encoder.layer.{i}.attention.output.dense.weight", (WIDTH, WIDTH)),
    ("encoder.layer.{i}.attention.output.dense.bias", (WIDTH,)),
    ("encoder.layer.{i}.attention.output.LayerNorm.weight", (WIDTH,)),
    ("encoder.layer.{i}.attention.output.LayerNorm.bias", (WIDTH,)),
    ("encoder.layer.{i}.intermediate.dense.weight", (FFN, WIDTH)),
    ("encoder.layer.{i}.intermediate.dense.bias", (FFN,)),
    ("encoder.layer.{i}.output.dense.weight", (WIDTH, FFN)),
    ("encoder.layer.{i}.output.dense.bias", (WIDTH,)),
    ("encoder.layer.{i}.output.LayerNorm.weight", (WIDTH,)),
    ("encoder.layer.{i}.output.LayerNorm.bias", (WIDTH,)),
]


class FlatBert(nn.Module):
    def __init__(self):
        super().__init__()
        rows = GLOBAL + [(t.format(i=i), s) for i in range(LAYERS) for t, s in PER_LAYER]
        for key, shape in rows:
            init = (
                torch.ones(shape) if key.endswith("LayerNorm.weight") else torch.randn(shape) * 0.02
            )
            self.register_parameter(key.replace(".", "__"), nn.Parameter(init))

    def p(self, key):
        return getattr(self, key.replace(".", "__"))

    def lin(self, x, key):
        return F.linear(x, self.p(key + ".weight"), self.p(key + ".bias"))

    def ln(self, x, key):
        return F.layer_norm(x, (WIDTH,), self.p(key + ".weight"), self.p(key + ".bias"), LN_EPS)

    def forward(self, input_ids, token_type_ids, attention_mask):
        B, T = input_ids.shape
        x = (
            self.p("embeddings.word_embeddings.weight")[input_ids]
            + self.p("embeddings.position_embeddings.weight")[:T]
            + self.p("embeddings.token_type_embeddings.weight")[token_type_ids]
        )
        x = self.ln(x, "embeddings.LayerNorm")
        mask = attention_mask[:, None, None, :].bool()
        for i in range(LAYERS):
            pre = f"encoder.layer.{i}."
            q, k, v = (
                self.lin(x, pre + f"attention.self.{n}").view(B, T, HEADS, -1).transpose(1, 2)
                for n in ("query", "key", "value")
            )
            a = (
                F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
                .transpose(1, 2)
                .reshape(B, T, WIDTH)
            )
            x = self.ln(
                x + self.lin(a, pre + "attention.output.dense"), pre + "attention.output.LayerNorm"
            )
            h = F.gelu(self.lin(x, pre + "intermediate.dense"))
            x = self.ln(x + self.lin(h, pre + "output.dense"), pre + "output.LayerNorm")
        return x
