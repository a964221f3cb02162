# typing.Protocol describes encoders by their out_dim; the fusion width sums whatever was passed
from typing import Protocol

import torch.nn as nn


class HasOutDim(Protocol):
    out_dim: int


class TabEncoder(nn.Module):
    def __init__(self, n_num=12, out_dim=64):
        super().__init__()
        self.out_dim = out_dim
        self.net = nn.Sequential(nn.BatchNorm1d(n_num), nn.Linear(n_num, out_dim), nn.ReLU())


class SeqEncoder(nn.Module):
    def __init__(self, vocab=500, out_dim=96):
        super().__init__()
        self.out_dim = out_dim
        self.emb = nn.Embedding(vocab, 32)
        self.gru = nn.GRU(32, out_dim, batch_first=True)


class Fusion(nn.Module):
    def __init__(self, *encoders: HasOutDim):
        super().__init__()
        self.encoders = nn.ModuleList(encoders)
        self.head = nn.Linear(sum(e.out_dim for e in encoders), 1)


model = Fusion(TabEncoder(), SeqEncoder(), TabEncoder(n_num=5, out_dim=16))
