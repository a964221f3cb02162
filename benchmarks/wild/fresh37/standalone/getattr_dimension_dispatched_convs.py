# one encoder definition for 1D / 2D / 3D inputs: layer classes looked up by dimension
import torch.nn as nn


def encoder(dims, cin, widths):
    Conv = getattr(nn, f"Conv{dims}d")
    Norm = getattr(nn, "BatchNorm%dd" % dims)  # noqa: UP031
    Pool = getattr(nn, f"AdaptiveAvgPool{dims}d")
    layers = []
    for w in widths:
        layers += [Conv(cin, w, 3, padding=1, bias=False), Norm(w), nn.ReLU()]
        cin = w
    return nn.Sequential(*layers, Pool(1), nn.Flatten())


model = nn.ModuleDict(
    {
        "audio": encoder(1, 1, [16, 32, 64]),
        "image": encoder(2, 3, [16, 32]),
        "volume": encoder(3, 1, [8, 16]),
    }
)
