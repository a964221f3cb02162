# module constants: a token count whose integer square root gives the grid (math.isqrt)
import math

import torch
import torch.nn as nn

N_TOKENS = 196
GRID = math.isqrt(N_TOKENS)
DIM = 96


class Mixer(nn.Module):
    def __init__(self):
        super().__init__()
        self.pos = nn.Parameter(torch.zeros(1, DIM, GRID, GRID))
        self.token_mlp = nn.Sequential(
            nn.Linear(N_TOKENS, N_TOKENS // 2), nn.GELU(), nn.Linear(N_TOKENS // 2, N_TOKENS)
        )
        self.channel_mlp = nn.Sequential(
            nn.Linear(DIM, 4 * DIM), nn.GELU(), nn.Linear(4 * DIM, DIM)
        )
        self.norms = nn.ModuleList(nn.LayerNorm(DIM) for _ in range(2))


model = nn.Sequential(*[Mixer() for _ in range(2)])
