"""A GAN discriminator with old-style torch.nn.utils.spectral_norm on every conv (weight_orig
parameter plus u/v buffers) and a projection embedding for the class label."""

import torch.nn as nn
from torch.nn.utils import spectral_norm

SN = spectral_norm


class DBlock(nn.Module):
    def __init__(self, cin, cout, down=True):
        super().__init__()
        self.c1 = SN(nn.Conv2d(cin, cout, 3, 1, 1))
        self.c2 = SN(nn.Conv2d(cout, cout, 3, 1, 1))
        self.sc = SN(nn.Conv2d(cin, cout, 1)) if cin != cout or down else nn.Identity()
        self.pool = nn.AvgPool2d(2) if down else nn.Identity()


class ProjDisc(nn.Module):
    def __init__(self, ch=32, n_classes=10):
        super().__init__()
        chans = [3, ch, ch * 2, ch * 4, ch * 4]
        self.blocks = nn.Sequential(
            *[DBlock(a, b, down=i < 3) for i, (a, b) in enumerate(zip(chans, chans[1:]))]
        )
        self.fc = SN(nn.Linear(chans[-1], 1))
        self.embed = SN(nn.Embedding(n_classes, chans[-1]))


model = ProjDisc()
