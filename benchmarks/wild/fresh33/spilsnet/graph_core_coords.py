import numpy as np
from spilsnet.models_gnn import SPILSNetGraphCore

coords = np.stack(np.meshgrid(np.linspace(0, 1, 5), np.linspace(0, 1, 4)), axis=-1).reshape(-1, 2)
config = {
    "input_size": 40,
    "dimension": 2,
    "conv_type": "gcn",
    "encoder_structure": [{"out": 16}, {"out": 24}],
    "bottleneck_pool_size": 4,
    "latent_dim": 12,
    "gru_hidden_size": 20,
    "latent_encoder_mlp": [24],
    "internal_state_size": 5,
    "internal_input_mlp": [12],
    "internal_output_mlp": [12],
    "latent_decoder_structure": [32],
    "dtype": "float32",
}
model = SPILSNetGraphCore(config, node_coordinates=coords)
