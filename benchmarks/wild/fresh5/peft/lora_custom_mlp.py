"""LoRA on a user's own MLP (peft's custom-models recipe): the base weights stay, frozen."""

import torch.nn as nn
from peft import LoraConfig, get_peft_model


class MLP(nn.Module):
    def __init__(self, num_units_hidden=64):
        super().__init__()
        self.seq = nn.Sequential(
            nn.Linear(20, num_units_hidden),
            nn.ReLU(),
            nn.Linear(num_units_hidden, num_units_hidden),
            nn.ReLU(),
            nn.Linear(num_units_hidden, 2),
            nn.LogSoftmax(dim=-1),
        )

    def forward(self, X):
        return self.seq(X)


config = LoraConfig(target_modules=["seq.0", "seq.2"], modules_to_save=["seq.4"], r=8, lora_alpha=16)
model = get_peft_model(MLP(), config)
