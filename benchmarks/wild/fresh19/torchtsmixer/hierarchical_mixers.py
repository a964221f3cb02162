import torch.nn as nn
from torchtsmixer import TSMixer

HORIZONS = {"hourly": (168, 24), "daily": (60, 7), "weekly": (52, 4)}

model = nn.ModuleDict(
    {
        name: TSMixer(
            seq,
            pred,
            input_channels=2,
            activation_fn="gelu",
            num_blocks=2,
            ff_dim=16,
            normalize_before=False,
        )
        for name, (seq, pred) in HORIZONS.items()
    }
)
