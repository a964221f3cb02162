"""A hypernetwork: the target MLP's weights are not parameters but outputs of a generator conditioned
on a task embedding; the target's layer shapes are stored in a plain list and its parameters are
deleted after construction (del + None) so only the hypernetwork and task embeddings train."""

import math

import torch
import torch.nn as nn


class TargetMLP(nn.Module):
    def __init__(self, sizes=(8, 32, 32, 2)):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(a, b) for a, b in zip(sizes[:-1], sizes[1:]))

    def param_shapes(self):
        return [(n, tuple(p.shape)) for n, p in self.named_parameters()]


def strip_parameters(module):
    for mod in module.modules():
        for name in list(mod._parameters):
            del mod._parameters[name]
            setattr(mod, name, None)


class HyperNet(nn.Module):
    def __init__(self, target: TargetMLP, n_tasks=5, task_dim=16, hidden=64, chunk=256):
        super().__init__()
        self.shapes = target.param_shapes()
        total = sum(math.prod(s) for _, s in self.shapes)
        self.n_chunks = -(-total // chunk)
        self.task_embed = nn.Embedding(n_tasks, task_dim)
        self.chunk_embed = nn.Parameter(torch.randn(self.n_chunks, task_dim) * 0.1)
        self.net = nn.Sequential(
            nn.Linear(2 * task_dim, hidden),
            nn.ReLU(),
            nn.Linear(hidden, hidden),
            nn.ReLU(),
            nn.Linear(hidden, chunk),
        )
        strip_parameters(target)
        self.target = target


model = HyperNet(TargetMLP(sizes=(8, 32, 32, 2)), n_tasks=5, task_dim=16, hidden=64, chunk=256)
