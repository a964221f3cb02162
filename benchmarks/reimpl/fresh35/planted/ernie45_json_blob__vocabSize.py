"""ERNIE-4.5 dense (0.3B family) in plain torch.

The run configuration is the JSON string the training job logs at start-up; it is parsed once.
Rotary is applied on adjacent channel pairs as a complex multiply; attention is written with
einsum over (kv group, head in group).
"""

import json
import math

import torch
from torch import nn

RUN_JSON = """
{
  "model": {
    "vocab_size": 800,
    "hidden_size": 64,
    "intermediate_size": 176,
    "num_hidden_layers": 2,
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "head_dim": 16,
    "rope_theta": 500000.0,
    "rms_norm_eps": 1e-05,
    "tie_word_embeddings": true
  },
  "optim": {"lr": 3e-4, "warmup": 2000}
}
"""
RUN = json.loads(RUN_JSON)
M = RUN["model"]


def rms(x, g, eps):
    x32 = x.float()
    return g * (x32 * (x32.square().mean(-1, keepdim=True) + eps).rsqrt()).type_as(x)


def complex_rotate(x, phasor):
    """x: [b, t, h, d] real; phasor: [t, d/2] complex unit numbers."""
    z = torch.view_as_complex(x.float().unflatten(-1, (-1, 2)).contiguous())
    return torch.view_as_real(z * phasor[None, :, None, :]).flatten(-2).type_as(x)


class ErnieAttention(nn.Module):
    def __init__(self):
        super().__init__()
        d, hd = M["hidden_size"], M["head_dim"]
        self.n_head, self.n_kv, self.hd = M["num_attention_heads"], M["num_key_value_heads"], hd
        self.q_proj = nn.Linear(d, self.n_head * hd, bias=False)
        self.k_proj = nn.Linear(d, self.n_kv * hd, bias=False)
        self.v_proj = nn.Linear(d, self.n_kv * hd, bias=False)
        self.o_proj = nn.Linear(self.n_head * hd, d, bias=False)

    def forward(self, x, phasor, causal):
        b, t, _ = x.shape
        g = self.n_head // self.n_kv
        q = complex_rotate(self.q_proj(x).view(b, t, self.n_head, self.hd), phasor)
        k = complex_rotate(self.k_proj(x).view(b, t, self.n_kv, self.hd), phasor)
        v = self.v_proj(x).view(b, t, self.n_kv, self.hd)
        q = q.view(b, t, self.n_kv, g, self.hd)
        score = torch.einsum("bqkgd,bskd->bkgqs", q, k) / math.sqrt(self.hd)
        score = score.masked_fill(~causal, float("-inf")).softmax(-1)
        out = torch.einsum("bkgqs,bskd->bqkgd", score, v)
        return self.o_proj(out.reshape(b, t, self.n_head * self.hd))


class ErnieMLP(nn.Module):
    def __init__(self):
        super().__init__()
        width, inner = M["hidden_size"], M["intermediate_size"]
        self.gate_proj = nn.Linear(width, inner, bias=False)
        self.up_proj = nn.Linear(width, inner, bias=False)
        self.down_proj = nn.Linear(inner, width, bias=False)

    def forward(self, x):
        return self.down_proj(nn.functional.silu(self.gate_proj(x)) * self.up_proj(x))


class ErnieLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_attn = nn.Parameter(torch.ones(M["hidden_size"]))
        self.attn = ErnieAttention()
        self.ln_mlp = nn.Parameter(torch.ones(M["hidden_size"]))
        self.mlp = ErnieMLP()

    def forward(self, x, phasor, causal):
        x = x + self.attn(rms(x, self.ln_attn, M["rms_norm_eps"]), phasor, causal)
        return x + self.mlp(rms(x, self.ln_mlp, M["rms_norm_eps"]))


class Ernie45LM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(M["vocab_size"], M["hidden_size"])
        self.layers = nn.ModuleList([ErnieLayer() for _ in range(M["num_hidden_layers"])])
        self.ln_out = nn.Parameter(torch.ones(M["hidden_size"]))
        if not M["tie_word_embeddings"]:
            self.lm_head = nn.Linear(M["hidden_size"], M["vocab_size"], bias=False)
        hd = M["head_dim"]
        self.register_buffer(
            "freqs", M["rope_theta"] ** (-torch.arange(0, hd, 2).float() / hd), persistent=False
        )

    def forward(self, ids):
        t = ids.shape[1]
        angle = torch.outer(torch.arange(t, device=ids.device).float(), self.freqs)
        phasor = torch.polar(torch.ones_like(angle), angle)
        causal = torch.ones(t, t, dtype=torch.bool, device=ids.device).tril()
        h = self.embed(ids)
        for layer in self.layers:
            h = layer(h, phasor, causal)
        h = rms(h, self.ln_out, M["rms_norm_eps"])
        head = self.embed.weight if M["tie_word_embeddings"] else self.lm_head.weight
        return h @ head.t()
