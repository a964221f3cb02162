"""Continuous normalizing flow whose dynamics are produced by a hypernetwork."""

import torch
import torch.nn as nn
from torchdiffeq import odeint


class HyperNetwork(nn.Module):
    def __init__(self, in_out_dim, hidden_dim, width):
        super().__init__()
        blocksize = width * in_out_dim
        self.fc1 = nn.Linear(1, hidden_dim)
        self.fc2 = nn.Linear(hidden_dim, hidden_dim)
        self.fc3 = nn.Linear(hidden_dim, 3 * blocksize + width)
        self.in_out_dim = in_out_dim
        self.hidden_dim = hidden_dim
        self.width = width
        self.blocksize = blocksize

    def forward(self, t):
        params = t.reshape(1, 1)
        params = torch.tanh(self.fc1(params))
        params = torch.tanh(self.fc2(params))
        return self.fc3(params).reshape(-1)


class CNF(nn.Module):
    def __init__(self, in_out_dim, hidden_dim, width):
        super().__init__()
        self.in_out_dim = in_out_dim
        self.hidden_dim = hidden_dim
        self.width = width
        self.hyper_net = HyperNetwork(in_out_dim, hidden_dim, width)

    def forward(self, t, states):
        z = states[0]
        return z * self.hyper_net(t).sum()


class Flow(nn.Module):
    def __init__(self, **kw):
        super().__init__()
        self.cnf = CNF(**kw)

    def forward(self, z, t0=0.0, t1=10.0):
        ts = torch.tensor([t1, t0])
        return odeint(self.cnf, (z,), ts, method="dopri5")


model = Flow(in_out_dim=2, hidden_dim=32, width=64)
