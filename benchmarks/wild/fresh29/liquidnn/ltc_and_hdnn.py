"""An LTC layer and a height-driven HDNN (liquidnn) side by side in a ModuleDict."""

import torch.nn as nn
from liquidnn import HDNN, LTCLayer

model = nn.ModuleDict(
    {
        "ltc": LTCLayer(input_size=10, hidden_size=18, num_layers=3),
        "hdnn": HDNN(input_dim=10, hidden_dim=14, output_dim=4, height=3, depth=2),
    }
)
