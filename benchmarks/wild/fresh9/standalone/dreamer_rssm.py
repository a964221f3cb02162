# DreamerV1 world model: conv encoder / decoder, RSSM (GRU deterministic + Gaussian stochastic state)
from torch import nn


class RSSM(nn.Module):
    def __init__(self, action=6, stoch=30, deter=200, hidden=200, embed=1024):
        super().__init__()
        self.img_in = nn.Linear(stoch + action, hidden)
        self.cell = nn.GRUCell(hidden, deter)
        self.img_out = nn.Linear(deter, hidden)
        self.prior = nn.Linear(hidden, 2 * stoch)
        self.obs_out = nn.Linear(deter + embed, hidden)
        self.post = nn.Linear(hidden, 2 * stoch)


class WorldModel(nn.Module):
    def __init__(self, depth=32, action=6):
        super().__init__()
        d = depth
        self.encoder = nn.Sequential(
            nn.Conv2d(3, d, 4, 2),
            nn.ELU(),
            nn.Conv2d(d, 2 * d, 4, 2),
            nn.ELU(),
            nn.Conv2d(2 * d, 4 * d, 4, 2),
            nn.ELU(),
            nn.Conv2d(4 * d, 8 * d, 4, 2),
            nn.ELU(),
            nn.Flatten(),
        )
        self.rssm = RSSM(action=action, embed=32 * d)
        feat = 30 + 200
        self.decoder = nn.Sequential(
            nn.Linear(feat, 32 * d),
            nn.Unflatten(1, (32 * d, 1, 1)),
            nn.ConvTranspose2d(32 * d, 4 * d, 5, 2),
            nn.ELU(),
            nn.ConvTranspose2d(4 * d, 2 * d, 5, 2),
            nn.ELU(),
            nn.ConvTranspose2d(2 * d, d, 6, 2),
            nn.ELU(),
            nn.ConvTranspose2d(d, 3, 6, 2),
        )
        self.reward = nn.Sequential(
            nn.Linear(feat, 400), nn.ELU(), nn.Linear(400, 400), nn.ELU(), nn.Linear(400, 1)
        )


model = WorldModel()
