"""A width chosen from a `hashlib.md5` digest of the run name (deterministic, but only by computing the hash)."""

import hashlib

import torch.nn as nn

run_name = "baseline-v2"
digest = hashlib.md5(run_name.encode()).hexdigest()
hidden = 16 + int(digest[:2], 16) % 48

model = nn.Sequential(nn.Linear(10, hidden), nn.ReLU(), nn.Linear(hidden, 2))
