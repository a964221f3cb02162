"""The DeepXDE Burgers PINN network: an FNN from a layer-size list with the PyTorch backend chosen by
the environment variable before the import."""

import os

os.environ["DDE_BACKEND"] = "pytorch"

import deepxde as dde  # noqa: E402

net = dde.nn.FNN([2] + [20] * 3 + [1], "tanh", "Glorot normal")
model = net
