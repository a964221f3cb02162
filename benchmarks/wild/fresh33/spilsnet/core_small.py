from spilsnet.models import SPILSNetCore

config = {
    "input_size": 40,
    "dimension": 2,
    "encoder_structure": [{"out": 8, "k": 3, "s": 1, "p": 1}, {"out": 16, "k": 3, "s": 2, "p": 1}],
    "bottleneck_pool_size": 4,
    "latent_dim": 12,
    "gru_hidden_size": 24,
    "latent_encoder_mlp": [32],
    "internal_state_size": 6,
    "internal_input_mlp": [16],
    "internal_output_mlp": [16],
    "latent_decoder_structure": [32, 64],
    "dtype": "float32",
}
model = SPILSNetCore(config)
