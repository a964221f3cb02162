# layered configuration: CLI overrides over experiment settings over defaults (ChainMap lookup order)
from collections import ChainMap

import torch.nn as nn

defaults = {
    "hidden": 256,
    "layers": 2,
    "dropout": 0.1,
    "bidirectional": False,
    "vocab": 12000,
    "emb": 128,
}
experiment = {"hidden": 384, "bidirectional": True}
cli = {"layers": 3}

cfg = ChainMap(cli, experiment, defaults)


class Tagger(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.emb = nn.Embedding(cfg["vocab"], cfg["emb"])
        self.rnn = nn.LSTM(
            cfg["emb"],
            cfg["hidden"],
            num_layers=cfg["layers"],
            dropout=cfg["dropout"],
            bidirectional=cfg["bidirectional"],
            batch_first=True,
        )
        self.out = nn.Linear(cfg["hidden"] * (2 if cfg["bidirectional"] else 1), 17)


model = Tagger(cfg)
