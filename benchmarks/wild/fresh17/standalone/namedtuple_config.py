from typing import NamedTuple

import torch.nn as nn


class Cfg(NamedTuple):
    vocab: int = 5000
    d: int = 128
    layers: int = 2
    ff: int = 512
    heads: int = 4
    tie: bool = True


class LM(nn.Module):
    def __init__(self, cfg: Cfg):
        super().__init__()
        self.emb = nn.Embedding(cfg.vocab, cfg.d)
        layer = nn.TransformerEncoderLayer(cfg.d, cfg.heads, cfg.ff, batch_first=True)
        self.enc = nn.TransformerEncoder(layer, cfg.layers, enable_nested_tensor=False)
        self.out = nn.Linear(cfg.d, cfg.vocab, bias=False)
        if cfg.tie:
            self.out.weight = self.emb.weight


base = Cfg()
cfg = base._replace(d=96, ff=base.ff // 2, layers=3)
model = LM(cfg)
