"""torch_geometric: attentivefp (wild-code corpus, benchmarks/wild)."""

from torch_geometric.nn.models import AttentiveFP

model = AttentiveFP(
    in_channels=16,
    hidden_channels=32,
    out_channels=1,
    edge_dim=4,
    num_layers=2,
    num_timesteps=2,
)
