"""A Real NVP density model for 8 tabular features, three coupling layers."""

from torchflows.bijections.finite.autoregressive.architectures import RealNVP
from torchflows.flows import Flow

model = Flow(RealNVP(event_shape=(8,), n_layers=3))
