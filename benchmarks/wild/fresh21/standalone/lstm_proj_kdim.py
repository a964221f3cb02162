"""Less common torch layer options: LSTM proj_size, MHA with kdim/vdim, Bilinear, PReLU per channel."""

import torch.nn as nn


class Fusion(nn.Module):
    def __init__(self, d_text=64, d_audio=40, hidden=96, proj=32, heads=4):
        super().__init__()
        self.text = nn.LSTM(
            d_text, hidden, num_layers=2, proj_size=proj, batch_first=True, bidirectional=True
        )
        self.cross = nn.MultiheadAttention(
            2 * proj, heads, kdim=d_audio, vdim=d_audio, batch_first=True
        )
        self.bil = nn.Bilinear(2 * proj, 2 * proj, 16)
        self.act = nn.PReLU(num_parameters=16)
        self.adaptive = nn.AdaptiveLogSoftmaxWithLoss(16, 1000, cutoffs=[50, 300], div_value=2.0)

    def forward(self, t, a):
        h, _ = self.text(t)
        c, _ = self.cross(h, a, a)
        return self.act(self.bil(h, c))


model = Fusion(d_text=48, d_audio=24, hidden=64, proj=16, heads=2)
