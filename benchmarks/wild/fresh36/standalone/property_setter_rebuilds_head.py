# a num_classes property whose setter rebuilds the classifier (the common "change the head" API)
import torch.nn as nn


class Classifier(nn.Module):
    def __init__(self, num_classes=1000, feat=512):
        super().__init__()
        self.backbone = nn.Sequential(
            nn.Conv2d(3, 64, 7, 2, 3, bias=False),
            nn.BatchNorm2d(64),
            nn.ReLU(),
            nn.Conv2d(64, feat, 3, 2, 1, bias=False),
            nn.BatchNorm2d(feat),
            nn.ReLU(),
            nn.AdaptiveAvgPool2d(1),
            nn.Flatten(),
        )
        self.feat = feat
        self.num_classes = num_classes

    @property
    def num_classes(self):
        return self.fc.out_features

    @num_classes.setter
    def num_classes(self, n):
        self.fc = nn.Linear(self.feat, n)


model = Classifier()
model.num_classes = 120
