"""Zoo: GPT-2-style Conv1D (a Linear with transposed weight) written as a custom class."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class Conv1D(nn.Module):
    def __init__(self, nf, nx):
        super().__init__()
        self.nf = nf
        self.weight = nn.Parameter(torch.empty(nx, nf))
        self.bias = nn.Parameter(torch.zeros(nf))
        nn.init.normal_(self.weight, std=0.02)

    def forward(self, x):
        size_out = x.size()[:-1] + (self.nf,)
        x = torch.addmm(self.bias, x.view(-1, x.size(-1)), self.weight)
        return x.view(size_out)


class Attn(nn.Module):
    def __init__(self, n_embd, n_head, scale=False):
        super().__init__()
        assert n_embd % n_head == 0
        self.n_head = n_head
        self.split_size = n_embd
        self.c_attn = Conv1D(3 * n_embd, n_embd)
        self.c_proj = Conv1D(n_embd, n_embd)

    def split_heads(self, x):
        new_shape = x.size()[:-1] + (self.n_head, x.size(-1) // self.n_head)
        return x.view(new_shape).permute(0, 2, 1, 3)  # (B, head, T, head_features)

    def merge_heads(self, x):
        x = x.permute(0, 2, 1, 3).contiguous()
        return x.view(x.size()[:-2] + (x.size(-2) * x.size(-1),))

    def forward(self, x):
        query, key, value = self.c_attn(x).split(self.split_size, dim=2)
        query, key, value = self.split_heads(query), self.split_heads(key), self.split_heads(value)
        w = torch.matmul(query, key.transpose(-1, -2)) / (value.size(-1) ** 0.5)
        a = torch.matmul(F.softmax(w, dim=-1), value)
        return self.c_proj(self.merge_heads(a))


class Block(nn.Module):
    def __init__(self, n_ctx, n_embd=48, n_head=4):
        super().__init__()
        inner = 4 * n_embd
        self.ln_1 = nn.LayerNorm(n_embd, eps=1e-5)
        self.attn = Attn(n_embd, n_head)
        self.ln_2 = nn.LayerNorm(n_embd, eps=1e-5)
        self.mlp = nn.ModuleDict({"c_fc": Conv1D(inner, n_embd), "c_proj": Conv1D(n_embd, inner)})

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        h = F.gelu(self.mlp["c_fc"](self.ln_2(x)), approximate="tanh")
        return x + self.mlp["c_proj"](h)


class GPT2(nn.Module):
    def __init__(self, vocab=300, n_ctx=64, n_embd=48, n_layer=3):
        super().__init__()
        self.wte = nn.Embedding(vocab, n_embd)
        self.wpe = nn.Embedding(n_ctx, n_embd)
        self.h = nn.ModuleList([Block(n_ctx, n_embd) for _ in range(n_layer)])
        self.ln_f = nn.LayerNorm(n_embd)

    def forward(self, input_ids):
        position_ids = torch.arange(input_ids.size(-1), dtype=torch.long).unsqueeze(0)
        h = self.wte(input_ids) + self.wpe(position_ids)
        for block in self.h:
            h = block(h)
        return self.ln_f(h)


ENTRY = "GPT2"
CONFIG = None
INPUT = (2, 12)
INPUT_KIND = "tokens"
VOCAB = 300


def build():
    return GPT2()
