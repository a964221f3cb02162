"""torch_geometric: graph_unet_config (wild-code corpus, benchmarks/wild)."""

from torch_geometric.nn.models import GraphUNet

config = dict(
    in_channels=16,
    hidden_channels=32,
    out_channels=4,
    depth=2,
)
model = GraphUNet(**config)
