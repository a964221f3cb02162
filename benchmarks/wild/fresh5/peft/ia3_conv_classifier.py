import torch.nn as nn
from peft import IA3Config, get_peft_model

base = nn.Sequential()
base.add_module("conv1", nn.Conv2d(3, 16, 3, padding=1))
base.add_module("act1", nn.ReLU())
base.add_module("conv2", nn.Conv2d(16, 32, 3, padding=1))
base.add_module("pool", nn.AdaptiveAvgPool2d(1))
base.add_module("flat", nn.Flatten())
base.add_module("fc", nn.Linear(32, 10))

cfg = IA3Config(target_modules=["conv1", "conv2", "fc"], feedforward_modules=["fc"])
model = get_peft_model(base, cfg)
