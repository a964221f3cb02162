# the old torch.nn.utils.spectral_norm hook API (weight_orig Parameter; u, v buffers) in a discriminator
import torch.nn as nn
from torch.nn.utils import spectral_norm

layers, cin = [], 3
for c in (64, 128, 256, 512):
    layers += [spectral_norm(nn.Conv2d(cin, c, 4, stride=2, padding=1)), nn.LeakyReLU(0.1)]
    cin = c
model = nn.Sequential(*layers, nn.Flatten(), spectral_norm(nn.Linear(cin * 4 * 4, 1)))
