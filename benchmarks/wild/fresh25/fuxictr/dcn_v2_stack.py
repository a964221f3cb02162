"""A DCN-V2 style ranker from FuxiCTR blocks: CrossNetV2 and a parallel MLP over 8 fields x 10 dims."""

import torch.nn as nn
from fuxictr.pytorch.layers import CrossNetV2, MLP_Block


class DCNv2Head(nn.Module):
    def __init__(self, num_fields=8, embedding_dim=10, cross_layers=3, hidden=(64, 32)):
        super().__init__()
        input_dim = num_fields * embedding_dim
        self.embedding = nn.Embedding(1000, embedding_dim)
        self.cross = CrossNetV2(input_dim, cross_layers)
        self.dnn = MLP_Block(
            input_dim=input_dim,
            hidden_units=list(hidden),
            hidden_activations="ReLU",
            dropout_rates=0.1,
            batch_norm=True,
        )
        self.fc = nn.Linear(input_dim + hidden[-1], 1)


model = DCNv2Head(num_fields=8, embedding_dim=10, cross_layers=3, hidden=(64, 32))
