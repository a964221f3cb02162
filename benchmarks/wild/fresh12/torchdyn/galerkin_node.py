"""Galerkin neural ODE: depth-varying weights through GalLinear with Fourier and Chebychev bases."""

import torch.nn as nn
from torchdyn.core import NeuralODE
from torchdyn.nn import Chebychev, Fourier, GalLinear


def vector_field(dim, hidden, deg):
    return nn.Sequential(
        GalLinear(dim, hidden, expfunc=Fourier(deg)),
        nn.Softplus(),
        GalLinear(hidden, dim, expfunc=Chebychev(deg), dilation=False),
    )


model = NeuralODE(vector_field(dim=3, hidden=16, deg=4), solver="rk4")
