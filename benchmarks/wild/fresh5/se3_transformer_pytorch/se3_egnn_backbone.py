from se3_transformer_pytorch import SE3Transformer

model = SE3Transformer(
    dim=12,
    depth=2,
    input_degrees=1,
    num_degrees=2,
    output_degrees=2,
    reduce_dim_out=True,
    use_egnn=True,
    egnn_hidden_dim=16,
    num_neighbors=6,
)
