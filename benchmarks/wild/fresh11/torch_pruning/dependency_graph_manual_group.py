"""Low-level Torch-Pruning: a DependencyGraph built from an example input, then one hand-picked group
(the first conv's output channels 0..5) pruned, and the hidden Linear's inputs removed by index."""

import torch
import torch.nn as nn
import torch_pruning as tp


class Net(nn.Module):
    def __init__(self, c=16, hidden=40, n_out=3):
        super().__init__()
        self.conv1 = nn.Conv2d(1, c, 3, padding=1)
        self.bn1 = nn.BatchNorm2d(c)
        self.conv2 = nn.Conv2d(c, c, 3, padding=1)
        self.fc1 = nn.Linear(c * 8 * 8, hidden)
        self.fc2 = nn.Linear(hidden, n_out)

    def forward(self, x):
        x = torch.relu(self.bn1(self.conv1(x)))
        x = torch.relu(self.conv2(x))
        return self.fc2(torch.relu(self.fc1(x.flatten(1))))


model = Net(c=16, hidden=40, n_out=3)
DG = tp.DependencyGraph().build_dependency(model, example_inputs=torch.randn(1, 1, 8, 8))
group = DG.get_pruning_group(model.conv1, tp.prune_conv_out_channels, idxs=[0, 1, 2, 3, 4, 5])
if DG.check_pruning_group(group):
    group.prune()
group = DG.get_pruning_group(model.fc1, tp.prune_linear_out_channels, idxs=list(range(10)))
group.prune()
