"""torch_geometric: edgecnn (wild-code corpus, benchmarks/wild)."""

from torch_geometric.nn.models import EdgeCNN

model = EdgeCNN(
    in_channels=16,
    hidden_channels=32,
    num_layers=2,
    out_channels=4,
)
