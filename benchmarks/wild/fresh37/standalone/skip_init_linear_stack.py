# layers created with torch.nn.utils.skip_init (no default init), then initialised by hand
import torch.nn as nn
from torch.nn.utils import skip_init

dims = [128, 512, 512, 64]
layers = []
for a, b in zip(dims, dims[1:]):
    lin = skip_init(nn.Linear, a, b, bias=b != 64)
    nn.init.orthogonal_(lin.weight)
    layers += [lin, nn.Mish()]
model = nn.Sequential(*layers[:-1])
