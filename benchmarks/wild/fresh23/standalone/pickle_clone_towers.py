"""Siamese-style towers cloned with a pickle round trip (independent tensors), one clone frozen."""

import pickle

from torch import nn

prototype = nn.Sequential(nn.Linear(12, 24), nn.LayerNorm(24), nn.ReLU(), nn.Linear(24, 8))


class Towers(nn.Module):
    def __init__(self, proto, n=3):
        super().__init__()
        blob = pickle.dumps(proto)
        self.towers = nn.ModuleList(pickle.loads(blob) for _ in range(n))
        self.towers[-1].requires_grad_(False)
        self.fuse = nn.Linear(8 * n, 1)


model = Towers(prototype, n=3)
