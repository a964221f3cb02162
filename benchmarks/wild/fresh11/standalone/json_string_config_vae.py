"""A convolutional VAE configured from a JSON string (as read from a checkpoint's metadata): nested
encoder / decoder lists, a latent size and a boolean for a learned decoder variance."""

import json

import torch
import torch.nn as nn

CONFIG_JSON = """
{
  "in_channels": 1,
  "latent_dim": 12,
  "encoder": {"channels": [16, 32, 64], "kernel": 4},
  "decoder": {"channels": [64, 32, 16], "kernel": 4},
  "image_size": 32,
  "learned_variance": true
}
"""


class ConvVAE(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        enc, ch = [], cfg["in_channels"]
        for c in cfg["encoder"]["channels"]:
            enc += [nn.Conv2d(ch, c, cfg["encoder"]["kernel"], stride=2, padding=1), nn.LeakyReLU()]
            ch = c
        self.encoder = nn.Sequential(*enc)
        side = cfg["image_size"] // 2 ** len(cfg["encoder"]["channels"])
        flat = ch * side * side
        self.fc_mu = nn.Linear(flat, cfg["latent_dim"])
        self.fc_logvar = nn.Linear(flat, cfg["latent_dim"])
        self.fc_dec = nn.Linear(cfg["latent_dim"], cfg["decoder"]["channels"][0] * side * side)
        dec, ch = [], cfg["decoder"]["channels"][0]
        for c in cfg["decoder"]["channels"][1:] + [cfg["in_channels"]]:
            dec += [
                nn.ConvTranspose2d(ch, c, cfg["decoder"]["kernel"], stride=2, padding=1),
                nn.LeakyReLU(),
            ]
            ch = c
        self.decoder = nn.Sequential(*dec[:-1])
        if cfg["learned_variance"]:
            self.log_sigma = nn.Parameter(
                torch.zeros(cfg["in_channels"], cfg["image_size"], cfg["image_size"])
            )


model = ConvVAE(json.loads(CONFIG_JSON))
