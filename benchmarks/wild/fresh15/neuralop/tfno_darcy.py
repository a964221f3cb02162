"""A Tucker-factorised FNO (TFNO) for 2D Darcy flow, as in neuraloperator's training script."""

from neuralop.models import TFNO

model = TFNO(
    n_modes=(12, 12),
    in_channels=1,
    out_channels=1,
    hidden_channels=24,
    n_layers=4,
    factorization="tucker",
    rank=0.05,
    projection_channel_ratio=2,
)
