"""egnn_pytorch: egnn_layer (wild-code corpus, benchmarks/wild)."""

from egnn_pytorch import EGNN

model = EGNN(
    dim=16,
    edge_dim=0,
    m_dim=16,
)
