# register_module / register_parameter with computed names
import torch
import torch.nn as nn


class Bank(nn.Module):
    def __init__(self, langs, d=64):
        super().__init__()
        for lang in langs:
            self.register_module(
                f"adapter_{lang}",
                nn.Sequential(nn.Linear(d, d // 4), nn.ReLU(), nn.Linear(d // 4, d)),
            )
            self.register_parameter(f"gate_{lang}", nn.Parameter(torch.zeros(d)))


model = Bank(["en", "de", "fr", "ja"], d=64)
