"""A VAE encoder/decoder whose depth comes from a while loop halving the resolution until 4x4,
channels doubling (capped); the decoder mirrors it with reversed()."""

import torch.nn as nn


class VAE(nn.Module):
    def __init__(self, img=64, cin=3, base=16, cap=128, z=32):
        super().__init__()
        enc, chans, res, c = [], [], img, base
        prev = cin
        while res > 4:
            enc += [nn.Conv2d(prev, c, 4, 2, 1), nn.BatchNorm2d(c), nn.LeakyReLU(0.2)]
            chans.append(c)
            prev, res, c = c, res // 2, min(c * 2, cap)
        self.encoder = nn.Sequential(*enc)
        self.mu = nn.Linear(prev * res * res, z)
        self.logvar = nn.Linear(prev * res * res, z)
        self.fc = nn.Linear(z, prev * res * res)
        dec = []
        for a, b in zip(reversed(chans), list(reversed(chans))[1:] + [cin]):
            dec += [nn.ConvTranspose2d(a, b, 4, 2, 1)] + (
                [nn.BatchNorm2d(b), nn.ReLU()] if b != cin else [nn.Sigmoid()]
            )
        self.decoder = nn.Sequential(*dec)


model = VAE(img=96)
