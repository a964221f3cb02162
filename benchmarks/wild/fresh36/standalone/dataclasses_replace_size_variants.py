# one base config, size variants derived with dataclasses.replace; the "small" one is built
import dataclasses

import torch.nn as nn


@dataclasses.dataclass(frozen=True)
class EncoderConfig:
    vocab: int = 8000
    dim: int = 512
    depth: int = 8
    heads: int = 8
    ff_mult: int = 4
    tie_head: bool = True


BASE = EncoderConfig()
VARIANTS = {
    "tiny": dataclasses.replace(BASE, dim=128, depth=2, heads=2),
    "small": dataclasses.replace(BASE, dim=256, depth=4, heads=4, tie_head=False),
    "base": BASE,
}


class LM(nn.Module):
    def __init__(self, cfg: EncoderConfig):
        super().__init__()
        self.tok = nn.Embedding(cfg.vocab, cfg.dim)
        layer = nn.TransformerEncoderLayer(
            cfg.dim, cfg.heads, cfg.ff_mult * cfg.dim, batch_first=True
        )
        self.body = nn.TransformerEncoder(layer, cfg.depth, enable_nested_tensor=False)
        self.head = nn.Linear(cfg.dim, cfg.vocab, bias=False)
        if cfg.tie_head:
            self.head.weight = self.tok.weight


model = LM(VARIANTS["small"])
