"""A Conformer encoder (Gulati et al.): a conv2d subsampling front end, blocks with two half-step
(macaron) FFNs, MHSA, a conv module (pointwise conv to 2x channels, GLU, depthwise conv, BatchNorm,
Swish, pointwise), and a final LayerNorm per block; then a CTC head."""

import torch.nn as nn


class FeedForward(nn.Module):
    def __init__(self, d, mult=4, dropout=0.1):
        super().__init__()
        self.net = nn.Sequential(
            nn.LayerNorm(d),
            nn.Linear(d, d * mult),
            nn.SiLU(),
            nn.Dropout(dropout),
            nn.Linear(d * mult, d),
        )


class ConvModule(nn.Module):
    def __init__(self, d, kernel=15, expansion=2):
        super().__init__()
        inner = d * expansion
        self.norm = nn.LayerNorm(d)
        self.pw1 = nn.Conv1d(d, inner * 2, 1)
        self.glu = nn.GLU(dim=1)
        self.dw = nn.Conv1d(inner, inner, kernel, padding=kernel // 2, groups=inner)
        self.bn = nn.BatchNorm1d(inner)
        self.act = nn.SiLU()
        self.pw2 = nn.Conv1d(inner, d, 1)


class ConformerBlock(nn.Module):
    def __init__(self, d, heads, ff_mult, conv_kernel):
        super().__init__()
        self.ff1 = FeedForward(d, ff_mult)
        self.attn_norm = nn.LayerNorm(d)
        self.attn = nn.MultiheadAttention(d, heads, batch_first=True)
        self.conv = ConvModule(d, conv_kernel)
        self.ff2 = FeedForward(d, ff_mult)
        self.post_norm = nn.LayerNorm(d)


class Conformer(nn.Module):
    def __init__(self, n_mels=40, d=36, heads=4, layers=3, ff_mult=4, conv_kernel=15, vocab=29):
        super().__init__()
        self.subsample = nn.Sequential(
            nn.Conv2d(1, d, 3, 2), nn.ReLU(), nn.Conv2d(d, d, 3, 2), nn.ReLU()
        )
        freq = ((n_mels - 1) // 2 - 1) // 2
        self.input_proj = nn.Linear(d * freq, d)
        self.blocks = nn.ModuleList(
            ConformerBlock(d, heads, ff_mult, conv_kernel) for _ in range(layers)
        )
        self.ctc_head = nn.Linear(d, vocab)


model = Conformer(n_mels=40, d=36, heads=4, layers=3, ff_mult=2, conv_kernel=7, vocab=29)
