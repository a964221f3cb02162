"""egnn_pytorch: egnn_layer_edges_config (wild-code corpus, benchmarks/wild)."""

from egnn_pytorch import EGNN

config = dict(
    dim=32,
    edge_dim=4,
    m_dim=8,
    fourier_features=2,
    norm_feats=True,
)
model = EGNN(**config)
