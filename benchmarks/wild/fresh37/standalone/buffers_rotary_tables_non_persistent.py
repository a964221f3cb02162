# rotary tables and a causal mask kept as buffers (some non-persistent): not parameters
import torch
import torch.nn as nn


class RotaryAttention(nn.Module):
    def __init__(self, d=128, heads=4, max_len=256):
        super().__init__()
        hd = d // heads
        inv = 1.0 / (10000 ** (torch.arange(0, hd, 2).float() / hd))
        t = torch.arange(max_len).float()
        freqs = torch.outer(t, inv)
        self.register_buffer("cos", freqs.cos(), persistent=False)
        self.register_buffer("sin", freqs.sin(), persistent=False)
        self.register_buffer("mask", torch.tril(torch.ones(max_len, max_len, dtype=torch.bool)))
        self.qkv = nn.Linear(d, 3 * d, bias=False)
        self.o = nn.Linear(d, d, bias=False)


model = nn.Sequential(RotaryAttention(128, 4, 256), RotaryAttention(128, 8, 256))
