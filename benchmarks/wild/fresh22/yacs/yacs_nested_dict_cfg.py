"""A yacs CfgNode built from a nested dict (as when loaded from JSON), fields read with getattr chains."""

import json

from torch import nn
from yacs.config import CfgNode

RAW = json.loads('{"encoder": {"dim": 20, "depth": 2}, "decoder": {"dim": 20, "out": 6}}')
cfg = CfgNode(RAW)
cfg.encoder.depth = 3


class AutoEnc(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.enc = nn.Sequential(
            *[nn.Linear(c.encoder.dim, c.encoder.dim) for _ in range(c.encoder.depth)]
        )
        self.dec = nn.Linear(c.decoder.dim, c.decoder["out"])


model = AutoEnc(cfg)
