# WGAN-GP: a critic without batchnorm (layer norm instead) and a DCGAN-style generator
import torch.nn as nn

nz, ngf, ndf = 100, 32, 32
generator = nn.Sequential(
    nn.ConvTranspose2d(nz, ngf * 4, 4, 1, 0, bias=False),
    nn.BatchNorm2d(ngf * 4),
    nn.ReLU(True),
    nn.ConvTranspose2d(ngf * 4, ngf * 2, 4, 2, 1, bias=False),
    nn.BatchNorm2d(ngf * 2),
    nn.ReLU(True),
    nn.ConvTranspose2d(ngf * 2, ngf, 4, 2, 1, bias=False),
    nn.BatchNorm2d(ngf),
    nn.ReLU(True),
    nn.ConvTranspose2d(ngf, 3, 4, 2, 1, bias=False),
    nn.Tanh(),
)
critic = nn.Sequential(
    nn.Conv2d(3, ndf, 4, 2, 1),
    nn.LeakyReLU(0.2),
    nn.Conv2d(ndf, ndf * 2, 4, 2, 1),
    nn.LayerNorm([ndf * 2, 8, 8]),
    nn.LeakyReLU(0.2),
    nn.Conv2d(ndf * 2, ndf * 4, 4, 2, 1),
    nn.LayerNorm([ndf * 4, 4, 4]),
    nn.LeakyReLU(0.2),
    nn.Conv2d(ndf * 4, 1, 4, 1, 0),
)
model = nn.ModuleDict({"G": generator, "D": critic})
