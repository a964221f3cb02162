"""Audio tagging model (a paper's `models/tagger.py`): a CNN front end, a conformer-ish body and
attention pooling. Kept as the authors wrote it, config class and helpers included."""

import math
from functools import partialmethod

import torch
import torch.nn as nn
import torch.nn.functional as F


class TaggerConfig:
    n_mels = 64
    stem_channels = (16, 32, 64)
    d_model = 128
    n_heads = 4
    n_blocks = 3
    conv_kernel = 15
    ff_mult = 2
    n_classes = 50
    use_rel_pos = True
    max_len = 256

    def __init__(self, **kw):
        for k, v in kw.items():
            if not hasattr(type(self), k):
                raise KeyError(k)
            setattr(self, k, v)

    @property
    def freq_after_stem(self):
        return self.n_mels // 2 ** len(self.stem_channels)


def conv_bn(cin, cout, k=3, s=1):
    return nn.Sequential(
        nn.Conv2d(cin, cout, k, s, k // 2, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True)
    )


class Stem(nn.Module):
    def __init__(self, chans):
        super().__init__()
        blocks, c = [], 1
        for out in chans:
            blocks.append(nn.Sequential(conv_bn(c, out), conv_bn(out, out), nn.AvgPool2d((2, 2))))
            c = out
        self.blocks = nn.Sequential(*blocks)

    def forward(self, x):
        return self.blocks(x)


class FeedForward(nn.Module):
    def __init__(self, d, mult, dropout=0.1):
        super().__init__()
        self.net = nn.Sequential(
            nn.LayerNorm(d),
            nn.Linear(d, d * mult),
            nn.SiLU(),
            nn.Dropout(dropout),
            nn.Linear(d * mult, d),
        )

    def forward(self, x):
        return self.net(x)


class ConvModule(nn.Module):
    def __init__(self, d, k):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.pw1 = nn.Conv1d(d, 2 * d, 1)
        self.dw = nn.Conv1d(d, d, k, padding=k // 2, groups=d)
        self.bn = nn.BatchNorm1d(d)
        self.pw2 = nn.Conv1d(d, d, 1)

    def forward(self, x):
        y = self.norm(x).transpose(1, 2)
        y = F.glu(self.pw1(y), dim=1)
        y = self.pw2(F.silu(self.bn(self.dw(y))))
        return y.transpose(1, 2)


class RelPosBias(nn.Module):
    def __init__(self, heads, max_len):
        super().__init__()
        self.bias = nn.Parameter(torch.zeros(heads, 2 * max_len - 1))
        idx = torch.arange(max_len)
        self.register_buffer("rel", idx[None] - idx[:, None] + max_len - 1, persistent=False)


class Block(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        d = cfg.d_model
        self.ff1 = FeedForward(d, cfg.ff_mult)
        self.attn_norm = nn.LayerNorm(d)
        self.attn = nn.MultiheadAttention(d, cfg.n_heads, dropout=0.1, batch_first=True)
        self.conv = ConvModule(d, cfg.conv_kernel)
        self.ff2 = FeedForward(d, cfg.ff_mult)
        self.out_norm = nn.LayerNorm(d)


class AttentionPool(nn.Module):
    def __init__(self, d, n_classes):
        super().__init__()
        self.att = nn.Linear(d, n_classes)
        self.cla = nn.Linear(d, n_classes)

    def forward(self, x):
        w = torch.softmax(torch.tanh(self.att(x)), dim=1)
        return (w * torch.sigmoid(self.cla(x))).sum(1)


class Tagger(nn.Module):
    def __init__(self, cfg: TaggerConfig):
        super().__init__()
        self.cfg = cfg
        self.stem = Stem(cfg.stem_channels)
        self.proj = nn.Linear(cfg.stem_channels[-1] * cfg.freq_after_stem, cfg.d_model)
        self.rel = RelPosBias(cfg.n_heads, cfg.max_len) if cfg.use_rel_pos else None
        self.blocks = nn.ModuleList([Block(cfg) for _ in range(cfg.n_blocks)])
        self.pool = AttentionPool(cfg.d_model, cfg.n_classes)
        self.reset_parameters()

    def reset_parameters(self):
        for m in self.modules():
            if isinstance(m, nn.Linear):
                nn.init.trunc_normal_(m.weight, std=1 / math.sqrt(m.in_features))

    set_eval = partialmethod(nn.Module.train, False)


def build_model(**overrides):
    return Tagger(TaggerConfig(**overrides))


model = build_model(n_mels=80, d_model=96, n_blocks=2, n_classes=527, use_rel_pos=True, max_len=128)
