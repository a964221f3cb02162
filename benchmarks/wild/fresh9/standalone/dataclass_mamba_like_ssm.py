# selective SSM (Mamba-style, plain torch) from a dataclass config; A_log and D as raw parameters
import math
from dataclasses import dataclass

import torch
from torch import nn


@dataclass
class SSMConfig:
    d_model: int = 128
    n_layer: int = 4
    d_state: int = 16
    expand: int = 2
    d_conv: int = 4
    vocab_size: int = 1000

    @property
    def d_inner(self):
        return self.expand * self.d_model

    @property
    def dt_rank(self):
        return math.ceil(self.d_model / 16)


class MambaBlock(nn.Module):
    def __init__(self, c: SSMConfig):
        super().__init__()
        self.in_proj = nn.Linear(c.d_model, 2 * c.d_inner, bias=False)
        self.conv1d = nn.Conv1d(
            c.d_inner, c.d_inner, c.d_conv, groups=c.d_inner, padding=c.d_conv - 1
        )
        self.x_proj = nn.Linear(c.d_inner, c.dt_rank + 2 * c.d_state, bias=False)
        self.dt_proj = nn.Linear(c.dt_rank, c.d_inner)
        A = torch.arange(1, c.d_state + 1, dtype=torch.float32).repeat(c.d_inner, 1)
        self.A_log = nn.Parameter(torch.log(A))
        self.D = nn.Parameter(torch.ones(c.d_inner))
        self.out_proj = nn.Linear(c.d_inner, c.d_model, bias=False)
        self.norm = nn.RMSNorm(c.d_model)


class MambaLM(nn.Module):
    def __init__(self, c: SSMConfig):
        super().__init__()
        self.embedding = nn.Embedding(c.vocab_size, c.d_model)
        self.layers = nn.ModuleList([MambaBlock(c) for _ in range(c.n_layer)])
        self.norm_f = nn.RMSNorm(c.d_model)
        self.lm_head = nn.Linear(c.d_model, c.vocab_size, bias=False)
        self.lm_head.weight = self.embedding.weight


model = MambaLM(SSMConfig())
