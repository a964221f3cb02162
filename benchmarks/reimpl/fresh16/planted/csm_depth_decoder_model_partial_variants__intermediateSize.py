"""CSM's depth decoder (one embedding row per codebook entry, at the backbone's width, then a
projection down): our model zoo keeps its variants as ``functools.partial`` factories."""

from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F


class RMSNorm(nn.Module):
    def __init__(self, d, eps=1e-5):
        super().__init__()
        self.weight, self.eps = nn.Parameter(torch.ones(d)), eps

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class Attention(nn.Module):
    def __init__(self, d, heads, kv, hd):
        super().__init__()
        self.h, self.kv, self.hd = heads, kv, hd
        self.q_proj = nn.Linear(d, heads * hd, bias=False)
        self.k_proj = nn.Linear(d, kv * hd, bias=False)
        self.v_proj = nn.Linear(d, kv * hd, bias=False)
        self.o_proj = nn.Linear(heads * hd, d, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, self.h, self.hd).transpose(1, 2)
        k = self.k_proj(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        v = self.v_proj(x).view(b, t, self.kv, self.hd).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(y.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self, d, heads, kv, hd, ffn):
        super().__init__()
        self.input_layernorm, self.post_attention_layernorm = RMSNorm(d), RMSNorm(d)
        self.self_attn = Attention(d, heads, kv, hd)
        self.gate_proj = nn.Linear(d, ffn, bias=False)
        self.up_proj = nn.Linear(d, ffn, bias=False)
        self.down_proj = nn.Linear(ffn, d, bias=False)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class DepthDecoder(nn.Module):
    def __init__(self, codebooks, codebook_size, backbone_dim, dim, layers, heads, kv, ffn):
        super().__init__()
        self.codebook_size = codebook_size
        self.embed_tokens = nn.Embedding(codebooks * codebook_size, backbone_dim)
        self.inputs_embeds_projector = nn.Linear(backbone_dim, dim, bias=False)
        hd = 16
        self.layers = nn.ModuleList(Layer(dim, heads, kv, hd, ffn) for _ in range(layers))
        self.norm = RMSNorm(dim)

    def forward(self, codes):
        offsets = torch.arange(codes.shape[1]) * self.codebook_size
        x = self.inputs_embeds_projector(self.embed_tokens(codes + offsets))
        for layer in self.layers:
            x = layer(x)
        return self.norm(x)


ZOO = {
    "csm-depth-1b": partial(DepthDecoder, 32, 2051, 2048, 1024, 4, 8, 2, 8192),
    "csm-depth-tiny": partial(DepthDecoder, 4, 64, 96, 64, 2, 4, 2, 256),
}


class DepthTiny(DepthDecoder):
    def __init__(self):
        super().__init__(*ZOO["csm-depth-tiny"].args)
