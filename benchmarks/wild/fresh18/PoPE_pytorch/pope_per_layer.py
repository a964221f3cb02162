import torch.nn as nn
from PoPE_pytorch import PoPE

# one learned PoPE bias per layer, widths from a schedule
HEADS = [2, 4, 4, 8]
model = nn.ModuleDict({
    f"layer{i}": nn.ModuleDict({
        "pope": PoPE(16, heads=h, theta=50000),
        "qk": nn.Linear(64, 2 * h * 16),
    })
    for i, h in enumerate(HEADS)
})
