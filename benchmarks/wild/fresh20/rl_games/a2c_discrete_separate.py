"""Separate actor and critic towers for a discrete action space; a dict spec edited in code."""

import copy

from rl_games.algos_torch.network_builder import A2CBuilder

BASE = {
    "separate": False,
    "space": {"discrete": {}},
    "mlp": {"units": [64, 64], "activation": "relu", "initializer": {"name": "default"}},
}

params = copy.deepcopy(BASE)
params["separate"] = True
params["mlp"]["units"] = [128, 96, 32]

builder = A2CBuilder()
builder.load(params)
model = builder.build("discrete_agent", actions_num=6, input_shape=(10,), value_size=1)
