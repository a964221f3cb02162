"""enflows' SimpleRealNVP: affine couplings over 8 features with residual-net conditioners."""

from enflows.flows import SimpleRealNVP

model = SimpleRealNVP(features=8, hidden_features=20, num_layers=4, num_blocks_per_layer=1)
