"""A Llama whose q/k/v is one projection laid out per KV group ([q heads of the group, k, v] rows
per group, as our inference engine stores it); depth is the number of set bits of a layer mask."""

import torch
import torch.nn as nn
import torch.nn.functional as F

LAYER_MASK = 0x3  # which of the reference model's layers we kept
LAYERS = LAYER_MASK.bit_count()
VOCAB = 512
WIDTH, HEADS, GROUPS = 64, 4, 2
MLP = 192
EPS = 1e-6
THETA = 10000.0
HEAD_DIM = WIDTH // HEADS
PER_GROUP = HEADS // GROUPS


def rope(x):
    t = x.shape[-2]
    inv = 1.0 / THETA ** (torch.arange(0, HEAD_DIM, 2).float() / HEAD_DIM)
    ang = torch.cat([torch.outer(torch.arange(t).float(), inv)] * 2, -1)
    a, b = x.chunk(2, -1)
    return x * ang.cos() + torch.cat([-b, a], -1) * ang.sin()


class GroupedAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.wqkv = nn.Linear(WIDTH, GROUPS * (PER_GROUP + 2) * HEAD_DIM, bias=False)
        self.wo = nn.Linear(HEADS * HEAD_DIM, WIDTH, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        g = self.wqkv(x).view(b, t, GROUPS, PER_GROUP + 2, HEAD_DIM)
        q = g[:, :, :, :PER_GROUP].reshape(b, t, HEADS, HEAD_DIM).transpose(1, 2)
        k = g[:, :, :, PER_GROUP].transpose(1, 2)
        v = g[:, :, :, PER_GROUP + 1].transpose(1, 2)
        q, k = rope(q), rope(k)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.wo(o.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_attn = nn.RMSNorm(WIDTH, eps=EPS)
        self.attn = GroupedAttention()
        self.ln_mlp = nn.RMSNorm(WIDTH, eps=EPS)
        self.gate_up = nn.Linear(WIDTH, 2 * MLP, bias=False)
        self.down = nn.Linear(MLP, WIDTH, bias=False)

    def forward(self, x):
        x = x + self.attn(self.ln_attn(x))
        gate, up = self.gate_up(self.ln_mlp(x)).chunk(2, -1)
        return x + self.down(F.silu(gate) * up)


class Llama(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, WIDTH)
        self.layers = nn.ModuleList([Layer() for _ in range(LAYERS)])
        self.ln_f = nn.RMSNorm(WIDTH, eps=EPS)
        self.unembed = nn.Linear(WIDTH, VOCAB, bias=False)

    def forward(self, ids):
        h = self.embed(ids)
        for layer in self.layers:
            h = layer(h)
        return self.unembed(self.ln_f(h))
