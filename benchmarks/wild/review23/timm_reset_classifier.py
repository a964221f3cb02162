import torch.nn as nn


class Net(nn.Module):
    def __init__(self, num_classes=1000, width=16):
        super().__init__()
        self.num_features = width
        self.body = nn.Linear(3, width)
        self.head = nn.Linear(width, num_classes)

    def reset_classifier(self, num_classes):
        self.num_classes = num_classes
        self.head = nn.Linear(self.num_features, num_classes) if num_classes > 0 else nn.Identity()


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Net()
        self.a.reset_classifier(5)
        self.b = Net(width=4)
        self.b.reset_classifier(0)
