"""FFJORD for tabular data: a stack of CNFs, each an ODE function of concat-squash layers (a
linear on x, a gate and a bias from t), with a learnable integration time per CNF."""

import torch
import torch.nn as nn


class ConcatSquashLinear(nn.Module):
    def __init__(self, dim_in, dim_out):
        super().__init__()
        self._layer = nn.Linear(dim_in, dim_out)
        self._hyper_bias = nn.Linear(1, dim_out, bias=False)
        self._hyper_gate = nn.Linear(1, dim_out)


class ODEnet(nn.Module):
    def __init__(self, dim, hidden_dims):
        super().__init__()
        dims = (dim, *hidden_dims, dim)
        self.layers = nn.ModuleList(ConcatSquashLinear(a, b) for a, b in zip(dims, dims[1:]))


class CNF(nn.Module):
    def __init__(self, dim, hidden_dims, T=0.5, train_T=True):
        super().__init__()
        self.odefunc = ODEnet(dim, hidden_dims)
        if train_T:
            self.register_parameter("sqrt_end_time", nn.Parameter(torch.sqrt(torch.tensor(T))))


class FFJORD(nn.Module):
    def __init__(self, dim=43, hidden=(860, 860), num_blocks=5):
        super().__init__()
        self.chain = nn.ModuleList(CNF(dim, hidden) for _ in range(num_blocks))


model = FFJORD(dim=8, hidden=(64, 64), num_blocks=3)
