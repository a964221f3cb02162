"""flowcon (an nflows extension) MaskedAutoregressiveFlow: 4 features, batch norm within the MADEs."""

from flowcon.flows import MaskedAutoregressiveFlow

model = MaskedAutoregressiveFlow(
    features=4,
    hidden_features=18,
    num_layers=2,
    num_blocks_per_layer=3,
    batch_norm_within_layers=True,
)
