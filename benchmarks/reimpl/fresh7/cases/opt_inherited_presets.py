"""OPT (the 125m-style layout): learned positions offset by 2, pre-norm decoder layers with
biased projections, ReLU, a final LayerNorm, the head tied to the embeddings. Presets inherit
from other presets by name (``"base": "opt-125m"``) and are resolved recursively, the child's
keys winning."""

import torch
import torch.nn.functional as F
from torch import nn

PRESETS = {
    "opt-125m": dict(vocab=50272, d=768, layers=12, heads=12, ffn=3072, max_pos=2048),
    "opt-tiny": dict(base="opt-125m", vocab=672, d=64, layers=2, heads=4, ffn=256, max_pos=128),
}


def resolve(name):
    p = dict(PRESETS[name])
    base = p.pop("base", None)
    return {**resolve(base), **p} if base else p


P = resolve("opt-tiny")


class OPTAttention(nn.Module):
    def __init__(self):
        super().__init__()
        d = P["d"]
        self.k_proj, self.v_proj = nn.Linear(d, d), nn.Linear(d, d)
        self.q_proj, self.out_proj = nn.Linear(d, d), nn.Linear(d, d)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = (
            p(x).view(b, t, P["heads"], -1).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.out_proj(o.transpose(1, 2).reshape(b, t, d))


class OPTLayer(nn.Module):
    def __init__(self):
        super().__init__()
        d = P["d"]
        self.self_attn_layer_norm = nn.LayerNorm(d)
        self.self_attn = OPTAttention()
        self.final_layer_norm = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, P["ffn"])
        self.fc2 = nn.Linear(P["ffn"], d)

    def forward(self, x):
        x = x + self.self_attn(self.self_attn_layer_norm(x))
        return x + self.fc2(F.relu(self.fc1(self.final_layer_norm(x))))


class OPT(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(P["vocab"], P["d"])
        self.embed_positions = nn.Embedding(P["max_pos"] + 2, P["d"])
        self.layers = nn.ModuleList(OPTLayer() for _ in range(P["layers"]))
        self.final_layer_norm = nn.LayerNorm(P["d"])

    def forward(self, ids):
        x = self.embed_tokens(ids) + self.embed_positions(torch.arange(ids.shape[1]) + 2)
        for layer in self.layers:
            x = layer(x)
        return self.final_layer_norm(x) @ self.embed_tokens.weight.T
