"""A nanoGPT-style decoder: token and position embeddings, causal blocks with a fused c_attn, an lm_head whose
weight is tied to the token embedding (one shared matrix)."""

from dataclasses import dataclass

import torch.nn as nn


@dataclass
class GPTConfig:
    block_size: int = 64
    vocab_size: int = 384
    n_layer: int = 2
    n_head: int = 4
    n_embd: int = 64
    bias: bool = False


class CausalSelfAttention(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c_attn = nn.Linear(c.n_embd, 3 * c.n_embd, bias=c.bias)
        self.c_proj = nn.Linear(c.n_embd, c.n_embd, bias=c.bias)


class MLP(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c_fc = nn.Linear(c.n_embd, 4 * c.n_embd, bias=c.bias)
        self.gelu = nn.GELU()
        self.c_proj = nn.Linear(4 * c.n_embd, c.n_embd, bias=c.bias)


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.ln_1 = nn.LayerNorm(c.n_embd, bias=c.bias)
        self.attn = CausalSelfAttention(c)
        self.ln_2 = nn.LayerNorm(c.n_embd, bias=c.bias)
        self.mlp = MLP(c)


class GPT(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.transformer = nn.ModuleDict(
            dict(
                wte=nn.Embedding(c.vocab_size, c.n_embd),
                wpe=nn.Embedding(c.block_size, c.n_embd),
                h=nn.ModuleList([Block(c) for _ in range(c.n_layer)]),
                ln_f=nn.LayerNorm(c.n_embd, bias=c.bias),
            )
        )
        self.lm_head = nn.Linear(c.n_embd, c.vocab_size, bias=False)
        self.transformer.wte.weight = self.lm_head.weight


model = GPT(GPTConfig(n_layer=3, n_head=2, n_embd=32, vocab_size=200, block_size=32))
