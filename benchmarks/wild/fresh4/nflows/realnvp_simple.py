from nflows.flows import SimpleRealNVP

model = SimpleRealNVP(features=6, hidden_features=32, num_layers=4, num_blocks_per_layer=2)
