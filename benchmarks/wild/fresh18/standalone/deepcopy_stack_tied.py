import copy
import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.attn = nn.MultiheadAttention(d, 4, batch_first=True)
        self.ff = nn.Sequential(nn.Linear(d, 2 * d), nn.ReLU(), nn.Linear(2 * d, d))
        self.register_buffer("scale", torch.ones(d), persistent=False)


proto = Block(32)
layers = nn.ModuleList([copy.deepcopy(proto) for _ in range(3)])
layers.append(layers[0])  # the first block is used again at the end (shared)


class Seq(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(500, 32)
        self.layers = layers
        self.out = nn.Linear(32, 500)

    @property
    def tied(self):
        return self.out.weight is self.emb.weight


model = Seq()
model.out.weight = model.emb.weight
