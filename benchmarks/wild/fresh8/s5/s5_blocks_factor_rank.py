"""S5 blocks with several blocks per HiPPO matrix and a wider feedforward, from a dict."""

from s5 import S5Block
from torch import nn

cfg = {"dim": 96, "state_dim": 96, "bidir": False, "block_count": 4, "ff_mult": 2.0}

model = nn.Sequential(*[S5Block(**cfg) for _ in range(3)])
