import torch.nn as nn
import normflows as nf

channels, hidden = 4, 32
model = nn.ModuleList(
    [nf.flows.GlowBlock(channels, hidden, split_mode="channel", scale=True) for _ in range(3)]
)
