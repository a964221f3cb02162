"""Zoo: mixture of experts on every second layer (the layer body depends on the layer index)."""

import torch.nn as nn


class Expert(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.up = nn.Linear(d, h)
        self.down = nn.Linear(h, d)


class MoE(nn.Module):
    def __init__(self, d, h, n_experts):
        super().__init__()
        self.router = nn.Linear(d, n_experts, bias=False)
        self.experts = nn.ModuleList(Expert(d, h) for _ in range(n_experts))


class Layer(nn.Module):
    def __init__(self, d, h, n_experts, idx, moe_every=2):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        if idx % moe_every == 1:
            self.ffn = MoE(d, h, n_experts)
        else:
            self.ffn = Expert(d, h)


class MoEModel(nn.Module):
    def __init__(self, d=32, h=64, n_experts=4, n_layers=6):
        super().__init__()
        self.layers = nn.ModuleList([Layer(d, h, n_experts, i) for i in range(n_layers)])


ENTRY = "MoEModel"
CONFIG = None
INPUT = None


def build():
    return MoEModel()
