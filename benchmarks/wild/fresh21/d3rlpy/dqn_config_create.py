"""The user-level path: a DQNConfig with a custom encoder, create() then create_impl() with shapes."""

import d3rlpy
import torch.nn as nn

config = d3rlpy.algos.DoubleDQNConfig(
    encoder_factory=d3rlpy.models.VectorEncoderFactory(hidden_units=[128, 64], dropout_rate=0.1),
    q_func_factory=d3rlpy.models.MeanQFunctionFactory(share_encoder=False),
    n_critics=2,
    batch_size=32,
)
algo = config.create(device="cpu:0")
algo.create_impl(observation_shape=(6,), action_size=3)


class Exported(nn.Module):
    """Wraps what the algorithm built so the online and target Q-nets are one module."""

    def __init__(self, impl):
        super().__init__()
        self.online = impl.modules.q_funcs
        self.target = impl.modules.targ_q_funcs


model = Exported(algo.impl)
