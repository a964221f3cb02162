"""VaultGemma (Gemma 2 without the post-sublayer norms), written so that one function builds
the whole set of classes for a size dict: the classes are made inside ``make_model(hp)``
(closures over ``hp``), and the module-level model wraps what it returns. ``(1 + w)`` RMSNorm,
embedding scaled by sqrt(width), tanh soft-capping of scores and logits, alternating sliding /
global layers, a query scale from ``query_pre_attn_scalar``, tied head."""

import math

import torch
import torch.nn.functional as F
from torch import nn

HP = {
    "vocab": 640,
    "d": 64,
    "ffn": 192,
    "layers": 4,
    "heads": 4,
    "kv_heads": 2,
    "head_dim": 16,
    "query_scalar": 16,
    "window": 32,
    "attn_cap": 50.0,
    "logit_cap": 30.0,
    "theta": 10000.0,
    "eps": 1e-6,
}


def make_model(hp):
    class GemmaNorm(nn.Module):
        def __init__(self):
            super().__init__()
            self.weight = nn.Parameter(torch.zeros(hp["d"]))

        def forward(self, x):
            x = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + hp["eps"])
            return x * (1.0 + self.weight)

    class SelfAttention(nn.Module):
        def __init__(self, sliding):
            super().__init__()
            d, h, kv, hd = hp["d"], hp["heads"], hp["kv_heads"], hp["head_dim"]
            self.sliding = sliding
            self.q_proj = nn.Linear(d, h * hd, bias=False)
            self.k_proj = nn.Linear(d, kv * hd, bias=False)
            self.v_proj = nn.Linear(d, kv * hd, bias=False)
            self.o_proj = nn.Linear(h * hd, d, bias=False)

        def forward(self, x):
            b, t, _ = x.shape
            h, kv, hd = hp["heads"], hp["kv_heads"], hp["head_dim"]
            q = self.q_proj(x).view(b, t, h, hd).transpose(1, 2)
            k = self.k_proj(x).view(b, t, kv, hd).transpose(1, 2)
            v = self.v_proj(x).view(b, t, kv, hd).transpose(1, 2)
            inv = hp["theta"] ** -(torch.arange(0, hd, 2, device=x.device).float() / hd)
            ang = torch.arange(t, device=x.device).float()[:, None] * inv
            cos, sin = torch.cat([ang.cos()] * 2, -1), torch.cat([ang.sin()] * 2, -1)

            def rot(z):
                return z * cos + torch.cat([-z[..., hd // 2 :], z[..., : hd // 2]], -1) * sin

            q, k = rot(q), rot(k)
            k, v = k.repeat_interleave(h // kv, 1), v.repeat_interleave(h // kv, 1)
            s = q @ k.transpose(-1, -2) * hp["query_scalar"] ** -0.5
            s = torch.tanh(s / hp["attn_cap"]) * hp["attn_cap"]
            pos = torch.arange(t, device=x.device)
            ok = pos[:, None] >= pos[None, :]
            if self.sliding:
                ok = ok & (pos[:, None] - pos[None, :] < hp["window"])
            s = s.masked_fill(~ok, float("-inf"))
            return self.o_proj((s.softmax(-1) @ v).transpose(1, 2).reshape(b, t, h * hd))

    class GatedMLP(nn.Module):
        def __init__(self):
            super().__init__()
            self.gate_proj = nn.Linear(hp["d"], hp["ffn"], bias=False)
            self.up_proj = nn.Linear(hp["d"], hp["ffn"], bias=False)
            self.down_proj = nn.Linear(hp["ffn"], hp["d"], bias=False)

        def forward(self, x):
            return self.down_proj(F.gelu(self.gate_proj(x), approximate="tanh") * self.up_proj(x))

    class DecoderLayer(nn.Module):
        def __init__(self, idx):
            super().__init__()
            self.input_layernorm = GemmaNorm()
            self.self_attn = SelfAttention(sliding=idx % 2 == 0)
            self.pre_feedforward_layernorm = GemmaNorm()
            self.mlp = GatedMLP()

        def forward(self, x):
            x = x + self.self_attn(self.input_layernorm(x))
            return x + self.mlp(self.pre_feedforward_layernorm(x))

    class Decoder(nn.Module):
        def __init__(self):
            super().__init__()
            self.embed_tokens = nn.Embedding(hp["vocab"], hp["d"])
            self.layers = nn.ModuleList(DecoderLayer(i) for i in range(hp["layers"]))
            self.norm = GemmaNorm()

        def forward(self, ids):
            x = self.embed_tokens(ids) * torch.tensor(math.sqrt(hp["d"]))
            for layer in self.layers:
                x = layer(x)
            logits = self.norm(x) @ self.embed_tokens.weight.T
            return torch.tanh(logits / hp["logit_cap"]) * hp["logit_cap"]

    return Decoder


class VaultGemma(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = make_model(HP)()

    def forward(self, ids):
        return self.model(ids)
