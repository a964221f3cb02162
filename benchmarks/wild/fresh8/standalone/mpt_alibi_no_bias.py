"""MPT-style block from a config dict: ALiBi (no position table), fused Wqkv, LayerNorms without
bias (bias=False), expansion ratio from the config, and the head tied to wte."""

import torch.nn as nn

CONFIG = {
    "d_model": 256,
    "n_heads": 8,
    "n_layers": 5,
    "expansion_ratio": 4,
    "vocab_size": 8192,
    "no_bias": True,
    "alibi": True,
    "max_seq_len": 2048,
}


class MPTBlock(nn.Module):
    def __init__(self, d_model, n_heads, expansion_ratio, no_bias, **_):
        super().__init__()
        bias = not no_bias
        self.norm_1 = nn.LayerNorm(d_model, bias=bias)
        self.attn = nn.ModuleDict(
            {
                "Wqkv": nn.Linear(d_model, 3 * d_model, bias=bias),
                "out_proj": nn.Linear(d_model, d_model, bias=bias),
            }
        )
        self.norm_2 = nn.LayerNorm(d_model, bias=bias)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, expansion_ratio * d_model, bias=bias),
            nn.GELU(approximate="none"),
            nn.Linear(expansion_ratio * d_model, d_model, bias=bias),
        )


class MPT(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.wte = nn.Embedding(cfg["vocab_size"], cfg["d_model"])
        if not cfg["alibi"]:
            self.wpe = nn.Embedding(cfg["max_seq_len"], cfg["d_model"])
        self.blocks = nn.ModuleList(MPTBlock(**cfg) for _ in range(cfg["n_layers"]))
        self.norm_f = nn.LayerNorm(cfg["d_model"], bias=not cfg["no_bias"])


model = MPT(CONFIG)
