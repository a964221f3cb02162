# long short-term memory SNN (adaptive thresholds), two recurrent layers and a linear decoder
import torch
from norse.torch import LSNNParameters, LSNNRecurrent

params = LSNNParameters()
layers = []
sizes = [16, 32, 32]
for a, b in zip(sizes[:-1], sizes[1:]):
    layers.append(LSNNRecurrent(a, b, p=params))
layers.append(torch.nn.Linear(sizes[-1], 4))
model = torch.nn.ModuleList(layers)
