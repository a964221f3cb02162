from sbi.neural_nets.embedding_nets import FCEmbedding

model = FCEmbedding(
    input_dim=30, output_dim=8, num_layers=3, num_hiddens=64, enable_layer_norm=True
)
