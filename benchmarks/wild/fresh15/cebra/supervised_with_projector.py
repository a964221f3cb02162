"""A supervised CEBRA model with a user linear decoder added on top of the embedding."""

import cebra.models
import torch.nn as nn


class EmbedAndDecode(nn.Module):
    def __init__(self, neurons=50, hidden=64, emb=16, behaviour_dims=2):
        super().__init__()
        self.encoder = cebra.models.init("supervised10-model", neurons, hidden, emb)
        self.decoder = nn.Linear(emb, behaviour_dims)


model = EmbedAndDecode()
