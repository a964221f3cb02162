import json
from types import SimpleNamespace

import torch.nn as nn

RAW = '{"encoder": {"vocab": 512, "dim": 48, "layers": 2, "heads": 4, "ff_mult": 2}, "head": {"classes": 6, "pool": "cls"}}'
cfg = json.loads(RAW, object_hook=lambda d: SimpleNamespace(**d))


class TextClassifier(nn.Module):
    def __init__(self, c):
        super().__init__()
        e = c.encoder
        self.tok = nn.Embedding(e.vocab, e.dim)
        self.cls = nn.Parameter(nn.init.normal_(__import__("torch").empty(1, 1, e.dim)))
        layer = nn.TransformerEncoderLayer(
            e.dim, e.heads, e.dim * e.ff_mult, batch_first=True, norm_first=True
        )
        self.enc = nn.TransformerEncoder(layer, e.layers, enable_nested_tensor=False)
        self.out = nn.Linear(e.dim, c.head.classes)


model = TextClassifier(cfg)
