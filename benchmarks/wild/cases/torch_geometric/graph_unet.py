"""torch_geometric: graph_unet (wild-code corpus, benchmarks/wild)."""

from torch_geometric.nn.models import GraphUNet

model = GraphUNet(
    in_channels=16,
    hidden_channels=32,
    out_channels=4,
    depth=2,
)
