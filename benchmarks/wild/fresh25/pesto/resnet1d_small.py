"""PESTO's 1D pitch encoder with narrow channels and two prefilter layers (residual)."""

from pesto.model import Resnet1d

model = Resnet1d(
    n_chan_input=3,
    n_chan_layers=[16, 16, 8, 1],
    n_prefilt_layers=2,
    prefilt_kernel_size=9,
    residual=True,
    n_bins_in=96,
    output_dim=64,
)
