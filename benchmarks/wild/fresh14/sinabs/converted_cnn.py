"""An ANN trained with ReLUs, converted to a spiking network with sinabs.from_model."""

import sinabs
import torch.nn as nn

ann = nn.Sequential(
    nn.Conv2d(2, 8, kernel_size=3, padding=1, bias=False),
    nn.ReLU(),
    nn.AvgPool2d(2),
    nn.Conv2d(8, 16, kernel_size=3, padding=1, bias=False),
    nn.ReLU(),
    nn.AvgPool2d(2),
    nn.Flatten(),
    nn.Linear(16 * 8 * 8, 10, bias=False),
    nn.ReLU(),
)

snn = sinabs.from_model(ann, input_shape=(2, 32, 32), add_spiking_output=False, batch_size=1)
model = snn
