"""JetMoE (a mixture of attention heads and a mixture of MLP experts) whose sizes are a
``TypedDict`` literal unpacked into the model's keyword arguments. Forward: routing and both
mixtures, without RoPE (count-proved)."""

from typing import TypedDict

import torch
import torch.nn as nn
import torch.nn.functional as F


class JetMoeSizes(TypedDict):
    vocab_size: int
    hidden: int
    n_layers: int
    kv_heads: int
    kv_channels: int
    ffn: int
    n_experts: int
    top_k: int


SIZES: JetMoeSizes = {
    "vocab_size": 256,
    "hidden": 64,
    "n_layers": 2,
    "kv_heads": 2,
    "kv_channels": 16,
    "ffn": 128,
    "n_experts": 4,
    "top_k": 2,
}


class Router(nn.Module):
    def __init__(self, d, e):
        super().__init__()
        self.layer = nn.Linear(d, e, bias=False)


class ExpertMix(nn.Module):
    """``input_linear`` [E, in_width, D] and ``output_linear`` [E, D, out_width], one bias [D]."""

    def __init__(self, d, e, width, glu):
        super().__init__()
        self.input_linear = nn.Parameter(torch.zeros(e, 2 * width if glu else width, d))
        self.output_linear = nn.Parameter(torch.zeros(e, d, width))
        self.bias = nn.Parameter(torch.zeros(d))
        self.router = Router(d, e)


class JetLayer(nn.Module):
    def __init__(self, hidden, kv_heads, kv_channels, ffn, n_experts, top_k):
        super().__init__()
        att = kv_heads * kv_channels
        self.k, self.kv_heads, self.kv_channels = top_k, kv_heads, kv_channels
        self.input_layernorm = nn.RMSNorm(hidden, eps=1e-6)
        self.self_attention = nn.Module()
        self.self_attention.kv_proj = nn.Linear(hidden, 2 * att, bias=False)
        self.self_attention.experts = ExpertMix(hidden, n_experts, att, glu=False)
        self.post_attention_layernorm = nn.RMSNorm(hidden, eps=1e-6)
        self.mlp = ExpertMix(hidden, n_experts, ffn, glu=True)

    def route(self, mix, x):
        w, idx = mix.router.layer(x).softmax(-1).topk(self.k, -1)
        return w / w.sum(-1, keepdim=True), idx

    def forward(self, x):
        B, T, _ = x.shape
        h = self.input_layernorm(x)
        w, idx = self.route(self.self_attention.experts, h)
        k, v = self.self_attention.kv_proj(h).chunk(2, -1)
        k = k.view(B, T, self.kv_heads, self.kv_channels).transpose(1, 2)
        v = v.view(B, T, self.kv_heads, self.kv_channels).transpose(1, 2)
        att = torch.zeros_like(x)
        for j in range(self.k):
            q = torch.einsum(
                "btd,btfd->btf", h, self.self_attention.experts.input_linear[idx[..., j]]
            )
            q = q.view(B, T, self.kv_heads, self.kv_channels).transpose(1, 2)
            o = (
                F.scaled_dot_product_attention(q, k, v, is_causal=True)
                .transpose(1, 2)
                .reshape(B, T, -1)
            )
            att = att + w[..., j, None] * torch.einsum(
                "btf,btdf->btd", o, self.self_attention.experts.output_linear[idx[..., j]]
            )
        x = x + att + self.self_attention.experts.bias
        h = self.post_attention_layernorm(x)
        w, idx = self.route(self.mlp, h)
        out = torch.zeros_like(x)
        for j in range(self.k):
            g, u = torch.einsum("btd,btfd->btf", h, self.mlp.input_linear[idx[..., j]]).chunk(2, -1)
            out = out + w[..., j, None] * torch.einsum(
                "btf,btdf->btd", F.silu(g) * u, self.mlp.output_linear[idx[..., j]]
            )
        return x + out + self.mlp.bias


class JetMoe(nn.Module):
    def __init__(self, vocab_size=None, n_layers=None, **rest):
        super().__init__()
        sizes = {
            **SIZES,
            **{
                k: v
                for k, v in dict(vocab_size=vocab_size, n_layers=n_layers).items()
                if v is not None
            },
            **rest,
        }
        layer_args = {
            k: sizes[k] for k in ("hidden", "kv_heads", "kv_channels", "ffn", "n_experts", "top_k")
        }
        self.embed_tokens = nn.Embedding(sizes["vocab_size"], sizes["hidden"])
        self.layers = nn.ModuleList(JetLayer(**layer_args) for _ in range(sizes["n_layers"]))
        self.norm = nn.RMSNorm(sizes["hidden"], eps=1e-6)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)
