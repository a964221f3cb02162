"""XLM-RoBERTa-XL: pre-norm layers (a LayerNorm before self-attention, another before the
feed-forward), no LayerNorm on the embeddings, one after the last layer; RoBERTa positions.
Sizes are nested dataclasses (``ModelConfig(embedding=EmbeddingConfig(...),
encoder=EncoderConfig(attention=AttentionConfig(...)))``) read down the tree."""

from dataclasses import dataclass, field

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class EmbeddingConfig:
    vocab: int = 896
    positions: int = 514
    pad: int = 1


@dataclass
class AttentionConfig:
    heads: int = 4
    bias: bool = True


@dataclass
class EncoderConfig:
    width: int = 64
    depth: int = 2
    ffn: int = 256
    eps: float = 1e-5
    attention: AttentionConfig = field(default_factory=AttentionConfig)


@dataclass
class ModelConfig:
    embedding: EmbeddingConfig = field(default_factory=EmbeddingConfig)
    encoder: EncoderConfig = field(default_factory=EncoderConfig)


class XLLayer(nn.Module):
    def __init__(self, enc: EncoderConfig):
        super().__init__()
        d, a = enc.width, enc.attention
        self.heads = a.heads
        self.self_attn_layer_norm = nn.LayerNorm(d, eps=enc.eps)
        self.q = nn.Linear(d, d, bias=a.bias)
        self.k = nn.Linear(d, d, bias=a.bias)
        self.v = nn.Linear(d, d, bias=a.bias)
        self.o = nn.Linear(d, d)
        self.ffn_layer_norm = nn.LayerNorm(d, eps=enc.eps)
        self.up = nn.Linear(d, enc.ffn)
        self.down = nn.Linear(enc.ffn, d)

    def forward(self, x):
        b, t, d = x.shape
        h = self.self_attn_layer_norm(x)
        q = self.q(h).view(b, t, self.heads, -1).transpose(1, 2)
        k = self.k(h).view(b, t, self.heads, -1).transpose(1, 2)
        v = self.v(h).view(b, t, self.heads, -1).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v)
        x = x + self.o(o.transpose(1, 2).reshape(b, t, d))
        return x + self.down(F.gelu(self.up(self.ffn_layer_norm(x))))


class XLMRobertaXL(nn.Module):
    def __init__(self, cfg: ModelConfig | None = None):
        super().__init__()
        cfg = cfg or ModelConfig()
        e, enc = cfg.embedding, cfg.encoder
        self.pad = e.pad
        self.word_embeddings = nn.Embedding(e.vocab, enc.width, padding_idx=e.pad)
        self.position_embeddings = nn.Embedding(e.positions, enc.width, padding_idx=e.pad)
        self.token_type_embeddings = nn.Embedding(1, enc.width)
        self.layers = nn.ModuleList(XLLayer(enc) for _ in range(enc.depth))
        self.final_layer_norm = nn.LayerNorm(enc.width, eps=enc.eps)
        self.pooler = nn.Linear(enc.width, enc.width)

    def forward(self, ids):
        keep = ids.ne(self.pad).int()
        pos = torch.cumsum(keep, 1) * keep + self.pad
        x = self.word_embeddings(ids) + self.token_type_embeddings(torch.zeros_like(ids))
        x = x + self.position_embeddings(pos)
        for layer in self.layers:
            x = layer(x)
        x = self.final_layer_norm(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
