from en_transformer import EnTransformer

model = EnTransformer(
    dim=64, depth=3, dim_head=64, heads=4, neighbors=16, edge_dim=4, coors_hidden_dim=32
)
