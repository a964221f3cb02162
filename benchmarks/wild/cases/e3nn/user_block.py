"""e3nn: user_block (wild-code corpus, benchmarks/wild)."""

import torch
from e3nn import nn as enn
from e3nn import o3


class EquivariantBlock(torch.nn.Module):
    def __init__(self, irreps_in: str, irreps_out: str, hidden: int):
        super().__init__()
        self.lin1 = o3.Linear(irreps_in, irreps_out)
        self.lin2 = o3.Linear(irreps_out, irreps_out)
        self.radial = enn.FullyConnectedNet([4, hidden, 1], torch.nn.functional.silu)

    def forward(self, x, r):
        return self.lin2(self.lin1(x)) * self.radial(r)


model = EquivariantBlock("8x0e + 4x1o", "4x0e + 4x1o", hidden=16)
