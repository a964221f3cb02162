"""Phi-1.5-style decoder: parallel attention/MLP sharing one LayerNorm, dense qkv, untied head with bias."""

from dataclasses import dataclass

import torch.nn as nn


@dataclass
class PhiConfig:
    vocab_size: int = 51200
    n_embd: int = 512
    n_layer: int = 6
    n_head: int = 8
    rotary_dim: int = 32
    n_inner: int = None


class PhiBlock(nn.Module):
    def __init__(self, c):
        super().__init__()
        inner = c.n_inner or 4 * c.n_embd
        self.ln = nn.LayerNorm(c.n_embd)
        self.qkv = nn.Linear(c.n_embd, 3 * c.n_embd)
        self.out_proj = nn.Linear(c.n_embd, c.n_embd)
        self.fc1 = nn.Linear(c.n_embd, inner)
        self.fc2 = nn.Linear(inner, c.n_embd)


class PhiForCausalLM(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.wte = nn.Embedding(c.vocab_size, c.n_embd)
        self.h = nn.ModuleList(PhiBlock(c) for _ in range(c.n_layer))
        self.ln_f = nn.LayerNorm(c.n_embd)
        self.lm_head = nn.Linear(c.n_embd, c.vocab_size)


model = PhiForCausalLM(PhiConfig())
