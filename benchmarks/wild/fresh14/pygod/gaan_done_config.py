"""GAAN built from a dataclass config; DONE kept for the ablation and then dropped."""

from dataclasses import dataclass

from pygod.nn import DONEBase, GAANBase


@dataclass
class DetectorConfig:
    in_dim: int = 128
    noise_dim: int = 16
    hid_dim: int = 40
    num_layers: int = 3


cfg = DetectorConfig(hid_dim=48)
gaan = GAANBase(
    in_dim=cfg.in_dim, noise_dim=cfg.noise_dim, hid_dim=cfg.hid_dim, num_layers=cfg.num_layers
)
done = DONEBase(x_dim=cfg.in_dim, s_dim=200, hid_dim=cfg.hid_dim, num_layers=cfg.num_layers)
model = gaan
