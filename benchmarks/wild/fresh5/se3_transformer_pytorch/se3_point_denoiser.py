from se3_transformer_pytorch import SE3Transformer

model = SE3Transformer(
    dim=16,
    heads=2,
    dim_head=8,
    depth=2,
    num_degrees=2,
    valid_radius=10,
    reduce_dim_out=True,
    differentiable_coors=True,
    num_neighbors=8,
)
