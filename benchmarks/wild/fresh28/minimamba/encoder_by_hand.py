"""A bare minimamba encoder (no embedding) with conv bias off and LayerNorm instead of RMSNorm, plus a linear head."""

import torch.nn as nn
from minimamba import MambaConfig, MambaEncoder


class Tagger(nn.Module):
    def __init__(self, in_dim, width, layers, tags):
        super().__init__()
        cfg = MambaConfig(
            d_model=width, n_layer=layers, d_state=4, expand=3, conv_bias=False, rms_norm=False
        )
        self.inp = nn.Linear(in_dim, width)
        self.enc = MambaEncoder(cfg)
        self.head = nn.Linear(width, tags)


model = Tagger(in_dim=12, width=32, layers=2, tags=7)
