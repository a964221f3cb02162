"""Nemotron-style decoder assembled from a registry: parts register by name with a decorator."""

import torch
import torch.nn.functional as F
from torch import nn

REGISTRY = {}


def register(name):
    def wrap(cls):
        REGISTRY[name] = cls
        return cls

    return wrap


HPARAMS = {
    "vocab_size": 256,
    "hidden": 64,
    "layers": 2,
    "heads": 4,
    "kv_heads": 2,
    "ffn": 192,
    "rotary_pct": 0.5,
    "rope_base": 10000.0,
    "norm": "layernorm1p",
    "mlp": "relu2",
}


@register("layernorm1p")
class LayerNorm1P(nn.LayerNorm):
    def forward(self, x):
        return F.layer_norm(x, self.normalized_shape, self.weight + 1.0, self.bias, self.eps)


@register("relu2")
class SquaredReluMLP(nn.Module):
    def __init__(self, hp):
        super().__init__()
        self.fc_in = nn.Linear(hp["hidden"], hp["ffn"], bias=False)
        self.fc_out = nn.Linear(hp["ffn"], hp["hidden"], bias=False)

    def forward(self, x):
        return self.fc_out(F.relu(self.fc_in(x)).square())


@register("attention")
class Attention(nn.Module):
    def __init__(self, hp):
        super().__init__()
        self.hp = hp
        self.hd = hp["hidden"] // hp["heads"]
        self.query = nn.Linear(hp["hidden"], hp["heads"] * self.hd, bias=False)
        self.key = nn.Linear(hp["hidden"], hp["kv_heads"] * self.hd, bias=False)
        self.value = nn.Linear(hp["hidden"], hp["kv_heads"] * self.hd, bias=False)
        self.dense = nn.Linear(hp["heads"] * self.hd, hp["hidden"], bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        q = self.query(x).view(b, t, -1, self.hd).transpose(1, 2)
        k = self.key(x).view(b, t, -1, self.hd).transpose(1, 2)
        v = self.value(x).view(b, t, -1, self.hd).transpose(1, 2)
        r = cos.shape[-1]

        def rope(z):
            zr, zp = z[..., :r], z[..., r:]
            a, c = zr.chunk(2, -1)
            return torch.cat([zr * cos + torch.cat([-c, a], -1) * sin, zp], -1)

        y = F.scaled_dot_product_attention(rope(q), rope(k), v, is_causal=True, enable_gqa=True)
        return self.dense(y.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self, hp):
        super().__init__()
        norm = REGISTRY[hp["norm"]]
        self.ln_attn = norm(hp["hidden"], eps=1e-5)
        self.attn = REGISTRY["attention"](hp)
        self.ln_mlp = norm(hp["hidden"], eps=1e-5)
        self.mlp = REGISTRY[hp["mlp"]](hp)

    def forward(self, x, cos, sin):
        x = x + self.attn(self.ln_attn(x), cos, sin)
        return x + self.mlp(self.ln_mlp(x))


class NemotronLM(nn.Module):
    def __init__(self, hp=HPARAMS):
        super().__init__()
        self.hp = hp
        self.embedding = nn.Embedding(hp["vocab_size"], hp["hidden"])
        self.decoder = nn.ModuleList(Layer(hp) for _ in range(hp["layers"]))
        self.final_ln = REGISTRY[hp["norm"]](hp["hidden"], eps=1e-5)
        self.output_layer = nn.Linear(hp["hidden"], hp["vocab_size"], bias=False)

    def forward(self, ids):
        hd = self.hp["hidden"] // self.hp["heads"]
        rot = int(hd * self.hp["rotary_pct"])
        inv = 1.0 / self.hp["rope_base"] ** (torch.arange(0, rot, 2).float() / rot)
        f = torch.arange(ids.shape[1]).float()[:, None] * inv
        f = torch.cat([f, f], -1)
        x = self.embedding(ids)
        for layer in self.decoder:
            x = layer(x, f.cos(), f.sin())
        return self.output_layer(self.final_ln(x))
