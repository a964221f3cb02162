"""A multi-output DeepONet (two output fields) with the split_branch strategy and separate branch /
trunk activations given as a dict; the branch input is a flattened 8x8 field."""

import os

os.environ["DDE_BACKEND"] = "pytorch"
import deepxde as dde  # noqa: E402

model = dde.nn.DeepONet(
    layer_sizes_branch=[64, 64, 64, 64],
    layer_sizes_trunk=[2, 64, 64, 32],
    activation={"branch": "relu", "trunk": "tanh"},
    kernel_initializer="Glorot normal",
    num_outputs=2,
    multi_output_strategy="split_branch",
)
