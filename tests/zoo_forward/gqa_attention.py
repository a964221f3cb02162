"""Grouped-query attention: kv heads repeated with expand + reshape, as HF's repeat_kv does."""

import torch
import torch.nn as nn
import torch.nn.functional as F

INPUT = (2, 5)
INPUT_KIND = "tokens"
VOCAB = 50


def repeat_kv(x, n_rep):
    batch, heads, slen, head_dim = x.shape
    if n_rep == 1:
        return x
    x = x[:, :, None, :, :].expand(batch, heads, n_rep, slen, head_dim)
    return x.reshape(batch, heads * n_rep, slen, head_dim)


class Net(nn.Module):
    def __init__(self, d=48, heads=6, kv_heads=2):
        super().__init__()
        self.head_dim = d // heads
        self.groups = heads // kv_heads
        self.q = nn.Linear(d, heads * self.head_dim, bias=False)
        self.k = nn.Linear(d, kv_heads * self.head_dim, bias=False)
        self.v = nn.Linear(d, kv_heads * self.head_dim, bias=False)
        self.o = nn.Linear(heads * self.head_dim, d, bias=False)
        self.embed = nn.Embedding(VOCAB, d)

    def forward(self, input_ids):  # (batch, seq), as Hugging Face documents it
        x = self.embed(input_ids)
        input_shape = x.shape[:-1]
        hidden_shape = (*input_shape, -1, self.head_dim)
        q = self.q(x).view(hidden_shape).transpose(1, 2)  # (B, heads, T, hd)
        k = repeat_kv(self.k(x).view(hidden_shape).transpose(1, 2), self.groups)
        v = repeat_kv(self.v(x).view(hidden_shape).transpose(1, 2), self.groups)
        att = F.softmax(torch.matmul(q, k.transpose(2, 3)) * self.head_dim**-0.5, dim=-1)
        y = torch.matmul(att, v).transpose(1, 2).contiguous()
        return self.o(y.reshape(*input_shape, -1))
