import torch.nn as nn
from cnn_finetune import make_model


def make_classifier(in_features, num_classes):
    return nn.Sequential(
        nn.Linear(in_features, 512),
        nn.ReLU(inplace=True),
        nn.Dropout(0.2),
        nn.Linear(512, num_classes),
    )


model = make_model(
    "densenet121",
    num_classes=200,
    pretrained=False,
    pool=nn.AdaptiveMaxPool2d(1),
    classifier_factory=make_classifier,
)
