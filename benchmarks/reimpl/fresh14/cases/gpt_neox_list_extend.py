"""GPT-NeoX (parallel residual, rotary on a quarter of each head, q|k|v fused per head): the
layer list grows by ``extend`` of a list multiplied out, one fresh layer per entry; sizes as
powers of two."""

import torch
import torch.nn.functional as F
from torch import nn

VOCAB = 2**9
HIDDEN = 2**6
HEADS = 2**2
FFN = 2**8
LAYERS = 2**1
ROTARY_PCT = 0.25


class NeoXLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = nn.LayerNorm(HIDDEN)
        self.post_attention_layernorm = nn.LayerNorm(HIDDEN)
        self.query_key_value = nn.Linear(HIDDEN, 3 * HIDDEN)
        self.dense = nn.Linear(HIDDEN, HIDDEN)
        self.dense_h_to_4h = nn.Linear(HIDDEN, FFN)
        self.dense_4h_to_h = nn.Linear(FFN, HIDDEN)

    def forward(self, x):
        b, t, _ = x.shape
        hd = HIDDEN // HEADS
        qkv = self.query_key_value(self.input_layernorm(x)).view(b, t, HEADS, 3 * hd)
        q, k, v = qkv.permute(0, 2, 1, 3).chunk(3, -1)
        rd = int(hd * ROTARY_PCT)
        inv = 1.0 / 10000.0 ** (torch.arange(0, rd, 2).float() / rd)
        f = torch.arange(t).float()[:, None] * inv
        cos, sin = torch.cat([f, f], -1).cos(), torch.cat([f, f], -1).sin()

        def rot(z):
            r, p = z[..., :rd], z[..., rd:]
            a, c = r.chunk(2, -1)
            return torch.cat([r * cos + torch.cat([-c, a], -1) * sin, p], -1)

        o = F.scaled_dot_product_attention(rot(q), rot(k), v, is_causal=True)
        attn = self.dense(o.transpose(1, 2).reshape(b, t, -1))
        mlp = self.dense_4h_to_h(F.gelu(self.dense_h_to_4h(self.post_attention_layernorm(x))))
        return x + attn + mlp


class NeoX(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_in = nn.Embedding(VOCAB, HIDDEN)
        self.layers = nn.ModuleList()
        self.layers.extend([NeoXLayer() for _ in [None] * LAYERS])
        self.final_layer_norm = nn.LayerNorm(HIDDEN)
        self.embed_out = nn.Linear(HIDDEN, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed_in(ids)
        for layer in self.layers:
            x = layer(x)
        return self.embed_out(self.final_layer_norm(x))
