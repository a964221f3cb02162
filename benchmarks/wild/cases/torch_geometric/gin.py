"""torch_geometric: gin (wild-code corpus, benchmarks/wild)."""

from torch_geometric.nn.models import GIN

model = GIN(
    in_channels=16,
    hidden_channels=32,
    num_layers=3,
    out_channels=4,
)
