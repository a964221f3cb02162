"""A probe module with a `weakref.finalize` callback: deleting it runs the callback, which adds a block to the depth."""

import weakref

import torch.nn as nn

events = []
probe = nn.Linear(64, 64)
weakref.finalize(probe, events.append, "freed")
del probe  # the callback runs now (refcount reaches zero)
depth = 1 + len(events)
model = nn.Sequential(*[nn.Linear(6, 6) for _ in range(depth)])
