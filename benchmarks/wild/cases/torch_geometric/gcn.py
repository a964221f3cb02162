"""torch_geometric: gcn (wild-code corpus, benchmarks/wild)."""

from torch_geometric.nn.models import GCN

model = GCN(
    in_channels=16,
    hidden_channels=32,
    num_layers=2,
    out_channels=4,
)
