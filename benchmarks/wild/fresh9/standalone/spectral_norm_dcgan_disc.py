# SN-GAN discriminator with spectral norm through torch.nn.utils.parametrizations
from torch import nn
from torch.nn.utils.parametrizations import spectral_norm


def sn_conv(cin, cout, k, s, p):
    return spectral_norm(nn.Conv2d(cin, cout, k, s, p))


model = nn.Sequential(
    sn_conv(3, 64, 3, 1, 1),
    nn.LeakyReLU(0.1),
    sn_conv(64, 128, 4, 2, 1),
    nn.LeakyReLU(0.1),
    sn_conv(128, 256, 4, 2, 1),
    nn.LeakyReLU(0.1),
    sn_conv(256, 512, 4, 2, 1),
    nn.LeakyReLU(0.1),
    nn.Flatten(),
    spectral_norm(nn.Linear(512 * 4 * 4, 1)),
)
