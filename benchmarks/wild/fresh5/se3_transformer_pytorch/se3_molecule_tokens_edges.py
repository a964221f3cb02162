"""SE(3)-transformer over atoms (token embedding) with bond types (edge tokens) and adjacency."""

from se3_transformer_pytorch import SE3Transformer

model = SE3Transformer(
    num_tokens=10,
    num_edge_tokens=4,
    edge_dim=4,
    dim=16,
    dim_head=8,
    heads=2,
    depth=1,
    num_degrees=2,
    attend_sparse_neighbors=True,
    num_adj_degrees=2,
    adj_dim=4,
    num_neighbors=0,
)
