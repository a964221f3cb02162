"""Hidden sizes from np.median (an even count averages the middle two: a float) and np.percentile (linear interpolation)."""

import numpy as np
from torch import nn

dims = [12, 40, 20, 64]
med = np.median(dims)
p25 = np.percentile(dims, 25)
p90 = np.percentile(dims, 90, method="nearest")
model = nn.Sequential(
    nn.Linear(8, int(med)),
    nn.Linear(int(med), int(p25)),
    nn.Linear(int(p25), int(round(p25))),
    nn.Linear(int(round(p25)), int(p90)),
)
