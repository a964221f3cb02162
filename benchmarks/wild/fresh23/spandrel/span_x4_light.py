"""A light SPAN (swift parameter-free attention) x4 super-resolution network."""

from spandrel.architectures.SPAN import SPAN

model = SPAN(num_in_ch=3, num_out_ch=3, feature_channels=24, upscale=4)
