"""A pretrainedmodels architecture through cnn_finetune, randomly initialised, max pooling."""

import torch.nn as nn
from cnn_finetune import make_model

model = make_model(
    "se_resnext50_32x4d",
    num_classes=6,
    pretrained=False,
    pool=nn.AdaptiveMaxPool2d(1),
    dropout_p=0.5,
)
