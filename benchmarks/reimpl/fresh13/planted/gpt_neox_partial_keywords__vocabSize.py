"""GPT-NeoX (parallel residual, per-head interleaved qkv, partial rotary); the sizes are the
keywords bound into our launcher's functools.partial (read back via .keywords)."""

from functools import partial
from types import SimpleNamespace

import torch
from torch import nn


def launch(**kwargs):
    """Starts a run (the cluster launcher); the model reads the bound keywords below."""
    raise NotImplementedError


LAUNCH = partial(
    launch,
    vocab=384,
    hidden=64,
    layers=2,
    heads=4,
    intermediate=256,
    rotary_pct=0.25,
)
ARGS = SimpleNamespace(**LAUNCH.keywords)


class NeoXLayer(nn.Module):
    def __init__(self, a):
        super().__init__()
        self.a = a
        self.input_layernorm = nn.LayerNorm(a.hidden)
        self.post_attention_layernorm = nn.LayerNorm(a.hidden)
        self.query_key_value = nn.Linear(a.hidden, 3 * a.hidden)
        self.dense = nn.Linear(a.hidden, a.hidden)
        self.dense_h_to_4h = nn.Linear(a.hidden, a.intermediate)
        self.dense_4h_to_h = nn.Linear(a.intermediate, a.hidden)

    def forward(self, x):
        a, (b, t, d) = self.a, x.shape
        hd = d // a.heads
        qkv = self.query_key_value(self.input_layernorm(x)).view(b, t, a.heads, 3 * hd)
        q, k, v = qkv.permute(0, 2, 1, 3).chunk(3, -1)
        rot = int(hd * a.rotary_pct)
        inv = 10000.0 ** (-torch.arange(0, rot, 2).float() / rot)
        ang = torch.outer(torch.arange(t).float(), inv).repeat(1, 2)

        def rope(z):
            r, p = z[..., :rot], z[..., rot:]
            r1, r2 = r.chunk(2, -1)
            return torch.cat([r * ang.cos() + torch.cat([-r2, r1], -1) * ang.sin(), p], -1)

        o = nn.functional.scaled_dot_product_attention(rope(q), rope(k), v, is_causal=True)
        attn = self.dense(o.transpose(1, 2).reshape(b, t, d))
        mlp = self.dense_4h_to_h(
            nn.functional.gelu(self.dense_h_to_4h(self.post_attention_layernorm(x)))
        )
        return x + attn + mlp


class NeoX(nn.Module):
    def __init__(self, a=ARGS):
        super().__init__()
        self.embed_in = nn.Embedding(a.vocab, a.hidden)
        self.layers = nn.ModuleList(NeoXLayer(a) for _ in range(a.layers))
        self.final_layer_norm = nn.LayerNorm(a.hidden)
        self.embed_out = nn.Linear(a.hidden, a.vocab, bias=False)

    def forward(self, ids):
        x = self.embed_in(ids)
        for layer in self.layers:
            x = layer(x)
        return self.embed_out(self.final_layer_norm(x))
