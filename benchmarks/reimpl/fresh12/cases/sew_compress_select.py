"""A SEW (squeezed wav2vec 2.0) encoder: conv feature extractor, the sequence pooled by the
squeeze factor before post-norm transformer layers and upsampled back after them."""

from itertools import compress

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils.parametrizations import weight_norm

CANDIDATES = [
    # (hidden, layers, heads, ffn, pos kernel, pos groups, squeeze)
    (768, 12, 12, 3072, 128, 16, 2),
    (64, 2, 4, 128, 16, 4, 2),
]
USE = [False, True]
((HIDDEN, LAYERS, HEADS, FFN, POS_KERNEL, POS_GROUPS, SQUEEZE),) = compress(CANDIDATES, USE)
CONV = [(32, 10, 5), (32, 3, 2), (32, 3, 2)]  # (channels, kernel, stride)
EPS = 1e-5


class FeatureEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        convs, cin = [], 1
        for ch, k, s in CONV:
            convs.append(nn.Conv1d(cin, ch, k, s, bias=False))
            cin = ch
        self.convs = nn.ModuleList(convs)
        self.first_norm = nn.GroupNorm(CONV[0][0], CONV[0][0])

    def forward(self, wav):
        x = wav[:, None]
        for i, conv in enumerate(self.convs):
            x = conv(x)
            x = F.gelu(self.first_norm(x) if i == 0 else x)
        return x


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = nn.MultiheadAttention(HIDDEN, HEADS, batch_first=True)
        self.norm1 = nn.LayerNorm(HIDDEN, eps=EPS)
        self.ff_in = nn.Linear(HIDDEN, FFN)
        self.ff_out = nn.Linear(FFN, HIDDEN)
        self.norm2 = nn.LayerNorm(HIDDEN, eps=EPS)

    def forward(self, x):
        x = self.norm1(x + self.attn(x, x, x, need_weights=False)[0])
        return self.norm2(x + self.ff_out(F.gelu(self.ff_in(x))))


class SEW(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = FeatureEncoder()
        self.feature_norm = nn.LayerNorm(CONV[-1][0], eps=EPS)
        self.project = nn.Linear(CONV[-1][0], HIDDEN)
        self.mask_embed = nn.Parameter(torch.rand(HIDDEN))
        conv = nn.Conv1d(HIDDEN, HIDDEN, POS_KERNEL, SQUEEZE, POS_KERNEL // 2, groups=POS_GROUPS)
        self.pos_conv = weight_norm(conv, dim=2)
        self.pool = nn.AvgPool1d(SQUEEZE, SQUEEZE)
        self.norm = nn.LayerNorm(HIDDEN, eps=EPS)
        self.layers = nn.ModuleList(Layer() for _ in range(LAYERS))
        self.upsample = nn.Linear(HIDDEN, HIDDEN * SQUEEZE)

    def forward(self, wav):
        x = self.project(self.feature_norm(self.features(wav).transpose(1, 2)))
        n = x.shape[1]
        pos = F.gelu(self.pos_conv(x.transpose(1, 2)))
        pooled = self.pool(x.transpose(1, 2))
        t = min(pos.shape[-1], pooled.shape[-1])
        h = self.norm((pooled[..., :t] + pos[..., :t]).transpose(1, 2))
        for layer in self.layers:
            h = layer(h)
        up = self.upsample(h).reshape(h.shape[0], -1, HIDDEN)
        return F.pad(up, (0, 0, 0, max(0, n - up.shape[1])))[:, :n]
