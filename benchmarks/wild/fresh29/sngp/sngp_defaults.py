"""An SNGP (sngp) with its default 768 backbone features and 1024 inducing points, on a single Linear(16, 768) backbone."""

import torch.nn as nn
from sngp import SNGP

model = SNGP(out_features=2, backbone=nn.Linear(16, 768))
