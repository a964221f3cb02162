"""FNet (Lee-Thorp et al. 2021) from the paper: token mixing by the real part of a 2-D FFT over
(sequence, hidden), post-norm feed-forward layers, a projected embedding and a tanh pooler. The
sizes are a NamedTuple with the base model's defaults, ``_replace``-d for the small run."""

from typing import NamedTuple

import torch
import torch.nn.functional as F
from torch import nn


class FNetSizes(NamedTuple):
    vocab: int = 32000
    hidden: int = 768
    ffn: int = 3072
    layers: int = 12
    max_len: int = 512
    segments: int = 2
    eps: float = 1e-12


SIZES = FNetSizes()._replace(
    vocab=600,
    hidden=64,
    ffn=128,
    layers=2,
    max_len=64,
)


class FourierLayer(nn.Module):
    def __init__(self, s: FNetSizes):
        super().__init__()
        self.mix_norm = nn.LayerNorm(s.hidden, eps=s.eps)
        self.ff1 = nn.Linear(s.hidden, s.ffn)
        self.ff2 = nn.Linear(s.ffn, s.hidden)
        self.ff_norm = nn.LayerNorm(s.hidden, eps=s.eps)

    def forward(self, x):
        x = self.mix_norm(x + torch.fft.fft2(x, dim=(-2, -1)).real)
        return self.ff_norm(x + self.ff2(F.gelu(self.ff1(x), approximate="tanh")))


class FNet(nn.Module):
    def __init__(self, s: FNetSizes = SIZES):
        super().__init__()
        self.word = nn.Embedding(s.vocab, s.hidden)
        self.pos = nn.Embedding(s.max_len, s.hidden)
        self.seg = nn.Embedding(s.segments, s.hidden)
        self.emb_norm = nn.LayerNorm(s.hidden, eps=s.eps)
        self.emb_proj = nn.Linear(s.hidden, s.hidden)
        self.layers = nn.Sequential(*[FourierLayer(s) for _ in range(s.layers)])
        self.pool = nn.Linear(s.hidden, s.hidden)

    def forward(self, ids, segments=None):
        segments = torch.zeros_like(ids) if segments is None else segments
        pos = torch.arange(ids.shape[1], device=ids.device)
        x = self.emb_norm(self.word(ids) + self.pos(pos) + self.seg(segments))
        x = self.layers(self.emb_proj(x))
        return x, torch.tanh(self.pool(x[:, 0]))
