# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

from collections import Counter, deque


class M(nn.Module):
    def __init__(self):
        super().__init__()
        recent = deque([4, 8, 16, 32], maxlen=2)
        recent.appendleft(2)
        kinds = Counter(["a", "b", "a", "c", "a", "b"])
        ((top, n),) = kinds.most_common(1)
        self.layers = nn.ModuleList(nn.Linear(w, n) for w in recent)


model = M()
