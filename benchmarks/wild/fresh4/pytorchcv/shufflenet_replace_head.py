import torch.nn as nn
from pytorchcv.model_provider import get_model

backbone = get_model("shufflenetv2_wd2", pretrained=False)
in_features = backbone.output.in_features
backbone.output = nn.Sequential(nn.Dropout(0.2), nn.Linear(in_features, 37))
model = backbone
