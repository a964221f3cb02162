# GRU baseline whose dynamic inputs pass through an embedding network first
from neuralhydrology.modelzoo import GRU
from neuralhydrology.utils.config import Config

cfg = Config(
    {
        "model": "gru",
        "hidden_size": 48,
        "output_dropout": 0.2,
        "head": "regression",
        "output_activation": "linear",
        "dynamic_inputs": ["precip", "pet", "temp"],
        "static_attributes": ["aridity", "baseflow_index"],
        "target_variables": ["streamflow"],
        "dynamics_embedding": {
            "type": "fc",
            "hiddens": [32, 16],
            "activation": "tanh",
            "dropout": 0.0,
        },
    },
    dev_mode=True,
)
model = GRU(cfg=cfg)
