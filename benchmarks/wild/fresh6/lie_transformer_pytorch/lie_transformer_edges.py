"""LieTransformer with typed edges (bond types) and a reversible trunk, from a namespace."""

from types import SimpleNamespace

from lie_transformer_pytorch import LieTransformer

hp = SimpleNamespace(dim=32, depth=3, heads=2, dim_head=16, edge_types=5, edge_dim=8, atoms=10)

model = LieTransformer(
    dim=hp.dim,
    num_tokens=hp.atoms,
    num_edge_types=hp.edge_types,
    edge_dim=hp.edge_dim,
    heads=hp.heads,
    dim_head=hp.dim_head,
    depth=hp.depth,
    reversible=True,
)
