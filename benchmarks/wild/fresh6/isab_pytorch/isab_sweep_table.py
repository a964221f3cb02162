"""ISAB stacks picked from a sweep table by name, as in a small anomaly-detection experiment."""

import torch.nn as nn
from isab_pytorch import ISAB

SWEEP = {
    "tiny": dict(dim=32, heads=2, num_latents=4, depth=1),
    "small": dict(dim=64, heads=4, num_latents=8, depth=3),
    "base": dict(dim=128, heads=8, num_latents=32, depth=4),
}


def make(name):
    cfg = dict(SWEEP[name])
    depth = cfg.pop("depth")
    return nn.Sequential(*[ISAB(**cfg) for _ in range(depth)])


model = make("small")
