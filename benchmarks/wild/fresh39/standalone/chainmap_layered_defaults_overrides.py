# collections.ChainMap layering CLI overrides over experiment over library defaults
from collections import ChainMap

import torch.nn as nn

defaults = {"d_model": 256, "nhead": 4, "layers": 6, "ff_mult": 4, "vocab": 1000}
experiment = {"layers": 3, "vocab": 8192}
cli = {"d_model": 192, "nhead": 3}
cfg = ChainMap(cli, experiment, defaults)

model = nn.ModuleDict(
    {
        "embed": nn.Embedding(cfg["vocab"], cfg["d_model"]),
        "encoder": nn.TransformerEncoder(
            nn.TransformerEncoderLayer(
                cfg["d_model"], cfg["nhead"], cfg["d_model"] * cfg["ff_mult"]
            ),
            cfg["layers"],
            enable_nested_tensor=False,
        ),
        "lm_head": nn.Linear(cfg["d_model"], cfg["vocab"], bias=False),
    }
)
