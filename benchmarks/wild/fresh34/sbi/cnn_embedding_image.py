from sbi.neural_nets.embedding_nets import CNNEmbedding

model = CNNEmbedding(
    input_shape=(32, 32),
    in_channels=1,
    out_channels_per_layer=[6, 12],
    num_conv_layers=2,
    num_linear_layers=2,
    num_linear_units=48,
    output_dim=10,
    kernel_size=5,
    pool_kernel_size=2,
)
