"""torch_geometric: graphsage_config (wild-code corpus, benchmarks/wild)."""

from torch_geometric.nn.models import GraphSAGE

config = dict(
    in_channels=16,
    hidden_channels=32,
    num_layers=3,
    out_channels=4,
)
model = GraphSAGE(**config)
