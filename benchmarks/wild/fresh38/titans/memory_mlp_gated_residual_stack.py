# two memory MLP variants compared on the same width (test-time training memories)
import torch.nn as nn
from titans_pytorch import GatedResidualMemoryMLP, MemoryMLP

width = 48
model = nn.ModuleDict(
    {
        "plain": MemoryMLP(dim=width, depth=3, expansion_factor=2.0),
        "gated": GatedResidualMemoryMLP(dim=width, depth=2, expansion_factor=4.0),
    }
)
