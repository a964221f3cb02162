"""ESM-2 protein language model (encoder only), small variant for a contact-map probe.

The model class takes its sizes as keywords; the checkpoint's sizes are bound once with
functools.partial and the entry point calls the partial with no arguments.
"""

import functools

import torch
import torch.nn as nn
import torch.nn.functional as F


class RotaryBlockAttention(nn.Module):
    def __init__(self, embed_dim, heads, base):
        super().__init__()
        self.heads, self.base = heads, base
        self.head_dim = embed_dim // heads
        self.q_proj = nn.Linear(embed_dim, embed_dim)
        self.k_proj = nn.Linear(embed_dim, embed_dim)
        self.v_proj = nn.Linear(embed_dim, embed_dim)
        self.out_proj = nn.Linear(embed_dim, embed_dim)

    def _rot(self, t, length):
        d = self.head_dim
        inv = 1.0 / (self.base ** (torch.arange(0, d, 2, device=t.device).float() / d))
        f = torch.einsum("i,j->ij", torch.arange(length, device=t.device).float(), inv)
        f = torch.cat((f, f), dim=-1)
        swapped = torch.cat((-t[..., d // 2 :], t[..., : d // 2]), dim=-1)
        return t * f.cos() + swapped * f.sin()

    def forward(self, x):
        b, n, e = x.shape
        split = lambda t: t.reshape(b, n, self.heads, self.head_dim).permute(0, 2, 1, 3)  # noqa: E731
        q = split(self.q_proj(x)) * self.head_dim**-0.5
        k, v = split(self.k_proj(x)), split(self.v_proj(x))
        q, k = self._rot(q, n), self._rot(k, n)
        attn = torch.einsum("bhid,bhjd->bhij", q, k).softmax(dim=-1)
        ctx = torch.einsum("bhij,bhjd->bhid", attn, v).permute(0, 2, 1, 3).reshape(b, n, e)
        return self.out_proj(ctx)


class TransformerLayer(nn.Module):
    def __init__(self, embed_dim, ffn_embed_dim, heads, base, eps):
        super().__init__()
        self.self_attn_layer_norm = nn.LayerNorm(embed_dim, eps=eps)
        self.self_attn = RotaryBlockAttention(embed_dim, heads, base)
        self.final_layer_norm = nn.LayerNorm(embed_dim, eps=eps)
        self.fc1 = nn.Linear(embed_dim, ffn_embed_dim)
        self.fc2 = nn.Linear(ffn_embed_dim, embed_dim)

    def forward(self, x):
        x = x + self.self_attn(self.self_attn_layer_norm(x))
        return x + self.fc2(F.gelu(self.fc1(self.final_layer_norm(x))))


class ProteinLM(nn.Module):
    def __init__(
        self, *, alphabet, embed_dim, ffn_embed_dim, layers, attention_heads, rope_base, eps
    ):
        super().__init__()
        self.embed_tokens = nn.Embedding(alphabet, embed_dim, padding_idx=1)
        self.layers = nn.ModuleList(
            TransformerLayer(embed_dim, ffn_embed_dim, attention_heads, rope_base, eps)
            for _ in range(layers)
        )
        self.emb_layer_norm_after = nn.LayerNorm(embed_dim, eps=eps)
        # contact head: one logistic regression over every layer's every head
        self.contact_regression = nn.Linear(layers * attention_heads, 1)
        self.pool = nn.Linear(embed_dim, embed_dim)

    def forward(self, tokens):
        x = self.embed_tokens(tokens)
        for layer in self.layers:
            x = layer(x)
        x = self.emb_layer_norm_after(x)
        return x, torch.tanh(self.pool(x[:, 0]))


esm2_small = functools.partial(
    ProteinLM,
    alphabet=33,
    embed_dim=64,
    ffn_embed_dim=192,
    layers=3,
    attention_heads=4,
    rope_base=10000.0,
    eps=1e-5,
)


class ESM2(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = esm2_small()

    def forward(self, tokens):
        return self.model(tokens)
