"""A multiscale Real NVP for 1x8x8 images, two scales."""

from torchflows.bijections.finite.multiscale.architectures import MultiscaleRealNVP
from torchflows.flows import Flow

model = Flow(MultiscaleRealNVP(event_shape=(1, 8, 8), n_layers=2))
