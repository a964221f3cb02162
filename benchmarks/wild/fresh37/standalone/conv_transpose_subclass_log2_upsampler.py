# a decoder whose number of 2x ConvTranspose stages comes from np.log2 of the scale factor
import numpy as np
import torch.nn as nn


class Up2(nn.ConvTranspose2d):
    def __init__(self, cin, cout):
        super().__init__(cin, cout, kernel_size=4, stride=2, padding=1, bias=False)


scale, base = 16, 256
n_up = int(np.log2(scale))
chans = [base // 2**i for i in range(n_up + 1)]
blocks = []
for a, b in zip(chans, chans[1:]):
    blocks += [Up2(a, b), nn.BatchNorm2d(b), nn.ReLU()]
model = nn.Sequential(nn.Conv2d(512, base, 1), *blocks, nn.Conv2d(chans[-1], 3, 3, padding=1))
