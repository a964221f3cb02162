"""egnn_pytorch: egnn_network_adj_config (wild-code corpus, benchmarks/wild)."""

from egnn_pytorch import EGNN_Network

config = dict(
    num_tokens=21,
    dim=16,
    depth=2,
    num_adj_degrees=2,
    adj_dim=4,
)
model = EGNN_Network(**config)
