"""An observation encoder from d3rlpy's dataclass encoder factory, with a value head on top."""

import torch.nn as nn
from d3rlpy.models import VectorEncoderFactory


class Critic(nn.Module):
    def __init__(self, obs_dim, hidden=(64, 64)):
        super().__init__()
        factory = VectorEncoderFactory(
            hidden_units=list(hidden), activation="swish", use_layer_norm=True
        )
        self.encoder = factory.create(observation_shape=(obs_dim,))
        self.v = nn.Linear(hidden[-1], 1)

    def forward(self, obs):
        return self.v(self.encoder(obs))


model = Critic(obs_dim=11, hidden=(48, 32, 32))
