"""DeBERTa-v2/v3: disentangled attention (content->position and position->content terms over
log-bucketed relative distances, the position projections shared with the content ones), a
relative-embedding table normalised once per forward, no absolute positions in the input.
Configured through a ``Config.from_dict`` classmethod over a nested settings dict."""

import math

import torch
import torch.nn.functional as F
from torch import nn

SETTINGS = {
    "embeddings": {"vocab": 900, "dim": 64, "max_positions": 128},
    "encoder": {"layers": 3, "heads": 4, "ffn": 192, "eps": 1e-7},
    "relative": {"buckets": 32, "max_relative": 128},
}


class Config:
    def __init__(self, vocab, dim, max_positions, layers, heads, ffn, eps, buckets, max_relative):
        self.vocab, self.dim, self.max_positions = vocab, dim, max_positions
        self.layers, self.heads, self.ffn, self.eps = layers, heads, ffn, eps
        self.buckets, self.max_relative = buckets, max_relative

    @classmethod
    def from_dict(cls, d):
        return cls(**d["embeddings"], **d["encoder"], **d["relative"])


C = Config.from_dict(SETTINGS)


def log_bucket(rel, buckets, max_pos):
    mid = buckets // 2
    sign = torch.sign(rel)
    abs_pos = torch.where((rel < mid) & (rel > -mid), torch.tensor(mid - 1).type_as(rel), rel.abs())
    log_pos = torch.ceil(torch.log(abs_pos / mid) / math.log((max_pos - 1) / mid) * (mid - 1)) + mid
    return torch.where(abs_pos <= mid, rel.type_as(log_pos), log_pos * sign).long()


class DisentangledAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.query_proj = nn.Linear(C.dim, C.dim)
        self.key_proj = nn.Linear(C.dim, C.dim)
        self.value_proj = nn.Linear(C.dim, C.dim)

    def heads(self, x):
        return x.view(*x.shape[:-1], C.heads, -1).transpose(-2, -3)

    def forward(self, x, rel_emb, rel_pos):
        span = C.buckets
        q, k, v = (
            self.heads(self.query_proj(x)),
            self.heads(self.key_proj(x)),
            self.heads(self.value_proj(x)),
        )
        hd = q.shape[-1]
        scale = math.sqrt(hd * 3)
        scores = q @ k.transpose(-1, -2) / scale
        pos_q = self.heads(self.query_proj(rel_emb))  # [H, 2span, hd]
        pos_k = self.heads(self.key_proj(rel_emb))
        c2p_idx = torch.clamp(rel_pos + span, 0, 2 * span - 1)
        c2p = torch.gather(
            q @ pos_k.transpose(-1, -2), -1, c2p_idx.expand(*q.shape[:2], *c2p_idx.shape)
        )
        p2c_idx = torch.clamp(-rel_pos + span, 0, 2 * span - 1)
        p2c = torch.gather(
            k @ pos_q.transpose(-1, -2), -1, p2c_idx.expand(*k.shape[:2], *p2c_idx.shape)
        )
        scores = scores + c2p / scale + p2c.transpose(-1, -2) / scale
        out = scores.softmax(-1) @ v
        return out.transpose(1, 2).flatten(2)


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = DisentangledAttention()
        self.attn_out = nn.Linear(C.dim, C.dim)
        self.attn_norm = nn.LayerNorm(C.dim, eps=C.eps)
        self.ffn_in = nn.Linear(C.dim, C.ffn)
        self.ffn_out = nn.Linear(C.ffn, C.dim)
        self.ffn_norm = nn.LayerNorm(C.dim, eps=C.eps)

    def forward(self, x, rel_emb, rel_pos):
        x = self.attn_norm(x + self.attn_out(self.attn(x, rel_emb, rel_pos)))
        return self.ffn_norm(x + self.ffn_out(F.gelu(self.ffn_in(x))))


class DebertaV2(nn.Module):
    def __init__(self):
        super().__init__()
        self.word_embeddings = nn.Embedding(C.vocab, C.dim, padding_idx=0)
        self.embed_norm = nn.LayerNorm(C.dim, eps=C.eps)
        self.rel_embeddings = nn.Embedding(2 * C.buckets, C.dim)
        self.rel_norm = nn.LayerNorm(C.dim, eps=C.eps)
        self.layers = nn.ModuleList(Layer() for _ in range(C.layers))

    def forward(self, ids):
        n = ids.shape[1]
        x = self.embed_norm(self.word_embeddings(ids))
        pos = torch.arange(n)
        rel_pos = log_bucket(pos[:, None] - pos[None, :], C.buckets, C.max_relative)
        rel_emb = self.rel_norm(self.rel_embeddings.weight)
        for layer in self.layers:
            x = layer(x, rel_emb, rel_pos)
        return x
