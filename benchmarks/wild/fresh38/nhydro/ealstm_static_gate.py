# entity-aware LSTM: static attributes drive the input gate; two targets
from neuralhydrology.modelzoo import EALSTM
from neuralhydrology.utils.config import Config

forcings = ["prcp", "tmax", "tmin", "srad"]
statics = [f"attr_{i}" for i in range(12)]
cfg = Config(
    {
        "model": "ealstm",
        "hidden_size": 96,
        "initial_forget_bias": 2,
        "output_dropout": 0.3,
        "head": "regression",
        "output_activation": "linear",
        "dynamic_inputs": forcings,
        "static_attributes": statics,
        "target_variables": ["discharge", "swe"],
    },
    dev_mode=True,
)
model = EALSTM(cfg=cfg)
