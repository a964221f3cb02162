from point_transformer_pytorch import PointTransformerLayer

model = PointTransformerLayer(dim=128, pos_mlp_hidden_dim=64, attn_mlp_hidden_mult=4,
                              num_neighbors=16)
