"""A mixture of KAN experts (4 experts, top-2 routing), two layers, grid 4."""

from kan_mlp_hybrid import MoEKANMLP

model = MoEKANMLP(
    in_features=10,
    hidden_features=[16, 8],
    out_features=2,
    num_layers=2,
    num_experts=4,
    top_k=2,
    grid_size=4,
)
