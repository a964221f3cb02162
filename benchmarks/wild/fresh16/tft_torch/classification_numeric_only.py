from omegaconf import OmegaConf
from tft_torch import tft

cfg = OmegaConf.create(
    """
task_type: classification
target_window_start: 3
model:
  dropout: 0.1
  state_size: 16
  lstm_layers: 1
  attention_heads: 2
data_props:
  num_historical_numeric: 6
  num_static_numeric: 2
  num_future_numeric: 3
"""
)
model = tft.TemporalFusionTransformer(cfg)
