import math

import torch
import torch.nn as nn


class T5LayerNorm(nn.Module):
    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))
        self.eps = eps

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class T5Attention(nn.Module):
    def __init__(self, d_model, d_kv, n_heads, has_relative_attention_bias=False,
                 num_buckets=32, max_distance=128):
        super().__init__()
        inner = n_heads * d_kv
        self.q = nn.Linear(d_model, inner, bias=False)
        self.k = nn.Linear(d_model, inner, bias=False)
        self.v = nn.Linear(d_model, inner, bias=False)
        self.o = nn.Linear(inner, d_model, bias=False)
        self.num_buckets, self.max_distance = num_buckets, max_distance
        if has_relative_attention_bias:
            self.relative_attention_bias = nn.Embedding(num_buckets, n_heads)


class T5Block(nn.Module):
    def __init__(self, cfg, first):
        super().__init__()
        self.ln_attn = T5LayerNorm(cfg["d_model"])
        self.attn = T5Attention(cfg["d_model"], cfg["d_kv"], cfg["num_heads"],
                                has_relative_attention_bias=first)
        self.ln_ff = T5LayerNorm(cfg["d_model"])
        self.wi_0 = nn.Linear(cfg["d_model"], cfg["d_ff"], bias=False)
        self.wi_1 = nn.Linear(cfg["d_model"], cfg["d_ff"], bias=False)
        self.wo = nn.Linear(cfg["d_ff"], cfg["d_model"], bias=False)


class T5Encoder(nn.Module):
    def __init__(self, cfg, shared=None):
        super().__init__()
        self.embed_tokens = shared if shared is not None else nn.Embedding(cfg["vocab_size"],
                                                                            cfg["d_model"])
        self.block = nn.ModuleList([T5Block(cfg, first=(i == 0)) for i in range(cfg["num_layers"])])
        self.final_layer_norm = T5LayerNorm(cfg["d_model"])


class T5ForClassification(nn.Module):
    def __init__(self, cfg, n_labels):
        super().__init__()
        self.shared = nn.Embedding(cfg["vocab_size"], cfg["d_model"])
        self.encoder = T5Encoder(cfg, shared=self.shared)
        self.classifier = nn.Sequential(nn.Linear(cfg["d_model"], cfg["d_model"]), nn.Tanh(),
                                        nn.Linear(cfg["d_model"], n_labels))
        self.scale = math.sqrt(cfg["d_model"])


config = dict(vocab_size=32128, d_model=256, d_kv=32, d_ff=1024, num_layers=4, num_heads=8)
config.update(d_ff=768)
model = T5ForClassification(config, n_labels=4)
