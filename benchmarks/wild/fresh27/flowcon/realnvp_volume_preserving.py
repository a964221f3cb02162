"""flowcon SimpleRealNVP with additive (volume-preserving) couplings over 10 features."""

from flowcon.flows import SimpleRealNVP

model = SimpleRealNVP(
    features=10,
    hidden_features=32,
    num_layers=3,
    num_blocks_per_layer=2,
    use_volume_preserving=True,
)
