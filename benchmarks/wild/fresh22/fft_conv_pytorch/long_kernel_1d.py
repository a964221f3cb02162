"""Long 1D kernels (audio-like) with fft_conv_pytorch's FFTConv1d, widths halving per stage."""

from fft_conv_pytorch import FFTConv1d
from torch import nn

chans = [1, 16, 8, 4]
model = nn.Sequential(
    *[FFTConv1d(a, b, kernel_size=65, padding=32) for a, b in zip(chans, chans[1:])],
    nn.Conv1d(4, 1, 1),
)
