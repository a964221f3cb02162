"""RetNet: multi-scale retention with per-head decay buffers, swish gate and group norm."""

import math

import torch
from torch import nn


class MultiScaleRetention(nn.Module):
    def __init__(self, dim, heads, v_factor=2):
        super().__init__()
        self.heads = heads
        self.q = nn.Linear(dim, dim, bias=False)
        self.k = nn.Linear(dim, dim, bias=False)
        self.v = nn.Linear(dim, dim * v_factor, bias=False)
        self.g = nn.Linear(dim, dim * v_factor, bias=False)
        self.out = nn.Linear(dim * v_factor, dim, bias=False)
        self.group_norm = nn.GroupNorm(heads, dim * v_factor, affine=False)
        decay = 1 - 2.0 ** (-5 - torch.arange(heads, dtype=torch.float))
        self.register_buffer("decay", torch.log(decay))


class RetNet(nn.Module):
    def __init__(self, vocab=16000, dim=256, layers=4, heads=4, ffn=512):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.embed_scale = math.sqrt(dim)
        self.layers = nn.ModuleList(
            nn.ModuleDict(
                {
                    "ln1": nn.LayerNorm(dim),
                    "msr": MultiScaleRetention(dim, heads),
                    "ln2": nn.LayerNorm(dim),
                    "ffn": nn.Sequential(nn.Linear(dim, ffn), nn.GELU(), nn.Linear(ffn, dim)),
                }
            )
            for _ in range(layers)
        )
        self.norm = nn.LayerNorm(dim)
        self.lm_head = nn.Linear(dim, vocab, bias=False)


model = RetNet()
