"""BERT with its own Linear: weights made by torch.empty and filled by kaiming_uniform_ as
nn.Linear's reset_parameters does, sizes passed as keyword-only arguments of the model,
attention written with torch.matmul and an additive mask, post-LN, a tanh pooler."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Dense(nn.Module):
    def __init__(self, fan_in: int, fan_out: int, bias: bool = True):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(fan_out, fan_in))
        self.bias = nn.Parameter(torch.empty(fan_out)) if bias else None
        self.reset_parameters()

    def reset_parameters(self):
        nn.init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            bound = 1.0 / math.sqrt(self.weight.shape[1])
            nn.init.uniform_(self.bias, -bound, bound)

    def forward(self, x):
        return F.linear(x, self.weight, self.bias)


class Norm(nn.Module):
    def __init__(self, n: int, eps: float):
        super().__init__()
        self.gamma = nn.Parameter(torch.ones(n))
        self.beta = nn.Parameter(torch.zeros(n))
        self.eps = eps

    def forward(self, x):
        mu = x.mean(-1, keepdim=True)
        var = (x - mu).pow(2).mean(-1, keepdim=True)
        return self.gamma * (x - mu) / torch.sqrt(var + self.eps) + self.beta


class EncoderLayer(nn.Module):
    def __init__(self, hidden, heads, intermediate, eps):
        super().__init__()
        self.heads = heads
        self.query = Dense(hidden, hidden)
        self.key = Dense(hidden, hidden)
        self.value = Dense(hidden, hidden)
        self.attn_out = Dense(hidden, hidden)
        self.attn_norm = Norm(hidden, eps)
        self.inter = Dense(hidden, intermediate)
        self.out = Dense(intermediate, hidden)
        self.out_norm = Norm(hidden, eps)

    def forward(self, x, add_mask):
        b, t, d = x.shape
        hd = d // self.heads

        def heads(z):
            return z.view(b, t, self.heads, hd).permute(0, 2, 1, 3)

        q, k, v = heads(self.query(x)), heads(self.key(x)), heads(self.value(x))
        s = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(hd) + add_mask
        ctx = torch.matmul(s.softmax(-1), v).permute(0, 2, 1, 3).reshape(b, t, d)
        x = self.attn_norm(x + self.attn_out(ctx))
        return self.out_norm(x + self.out(F.gelu(self.inter(x))))


class BertEncoderModel(nn.Module):
    def __init__(
        self,
        *,
        vocab: int = 800,
        hidden: int = 64,
        layers: int = 2,
        heads: int = 4,
        intermediate: int = 160,
        max_len: int = 128,
        segments: int = 2,
        eps: float = 1e-5,
    ):
        super().__init__()
        self.tok = nn.Embedding(vocab, hidden, padding_idx=0)
        self.pos = nn.Embedding(max_len, hidden)
        self.seg = nn.Embedding(segments, hidden)
        self.emb_norm = Norm(hidden, eps)
        self.layers = nn.ModuleList(
            EncoderLayer(hidden, heads, intermediate, eps) for _ in range(layers)
        )
        self.pool = Dense(hidden, hidden)

    def forward(self, ids, segments, mask):
        pos = torch.arange(ids.shape[1], device=ids.device)[None]
        x = self.emb_norm(self.tok(ids) + self.pos(pos) + self.seg(segments))
        add = (1.0 - mask[:, None, None, :].float()) * -10000.0
        for layer in self.layers:
            x = layer(x, add)
        return x, torch.tanh(self.pool(x[:, 0]))
