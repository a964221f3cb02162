"""Choose between the local spherical neural operator and the spherical U-Net by a config key."""

from torch_harmonics.examples import models as th_models

CONFIG = {"arch": "lsno", "img_size": (24, 48), "in_chans": 2, "out_chans": 2}

if CONFIG["arch"] == "lsno":
    model = th_models.LocalSphericalNeuralOperator(
        img_size=CONFIG["img_size"],
        in_chans=CONFIG["in_chans"],
        out_chans=CONFIG["out_chans"],
        embed_dim=32,
        num_layers=2,
        scale_factor=2,
    )
else:
    model = th_models.SphericalUNet(
        img_size=CONFIG["img_size"], in_chans=CONFIG["in_chans"], out_chans=CONFIG["out_chans"]
    )
