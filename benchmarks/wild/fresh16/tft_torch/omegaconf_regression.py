"""Temporal Fusion Transformer (tft_torch) for multi-horizon quantile regression, config via OmegaConf."""

from omegaconf import OmegaConf
from tft_torch.tft import TemporalFusionTransformer

data_props = {
    "num_historical_numeric": 4,
    "num_historical_categorical": 2,
    "historical_categorical_cardinalities": [7, 24],
    "num_static_numeric": 1,
    "num_static_categorical": 1,
    "static_categorical_cardinalities": [50],
    "num_future_numeric": 1,
    "num_future_categorical": 2,
    "future_categorical_cardinalities": [7, 24],
}

configuration = {
    "model": {
        "dropout": 0.05,
        "state_size": 32,
        "output_quantiles": [0.1, 0.5, 0.9],
        "lstm_layers": 2,
        "attention_heads": 4,
    },
    "task_type": "regression",
    "target_window_start": None,
    "data_props": data_props,
}

model = TemporalFusionTransformer(config=OmegaConf.create(configuration))
