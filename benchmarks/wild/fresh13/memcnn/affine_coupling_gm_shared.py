"""Affine coupling where Gm is left None: memcnn deep-copies Fm for it (two independent copies)."""

import memcnn
import torch.nn as nn


class ScaleShift(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv1d(ch, 2 * ch, 3, padding=1), nn.Tanh(), nn.Conv1d(2 * ch, ch, 1)
        )

    def forward(self, x):
        return self.net(x)


blocks = []
for _ in range(3):
    fm = ScaleShift(8)
    blocks.append(
        memcnn.InvertibleModuleWrapper(
            memcnn.AffineCoupling(Fm=fm, adapter=memcnn.AffineAdapterSigmoid), keep_input=False
        )
    )
model = nn.Sequential(nn.Conv1d(4, 16, 1), *blocks, nn.Conv1d(16, 2, 1))
