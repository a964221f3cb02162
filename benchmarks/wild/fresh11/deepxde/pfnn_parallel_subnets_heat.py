"""A parallel FNN (PFNN) for a two-output heat / flux problem: list-valued hidden sizes make one
sub-network per output, shared first layer; plus an input transform and an output transform."""

import os

os.environ.setdefault("DDE_BACKEND", "pytorch")

import deepxde as dde  # noqa: E402
import torch  # noqa: E402

layer_size = [3, 32, [24, 24], [24, 24], [16, 16], 2]
net = dde.nn.PFNN(layer_size, "tanh", "Glorot uniform")


def feature_transform(x):
    return torch.cat([x, torch.sin(torch.pi * x[:, :1])], dim=1)[:, :3]


net.apply_feature_transform(feature_transform)
net.apply_output_transform(lambda x, y: y * x[:, 1:2])
model = net
