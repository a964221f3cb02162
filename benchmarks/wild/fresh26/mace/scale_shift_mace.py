"""ScaleShiftMACE (energy scale and shift as buffers) with one interaction and correlation order 3."""

import numpy as np
import torch.nn.functional as F
from e3nn import o3
from mace.modules import ScaleShiftMACE
from mace.modules.blocks import RealAgnosticResidualInteractionBlock

model = ScaleShiftMACE(
    r_max=5.0,
    num_bessel=4,
    num_polynomial_cutoff=5,
    max_ell=1,
    interaction_cls=RealAgnosticResidualInteractionBlock,
    interaction_cls_first=RealAgnosticResidualInteractionBlock,
    num_interactions=1,
    num_elements=2,
    hidden_irreps=o3.Irreps("16x0e"),
    MLP_irreps=o3.Irreps("8x0e"),
    atomic_energies=np.array([-0.5, -2.0]),
    avg_num_neighbors=4.0,
    atomic_numbers=[1, 8],
    correlation=3,
    gate=F.silu,
    atomic_inter_scale=1.2,
    atomic_inter_shift=0.1,
    radial_MLP=[8, 8, 8],
)
