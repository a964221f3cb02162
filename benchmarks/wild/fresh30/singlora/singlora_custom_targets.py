"""SingLoRA (singlora) on an MLP's "fc1" only (custom target names); "fc2" stays plain."""

import torch.nn as nn
from singlora import apply_singlora_to_model


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(24, 24)
        self.fc2 = nn.Linear(24, 10)


model = MLP()
apply_singlora_to_model(model, rank=2, alpha=4.0, ramp_up_steps=10, target_modules=["fc1"])
