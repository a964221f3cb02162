"""A hand-written equivariant network: an irreps Linear embedding, two gated convolutions, an equivariant LayerNorm."""

import torch.nn as nn
from e3tools.nn import Conv, LayerNorm, Linear


class Interactions(nn.Module):
    def __init__(self, irreps_node="4x0e + 2x1o", irreps_sh="0e + 1o", radial_dim=5, depth=2):
        super().__init__()
        self.embed = Linear("3x0e", irreps_node)
        self.convs = nn.ModuleList(
            Conv(irreps_node, irreps_node, irreps_sh, edge_attr_dim=radial_dim)
            for _ in range(depth)
        )
        self.norm = LayerNorm(irreps_node)
        self.out = Linear(irreps_node, "1x0e")


model = Interactions()
