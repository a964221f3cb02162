"""DeepFM for CTR prediction: a field-size table, one offset embedding, FM first-order weights and a DNN."""

import torch
import torch.nn as nn

FIELDS = {"user_id": 500, "item_id": 800, "category": 24, "hour": 24, "weekday": 7, "device": 5}
NUMERIC = ["price", "age"]


class FeaturesEmbedding(nn.Module):
    def __init__(self, field_dims, embed_dim):
        super().__init__()
        self.embedding = nn.Embedding(sum(field_dims), embed_dim)
        offsets = [0]
        for d in field_dims[:-1]:
            offsets.append(offsets[-1] + d)
        self.register_buffer("offsets", torch.tensor(offsets, dtype=torch.long), persistent=False)


class FeaturesLinear(nn.Module):
    def __init__(self, field_dims, output_dim=1):
        super().__init__()
        self.fc = nn.Embedding(sum(field_dims), output_dim)
        self.bias = nn.Parameter(torch.zeros((output_dim,)))


class DeepFM(nn.Module):
    def __init__(self, field_dims, n_numeric, embed_dim, mlp_dims, dropout=0.2):
        super().__init__()
        self.linear = FeaturesLinear(field_dims)
        self.embedding = FeaturesEmbedding(field_dims, embed_dim)
        self.numeric = nn.Linear(n_numeric, embed_dim, bias=False)
        input_dim = (len(field_dims) + 1) * embed_dim
        layers = []
        for d in mlp_dims:
            layers += [nn.Linear(input_dim, d), nn.BatchNorm1d(d), nn.ReLU(), nn.Dropout(dropout)]
            input_dim = d
        layers.append(nn.Linear(input_dim, 1))
        self.mlp = nn.Sequential(*layers)


model = DeepFM(list(FIELDS.values()), n_numeric=len(NUMERIC), embed_dim=8, mlp_dims=(64, 32))
