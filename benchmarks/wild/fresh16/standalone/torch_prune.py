import torch.nn as nn
import torch.nn.utils.prune as prune


class LeNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.fc1 = nn.Linear(16 * 4 * 4, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, 10)


model = LeNet()
prune.l1_unstructured(model.conv1, name="weight", amount=0.3)
prune.random_unstructured(model.fc1, name="bias", amount=0.5)
prune.global_unstructured(
    [(model.fc2, "weight"), (model.fc3, "weight")], pruning_method=prune.L1Unstructured, amount=0.2
)
prune.remove(model.fc2, "weight")
