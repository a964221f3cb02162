"""Several rl_games MLP agents with different widths held in one module (population training)."""

import torch.nn as nn
from rl_games.algos_torch.network_builder import A2CBuilder


def agent(units):
    b = A2CBuilder()
    b.load(
        {
            "separate": False,
            "space": {"discrete": {}},
            "mlp": {"units": list(units), "activation": "tanh", "initializer": {"name": "default"}},
        }
    )
    return b.build("pop", actions_num=3, input_shape=(12,), value_size=2)


model = nn.ModuleList([agent(u) for u in [(32,), (64, 32), (48, 48, 48)]])
