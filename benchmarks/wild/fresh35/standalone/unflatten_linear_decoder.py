import torch.nn as nn

latent, c, h, w = 20, 64, 4, 4
model = nn.Sequential(
    nn.Linear(latent, c * h * w),
    nn.Unflatten(1, (c, h, w)),
    nn.ConvTranspose2d(c, c // 2, 4, 2, 1),
    nn.BatchNorm2d(c // 2),
    nn.ReLU(),
    nn.ConvTranspose2d(c // 2, c // 4, 4, 2, 1),
    nn.ReLU(),
    nn.ConvTranspose2d(c // 4, 1, 4, 2, 1),
)
