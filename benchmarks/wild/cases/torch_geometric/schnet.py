"""torch_geometric: schnet (wild-code corpus, benchmarks/wild)."""

from torch_geometric.nn.models import SchNet

model = SchNet(
    hidden_channels=32,
    num_filters=32,
    num_interactions=2,
    num_gaussians=20,
    cutoff=5.0,
)
