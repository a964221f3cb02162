"""egnn_pytorch: egnn_network_edges (wild-code corpus, benchmarks/wild)."""

from egnn_pytorch import EGNN_Network

model = EGNN_Network(
    num_tokens=10,
    num_edge_tokens=4,
    edge_dim=4,
    dim=16,
    depth=2,
    num_nearest_neighbors=8,
)
