"""A spiking attention block (GSMC attention, 4 heads, width 48) between a vanilla LIF front end and a head."""

import torch.nn as nn
from gsmc_torch import GSMCSpikingAttention, VanillaLIF

model = nn.Sequential(
    VanillaLIF(input_size=8, hidden_size=48, beta=0.95),
    GSMCSpikingAttention(d_model=48, num_heads=4),
    nn.Linear(48, 3),
)
