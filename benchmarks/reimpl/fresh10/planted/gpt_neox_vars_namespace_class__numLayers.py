"""GPT-NeoX whose sizes live as attributes of a plain class used as a namespace and are read
with ``vars(Hyper)``; the fused ``query_key_value`` rows are per head (q, k, v of head 0, ...)."""

import torch
import torch.nn.functional as F
from torch import nn


class Hyper:
    vocab = 512
    width = 64
    heads = 4
    layers = 2
    mlp = 256
    rotary_pct = 0.25
    eps = 1e-5


H = {k: v for k, v in vars(Hyper).items() if not k.startswith("_")}


def rope(x, r):
    t = x.shape[-2]
    f = torch.outer(
        torch.arange(t).float(), 10000.0 ** (-torch.arange(0, r, 2).float() / r)
    ).repeat(1, 2)
    rot, rest = x[..., :r], x[..., r:]
    a, b = rot.chunk(2, -1)
    return torch.cat((rot * f.cos() + torch.cat((-b, a), -1) * f.sin(), rest), -1)


class NeoXLayer(nn.Module):
    def __init__(self):
        super().__init__()
        d = H["width"]
        self.input_layernorm = nn.LayerNorm(d, eps=H["eps"])
        self.post_attention_layernorm = nn.LayerNorm(d, eps=H["eps"])
        self.query_key_value = nn.Linear(d, 3 * d)
        self.dense = nn.Linear(d, d)
        self.dense_h_to_4h = nn.Linear(d, H["mlp"])
        self.dense_4h_to_h = nn.Linear(H["mlp"], d)

    def forward(self, x):
        b, t, d = x.shape
        nh = H["heads"]
        hd = d // nh
        qkv = self.query_key_value(self.input_layernorm(x)).view(b, t, nh, 3 * hd).transpose(1, 2)
        q, k, v = qkv.split(hd, -1)
        r = int(hd * H["rotary_pct"])
        o = F.scaled_dot_product_attention(rope(q, r), rope(k, r), v, is_causal=True)
        attn = self.dense(o.transpose(1, 2).reshape(b, t, d))
        mlp = self.dense_4h_to_h(F.gelu(self.dense_h_to_4h(self.post_attention_layernorm(x))))
        return x + attn + mlp


class GPTNeoX(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_in = nn.Embedding(H["vocab"], H["width"])
        self.layers = nn.ModuleList(NeoXLayer() for _ in range(H["layers"]))
        self.final_layer_norm = nn.LayerNorm(H["width"], eps=H["eps"])
        self.embed_out = nn.Linear(H["width"], H["vocab"], bias=False)

    def forward(self, ids):
        x = self.embed_in(ids)
        for layer in self.layers:
            x = layer(x)
        return self.embed_out(self.final_layer_norm(x))
