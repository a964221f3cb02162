"""DeepONet (Cartesian product) for the antiderivative operator: branch over 100 sensor values, trunk
over 1-D coordinates, built from a dict of hyper-parameters as in DeepXDE's operator examples."""

import os

os.environ["DDE_BACKEND"] = "pytorch"
from deepxde import nn as dnn  # noqa: E402

HP = {"m": 100, "dim_x": 1, "width": 40, "depth": 2, "activation": "relu", "init": "Glorot normal"}

layer_sizes_branch = [HP["m"]] + [HP["width"]] * HP["depth"]
layer_sizes_trunk = [HP["dim_x"]] + [HP["width"]] * HP["depth"]
model = dnn.DeepONetCartesianProd(
    layer_sizes_branch,
    layer_sizes_trunk,
    HP["activation"],
    HP["init"],
)
