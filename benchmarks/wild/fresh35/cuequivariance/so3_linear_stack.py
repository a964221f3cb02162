import cuequivariance as cue
import cuequivariance_torch as cuet
import torch.nn as nn

widths = [8, 16, 16, 8]
layers = []
for a, b in zip(widths[:-1], widths[1:]):
    layers.append(
        cuet.Linear(
            cue.Irreps("SO3", f"{a}x0 + {a}x1"),
            cue.Irreps("SO3", f"{b}x0 + {b}x1"),
            layout=cue.mul_ir,
            use_fallback=True,
        )
    )
model = nn.Sequential(*layers)
