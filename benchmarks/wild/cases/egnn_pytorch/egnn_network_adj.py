"""egnn_pytorch: egnn_network_adj (wild-code corpus, benchmarks/wild)."""

from egnn_pytorch import EGNN_Network

model = EGNN_Network(
    num_tokens=21,
    dim=16,
    depth=2,
    num_adj_degrees=2,
    adj_dim=4,
)
