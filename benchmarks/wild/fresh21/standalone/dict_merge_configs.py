"""Configs merged with the dict | operator and ** unpacking; later keys win (defaults | preset | cli)."""

import torch.nn as nn

DEFAULTS = {"dim": 64, "depth": 2, "ff_mult": 4, "vocab": 1000, "tie": False, "max_len": 128}
PRESETS = {"small": {"dim": 32, "depth": 3}, "tied": {"tie": True, "ff_mult": 2}}
CLI = {"vocab": 640, "max_len": 64}

cfg = DEFAULTS | PRESETS["small"] | PRESETS["tied"]
cfg |= CLI


class LM(nn.Module):
    def __init__(self, dim, depth, ff_mult, vocab, tie, max_len):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.pos = nn.Parameter(torch_zeros(max_len, dim))
        self.layers = nn.ModuleList(
            nn.Sequential(
                nn.LayerNorm(dim),
                nn.Linear(dim, dim * ff_mult),
                nn.GELU(),
                nn.Linear(dim * ff_mult, dim),
            )
            for _ in range(depth)
        )
        self.lm_head = nn.Linear(dim, vocab, bias=False)
        if tie:
            self.lm_head.weight = self.tok.weight

    def forward(self, ids):
        h = self.tok(ids) + self.pos[: ids.shape[1]]
        for layer in self.layers:
            h = h + layer(h)
        return self.lm_head(h)


def torch_zeros(*shape):
    import torch

    return torch.zeros(*shape)


model = LM(**cfg)
