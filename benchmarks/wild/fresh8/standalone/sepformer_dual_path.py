"""SepFormer: a conv encoder, a dual-path masknet whose intra- and inter-chunk transformers are
built once per repetition with torch.nn.TransformerEncoder, and a transposed-conv decoder."""

import torch.nn as nn


def transformer(d_model, nhead, d_ffn, layers):
    layer = nn.TransformerEncoderLayer(
        d_model, nhead, d_ffn, dropout=0.0, batch_first=True, norm_first=True
    )
    return nn.TransformerEncoder(layer, layers, enable_nested_tensor=False)


class DualPathBlock(nn.Module):
    def __init__(self, d_model, nhead, d_ffn, layers):
        super().__init__()
        self.intra = transformer(d_model, nhead, d_ffn, layers)
        self.inter = transformer(d_model, nhead, d_ffn, layers)
        self.intra_norm = nn.GroupNorm(1, d_model, eps=1e-8)
        self.inter_norm = nn.GroupNorm(1, d_model, eps=1e-8)


class SepFormer(nn.Module):
    def __init__(
        self, n_filters=256, kernel=16, num_spks=2, n_rep=2, d_ffn=1024, nhead=8, layers=8
    ):
        super().__init__()
        self.encoder = nn.Conv1d(1, n_filters, kernel, stride=kernel // 2, bias=False)
        self.norm = nn.GroupNorm(1, n_filters, eps=1e-8)
        self.conv1d = nn.Conv1d(n_filters, n_filters, 1, bias=False)
        self.dual_mdl = nn.ModuleList(
            DualPathBlock(n_filters, nhead, d_ffn, layers) for _ in range(n_rep)
        )
        self.conv2d = nn.Conv2d(n_filters, n_filters * num_spks, 1)
        self.end_conv1x1 = nn.Conv1d(n_filters, n_filters, 1, bias=False)
        self.prelu = nn.PReLU()
        self.output = nn.Sequential(nn.Conv1d(n_filters, n_filters, 1), nn.Tanh())
        self.output_gate = nn.Sequential(nn.Conv1d(n_filters, n_filters, 1), nn.Sigmoid())
        self.decoder = nn.ConvTranspose1d(n_filters, 1, kernel, stride=kernel // 2, bias=False)


model = SepFormer(n_filters=128, d_ffn=512, layers=2)
