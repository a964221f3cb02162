# a GAN generator from a user repo: ConvTranspose2d subclass (kernel 4 stride 2), stages from log2(size)
import math

import torch.nn as nn


class Up2x(nn.ConvTranspose2d):
    def __init__(self, cin, cout):
        super().__init__(cin, cout, kernel_size=4, stride=2, padding=1, bias=False)


img_size, z_dim, base = 64, 128, 512
n_up = int(math.log2(img_size)) - 2  # from 4x4 to 64x64: 4 stages
layers = [nn.ConvTranspose2d(z_dim, base, 4, 1, 0, bias=False), nn.BatchNorm2d(base), nn.ReLU(True)]
ch = base
for _ in range(n_up - 1):
    layers += [Up2x(ch, ch // 2), nn.BatchNorm2d(ch // 2), nn.ReLU(True)]
    ch //= 2
layers += [Up2x(ch, 3), nn.Tanh()]
model = nn.Sequential(*layers)
