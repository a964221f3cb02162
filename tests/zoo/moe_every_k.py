"""Zoo: mixture of experts on every second layer (the layer body depends on the layer index)."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class Expert(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.up = nn.Linear(d, h)
        self.down = nn.Linear(h, d)

    def forward(self, x):
        return self.down(F.gelu(self.up(x)))


class MoE(nn.Module):
    def __init__(self, d, h, n_experts):
        super().__init__()
        self.router = nn.Linear(d, n_experts, bias=False)
        self.experts = nn.ModuleList(Expert(d, h) for _ in range(n_experts))

    def forward(self, x):  # dense (soft) routing: every expert, weighted by the router
        weights = F.softmax(self.router(x), dim=-1)  # (B, T, n_experts)
        out = torch.zeros_like(x)
        for i, expert in enumerate(self.experts):
            out = out + weights[..., i : i + 1] * expert(x)
        return out


class Layer(nn.Module):
    def __init__(self, d, h, n_experts, idx, moe_every=2):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        if idx % moe_every == 1:
            self.ffn = MoE(d, h, n_experts)
        else:
            self.ffn = Expert(d, h)

    def forward(self, x):
        return x + self.ffn(self.norm(x))


class MoEModel(nn.Module):
    def __init__(self, d=32, h=64, n_experts=4, n_layers=6):
        super().__init__()
        self.layers = nn.ModuleList([Layer(d, h, n_experts, i) for i in range(n_layers)])

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


ENTRY = "MoEModel"
CONFIG = None
INPUT = (2, 6, 32)


def build():
    return MoEModel()
