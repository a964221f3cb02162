# the small nets behind PyOD's DevNet (deep / shallow / linear) and SO-GAAL, collected for an ensemble
import torch.nn as nn
from pyod.models.devnet import DevNetD, DevNetLinear, DevNetS
from pyod.models.so_gaal import Discriminator, Generator

n_features = 12
model = nn.ModuleList(
    [
        DevNetD(n_features),
        DevNetS(n_features),
        DevNetLinear(n_features),
        Generator(latent_size=n_features),
        Discriminator(latent_size=n_features, data_size=500),
    ]
)
