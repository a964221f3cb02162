"""xDeepFM: linear part, compressed interaction network (1x1 convs over field outer products), DNN."""

import torch.nn as nn

field_dims = [24, 7, 1000, 300, 60, 12, 5000, 3]
embed_dim = 10
cin_layers = (100, 100, 50)
mlp_dims = (256, 128)


class CIN(nn.Module):
    def __init__(self, num_fields, layer_sizes, split_half=True):
        super().__init__()
        self.conv_layers = nn.ModuleList()
        prev, fc_in = num_fields, 0
        for i, size in enumerate(layer_sizes):
            self.conv_layers.append(nn.Conv1d(num_fields * prev, size, 1))
            if split_half and i != len(layer_sizes) - 1:
                size //= 2
            prev = size
            fc_in += size
        self.fc = nn.Linear(fc_in, 1)


class XDeepFM(nn.Module):
    def __init__(self):
        super().__init__()
        n = len(field_dims)
        self.linear = nn.Embedding(sum(field_dims), 1)
        self.embedding = nn.Embedding(sum(field_dims), embed_dim)
        self.cin = CIN(n, cin_layers)
        layers, d = [], n * embed_dim
        for h in mlp_dims:
            layers += [nn.Linear(d, h), nn.BatchNorm1d(h), nn.ReLU(), nn.Dropout(0.2)]
            d = h
        layers.append(nn.Linear(d, 1))
        self.mlp = nn.Sequential(*layers)


model = XDeepFM()
