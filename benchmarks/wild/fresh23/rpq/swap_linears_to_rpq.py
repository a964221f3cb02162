"""Post-hoc compression: every square nn.Linear in an encoder is swapped for an RPQLinear of the same shape."""

from rpq.nn import RPQLinear
from torch import nn

encoder = nn.TransformerEncoder(
    nn.TransformerEncoderLayer(d_model=32, nhead=4, dim_feedforward=64, batch_first=True),
    num_layers=2,
)
targets = [
    name
    for name, m in encoder.named_modules()
    if isinstance(m, nn.Linear) and m.in_features == m.out_features
]
for name in targets:
    parent_name, _, child = name.rpartition(".")
    parent = encoder.get_submodule(parent_name)
    old = getattr(parent, child)
    setattr(
        parent,
        child,
        RPQLinear(
            old.in_features, old.out_features, num_codebooks=4, nbits=4, bias=old.bias is not None
        ),
    )

model = nn.Sequential(nn.Linear(12, 32), encoder, nn.Linear(32, 2))
