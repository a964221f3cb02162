# defaults deep-merged with an experiment override (recursive dict merge)
import torch.nn as nn

DEFAULTS = {
    "encoder": {"dim": 128, "layers": 2, "dropout": 0.1},
    "decoder": {"dim": 128, "layers": 1},
    "vocab": 5000,
}
OVERRIDE = {"encoder": {"layers": 4}, "decoder": {"dim": 96}}


def merge(a, b):
    out = dict(a)
    for k, v in b.items():
        out[k] = merge(a[k], v) if isinstance(v, dict) and isinstance(a.get(k), dict) else v
    return out


cfg = merge(DEFAULTS, OVERRIDE)


class Seq2Seq(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        e, d = cfg["encoder"], cfg["decoder"]
        self.emb = nn.Embedding(cfg["vocab"], e["dim"])
        self.enc = nn.GRU(e["dim"], e["dim"], e["layers"], dropout=e["dropout"], batch_first=True)
        self.bridge = nn.Linear(e["dim"], d["dim"])
        self.dec = nn.GRU(e["dim"], d["dim"], d["layers"], batch_first=True)
        self.out = nn.Linear(d["dim"], cfg["vocab"])


model = Seq2Seq(cfg)
