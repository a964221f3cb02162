import torch.nn as nn
from pytorch_revgrad import RevGrad

sources = ["amazon", "dslr", "webcam"]
feat = nn.Sequential(nn.Linear(256, 128), nn.ReLU(), nn.Dropout(0.2), nn.Linear(128, 64), nn.ReLU())

model = nn.Sequential()
model.add_module("feat", feat)
model.add_module("reverse", RevGrad(alpha=1.0))
model.add_module("discriminator", nn.Linear(64, len(sources)))
