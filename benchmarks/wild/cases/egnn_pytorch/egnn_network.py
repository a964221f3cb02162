"""egnn_pytorch: egnn_network (wild-code corpus, benchmarks/wild)."""

from egnn_pytorch import EGNN_Network

model = EGNN_Network(
    num_tokens=21,
    dim=32,
    depth=2,
    num_positions=64,
    m_dim=16,
)
