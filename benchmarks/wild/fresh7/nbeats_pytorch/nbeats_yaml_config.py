import yaml
from nbeats_pytorch.model import NBeatsNet

CONFIG = """
model:
  stacks: [generic, trend, seasonality]
  thetas: [16, 4, 8]
  blocks_per_stack: 2
  hidden: 96
  share: false
data:
  horizon: 10
  lookback: 50
"""
cfg = yaml.safe_load(CONFIG)
kinds = {
    "generic": NBeatsNet.GENERIC_BLOCK,
    "trend": NBeatsNet.TREND_BLOCK,
    "seasonality": NBeatsNet.SEASONALITY_BLOCK,
}
m = cfg["model"]
model = NBeatsNet(
    stack_types=tuple(kinds[s] for s in m["stacks"]),
    thetas_dim=tuple(m["thetas"]),
    nb_blocks_per_stack=m["blocks_per_stack"],
    hidden_layer_units=m["hidden"],
    share_weights_in_stack=m["share"],
    forecast_length=cfg["data"]["horizon"],
    backcast_length=cfg["data"]["lookback"],
)
