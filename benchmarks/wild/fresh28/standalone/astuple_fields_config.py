"""A dataclass config unpacked with `dataclasses.astuple` (field order) and filtered by `dataclasses.fields` metadata."""

import dataclasses

import torch.nn as nn


@dataclasses.dataclass
class Dims:
    vocab: int = 100
    embed: int = 24
    hidden: int = dataclasses.field(default=48, metadata={"layer": True})
    out: int = dataclasses.field(default=12, metadata={"layer": True})


cfg = Dims(vocab=250, out=7)
vocab, embed, hidden, out = dataclasses.astuple(cfg)
layer_widths = [getattr(cfg, f.name) for f in dataclasses.fields(cfg) if f.metadata.get("layer")]

model = nn.Sequential(
    nn.Embedding(vocab, embed),
    nn.Linear(embed, layer_widths[0]),
    nn.ReLU(),
    nn.Linear(layer_widths[0], layer_widths[1]),
)
