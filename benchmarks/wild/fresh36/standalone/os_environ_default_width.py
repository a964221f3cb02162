# sizes read from the environment with defaults (the variables are not set for this run)
import os

import torch.nn as nn

HIDDEN = int(os.environ.get("MODEL_HIDDEN", "320"))
LAYERS = int(os.environ.get("MODEL_LAYERS", 3))
USE_BIAS = os.environ.get("MODEL_BIAS", "0") == "1"

model = nn.GRU(
    input_size=40, hidden_size=HIDDEN, num_layers=LAYERS, bias=USE_BIAS, batch_first=True
)
