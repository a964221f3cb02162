"""A convolutional INN written as a graph of nodes: coupling, downsampling, flatten, a fully
connected stage, then the output node."""

import torch.nn as nn
import FrEIA.framework as Ff
import FrEIA.modules as Fm


def subnet_conv(c_in, c_out):
    return nn.Sequential(nn.Conv2d(c_in, 32, 3, padding=1), nn.ReLU(), nn.Conv2d(32, c_out, 3, padding=1))


def subnet_fc(c_in, c_out):
    return nn.Sequential(nn.Linear(c_in, 64), nn.ReLU(), nn.Linear(64, c_out))


nodes = [Ff.InputNode(3, 16, 16, name="input")]
for k in range(2):
    nodes.append(Ff.Node(nodes[-1], Fm.RNVPCouplingBlock, {"subnet_constructor": subnet_conv, "clamp": 1.2}, name=f"conv_{k}"))
nodes.append(Ff.Node(nodes[-1], Fm.IRevNetDownsampling, {}, name="down"))
nodes.append(Ff.Node(nodes[-1], Fm.Flatten, {}, name="flatten"))
for k in range(2):
    nodes.append(Ff.Node(nodes[-1], Fm.PermuteRandom, {"seed": k}, name=f"perm_{k}"))
    nodes.append(Ff.Node(nodes[-1], Fm.GLOWCouplingBlock, {"subnet_constructor": subnet_fc, "clamp": 2.0}, name=f"fc_{k}"))
nodes.append(Ff.OutputNode(nodes[-1], name="output"))

model = Ff.GraphINN(nodes)
