"""MACE's node embedding, radial embedding and product-basis blocks, kept in a ModuleDict."""

import torch.nn as nn
from e3nn import o3
from mace.modules.blocks import (
    EquivariantProductBasisBlock,
    LinearNodeEmbeddingBlock,
    RadialEmbeddingBlock,
)

hidden = o3.Irreps("6x0e + 6x1o")
model = nn.ModuleDict(
    {
        "node": LinearNodeEmbeddingBlock(irreps_in=o3.Irreps("4x0e"), irreps_out=o3.Irreps("6x0e")),
        "radial": RadialEmbeddingBlock(r_max=3.5, num_bessel=8, num_polynomial_cutoff=6),
        "product": EquivariantProductBasisBlock(
            node_feats_irreps=o3.Irreps("6x0e + 6x1o"),
            target_irreps=hidden,
            correlation=2,
            num_elements=4,
        ),
    }
)
