"""A dataclass with a KW_ONLY sentinel: the fields after it are keyword-only, the defaults before it positional."""

from dataclasses import KW_ONLY, dataclass

import torch.nn as nn


@dataclass
class GruConfig:
    input_size: int
    hidden_size: int = 40
    _: KW_ONLY
    num_layers: int = 1
    bidirectional: bool = False


cfg = GruConfig(20, 32, num_layers=2, bidirectional=True)


class Tagger(nn.Module):
    def __init__(self, c: GruConfig, n_tags: int):
        super().__init__()
        self.rnn = nn.GRU(
            c.input_size,
            c.hidden_size,
            num_layers=c.num_layers,
            bidirectional=c.bidirectional,
            batch_first=True,
        )
        self.out = nn.Linear(c.hidden_size * (2 if c.bidirectional else 1), n_tags)


model = Tagger(cfg, n_tags=7)
