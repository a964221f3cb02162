"""torch_geometric: mlp_config (wild-code corpus, benchmarks/wild)."""

from torch_geometric.nn.models import MLP

config = dict(
    channel_list=[16, 32, 32, 4],
    dropout=0.1,
)
model = MLP(**config)
