"""Zoo: multi-head self-attention written by hand (q/k/v/o projections, computed head_dim)."""

import math

import torch
from torch import nn


class SelfAttention(nn.Module):
    def __init__(self, hidden_size=96, num_heads=6, qkv_bias=False):
        super().__init__()
        self.num_heads = num_heads
        self.head_dim = hidden_size // num_heads
        self.scale = 1 / math.sqrt(self.head_dim)
        self.q_proj = nn.Linear(hidden_size, num_heads * self.head_dim, bias=qkv_bias)
        self.k_proj = nn.Linear(hidden_size, num_heads * self.head_dim, bias=qkv_bias)
        self.v_proj = nn.Linear(hidden_size, num_heads * self.head_dim, bias=qkv_bias)
        self.o_proj = nn.Linear(num_heads * self.head_dim, hidden_size)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, self.num_heads, self.head_dim).transpose(1, 2)
        k = self.k_proj(x).view(b, t, self.num_heads, self.head_dim).transpose(1, 2)
        v = self.v_proj(x).view(b, t, self.num_heads, self.head_dim).transpose(1, 2)
        w = torch.softmax(q @ k.transpose(-1, -2) * self.scale, dim=-1)
        y = (w @ v).transpose(1, 2).reshape(b, t, -1)
        return self.o_proj(y)


ENTRY = "SelfAttention"
CONFIG = None
INPUT = (2, 5, 96)


def build():
    return SelfAttention()
