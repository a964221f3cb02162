"""A small transformer whose hyper-parameters come from an inline TOML document (tomllib)."""

import tomllib
import torch.nn as nn

CONFIG = tomllib.loads("""
[model]
vocab = 8000
d_model = 192
n_layers = 3
tie_embeddings = true

[model.attention]
heads = 6
dropout = 0.1

[model.mlp]
ratio = 3
""")


class Tiny(nn.Module):
    def __init__(self, c):
        super().__init__()
        d = c["d_model"]
        self.tok = nn.Embedding(c["vocab"], d)
        layer = nn.TransformerEncoderLayer(
            d,
            c["attention"]["heads"],
            dim_feedforward=d * c["mlp"]["ratio"],
            dropout=c["attention"]["dropout"],
            batch_first=True,
            norm_first=True,
        )
        self.blocks = nn.TransformerEncoder(
            layer, num_layers=c["n_layers"], enable_nested_tensor=False
        )
        self.lm_head = nn.Linear(d, c["vocab"], bias=False)
        if c["tie_embeddings"]:
            self.lm_head.weight = self.tok.weight


model = Tiny(CONFIG["model"])
