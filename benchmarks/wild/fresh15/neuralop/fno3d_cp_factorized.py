"""A 3D FNO (space-time Navier-Stokes style) with CP-factorised spectral weights, a fraction of
the modes kept, and channel-MLP skips."""

from neuralop.models import FNO

model = FNO(
    n_modes=(8, 8, 6),
    in_channels=10,
    out_channels=1,
    hidden_channels=20,
    n_layers=3,
    factorization="cp",
    rank=0.2,
    channel_mlp_skip="soft-gating",
)
