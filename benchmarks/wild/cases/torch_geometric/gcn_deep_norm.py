"""torch_geometric: gcn_deep_norm (wild-code corpus, benchmarks/wild)."""

from torch_geometric.nn.models import GCN

model = GCN(
    in_channels=16,
    hidden_channels=32,
    num_layers=4,
    out_channels=4,
    norm='batch_norm',
)
