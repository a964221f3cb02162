# super-resolution tail from a user repo: a Conv2d subclass feeding PixelShuffle(2), repeated log2(scale) times
import numpy as np
import torch.nn as nn


class ShuffleConv(nn.Conv2d):
    def __init__(self, ch, r=2):
        super().__init__(ch, ch * r * r, 3, padding=1)
        self.shuffle = nn.PixelShuffle(r)

    def forward(self, x):
        return self.shuffle(super().forward(x))


scale, feats, n_res = 8, 64, 8
body = [
    nn.Sequential(
        nn.Conv2d(feats, feats, 3, padding=1), nn.ReLU(), nn.Conv2d(feats, feats, 3, padding=1)
    )
    for _ in range(n_res)
]
tail = [ShuffleConv(feats) for _ in range(int(np.log2(scale)))]
model = nn.Sequential(
    nn.Conv2d(3, feats, 3, padding=1), *body, *tail, nn.Conv2d(feats, 3, 3, padding=1)
)
