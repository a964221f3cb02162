"""One SingLoRALayer (singlora) around a square Linear of 40, rank 6."""

import torch.nn as nn
from singlora import SingLoRALayer

model = SingLoRALayer(nn.Linear(40, 40), rank=6, alpha=12.0, ramp_up_steps=50)
