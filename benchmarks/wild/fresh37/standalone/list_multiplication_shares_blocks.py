# [Block()] * n repeats ONE block object n times (a common slip): all positions share its weights
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.ff = nn.Sequential(
            nn.LayerNorm(d), nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d)
        )


d = 128
model = nn.Sequential(
    nn.Linear(40, d),
    *([Block(d)] * 6),
    *[Block(d) for _ in range(2)],
    nn.Linear(d, 3),
)
