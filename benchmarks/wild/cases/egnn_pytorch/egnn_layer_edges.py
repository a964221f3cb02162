"""egnn_pytorch: egnn_layer_edges (wild-code corpus, benchmarks/wild)."""

from egnn_pytorch import EGNN

model = EGNN(
    dim=32,
    edge_dim=4,
    m_dim=8,
    fourier_features=2,
    norm_feats=True,
)
