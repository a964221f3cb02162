"""A mixture of two flows (NICE and IAF) over 4 dims with trainable mixture weights."""

from torchflows.bijections.finite.autoregressive.architectures import IAF, NICE
from torchflows.flows import Flow, FlowMixture

components = [Flow(NICE(event_shape=(4,), n_layers=2)), Flow(IAF(event_shape=(4,), n_layers=2))]
model = FlowMixture(components, [0.7, 0.3], trainable_weights=True)  # mixture weights
