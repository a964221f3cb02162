"""ViViT (factorised-embedding variant 1: one transformer over spatio-temporal tubelets) for
clip classification features. Sizes are one unpacked tuple, as in our sweep scripts."""

import math

import torch
from torch import nn

FRAMES, SIDE, WIDTH, DEPTH, HEADS, MLP = 4, 32, 64, 2, 4, 256
TUBELET = (2, 8, 8)
LN_EPS = 1e-6


def fast_gelu(x):
    return 0.5 * x * (1.0 + torch.tanh(x * math.sqrt(2.0 / math.pi) * (1.0 + 0.044715 * x * x)))


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.query = nn.Linear(WIDTH, WIDTH)
        self.key = nn.Linear(WIDTH, WIDTH)
        self.value = nn.Linear(WIDTH, WIDTH)
        self.output = nn.Linear(WIDTH, WIDTH)

    def forward(self, x):
        b, n, _ = x.shape
        q, k, v = (
            f(x).reshape(b, n, HEADS, WIDTH // HEADS).permute(0, 2, 1, 3)
            for f in (self.query, self.key, self.value)
        )
        w = (q @ k.transpose(-2, -1)) / math.sqrt(WIDTH // HEADS)
        y = w.softmax(-1) @ v
        return self.output(y.permute(0, 2, 1, 3).reshape(b, n, WIDTH))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_before = nn.LayerNorm(WIDTH, eps=LN_EPS)
        self.attention = Attention()
        self.ln_after = nn.LayerNorm(WIDTH, eps=LN_EPS)
        self.intermediate = nn.Linear(WIDTH, MLP)
        self.out = nn.Linear(MLP, WIDTH)

    def forward(self, x):
        x = x + self.attention(self.ln_before(x))
        return x + self.out(fast_gelu(self.intermediate(self.ln_after(x))))


class ViViT(nn.Module):
    def __init__(self):
        super().__init__()
        tokens = (FRAMES // TUBELET[0]) * (SIDE // TUBELET[1]) * (SIDE // TUBELET[2])
        self.tubelets = nn.Conv3d(3, WIDTH, kernel_size=TUBELET, stride=TUBELET)
        self.cls = nn.Parameter(torch.zeros(1, 1, WIDTH))
        self.pos = nn.Parameter(torch.zeros(1, tokens + 1, WIDTH))
        self.layers = nn.ModuleList([Layer() for _ in range(DEPTH)])
        self.ln = nn.LayerNorm(WIDTH, eps=LN_EPS)
        self.pool = nn.Linear(WIDTH, WIDTH)

    def forward(self, video):
        # video: [batch, frames, channels, height, width]
        x = self.tubelets(video.permute(0, 2, 1, 3, 4)).flatten(2).transpose(1, 2)
        x = torch.cat([self.cls.expand(len(x), 1, WIDTH), x], dim=1) + self.pos
        for layer in self.layers:
            x = layer(x)
        x = self.ln(x)
        return x, torch.tanh(self.pool(x[:, 0]))
