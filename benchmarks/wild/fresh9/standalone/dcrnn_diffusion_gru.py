# DCRNN-style encoder-decoder: graph diffusion convolution inside GRU cells (K hops, both directions)
import torch
from torch import nn


class DCGRUCell(nn.Module):
    def __init__(self, n_in, hidden, K=2):
        super().__init__()
        m = 2 * K + 1
        self.gate = nn.Parameter(torch.empty((n_in + hidden) * m, 2 * hidden))
        self.cand = nn.Parameter(torch.empty((n_in + hidden) * m, hidden))
        self.gate_b = nn.Parameter(torch.ones(2 * hidden))
        self.cand_b = nn.Parameter(torch.zeros(hidden))
        nn.init.xavier_normal_(self.gate)
        nn.init.xavier_normal_(self.cand)


class DCRNN(nn.Module):
    def __init__(self, n_in=2, hidden=64, layers=2, horizon=12):
        super().__init__()
        self.encoder = nn.ModuleList(
            [DCGRUCell(n_in if i == 0 else hidden, hidden) for i in range(layers)]
        )
        self.decoder = nn.ModuleList(
            [DCGRUCell(1 if i == 0 else hidden, hidden) for i in range(layers)]
        )
        self.proj = nn.Linear(hidden, 1)
        self.horizon = horizon


model = DCRNN()
