"""A complex TransformerEncoder with a complex RMSNorm at the end and a real-valued readout on |z|."""

import torch.nn as nn
import torchcvnn.nn as c_nn


class ComplexEncoderClassifier(nn.Module):
    def __init__(self, d=32, heads=2, layers=3, classes=5):
        super().__init__()
        layer = c_nn.TransformerEncoderLayer(
            d, heads, dim_feedforward=2 * d, dropout=0.0, batch_first=True
        )
        self.encoder = c_nn.TransformerEncoder(layer, num_layers=layers, norm=c_nn.RMSNorm(d))
        self.readout = nn.Linear(d, classes)


model = ComplexEncoderClassifier(d=32, heads=2, layers=3, classes=5)
