"""A VQ-VAE configured from a YAML string: a conv encoder with residual stacks, a codebook embedding of 128
codes, pre/post-quantization 1x1 convs and a transposed-conv decoder."""

import torch.nn as nn
import yaml

CFG = yaml.safe_load(
    """
model:
  in_channels: 3
  hidden: 32
  res_hidden: 16
  n_res: 2
  codebook_size: 128
  code_dim: 16
"""
)["model"]


class Residual(nn.Module):
    def __init__(self, ch, hid):
        super().__init__()
        self.block = nn.Sequential(
            nn.ReLU(),
            nn.Conv2d(ch, hid, 3, padding=1, bias=False),
            nn.ReLU(),
            nn.Conv2d(hid, ch, 1, bias=False),
        )


class VQVAE(nn.Module):
    def __init__(self, in_channels, hidden, res_hidden, n_res, codebook_size, code_dim):
        super().__init__()
        self.encoder = nn.Sequential(
            nn.Conv2d(in_channels, hidden // 2, 4, stride=2, padding=1),
            nn.ReLU(),
            nn.Conv2d(hidden // 2, hidden, 4, stride=2, padding=1),
            *[Residual(hidden, res_hidden) for _ in range(n_res)],
        )
        self.pre_vq = nn.Conv2d(hidden, code_dim, 1)
        self.codebook = nn.Embedding(codebook_size, code_dim)
        self.post_vq = nn.Conv2d(code_dim, hidden, 3, padding=1)
        self.decoder = nn.Sequential(
            *[Residual(hidden, res_hidden) for _ in range(n_res)],
            nn.ConvTranspose2d(hidden, hidden // 2, 4, stride=2, padding=1),
            nn.ReLU(),
            nn.ConvTranspose2d(hidden // 2, in_channels, 4, stride=2, padding=1),
        )


model = VQVAE(**CFG)
