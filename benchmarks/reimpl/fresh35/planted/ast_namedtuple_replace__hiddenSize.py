"""Audio Spectrogram Transformer encoder (patch grid with overlapping strides, [CLS] and
distillation tokens, mean of the two as the clip embedding).

Settings are a NamedTuple of the AudioSet release; the fine-tuning run ``_replace``s a few.
"""

from typing import NamedTuple

import torch
import torch.nn.functional as F
from torch import nn


class ASTSettings(NamedTuple):
    n_mels: int = 128
    target_length: int = 1024
    patch: int = 16
    fstride: int = 10
    tstride: int = 10
    embed_dim: int = 768
    depth: int = 12
    heads: int = 12
    mlp_width: int = 3072
    ln_eps: float = 1e-12


S = ASTSettings()._replace(
    n_mels=32,
    target_length=48,
    embed_dim=96,
    depth=2,
    heads=4,
    mlp_width=128,
)
F_DIM = (S.n_mels - S.patch) // S.fstride + 1
T_DIM = (S.target_length - S.patch) // S.tstride + 1


class EncoderBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_a = nn.LayerNorm(S.embed_dim, eps=S.ln_eps)
        self.in_proj = nn.Linear(S.embed_dim, 3 * S.embed_dim)
        self.out_proj = nn.Linear(S.embed_dim, S.embed_dim)
        self.ln_m = nn.LayerNorm(S.embed_dim, eps=S.ln_eps)
        self.fc1 = nn.Linear(S.embed_dim, S.mlp_width)
        self.fc2 = nn.Linear(S.mlp_width, S.embed_dim)

    def forward(self, x):
        b, n, d = x.shape
        qkv = self.in_proj(self.ln_a(x)).reshape(b, n, 3, S.heads, d // S.heads)
        q, k, v = qkv.permute(2, 0, 3, 1, 4)
        ctx = F.scaled_dot_product_attention(q, k, v)
        x = x + self.out_proj(ctx.transpose(1, 2).reshape(b, n, d))
        return x + self.fc2(F.gelu(self.fc1(self.ln_m(x))))


class AudioSpectrogramTransformer(nn.Module):
    def __init__(self):
        super().__init__()
        self.patchify = nn.Conv2d(1, S.embed_dim, S.patch, stride=(S.fstride, S.tstride))
        self.cls = nn.Parameter(torch.zeros(1, 1, S.embed_dim))
        self.dist = nn.Parameter(torch.zeros(1, 1, S.embed_dim))
        self.pos = nn.Parameter(torch.zeros(1, F_DIM * T_DIM + 2, S.embed_dim))
        self.encoder = nn.ModuleList(EncoderBlock() for _ in range(S.depth))
        self.ln_post = nn.LayerNorm(S.embed_dim, eps=S.ln_eps)

    def forward(self, fbank):
        # fbank: [batch, time frames, mel bins] -> [batch, 1, mel bins, time frames]
        x = self.patchify(fbank.transpose(1, 2).unsqueeze(1)).flatten(2).transpose(1, 2)
        b = x.shape[0]
        x = torch.cat([self.cls.expand(b, -1, -1), self.dist.expand(b, -1, -1), x], 1)
        x = x + self.pos
        for blk in self.encoder:
            x = blk(x)
        x = self.ln_post(x)
        return x, (x[:, 0] + x[:, 1]) / 2
