"""BCQ-style parts built by hand from d3rlpy builders: a VAE encoder on (obs, action) and IQN critics."""

import torch.nn as nn
from d3rlpy.models import IQNQFunctionFactory, SimBaEncoderFactory, VectorEncoderFactory
from d3rlpy.models.builders import create_continuous_q_function, create_vae_encoder

OBS, ACT = (10,), 3
shared_kwargs = dict(device="cpu:0", enable_ddp=False)


class BCQParts(nn.Module):
    def __init__(self, latent=6):
        super().__init__()
        self.vae_encoder = create_vae_encoder(
            OBS, ACT, latent, VectorEncoderFactory([32, 32]), **shared_kwargs
        )
        self.critics, self._fwd = create_continuous_q_function(
            OBS,
            ACT,
            SimBaEncoderFactory(feature_size=32, hidden_size=64, n_blocks=2),
            IQNQFunctionFactory(n_quantiles=8, n_greedy_quantiles=8, embed_size=16),
            n_ensembles=2,
            **shared_kwargs,
        )


model = BCQParts(latent=4)
