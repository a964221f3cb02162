"""EGN with two branches, 3 channels, no batch norm, a log-Euclidean pool and 3 classes on 12x12 SPD inputs."""

from egn import EGN

model = EGN(
    num_classes=3,
    in_dim=12,
    input_kind="spd",
    branches=2,
    channels=3,
    dims=[12, 8],
    batchnorm=False,
)
