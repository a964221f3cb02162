"""A small Llama-shaped decoder written by hand for the drift tests (names unlike HF's).

Every width matches ``LlamaConfig(**CONFIG)`` of tests/test_compare_uses.py; the values that
never reach a weight (norm eps, rotary cached length and base, heads split in ``forward``) are
module constants, so a test can write one of them differently and see the drift reported.
"""

import torch
from torch import nn

DIM = 64
HEADS = 4
FFN = 128
DEPTH = 2
VOCAB = 100
CONTEXT = 256
EPS = 1e-06
THETA = 10000.0


class Norm(nn.Module):
    def __init__(self, dim: int, eps: float) -> None:
        super().__init__()
        self.scale = nn.Parameter(torch.ones(dim))
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.scale * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


class Rotary(nn.Module):
    def __init__(self, head_width: int) -> None:
        super().__init__()
        self.max_seq_len_cached = CONTEXT
        self.rope_theta = THETA
        inv = 1.0 / (THETA ** (torch.arange(0, head_width, 2).float() / head_width))
        self.register_buffer("inv_freq", inv, persistent=False)

    def forward(self, t: torch.Tensor) -> torch.Tensor:
        pos = torch.arange(t.shape[1], device=t.device).float()
        return torch.outer(pos, self.inv_freq)


class SelfAttention(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.num_heads = HEADS
        self.q = nn.Linear(DIM, DIM, bias=False)
        self.k = nn.Linear(DIM, DIM, bias=False)
        self.v = nn.Linear(DIM, DIM, bias=False)
        self.out = nn.Linear(DIM, DIM, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:  # x: (B, T, DIM)
        b, t, _ = x.shape
        q, k, v = (
            p(x).view(b, t, self.num_heads, -1).transpose(1, 2) for p in (self.q, self.k, self.v)
        )
        y = nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.out(y.transpose(1, 2).reshape(b, t, DIM))


class Block(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.attn = SelfAttention()
        self.gate = nn.Linear(DIM, FFN, bias=False)
        self.up = nn.Linear(DIM, FFN, bias=False)
        self.down = nn.Linear(FFN, DIM, bias=False)
        self.norm1 = Norm(DIM, EPS)
        self.norm2 = Norm(DIM, EPS)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x + self.attn(self.norm1(x))
        h = self.norm2(x)
        return x + self.down(nn.functional.silu(self.gate(h)) * self.up(h))


class TinyDecoder(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.tok = nn.Embedding(VOCAB, DIM)
        self.blocks = nn.ModuleList([Block() for _ in range(DEPTH)])
        self.norm = Norm(DIM, EPS)
        self.rotary = Rotary(DIM // HEADS)

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        x = self.tok(ids)
        for block in self.blocks:
            x = block(x)
        return self.norm(x)
