"""A subclassed A2CBuilder whose network gets an extra auxiliary head (users extend the builder)."""

import torch.nn as nn
from rl_games.algos_torch.network_builder import A2CBuilder


class AuxBuilder(A2CBuilder):
    class Network(A2CBuilder.Network):
        def __init__(self, params, **kwargs):
            super().__init__(params, **kwargs)
            self.aux_head = nn.Linear(self.units[-1], kwargs["input_shape"][0])

    def build(self, name, **kwargs):
        return AuxBuilder.Network(self.params, **kwargs)


b = AuxBuilder()
b.load(
    {
        "separate": False,
        "space": {"discrete": {}},
        "mlp": {"units": [80, 40], "activation": "relu", "initializer": {"name": "default"}},
    }
)
model = b.build("aux", actions_num=5, input_shape=(14,), value_size=1)
