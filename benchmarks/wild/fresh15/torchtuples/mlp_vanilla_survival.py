"""A DeepHit-style discrete-time survival net: torchtuples' MLPVanilla with per-layer dropout."""

import torchtuples as tt

in_features = 9
num_nodes = [32, 32, 16]
out_features = 20  # time grid
model = tt.practical.MLPVanilla(
    in_features, num_nodes, out_features, batch_norm=True, dropout=[0.1, 0.2, 0.1]
)
