"""A masked autoregressive flow (enflows, an nflows extension): 6 features, 3 layers of residual MADEs."""

from enflows.flows import MaskedAutoregressiveFlow

model = MaskedAutoregressiveFlow(
    features=6,
    hidden_features=24,
    num_layers=3,
    num_blocks_per_layer=2,
    batch_norm_between_layers=True,
)
