"""Two GSMC cells and one LSNN cell (adaptive LIF) stacked in a ModuleList, no adaptive threshold on the first."""

import torch.nn as nn
from gsmc_torch import GSMCCell, LSNNCell

model = nn.ModuleList(
    [
        GSMCCell(input_size=16, hidden_size=32, adaptive_threshold=False),
        GSMCCell(input_size=32, hidden_size=32),
        LSNNCell(input_size=32, hidden_size=24, beta=0.9),
    ]
)
