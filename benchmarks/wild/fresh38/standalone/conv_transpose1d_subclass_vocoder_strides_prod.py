# user repo: a ConvTranspose1d upsampler; the strides multiply to the hop length (np.prod check)
import numpy as np
import torch.nn as nn


class Upsample1d(nn.ConvTranspose1d):
    def __init__(self, cin, cout, stride):
        super().__init__(
            cin, cout, kernel_size=2 * stride, stride=stride, padding=stride // 2 + stride % 2
        )


hop_length = 256
strides = [8, 8, 2, 2]
assert int(np.prod(strides)) == hop_length
chs = [512 // 2**i for i in range(len(strides) + 1)]
model = nn.Sequential(
    nn.Conv1d(80, chs[0], 7, padding=3),
    *[Upsample1d(chs[i], chs[i + 1], s) for i, s in enumerate(strides)],
    nn.Conv1d(chs[-1], 1, 7, padding=3),
    nn.Tanh(),
)
