# NeuralHydrology's Transformer (positional encoding summed) for daily runoff
from neuralhydrology.modelzoo import Transformer
from neuralhydrology.utils.config import Config

cfg = Config(
    {
        "model": "transformer",
        "hidden_size": 32,
        "output_dropout": 0.1,
        "head": "regression",
        "output_activation": "linear",
        "dynamic_inputs": ["prcp", "tmax", "tmin", "srad", "vp", "dayl"],
        "static_attributes": ["elev", "slope"],
        "target_variables": ["qobs"],
        "seq_length": 90,
        "transformer_nlayers": 2,
        "transformer_nheads": 2,
        "transformer_dim_feedforward": 64,
        "transformer_dropout": 0.1,
        "transformer_positional_encoding_type": "sum",
        "transformer_positional_dropout": 0.0,
        "transformer_max_len": 100,
        "dynamics_embedding": {
            "type": "fc",
            "hiddens": [32],
            "activation": "linear",
            "dropout": 0.0,
        },
    },
    dev_mode=True,
)
model = Transformer(cfg=cfg)
