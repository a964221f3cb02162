# a dense block's layer inputs are the running sum of channels (itertools.accumulate)
from itertools import accumulate

import torch.nn as nn

c0, growth, n_layers = 48, 12, 5
ins = list(accumulate([c0] + [growth] * (n_layers - 1)))
block = nn.ModuleList(
    nn.Sequential(
        nn.BatchNorm2d(c),
        nn.ReLU(),
        nn.Conv2d(c, 4 * growth, 1, bias=False),
        nn.BatchNorm2d(4 * growth),
        nn.ReLU(),
        nn.Conv2d(4 * growth, growth, 3, padding=1, bias=False),
    )
    for c in ins
)
out_ch = ins[-1] + growth
model = nn.ModuleDict({"block": block, "transition": nn.Conv2d(out_ch, out_ch // 2, 1, bias=False)})
