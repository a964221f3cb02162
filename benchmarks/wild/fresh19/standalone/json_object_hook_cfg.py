import json
from types import SimpleNamespace

import torch.nn as nn

RAW = '{"encoder": {"vocab": 500, "dim": 48, "layers": 2}, "decoder": {"dim": 48, "layers": 1, "tie": true}}'
cfg = json.loads(RAW, object_hook=lambda d: SimpleNamespace(**d))


class Seq2Seq(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        e, d = cfg.encoder, cfg.decoder
        self.embed = nn.Embedding(e.vocab, e.dim)
        self.enc = nn.GRU(e.dim, e.dim, num_layers=e.layers, batch_first=True, bidirectional=True)
        self.bridge = nn.Linear(2 * e.dim, d.dim)
        self.dec = nn.GRU(d.dim, d.dim, num_layers=d.layers, batch_first=True)
        self.out = nn.Linear(d.dim, e.vocab, bias=False)
        if d.tie:
            self.out.weight = self.embed.weight


model = Seq2Seq(cfg)
