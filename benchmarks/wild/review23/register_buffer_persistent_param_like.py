import torch
import torch.nn as nn


class RoPE(nn.Module):
    def __init__(self, dim, base=10000):
        super().__init__()
        inv = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv, persistent=False)
        self.scale = nn.Parameter(torch.ones(dim // 2))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.r = RoPE(8)
        self.fc = nn.Linear(self.r.inv_freq.shape[0], 2)
