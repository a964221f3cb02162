import pretrainedmodels
import torch.nn as nn

model_name = "xception"
model = pretrainedmodels.__dict__[model_name](num_classes=1000, pretrained=None)
dim_feats = model.last_linear.in_features
model.last_linear = nn.Linear(dim_feats, 12)
