"""RecVAE: an encoder and a composite prior holding a frozen copy of the encoder."""

from recpack.algorithms.rec_vae import RecVAETorch

model = RecVAETorch(
    dim_hidden_layer=48, dim_bottleneck_layer=12, dim_input_layer=300, gamma=0.005, dropout_rate=0.4
)
