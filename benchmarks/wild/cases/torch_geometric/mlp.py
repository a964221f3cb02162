"""torch_geometric: mlp (wild-code corpus, benchmarks/wild)."""

from torch_geometric.nn.models import MLP

model = MLP(
    channel_list=[16, 32, 32, 4],
    dropout=0.1,
)
