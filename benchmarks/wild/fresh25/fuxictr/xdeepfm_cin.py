"""An xDeepFM-style head: a compressed interaction network over 6 fields and an MLP with an output layer."""

import torch.nn as nn
from fuxictr.pytorch.layers import CompressedInteractionNet, MLP_Block

model = nn.ModuleDict(
    {
        "cin": CompressedInteractionNet(num_fields=6, cin_hidden_units=[16, 16, 8], output_dim=1),
        "dnn": MLP_Block(
            input_dim=6 * 12,
            output_dim=1,
            hidden_units=[48, 24],
            hidden_activations="ReLU",
            output_activation=None,
        ),
    }
)
