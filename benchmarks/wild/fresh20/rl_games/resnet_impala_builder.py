"""rl_games' ResNet (IMPALA) builder for pixel observations, config from a JSON string."""

import json

from rl_games.algos_torch.network_builder import A2CResnetBuilder

SPEC = json.loads(
    """{
  "separate": false,
  "space": {"discrete": {}},
  "cnn": {"permute_input": false, "conv_depths": [16, 32, 32], "activation": "elu",
          "initializer": {"name": "default"}},
  "mlp": {"units": [256], "activation": "elu", "initializer": {"name": "default"}}
}"""
)
builder = A2CResnetBuilder()
builder.load(SPEC)
model = builder.build("impala", actions_num=15, input_shape=(3, 64, 64), value_size=1)
