"""Equiformer on a molecular graph: bond-type edge embeddings, dot-product (not L2) attention,
sparse neighbors from the adjacency matrix."""

from equiformer_pytorch import Equiformer

model = Equiformer(
    num_tokens=12,
    num_edge_tokens=5,
    edge_dim=8,
    dim=16,
    dim_head=8,
    heads=2,
    num_degrees=2,
    depth=1,
    attend_sparse_neighbors=True,
    num_adj_degrees_embed=2,
    max_sparse_neighbors=8,
    l2_dist_attention=False,
)
