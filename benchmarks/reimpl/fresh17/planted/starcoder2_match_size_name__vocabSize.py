"""StarCoder2 whose sizes are chosen by a ``match`` statement on a size name; LayerNorms with
biases, biased projections, a GELU MLP, tied embeddings."""

import torch
import torch.nn as nn
import torch.nn.functional as F

SIZE = "tiny"


def sizes(name):
    match name:
        case "tiny":
            return dict(vocab=640, dim=64, layers=2, heads=4, kv=2, ffn=256, theta=10000.0)
        case "3b":
            return dict(vocab=49152, dim=3072, layers=30, heads=24, kv=2, ffn=12288, theta=999999.4)
        case _:
            raise ValueError(name)


class Block(nn.Module):
    def __init__(self, s):
        super().__init__()
        hd = s["dim"] // s["heads"]
        self.s, self.hd = s, hd
        self.input_layernorm = nn.LayerNorm(s["dim"], eps=1e-5)
        self.self_attn = nn.ModuleDict(
            {
                "q_proj": nn.Linear(s["dim"], s["heads"] * hd),
                "k_proj": nn.Linear(s["dim"], s["kv"] * hd),
                "v_proj": nn.Linear(s["dim"], s["kv"] * hd),
                "o_proj": nn.Linear(s["heads"] * hd, s["dim"]),
            }
        )
        self.post_attention_layernorm = nn.LayerNorm(s["dim"], eps=1e-5)
        self.mlp = nn.ModuleDict(
            {"c_fc": nn.Linear(s["dim"], s["ffn"]), "c_proj": nn.Linear(s["ffn"], s["dim"])}
        )

    def forward(self, x, cos, sin):
        B, T, _ = x.shape
        s, hd, a = self.s, self.hd, self.self_attn
        h = self.input_layernorm(x)

        def rot(t):
            return t * cos + torch.cat([-t[..., hd // 2 :], t[..., : hd // 2]], -1) * sin

        q = rot(a["q_proj"](h).view(B, T, s["heads"], hd).transpose(1, 2))
        k = rot(a["k_proj"](h).view(B, T, s["kv"], hd).transpose(1, 2))
        v = a["v_proj"](h).view(B, T, s["kv"], hd).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + a["o_proj"](o.transpose(1, 2).reshape(B, T, -1))
        h = self.post_attention_layernorm(x)
        return x + self.mlp["c_proj"](F.gelu(self.mlp["c_fc"](h), approximate="tanh"))


class StarCoder2(nn.Module):
    def __init__(self, size=SIZE):
        super().__init__()
        s = sizes(size)
        self.s = s
        self.embed_tokens = nn.Embedding(s["vocab"], s["dim"])
        self.layers = nn.ModuleList(Block(s) for _ in range(s["layers"]))
        self.norm = nn.LayerNorm(s["dim"], eps=1e-5)

    def forward(self, ids):
        hd = self.s["dim"] // self.s["heads"]
        inv = 1.0 / self.s["theta"] ** (torch.arange(0, hd, 2).float() / hd)
        a = torch.arange(ids.shape[1]).float()[:, None] * inv
        a = torch.cat([a, a], -1)
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x, a.cos(), a.sin())
        return self.norm(x)
