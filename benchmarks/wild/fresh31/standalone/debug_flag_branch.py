"""__debug__ is True unless Python runs with -O: the debug branch adds a probe Linear; an assert that holds
is a no-op. (A -O run would drop the probe; the truth is built without -O.)"""

import torch.nn as nn

layers = [nn.Linear(5, 10), nn.ReLU()]
if __debug__:
    layers.append(nn.Linear(10, 10))
assert len(layers) == 3
layers.append(nn.Linear(10, 1))
model = nn.Sequential(*layers)
