from spilsnet.models import SPILSNetCore

base = {
    "input_size": 60,
    "dimension": 3,
    "encoder_structure": [{"out": 6, "k": 5, "s": 1, "p": 2}],
    "bottleneck_pool_size": 5,
    "latent_dim": 10,
    "gru_hidden_size": 16,
    "latent_encoder_mlp": [20, 20],
    "internal_state_size": 4,
    "internal_input_mlp": [8],
    "internal_output_mlp": [8, 8],
}
model = SPILSNetCore(
    {
        **base,
        "gru_layers": 2,
        "skip_target_nodes": 5,
        "smoothing_kernel_size": 5,
        "latent_decoder_structure": [24],
        "dtype": "float32",
    }
)
