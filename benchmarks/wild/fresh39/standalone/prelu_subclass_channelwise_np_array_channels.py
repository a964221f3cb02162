# a channel-wise PReLU subclass (init from a numpy value) after convolutions with numpy channel counts
import numpy as np
import torch.nn as nn

INIT = np.float32(0.1)


class ChannelPReLU(nn.PReLU):
    def __init__(self, channels, init=INIT):
        super().__init__(num_parameters=channels, init=float(init))


chans = np.array([16, 24, 40, 80])
layers = []
cin = 1
for c in chans.tolist():
    layers += [nn.Conv2d(cin, c, 3, padding=1), ChannelPReLU(c)]
    cin = c
model = nn.Sequential(*layers)
