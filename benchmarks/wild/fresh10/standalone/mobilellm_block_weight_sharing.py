"""MobileLLM-style deep-thin LM: immediate block-wise weight sharing (each block runs twice),
grouped-query attention, SwiGLU, tied embeddings."""

from dataclasses import dataclass

from torch import nn


@dataclass
class Cfg:
    vocab: int = 32000
    dim: int = 288
    n_unique_layers: int = 6
    n_heads: int = 6
    n_kv_heads: int = 2
    hidden: int = 768


class Attention(nn.Module):
    def __init__(self, c: Cfg):
        super().__init__()
        hd = c.dim // c.n_heads
        self.wq = nn.Linear(c.dim, c.n_heads * hd, bias=False)
        self.wk = nn.Linear(c.dim, c.n_kv_heads * hd, bias=False)
        self.wv = nn.Linear(c.dim, c.n_kv_heads * hd, bias=False)
        self.wo = nn.Linear(c.n_heads * hd, c.dim, bias=False)


class Block(nn.Module):
    def __init__(self, c: Cfg):
        super().__init__()
        self.attn_norm = nn.RMSNorm(c.dim)
        self.attn = Attention(c)
        self.ffn_norm = nn.RMSNorm(c.dim)
        self.w1 = nn.Linear(c.dim, c.hidden, bias=False)
        self.w3 = nn.Linear(c.dim, c.hidden, bias=False)
        self.w2 = nn.Linear(c.hidden, c.dim, bias=False)


class MobileLLM(nn.Module):
    def __init__(self, c: Cfg):
        super().__init__()
        self.tok = nn.Embedding(c.vocab, c.dim)
        unique = [Block(c) for _ in range(c.n_unique_layers)]
        # layer i and i+1 share weights: the list holds each block object twice
        self.layers = nn.ModuleList([b for b in unique for _ in range(2)])
        self.norm = nn.RMSNorm(c.dim)
        self.out = nn.Linear(c.dim, c.vocab, bias=False)
        self.out.weight = self.tok.weight


model = MobileLLM(Cfg())
