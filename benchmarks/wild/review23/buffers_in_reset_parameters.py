import math

import torch
import torch.nn as nn


class NoisyLinear(nn.Module):
    def __init__(self, i, o, sigma=0.5):
        super().__init__()
        self.i, self.o, self.sigma = i, o, sigma
        self.weight_mu = nn.Parameter(torch.empty(o, i))
        self.weight_sigma = nn.Parameter(torch.empty(o, i))
        self.bias_mu = nn.Parameter(torch.empty(o))
        self.reset_parameters()

    def reset_parameters(self):
        r = 1 / math.sqrt(self.i)
        self.weight_mu.data.uniform_(-r, r)
        self.register_buffer("weight_eps", torch.zeros(self.o, self.i))
        self.register_buffer("bias_eps", torch.zeros(self.o))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.n = NoisyLinear(5, 3)
        self.m = NoisyLinear(3, 2)
