from graph_transformer_pytorch import GraphTransformer

model = GraphTransformer(
    dim=128, depth=4, edge_dim=32, with_feedforwards=True, gated_residual=True, rel_pos_emb=True
)
