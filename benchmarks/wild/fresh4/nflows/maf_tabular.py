from nflows.flows import MaskedAutoregressiveFlow

model = MaskedAutoregressiveFlow(
    features=8,
    hidden_features=64,
    num_layers=5,
    num_blocks_per_layer=2,
    batch_norm_between_layers=True,
)
