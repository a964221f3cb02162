import torch.nn as nn


class RelationNetwork(nn.Module):
    def __init__(self, n_channels=24, q_dim=11, g_hidden=256, f_hidden=256, n_answers=10):
        super().__init__()
        self.conv = nn.Sequential(
            *[
                m
                for cin, cout in [(3, n_channels)] + [(n_channels, n_channels)] * 3
                for m in (nn.Conv2d(cin, cout, 3, 2, 1), nn.ReLU(), nn.BatchNorm2d(cout))
            ]
        )
        obj = n_channels + 2  # each object carries its (x, y) coordinate
        self.g = nn.Sequential(
            nn.Linear(2 * obj + q_dim, g_hidden),
            nn.ReLU(),
            nn.Linear(g_hidden, g_hidden),
            nn.ReLU(),
            nn.Linear(g_hidden, g_hidden),
            nn.ReLU(),
            nn.Linear(g_hidden, g_hidden),
            nn.ReLU(),
        )
        self.f = nn.Sequential(
            nn.Linear(g_hidden, f_hidden),
            nn.ReLU(),
            nn.Dropout(0.5),
            nn.Linear(f_hidden, n_answers),
        )


model = RelationNetwork()
