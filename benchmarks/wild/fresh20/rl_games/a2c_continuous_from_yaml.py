"""An rl_games continuous-control actor-critic built from a YAML config, as the runner does."""

import yaml
from rl_games.algos_torch import network_builder

CONFIG = """
params:
  network:
    name: actor_critic
    separate: False
    space:
      continuous:
        mu_activation: None
        sigma_activation: None
        mu_init:
          name: default
        sigma_init:
          name: const_initializer
          val: 0
        fixed_sigma: True
    mlp:
      units: [256, 128, 64]
      activation: elu
      d2rl: False
      initializer:
        name: default
"""

net_params = yaml.safe_load(CONFIG)["params"]["network"]
builder = network_builder.A2CBuilder()
builder.load(net_params)
model = builder.build("a2c", actions_num=8, input_shape=(27,), num_seqs=1, value_size=1)
