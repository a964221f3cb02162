"""A Dreamer-style RSSM world model: discrete latents (stoch x classes), GRUCell deter state, prior/posterior heads."""

import torch.nn as nn

DEFAULTS = dict(
    stoch=8, classes=8, deter=64, hidden=64, embed=96, act_dim=4, discrete=True, unimix=0.01
)


class RSSM(nn.Module):
    def __init__(self, stoch, classes, deter, hidden, embed, act_dim, discrete=True, unimix=0.0):
        super().__init__()
        stoch_size = stoch * classes if discrete else stoch
        stat_size = stoch * classes if discrete else 2 * stoch
        self.img_in = nn.Sequential(
            nn.Linear(stoch_size + act_dim, hidden, bias=False), nn.LayerNorm(hidden), nn.SiLU()
        )
        self.cell = nn.GRUCell(hidden, deter)
        self.img_out = nn.Sequential(
            nn.Linear(deter, hidden, bias=False), nn.LayerNorm(hidden), nn.SiLU()
        )
        self.obs_out = nn.Sequential(
            nn.Linear(deter + embed, hidden, bias=False), nn.LayerNorm(hidden), nn.SiLU()
        )
        self.imgs_stat = nn.Linear(hidden, stat_size)
        self.obs_stat = nn.Linear(hidden, stat_size)


class WorldModel(nn.Module):
    def __init__(self, obs_dim, reward_bins=255, **rssm_kw):
        super().__init__()
        cfg = {**DEFAULTS, **rssm_kw}
        self.encoder = nn.Sequential(
            nn.Linear(obs_dim, cfg["hidden"]), nn.SiLU(), nn.Linear(cfg["hidden"], cfg["embed"])
        )
        self.dynamics = RSSM(**cfg)
        feat = (
            cfg["stoch"] * cfg["classes"] + cfg["deter"]
            if cfg["discrete"]
            else cfg["stoch"] + cfg["deter"]
        )
        self.decoder = nn.Sequential(
            nn.Linear(feat, cfg["hidden"]), nn.SiLU(), nn.Linear(cfg["hidden"], obs_dim)
        )
        self.reward = nn.Sequential(
            nn.Linear(feat, cfg["hidden"]), nn.SiLU(), nn.Linear(cfg["hidden"], reward_bins)
        )
        self.cont = nn.Sequential(
            nn.Linear(feat, cfg["hidden"]), nn.SiLU(), nn.Linear(cfg["hidden"], 1)
        )


model = WorldModel(obs_dim=24, reward_bins=41, stoch=6, classes=10, act_dim=3)
