"""An FNO built from a nested config dict the way a YAML-driven training script does it,
with a 1D problem and dense (unfactorised) spectral weights."""

from neuralop.models import FNO

CONFIG = {
    "arch": "fno",
    "fno": {
        "data_channels": 2,
        "out_channels": 1,
        "n_modes": [32],
        "hidden_channels": 48,
        "n_layers": 3,
        "lifting_channel_ratio": 4,
        "projection_channel_ratio": 2,
        "norm": "group_norm",
        "domain_padding": None,
    },
}


def build(cfg):
    c = dict(cfg[cfg["arch"]])
    return FNO(
        n_modes=tuple(c.pop("n_modes")),
        in_channels=c.pop("data_channels"),
        **c,
    )


model = build(CONFIG)
