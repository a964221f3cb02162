"""Persimmon-8B (Adept), our port: LayerNorm everywhere (with bias), LayerNorm on each head's
query and key, RoPE on the first half of each head only, squared-ReLU MLP, qkv fused per head
as in Adept's checkpoints. Sizes: the ``[persimmon]`` section of an INI file kept in a string."""

import configparser

import torch
import torch.nn.functional as F
from torch import nn

INI = """
[DEFAULT]
seed = 1234

[persimmon]
vocab_size = 700
hidden_size = 64
ffn_size = 256
num_layers = 2
num_heads = 4
rope_theta = 25000.0
layernorm_epsilon = 0.1
rotary_pct = 0.5
"""
_parser = configparser.ConfigParser()
_parser.read_string(INI)
SEC = _parser["persimmon"]
VOCAB = SEC.getint("vocab_size")
HIDDEN = SEC.getint("hidden_size")
FFN = SEC.getint("ffn_size")
LAYERS = SEC.getint("num_layers")
HEADS = SEC.getint("num_heads")
THETA = SEC.getfloat("rope_theta")
EPS = SEC.getfloat("layernorm_epsilon")
ROT_PCT = SEC.getfloat("rotary_pct")
HEAD_DIM = HIDDEN // HEADS
ROT = int(HEAD_DIM * ROT_PCT)


def rope_half(x, cos, sin):
    r, p = x[..., :ROT], x[..., ROT:]
    a, b = r[..., : ROT // 2], r[..., ROT // 2 :]
    r = r * cos + torch.cat([-b, a], -1) * sin
    return torch.cat([r, p], -1)


class PersimmonBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_ln = nn.LayerNorm(HIDDEN, eps=EPS)
        self.qkv = nn.Linear(HIDDEN, 3 * HIDDEN)
        self.q_ln = nn.LayerNorm(HEAD_DIM, eps=EPS)
        self.k_ln = nn.LayerNorm(HEAD_DIM, eps=EPS)
        self.attn_out = nn.Linear(HIDDEN, HIDDEN)
        self.post_ln = nn.LayerNorm(HIDDEN, eps=EPS)
        self.mlp_in = nn.Linear(HIDDEN, FFN)
        self.mlp_out = nn.Linear(FFN, HIDDEN)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        qkv = self.qkv(self.input_ln(x)).view(b, t, HEADS, 3, HEAD_DIM)
        q, k, v = self.q_ln(qkv[..., 0, :]), self.k_ln(qkv[..., 1, :]), qkv[..., 2, :]
        q, k, v = (z.transpose(1, 2) for z in (q, k, v))
        q, k = rope_half(q, cos, sin), rope_half(k, cos, sin)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.attn_out(y.transpose(1, 2).reshape(b, t, HIDDEN))
        return x + self.mlp_out(F.relu(self.mlp_in(self.post_ln(x))) ** 2)


class Persimmon(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, HIDDEN)
        self.blocks = nn.ModuleList([PersimmonBlock() for _ in range(LAYERS)])
        self.final_ln = nn.LayerNorm(HIDDEN, eps=EPS)
        self.unembed = nn.Linear(HIDDEN, VOCAB, bias=False)

    def forward(self, ids):
        inv = THETA ** (-torch.arange(0, ROT, 2, dtype=torch.float32) / ROT)
        ang = torch.outer(torch.arange(ids.shape[1], dtype=torch.float32), inv)
        ang = torch.cat([ang, ang], -1)
        x = self.embed(ids)
        for blk in self.blocks:
            x = blk(x, ang.cos(), ang.sin())
        return self.unembed(self.final_ln(x))
