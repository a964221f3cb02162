"""torch_geometric: gcn_jk (wild-code corpus, benchmarks/wild)."""

from torch_geometric.nn.models import GCN

model = GCN(
    in_channels=16,
    hidden_channels=32,
    num_layers=3,
    out_channels=4,
    jk='cat',
)
