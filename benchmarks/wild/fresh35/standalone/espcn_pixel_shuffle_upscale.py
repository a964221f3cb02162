import torch.nn as nn


class ESPCN(nn.Module):
    def __init__(self, scale=3, channels=1, f1=64, f2=32):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(channels, f1, 5, padding=2),
            nn.Tanh(),
            nn.Conv2d(f1, f2, 3, padding=1),
            nn.Tanh(),
        )
        # sub-pixel convolution: r^2 * C maps, rearranged by PixelShuffle
        self.tail = nn.Sequential(
            nn.Conv2d(f2, channels * scale**2, 3, padding=1), nn.PixelShuffle(scale)
        )


model = ESPCN(scale=4, channels=3)
