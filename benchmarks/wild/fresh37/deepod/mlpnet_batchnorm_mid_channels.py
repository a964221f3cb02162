# DeepOD's MLP representation net from a comma-separated hidden string
from deepod.core.networks.base_networks import MLPnet

model = MLPnet(
    n_features=30,
    n_hidden="256,64",
    n_output=16,
    activation="LeakyReLU",
    bias=True,
    batch_norm=True,
)
