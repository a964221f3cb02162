"""TimesNet: each block folds the series by its top periods into 2-D and runs Inception convs."""

import torch
import torch.nn as nn


class Inception_Block_V1(nn.Module):
    def __init__(self, in_channels, out_channels, num_kernels=6):
        super().__init__()
        self.kernels = nn.ModuleList(
            [
                nn.Conv2d(in_channels, out_channels, kernel_size=2 * i + 1, padding=i)
                for i in range(num_kernels)
            ]
        )

    def forward(self, x):
        return torch.stack([k(x) for k in self.kernels], dim=-1).mean(-1)


class TimesBlock(nn.Module):
    def __init__(self, seq_len, pred_len, top_k, d_model, d_ff, num_kernels):
        super().__init__()
        self.seq_len, self.pred_len, self.k = seq_len, pred_len, top_k
        self.conv = nn.Sequential(
            Inception_Block_V1(d_model, d_ff, num_kernels),
            nn.GELU(),
            Inception_Block_V1(d_ff, d_model, num_kernels),
        )


class TimesNet(nn.Module):
    def __init__(
        self,
        seq_len=96,
        pred_len=24,
        enc_in=7,
        c_out=7,
        d_model=16,
        d_ff=32,
        e_layers=2,
        top_k=3,
        num_kernels=4,
    ):
        super().__init__()
        self.model = nn.ModuleList(
            TimesBlock(seq_len, pred_len, top_k, d_model, d_ff, num_kernels)
            for _ in range(e_layers)
        )
        self.enc_embedding = nn.Conv1d(
            enc_in, d_model, 3, padding=1, padding_mode="circular", bias=False
        )
        self.layer_norm = nn.LayerNorm(d_model)
        self.predict_linear = nn.Linear(seq_len, pred_len + seq_len)
        self.projection = nn.Linear(d_model, c_out, bias=True)


model = TimesNet(
    seq_len=96,
    pred_len=24,
    enc_in=7,
    c_out=7,
    d_model=16,
    d_ff=32,
    e_layers=2,
    top_k=3,
    num_kernels=4,
)
