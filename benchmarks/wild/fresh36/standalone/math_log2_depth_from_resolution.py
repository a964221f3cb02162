# a DCGAN-style generator whose depth follows the output resolution: log2(res) - 2 upsampling steps
import math

import torch.nn as nn


class Generator(nn.Module):
    def __init__(self, z_dim=100, res=64, ngf=64, max_ch=512):
        super().__init__()
        n_up = int(math.log2(res)) - 2  # from 4x4
        ch = min(max_ch, ngf * 2 ** (n_up - 1))
        layers = [
            nn.ConvTranspose2d(z_dim, ch, 4, 1, 0, bias=False),
            nn.BatchNorm2d(ch),
            nn.ReLU(True),
        ]
        for _ in range(n_up - 1):
            nxt = max(ngf, ch // 2)
            layers += [
                nn.ConvTranspose2d(ch, nxt, 4, 2, 1, bias=False),
                nn.BatchNorm2d(nxt),
                nn.ReLU(True),
            ]
            ch = nxt
        layers += [nn.ConvTranspose2d(ch, 3, 4, 2, 1, bias=False), nn.Tanh()]
        self.net = nn.Sequential(*layers)


model = Generator(res=128)
