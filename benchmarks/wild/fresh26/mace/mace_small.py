"""A two-interaction MACE potential for three elements (H, C, O), 8x0e+8x1o hidden features."""

import numpy as np
import torch.nn.functional as F
from e3nn import o3
from mace.modules import MACE
from mace.modules.blocks import RealAgnosticInteractionBlock, RealAgnosticResidualInteractionBlock

model = MACE(
    r_max=4.0,
    num_bessel=6,
    num_polynomial_cutoff=5,
    max_ell=2,
    interaction_cls=RealAgnosticResidualInteractionBlock,
    interaction_cls_first=RealAgnosticInteractionBlock,
    num_interactions=2,
    num_elements=3,
    hidden_irreps=o3.Irreps("8x0e + 8x1o"),
    MLP_irreps=o3.Irreps("4x0e"),
    atomic_energies=np.array([-1.0, -3.0, -4.0]),
    avg_num_neighbors=6.0,
    atomic_numbers=[1, 6, 8],
    correlation=2,
    gate=F.silu,
    radial_MLP=[16, 16],
)
