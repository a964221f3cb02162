import statistics

import torch.nn as nn

observed = [48, 96, 64, 80, 72, 120]
hidden = int(statistics.median(observed))  # even count: the mean of the middle two
bottleneck = statistics.median_low(observed)
spread = round(statistics.pstdev([1, 2, 3, 4]) * 8)

model = nn.Sequential(
    nn.Linear(24, hidden),
    nn.ReLU(),
    nn.Linear(hidden, bottleneck),
    nn.ReLU(),
    nn.Linear(bottleneck, spread),
)
