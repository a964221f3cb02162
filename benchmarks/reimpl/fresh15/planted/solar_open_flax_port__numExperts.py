"""Solar-Open ported from a Flax checkpoint: Flax module names, [in, out] kernels, `scale`."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class ConfigDict:
    """A tiny ml_collections.ConfigDict stand-in (attribute access over a dict)."""

    def __init__(self, d):
        object.__setattr__(self, "_d", dict(d))

    def __getattr__(self, k):
        return self._d[k]


CFG = ConfigDict(
    dict(
        vocab_size=256,
        emb_dim=64,
        num_layers=2,
        num_heads=4,
        num_kv_heads=2,
        head_dim=16,
        num_experts=2,
        expert_mlp_dim=32,
        num_shared=1,
        num_experts_per_tok=2,
        routed_scaling_factor=1.0,
        dtype="float32",
    )
)


class Dense(nn.Module):
    def __init__(self, features_in, features):
        super().__init__()
        self.kernel = nn.Parameter(torch.empty(features_in, features))

    def forward(self, x):
        return x @ self.kernel


class RMSNorm(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.scale * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5)


class MultiHeadDotProductAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.query = Dense(CFG.emb_dim, CFG.num_heads * CFG.head_dim)
        self.key = Dense(CFG.emb_dim, CFG.num_kv_heads * CFG.head_dim)
        self.value = Dense(CFG.emb_dim, CFG.num_kv_heads * CFG.head_dim)
        self.out = Dense(CFG.num_heads * CFG.head_dim, CFG.emb_dim)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.query(x).view(b, t, CFG.num_heads, -1).transpose(1, 2)
        k = self.key(x).view(b, t, CFG.num_kv_heads, -1).transpose(1, 2)
        v = self.value(x).view(b, t, CFG.num_kv_heads, -1).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.out(y.transpose(1, 2).reshape(b, t, -1))


class MlpBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.wi_0, self.wi_1 = Dense(CFG.emb_dim, dim), Dense(CFG.emb_dim, dim)
        self.wo = Dense(dim, CFG.emb_dim)

    def forward(self, x):
        return self.wo(F.silu(self.wi_0(x)) * self.wi_1(x))


class MoeBlock(nn.Module):
    def __init__(self):
        super().__init__()
        e, f = CFG.num_experts, CFG.expert_mlp_dim
        self.gate = Dense(CFG.emb_dim, e)
        self.wi = nn.Parameter(torch.empty(e, CFG.emb_dim, 2 * f))
        self.wo = nn.Parameter(torch.empty(e, f, CFG.emb_dim))
        self.shared_mlp = MlpBlock(f * CFG.num_shared)
        self.register_buffer("e_score_correction_bias", torch.zeros(e))

    def forward(self, x):
        s = torch.sigmoid(self.gate(x))
        # top-k experts a token (chosen with the correction bias), renormalised, then scaled
        top = torch.topk(s + self.e_score_correction_bias, CFG.num_experts_per_tok, -1).indices
        p = torch.zeros_like(s).scatter(-1, top, s.gather(-1, top))
        p = p / (p.sum(-1, keepdim=True) + 1e-20) * CFG.routed_scaling_factor
        g, u = torch.einsum("btd,edf->btef", x, self.wi).chunk(2, -1)
        y = torch.einsum("btef,efd->bted", F.silu(g) * u, self.wo)
        return (p.unsqueeze(-1) * y).sum(-2) + self.shared_mlp(x)


class DecoderLayer_0(nn.Module):
    def __init__(self):
        super().__init__()
        self.pre_self_attention_layer_norm = RMSNorm(CFG.emb_dim)
        self.self_attention = MultiHeadDotProductAttention()
        self.pre_mlp_layer_norm = RMSNorm(CFG.emb_dim)
        self.mlp = MoeBlock()

    def forward(self, x):
        x = x + self.self_attention(self.pre_self_attention_layer_norm(x))
        return x + self.mlp(self.pre_mlp_layer_norm(x))


class Transformer(nn.Module):
    def __init__(self):
        super().__init__()
        self.token_embedder = nn.Embedding(CFG.vocab_size, CFG.emb_dim)
        self.layers = nn.ModuleDict(
            {f"layers_{i}": DecoderLayer_0() for i in range(CFG.num_layers)}
        )
        self.decoder_norm = RMSNorm(CFG.emb_dim)
        self.logits_dense = Dense(CFG.emb_dim, CFG.vocab_size)

    def forward(self, ids):
        x = self.token_embedder(ids)
        for layer in self.layers.values():
            x = layer(x)
        return self.logits_dense(self.decoder_norm(x))
