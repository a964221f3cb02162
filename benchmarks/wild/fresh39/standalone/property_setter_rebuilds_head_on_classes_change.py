# a property setter that rebuilds the classifier head when num_classes is reassigned
import torch.nn as nn


class Net(nn.Module):
    def __init__(self, feat=512, num_classes=1000):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, feat, 7, stride=4), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten()
        )
        self._feat = feat
        self.num_classes = num_classes

    @property
    def num_classes(self):
        return self.fc.out_features

    @num_classes.setter
    def num_classes(self, n):
        self.fc = nn.Linear(self._feat, n)


model = Net()
model.num_classes = 37
