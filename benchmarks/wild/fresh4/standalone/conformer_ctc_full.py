"""Conformer-CTC: conv2d subsampling, macaron FFNs, rel-pos-free MHSA, conv module, CTC head."""

import torch.nn as nn


class Conv2dSubsampling(nn.Module):
    def __init__(self, idim, odim):
        super().__init__()
        self.conv = nn.Sequential(
            nn.Conv2d(1, odim, 3, 2), nn.ReLU(), nn.Conv2d(odim, odim, 3, 2), nn.ReLU()
        )
        self.out = nn.Linear(odim * (((idim - 1) // 2 - 1) // 2), odim)

    def forward(self, x):
        x = self.conv(x.unsqueeze(1))
        b, c, t, f = x.size()
        return self.out(x.transpose(1, 2).contiguous().view(b, t, c * f))


class FeedForward(nn.Module):
    def __init__(self, d, mult=4, p=0.1):
        super().__init__()
        self.net = nn.Sequential(
            nn.LayerNorm(d),
            nn.Linear(d, d * mult),
            nn.SiLU(),
            nn.Dropout(p),
            nn.Linear(d * mult, d),
            nn.Dropout(p),
        )

    def forward(self, x):
        return self.net(x)


class ConvModule(nn.Module):
    def __init__(self, d, kernel_size=31):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.pointwise_conv1 = nn.Conv1d(d, 2 * d, 1)
        self.depthwise_conv = nn.Conv1d(d, d, kernel_size, padding=kernel_size // 2, groups=d)
        self.batch_norm = nn.BatchNorm1d(d)
        self.pointwise_conv2 = nn.Conv1d(d, d, 1)

    def forward(self, x):
        x = self.norm(x).transpose(1, 2)
        x = nn.functional.glu(self.pointwise_conv1(x), dim=1)
        x = nn.functional.silu(self.batch_norm(self.depthwise_conv(x)))
        return self.pointwise_conv2(x).transpose(1, 2)


class ConformerBlock(nn.Module):
    def __init__(self, d, heads, kernel_size):
        super().__init__()
        self.ff1 = FeedForward(d)
        self.norm_mha = nn.LayerNorm(d)
        self.mha = nn.MultiheadAttention(d, heads, dropout=0.1, batch_first=True)
        self.conv = ConvModule(d, kernel_size)
        self.ff2 = FeedForward(d)
        self.norm_final = nn.LayerNorm(d)

    def forward(self, x):
        x = x + 0.5 * self.ff1(x)
        h = self.norm_mha(x)
        x = x + self.mha(h, h, h, need_weights=False)[0]
        x = x + self.conv(x)
        x = x + 0.5 * self.ff2(x)
        return self.norm_final(x)


class ConformerCTC(nn.Module):
    def __init__(
        self, n_mels=80, d_model=144, n_heads=4, n_layers=8, kernel_size=31, vocab_size=128
    ):
        super().__init__()
        self.subsample = Conv2dSubsampling(n_mels, d_model)
        self.blocks = nn.ModuleList(
            [ConformerBlock(d_model, n_heads, kernel_size) for _ in range(n_layers)]
        )
        self.ctc_head = nn.Linear(d_model, vocab_size + 1)

    def forward(self, feats):
        x = self.subsample(feats)
        for blk in self.blocks:
            x = blk(x)
        return self.ctc_head(x).log_softmax(-1)


model = ConformerCTC(n_mels=80, d_model=144, n_heads=4, n_layers=8)
