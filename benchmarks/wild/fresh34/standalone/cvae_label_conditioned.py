import torch.nn as nn


class CVAE(nn.Module):
    def __init__(
        self, x_dim=784, n_classes=10, hidden=(512, 256), z_dim=20, one_hot=True, label_emb=16
    ):
        super().__init__()
        c_dim = n_classes if one_hot else label_emb
        self.label = None if one_hot else nn.Embedding(n_classes, label_emb)
        enc, d = [], x_dim + c_dim
        for h in hidden:
            enc += [nn.Linear(d, h), nn.ReLU()]
            d = h
        self.encoder = nn.Sequential(*enc)
        self.mu = nn.Linear(d, z_dim)
        self.logvar = nn.Linear(d, z_dim)
        dec, d = [], z_dim + c_dim
        for h in reversed(hidden):
            dec += [nn.Linear(d, h), nn.ReLU()]
            d = h
        self.decoder = nn.Sequential(*dec, nn.Linear(d, x_dim), nn.Sigmoid())


model = CVAE(x_dim=64, n_classes=10, hidden=(128, 64), z_dim=8, one_hot=False, label_emb=6)
