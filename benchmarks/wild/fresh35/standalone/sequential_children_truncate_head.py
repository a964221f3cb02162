import torch.nn as nn


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 32, 3, padding=1)
        self.bn1 = nn.BatchNorm2d(32)
        self.conv2 = nn.Conv2d(32, 64, 3, padding=1)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(64, 1000)


backbone = Classifier()
# drop the classifier: keep every child but the last, then add a new head
features = nn.Sequential(*list(backbone.children())[:-1])
model = nn.Sequential(features, nn.Flatten(), nn.Linear(64, 7))
