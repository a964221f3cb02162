"""Idefics3's SigLIP-style vision tower; the sizes are a settings block pasted from our wiki
as an indented ``key: value`` text, dedented and parsed line by line."""

import textwrap

from torch import nn

SETTINGS = textwrap.dedent(
    """
    image_size: 32
    patch_size: 8
    hidden_size: 64
    num_attention_heads: 4
    intermediate_size: 192
    num_hidden_layers: 2
    """
)
S = {k.strip(): int(v) for k, v in (ln.split(":") for ln in SETTINGS.strip().splitlines())}


class EncoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        d, ff = S["hidden_size"], S["intermediate_size"]
        self.layer_norm1 = nn.LayerNorm(d, eps=1e-6)
        self.q_proj, self.k_proj, self.v_proj = nn.Linear(d, d), nn.Linear(d, d), nn.Linear(d, d)
        self.out_proj = nn.Linear(d, d)
        self.layer_norm2 = nn.LayerNorm(d, eps=1e-6)
        self.fc1, self.fc2 = nn.Linear(d, ff), nn.Linear(ff, d)

    def forward(self, x):
        b, t, d = x.shape
        n = S["num_attention_heads"]
        h = self.layer_norm1(x)
        q, k, v = (
            p(h).view(b, t, n, -1).transpose(1, 2) for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        o = nn.functional.scaled_dot_product_attention(q, k, v)
        x = x + self.out_proj(o.transpose(1, 2).reshape(b, t, d))
        return x + self.fc2(nn.functional.gelu(self.fc1(self.layer_norm2(x)), approximate="tanh"))


class Idefics3Vision(nn.Module):
    def __init__(self):
        super().__init__()
        d, p = S["hidden_size"], S["patch_size"]
        self.patch_embedding = nn.Conv2d(3, d, p, p)
        self.position_embedding = nn.Embedding((S["image_size"] // p) ** 2, d)
        self.layers = nn.ModuleList(EncoderLayer() for _ in range(S["num_hidden_layers"]))
        self.post_layernorm = nn.LayerNorm(d, eps=1e-6)

    def forward(self, pixels):
        x = self.patch_embedding(pixels).flatten(2).transpose(1, 2)
        x = x + self.position_embedding.weight[None]
        for layer in self.layers:
            x = layer(x)
        return self.post_layernorm(x)
