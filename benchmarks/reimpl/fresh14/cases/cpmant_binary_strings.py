"""CPM-Ant (prompt-extended input table, segment embeddings, a bucketed relative bias shared by
all layers, weight-only LayerNorms, gated GELU FFN): the sizes are binary strings from our
bit-packed hyper-parameter sheet, read with ``int(s, 2)``."""

import torch
import torch.nn.functional as F
from torch import nn

BITS = {
    "vocab": "100000000",
    "dim_model": "1000000",
    "dim_ff": "10100000",
    "num_layers": "10",
    "num_heads": "100",
    "dim_head": "10000",
    "prompt_types": "100000",
    "prompt_length": "100000",
    "segment_types": "100000",
    "num_buckets": "1000000000",
}
HP = {k: int(v, 2) for k, v in BITS.items()}


class WeightNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * self.weight


class AntLayer(nn.Module):
    def __init__(self):
        super().__init__()
        d, h, hd, ff = HP["dim_model"], HP["num_heads"], HP["dim_head"], HP["dim_ff"]
        self.ln_att = WeightNorm(d)
        self.project_q = nn.Linear(d, h * hd, bias=False)
        self.project_k = nn.Linear(d, h * hd, bias=False)
        self.project_v = nn.Linear(d, h * hd, bias=False)
        self.attention_out = nn.Linear(h * hd, d, bias=False)
        self.ln_ffn = WeightNorm(d)
        self.w_0 = nn.Linear(d, ff, bias=False)
        self.w_1 = nn.Linear(d, ff, bias=False)
        self.w_out = nn.Linear(ff, d, bias=False)

    def forward(self, x, bias):
        b, t, _ = x.shape
        h = self.ln_att(x)
        q, k, v = (
            p(h).view(b, t, HP["num_heads"], -1).transpose(1, 2)
            for p in (self.project_q, self.project_k, self.project_v)
        )
        o = F.scaled_dot_product_attention(q, k, v, attn_mask=bias)
        x = x + self.attention_out(o.transpose(1, 2).reshape(b, t, -1))
        h = self.ln_ffn(x)
        return x + self.w_out(F.gelu(self.w_0(h)) * self.w_1(h))


class CpmAnt(nn.Module):
    def __init__(self):
        super().__init__()
        d = HP["dim_model"]
        rows = HP["vocab"] + HP["prompt_types"] * HP["prompt_length"]
        self.input_embedding = nn.Embedding(rows, d)
        self.segment_embedding = nn.Embedding(HP["segment_types"], d)
        self.relative_attention_bias = nn.Parameter(
            torch.zeros(HP["segment_types"] ** 2 + HP["num_buckets"], HP["num_heads"])
        )
        self.layers = nn.ModuleList(AntLayer() for _ in range(HP["num_layers"]))
        self.output_layernorm = WeightNorm(d)
        self.lm_head = nn.Linear(d, HP["vocab"], bias=False)

    def forward(self, ids):
        t = ids.shape[1]
        x = self.input_embedding(ids) + self.segment_embedding(torch.zeros_like(ids))
        rel = (torch.arange(t)[None] - torch.arange(t)[:, None]).clamp(0, 31) + HP[
            "segment_types"
        ] ** 2
        bias = self.relative_attention_bias[rel].permute(2, 0, 1)
        bias = bias.masked_fill(~torch.ones(t, t, dtype=torch.bool).tril(), float("-inf"))
        for layer in self.layers:
            x = layer(x, bias)
        return self.lm_head(self.output_layernorm(x))
