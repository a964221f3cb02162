"""Dreamer world model: conv encoder, RSSM (GRU cell, prior and posterior stat nets), decoders."""

import torch.nn as nn


class RSSM(nn.Module):
    def __init__(self, action_size, stoch=30, deter=200, hidden=200, embed=1024):
        super().__init__()
        self.fc_state_action = nn.Linear(stoch + action_size, deter)
        self.cell = nn.GRUCell(deter, deter)
        self.fc_prior = nn.Sequential(
            nn.Linear(deter, hidden), nn.ELU(), nn.Linear(hidden, 2 * stoch)
        )
        self.fc_posterior = nn.Sequential(
            nn.Linear(deter + embed, hidden), nn.ELU(), nn.Linear(hidden, 2 * stoch)
        )


class ConvEncoder(nn.Module):
    def __init__(self, depth=32):
        super().__init__()
        self.convs = nn.Sequential(
            nn.Conv2d(3, depth, 4, 2),
            nn.ReLU(),
            nn.Conv2d(depth, 2 * depth, 4, 2),
            nn.ReLU(),
            nn.Conv2d(2 * depth, 4 * depth, 4, 2),
            nn.ReLU(),
            nn.Conv2d(4 * depth, 8 * depth, 4, 2),
            nn.ReLU(),
        )


class ConvDecoder(nn.Module):
    def __init__(self, feat, depth=32):
        super().__init__()
        self.fc = nn.Linear(feat, 32 * depth)
        self.deconvs = nn.Sequential(
            nn.ConvTranspose2d(32 * depth, 4 * depth, 5, 2),
            nn.ReLU(),
            nn.ConvTranspose2d(4 * depth, 2 * depth, 5, 2),
            nn.ReLU(),
            nn.ConvTranspose2d(2 * depth, depth, 6, 2),
            nn.ReLU(),
            nn.ConvTranspose2d(depth, 3, 6, 2),
        )


def dense_head(feat, out, layers=2, units=100):
    mods, d = [], feat
    for _ in range(layers):
        mods += [nn.Linear(d, units), nn.ELU()]
        d = units
    return nn.Sequential(*mods, nn.Linear(d, out))


class WorldModel(nn.Module):
    def __init__(self, action_size=6, stoch=30, deter=200, depth=32):
        super().__init__()
        feat = stoch + deter
        self.encoder = ConvEncoder(depth)
        self.rssm = RSSM(action_size, stoch, deter, embed=32 * depth)
        self.decoder = ConvDecoder(feat, depth)
        self.reward = dense_head(feat, 1)
        self.discount = dense_head(feat, 1)


model = WorldModel(action_size=6, stoch=30, deter=200, depth=32)
