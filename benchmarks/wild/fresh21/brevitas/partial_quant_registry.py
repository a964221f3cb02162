"""A registry of layer constructors keyed by precision; the model picks float or quant per stage."""

from functools import partial

import brevitas.nn as qnn
import torch.nn as nn

CONV = {
    "float": nn.Conv1d,
    "int8": partial(qnn.QuantConv1d, weight_bit_width=8),
    "int4": partial(qnn.QuantConv1d, weight_bit_width=4, bias=False),
}
ACT = {
    "float": lambda: nn.ReLU(),
    "int8": lambda: qnn.QuantReLU(bit_width=8),
    "int4": lambda: qnn.QuantReLU(bit_width=4),
}


class KeywordSpotter(nn.Module):
    def __init__(self, channels=(40, 64, 64, 96), precisions=("int8", "int4", "float"), classes=12):
        super().__init__()
        stages = []
        for (cin, cout), prec in zip(zip(channels[:-1], channels[1:]), precisions):
            stages += [
                CONV[prec](cin, cout, kernel_size=3, padding=1),
                nn.BatchNorm1d(cout),
                ACT[prec](),
            ]
        self.body = nn.Sequential(*stages)
        self.pool = nn.AdaptiveAvgPool1d(1)
        self.fc = qnn.QuantLinear(channels[-1], classes, bias=True, weight_bit_width=8)

    def forward(self, x):
        return self.fc(self.pool(self.body(x)).squeeze(-1))


model = KeywordSpotter(channels=(20, 32, 48, 48), precisions=("int4", "float", "int8"), classes=10)
