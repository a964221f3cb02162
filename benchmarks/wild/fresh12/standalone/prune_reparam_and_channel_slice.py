"""torch.nn.utils.prune re-parametrises weight as weight_orig (a parameter) times weight_mask (a buffer);
one prune made permanent with prune.remove; then a conv's output channels are cut by hand
(new smaller Parameters) and the next conv's input channels to match."""

import torch
import torch.nn as nn
import torch.nn.utils.prune as prune


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 32, 3, padding=1)
        self.conv2 = nn.Conv2d(32, 64, 3, padding=1)
        self.fc1 = nn.Linear(64, 128)
        self.fc2 = nn.Linear(128, 10)


model = Net()
prune.random_unstructured(model.fc1, name="weight", amount=0.3)
prune.random_unstructured(model.fc2, name="bias", amount=0.5)
prune.remove(model.fc2, "bias")

keep = 20
with torch.no_grad():
    model.conv1.weight = nn.Parameter(model.conv1.weight[:keep].clone())
    model.conv1.bias = nn.Parameter(model.conv1.bias[:keep].clone())
    model.conv1.out_channels = keep
    model.conv2.weight = nn.Parameter(model.conv2.weight[:, :keep].clone())
    model.conv2.in_channels = keep
