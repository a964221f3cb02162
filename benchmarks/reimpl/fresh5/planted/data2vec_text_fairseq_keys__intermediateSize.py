"""data2vec-text (RoBERTa layout), configured from a fairseq-style args dict: the model's
``from_fairseq`` classmethod maps fairseq's key names (encoder_embed_dim, encoder_layers, ...)
onto its own constructor arguments; the default model is built from ``FAIRSEQ_ARGS``."""

import math

import torch
import torch.nn.functional as F
from torch import nn

FAIRSEQ_ARGS = {
    "encoder_embed_dim": 64,
    "encoder_layers": 3,
    "encoder_attention_heads": 4,
    "encoder_ffn_embed_dim": 256,
    "max_positions": 128,
    "vocab_size": 760,
    "pad": 1,
}
KEY_MAP = {
    "encoder_embed_dim": "dim",
    "encoder_layers": "depth",
    "encoder_attention_heads": "heads",
    "encoder_ffn_embed_dim": "ffn",
    "max_positions": "max_positions",
    "vocab_size": "vocab",
    "pad": "pad",
}


class Layer(nn.Module):
    def __init__(self, dim, heads, ffn):
        super().__init__()
        self.heads = heads
        self.in_proj = nn.ModuleDict({n: nn.Linear(dim, dim) for n in ("query", "key", "value")})
        self.out_proj = nn.Linear(dim, dim)
        self.self_attn_layer_norm = nn.LayerNorm(dim, eps=1e-5)
        self.fc1 = nn.Linear(dim, ffn)
        self.fc2 = nn.Linear(ffn, dim)
        self.final_layer_norm = nn.LayerNorm(dim, eps=1e-5)

    def forward(self, x):
        b, n, d = x.shape
        hd = d // self.heads
        q, k, v = (
            self.in_proj[m](x).view(b, n, self.heads, hd).transpose(1, 2)
            for m in ("query", "key", "value")
        )
        a = F.softmax(q @ k.transpose(-1, -2) / math.sqrt(hd), dim=-1) @ v
        x = self.self_attn_layer_norm(x + self.out_proj(a.transpose(1, 2).reshape(b, n, d)))
        return self.final_layer_norm(x + self.fc2(F.gelu(self.fc1(x))))


class Data2VecText(nn.Module):
    def __init__(
        self, dim=None, depth=None, heads=None, ffn=None, max_positions=None, vocab=None, pad=None
    ):
        super().__init__()
        if dim is None:  # the default model: the fairseq run's args
            kw = {KEY_MAP[k]: v for k, v in FAIRSEQ_ARGS.items()}
            dim, depth, heads, ffn = kw["dim"], kw["depth"], kw["heads"], kw["ffn"]
            max_positions, vocab, pad = kw["max_positions"], kw["vocab"], kw["pad"]
        self.pad = pad
        self.embed_tokens = nn.Embedding(vocab, dim, padding_idx=pad)
        self.embed_positions = nn.Embedding(max_positions + pad + 1, dim, padding_idx=pad)
        self.embed_types = nn.Embedding(1, dim)
        self.layernorm_embedding = nn.LayerNorm(dim, eps=1e-5)
        self.layers = nn.ModuleList(Layer(dim, heads, ffn) for _ in range(depth))
        self.pool = nn.Linear(dim, dim)

    @classmethod
    def from_fairseq(cls, args):
        return cls(**{KEY_MAP[k]: v for k, v in args.items() if k in KEY_MAP})

    def forward(self, ids):
        keep = ids.ne(self.pad).long()
        pos = keep.cumsum(1) * keep + self.pad
        x = self.embed_tokens(ids) + self.embed_positions(pos) + self.embed_types.weight[0]
        x = self.layernorm_embedding(x)
        for layer in self.layers:
            x = layer(x)
        return x, torch.tanh(self.pool(x[:, 0]))
