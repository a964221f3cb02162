"""An assumed-density-filtering MLP (mean and variance propagated) from torchadf's layers."""

import torchadf.nn as adf

widths = [12, 48, 48, 3]
layers = []
for a, b in zip(widths, widths[1:]):
    layers += [adf.Linear(a, b), adf.ReLU()]
model = adf.Sequential(*layers[:-1])
