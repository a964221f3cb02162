"""Layer widths given as rows of (in, out, kernel); unzipped with zip(*) and rebuilt column-wise."""

import torch.nn as nn

TABLE = [(1, 8, 7), (8, 16, 5), (16, 16, 5), (16, 32, 3), (32, 32, 3)]
ins, outs, kernels = zip(*TABLE)
dilations = tuple(2**i for i in range(len(TABLE)))


class TCN(nn.Module):
    def __init__(self):
        super().__init__()
        self.convs = nn.ModuleList(
            nn.Conv1d(i, o, k, dilation=d, padding=d * (k - 1) // 2)
            for i, o, k, d in zip(ins, outs, kernels, dilations)
        )
        self.skips = nn.ModuleList(
            nn.Conv1d(i, o, 1) if i != o else nn.Identity() for i, o in zip(ins, outs)
        )
        self.head = nn.Conv1d(outs[-1], 4, 1)

    def forward(self, x):
        for conv, skip in zip(self.convs, self.skips):
            x = conv(x).relu() + skip(x)
        return self.head(x)


model = TCN()
