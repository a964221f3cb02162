from pythae.models import BetaVAE, BetaVAEConfig
from pythae.models.base.base_utils import ModelOutput
from pythae.models.nn import BaseDecoder, BaseEncoder
from torch import nn


class Encoder(BaseEncoder):
    def __init__(self, cfg):
        BaseEncoder.__init__(self)
        self.net = nn.Sequential(nn.Flatten(), nn.Linear(784, 400), nn.ReLU())
        self.mu = nn.Linear(400, cfg.latent_dim)
        self.logvar = nn.Linear(400, cfg.latent_dim)

    def forward(self, x):
        h = self.net(x)
        return ModelOutput(embedding=self.mu(h), log_covariance=self.logvar(h))


class Decoder(BaseDecoder):
    def __init__(self, cfg):
        BaseDecoder.__init__(self)
        self.net = nn.Sequential(
            nn.Linear(cfg.latent_dim, 400), nn.ReLU(), nn.Linear(400, 784), nn.Sigmoid()
        )

    def forward(self, z):
        return ModelOutput(reconstruction=self.net(z).reshape(-1, 1, 28, 28))


cfg = BetaVAEConfig(input_dim=(1, 28, 28), latent_dim=10, beta=4.0)
model = BetaVAE(model_config=cfg, encoder=Encoder(cfg), decoder=Decoder(cfg))
