"""Zoo: GPT-2-style Conv1D (a Linear with transposed weight) written as a custom class."""

import torch
import torch.nn as nn


class Conv1D(nn.Module):
    def __init__(self, nf, nx):
        super().__init__()
        self.nf = nf
        self.weight = nn.Parameter(torch.empty(nx, nf))
        self.bias = nn.Parameter(torch.zeros(nf))
        nn.init.normal_(self.weight, std=0.02)


class Attn(nn.Module):
    def __init__(self, n_embd, n_head, scale=False):
        super().__init__()
        assert n_embd % n_head == 0
        self.split_size = n_embd
        self.c_attn = Conv1D(3 * n_embd, n_embd)
        self.c_proj = Conv1D(n_embd, n_embd)


class Block(nn.Module):
    def __init__(self, n_ctx, n_embd=48, n_head=4):
        super().__init__()
        inner = 4 * n_embd
        self.ln_1 = nn.LayerNorm(n_embd, eps=1e-5)
        self.attn = Attn(n_embd, n_head)
        self.ln_2 = nn.LayerNorm(n_embd, eps=1e-5)
        self.mlp = nn.ModuleDict({"c_fc": Conv1D(inner, n_embd), "c_proj": Conv1D(n_embd, inner)})


class GPT2(nn.Module):
    def __init__(self, vocab=300, n_ctx=64, n_embd=48, n_layer=3):
        super().__init__()
        self.wte = nn.Embedding(vocab, n_embd)
        self.wpe = nn.Embedding(n_ctx, n_embd)
        self.h = nn.ModuleList([Block(n_ctx, n_embd) for _ in range(n_layer)])
        self.ln_f = nn.LayerNorm(n_embd)


ENTRY = "GPT2"
CONFIG = None
INPUT = None


def build():
    return GPT2()
