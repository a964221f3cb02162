"""Discrete SAC networks from a plain dict of settings, encoder factories resolved by name."""

import torch.nn as nn
from d3rlpy.models import DefaultEncoderFactory, VectorEncoderFactory
from d3rlpy.models.builders import create_categorical_policy, create_discrete_q_function
from d3rlpy.models.q_functions import MeanQFunctionFactory

SETTINGS = {
    "obs": 12,
    "actions": 5,
    "policy_encoder": "vector",
    "critic_encoder": "default",
    "critics": 2,
    "hidden": [40, 40],
}
FACTORIES = {
    "vector": lambda s: VectorEncoderFactory(hidden_units=s["hidden"]),
    "default": lambda s: DefaultEncoderFactory(activation="tanh"),
}


class DiscreteSAC(nn.Module):
    def __init__(self, s):
        super().__init__()
        obs_shape = (s["obs"],)
        self.policy = create_categorical_policy(
            obs_shape,
            s["actions"],
            FACTORIES[s["policy_encoder"]](s),
            device="cpu:0",
            enable_ddp=False,
        )
        self.q, _ = create_discrete_q_function(
            obs_shape,
            s["actions"],
            FACTORIES[s["critic_encoder"]](s),
            MeanQFunctionFactory(),
            device="cpu:0",
            enable_ddp=False,
            n_ensembles=s["critics"],
        )
        self.log_temp = nn.Parameter(__import__("torch").zeros(1, 1))


model = DiscreteSAC(SETTINGS)
