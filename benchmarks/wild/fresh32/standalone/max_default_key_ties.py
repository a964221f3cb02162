"""max(default=...) on an empty candidate list, and max/min with key keeping the first of equal keys."""

import torch.nn as nn

candidates = {"a": 24, "b": 40, "c": 40, "d": 8}
big = [w for w in candidates.values() if w > 100]
cap = max(big, default=16)  # 16
widest = max(candidates, key=candidates.get)  # "b" (first of the 40s)
narrowest = min(candidates.items(), key=lambda kv: kv[1] // 10)  # ("d", 8)
longest = max(["ab", "cd", "e"], key=len)  # "ab"

model = nn.Sequential(
    nn.Linear(cap, candidates[widest]),
    nn.Linear(candidates[widest], narrowest[1] * len(longest)),
    nn.Linear(narrowest[1] * len(longest), ord(widest) - ord("a") + 1),
)
