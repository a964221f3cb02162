# AnoGAN: the query model re-uses the trained generator and discriminator
import torch.nn as nn
from pyod.models.anogan import Discriminator, Generator, QueryModel

n_features, latent = 16, 8
G = Generator(latent, n_features, [32, 64], 0.2, "tanh", "sigmoid")
D = Discriminator(n_features, [64, 32], 0.2, "tanh")
Q = QueryModel(G, D, latent)
model = nn.ModuleDict({"generator": G, "discriminator": D, "query": Q})
