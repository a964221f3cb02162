"""Stage widths deduplicated and ordered with `sorted(set(...), reverse=True)` before chaining."""

import torch.nn as nn

requested = [64, 32, 64, 16, 32, 8]
widths = sorted(set(requested), reverse=True)
model = nn.Sequential(*(nn.Linear(a, b) for a, b in zip(widths, widths[1:])))
