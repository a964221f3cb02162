"""Initialization with nn.Module.apply plus parameter surgery: biases of Linear layers that feed a
norm are deleted (register_parameter(name, None)), conv biases replaced by zero Parameters of the
same size, and an extra learnable gain parameter attached to every LayerNorm-free block."""

import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, dim, use_norm):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim) if use_norm else None
        self.conv = nn.Conv1d(dim, dim, 3, padding=1)


class Net(nn.Module):
    def __init__(self, dim=40, depth=4):
        super().__init__()
        self.blocks = nn.ModuleList(Block(dim, use_norm=i % 2 == 0) for i in range(depth))
        self.out = nn.Linear(dim, 3)


def init_weights(m):
    if isinstance(m, Block):
        if m.norm is not None:
            m.fc.register_parameter("bias", None)
        else:
            m.gain = nn.Parameter(torch.ones(m.fc.out_features))
        m.conv.bias = nn.Parameter(torch.zeros_like(m.conv.bias))
    elif isinstance(m, nn.Linear):
        nn.init.trunc_normal_(m.weight, std=0.02)


model = Net(dim=40, depth=4)
model.apply(init_weights)
