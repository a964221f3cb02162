"""attrs config classes loaded from a YAML string (with an anchor/merge), validated and converted."""

import attrs
import torch.nn as nn
import yaml

DOC = """
base: &base
  hidden: 64
  layers: 2
  dropout: 0.0
actor:
  <<: *base
  hidden: 48
critic:
  <<: *base
  layers: 3
obs_dim: 17
act_dim: 6
"""


@attrs.define
class NetCfg:
    hidden: int = attrs.field(converter=int)
    layers: int = 2
    dropout: float = 0.0


@attrs.define
class Cfg:
    obs_dim: int
    act_dim: int
    actor: NetCfg = attrs.field(converter=lambda d: NetCfg(**d))
    critic: NetCfg = attrs.field(converter=lambda d: NetCfg(**d))


def mlp(d_in, d_out, c: NetCfg):
    mods, d = [], d_in
    for _ in range(c.layers):
        mods += [nn.Linear(d, c.hidden), nn.Tanh(), nn.Dropout(c.dropout)]
        d = c.hidden
    return nn.Sequential(*mods, nn.Linear(d, d_out))


raw = yaml.safe_load(DOC)
raw.pop("base")
cfg = Cfg(**raw)


class ActorCritic(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.actor = mlp(cfg.obs_dim, 2 * cfg.act_dim, cfg.actor)
        self.critic = mlp(cfg.obs_dim + cfg.act_dim, 1, cfg.critic)
        self.log_std = nn.Parameter(-0.5 * __import__("torch").ones(cfg.act_dim))


model = ActorCritic(cfg)
