"""torch_geometric: gcn_config (wild-code corpus, benchmarks/wild)."""

from torch_geometric.nn.models import GCN

config = dict(
    in_channels=16,
    hidden_channels=32,
    num_layers=2,
    out_channels=4,
)
model = GCN(**config)
