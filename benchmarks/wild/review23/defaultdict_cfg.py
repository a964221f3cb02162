from collections import defaultdict

import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        d = defaultdict(lambda: 6, {"a": 2})
        self.x = nn.Linear(d["a"], d["b"])
        self.y = nn.Linear(d.get("c", 3), len(d))
