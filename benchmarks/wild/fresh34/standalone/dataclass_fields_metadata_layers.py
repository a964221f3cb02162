import dataclasses

import torch.nn as nn


@dataclasses.dataclass
class Spec:
    d_in: int = 8
    hidden: int = dataclasses.field(default=32, metadata={"layer": True})
    bottleneck: int = dataclasses.field(default=8, metadata={"layer": True})
    out: int = dataclasses.field(default=4, metadata={"layer": True})
    dropout: float = 0.1
    skip: int = dataclasses.field(default=99, metadata={"layer": False})


def build(spec):
    # the layer widths are the fields flagged in metadata, in declaration order
    widths = [getattr(spec, f.name) for f in dataclasses.fields(spec) if f.metadata.get("layer")]
    layers, d = [], spec.d_in
    for w in widths:
        layers += [nn.Linear(d, w), nn.Dropout(spec.dropout)]
        d = w
    return nn.Sequential(*layers)


model = build(Spec(d_in=12, hidden=40, out=6))
