import torch.nn as nn
import torch.nn.utils.prune as prune


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(10, 10)
        prune.l1_unstructured(self.fc, name="weight", amount=0.3)
        self.fc2 = nn.Linear(10, 3)
        prune.random_unstructured(self.fc2, "bias", amount=0.5)
        prune.remove(self.fc2, "bias")
