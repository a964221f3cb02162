"""Sliding-window and full attention alternating by a per-layer type read in forward (the
Gemma / Mistral pattern)."""

import torch
import torch.nn as nn

INPUT = (2, 6, 16)
LAYER_TYPES = ["sliding", "full", "sliding", "full", "sliding", "full"]


class Attention(nn.Module):
    def __init__(self, d, attention_type):
        super().__init__()
        self.attention_type = attention_type
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        scores = q @ k.transpose(-2, -1)
        if self.attention_type == "sliding":
            scores = torch.tanh(scores)  # stands in for the local mask
        return x + self.proj(torch.softmax(scores, dim=-1) @ v)


class Feed(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc = nn.Linear(d, d)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


class Layer(nn.Module):
    def __init__(self, d, attention_type):
        super().__init__()
        self.attn = Attention(d, attention_type)
        self.norm = nn.LayerNorm(d)

    def forward(self, x):
        return self.attn(self.norm(x))


class Net(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        # attention layers and feed-forward blocks interleaved: no two neighbours alike
        self.layers = nn.ModuleList([m for t in LAYER_TYPES for m in (Layer(d, t), Feed(d))])
        self.head = nn.Linear(d, 4)

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return self.head(x)
