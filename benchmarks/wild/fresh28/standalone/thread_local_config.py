"""Widths read from a `threading.local()` config holder; an attribute set in the main thread is what the builder sees."""

import threading

import torch.nn as nn

cfg = threading.local()
cfg.width = 24


def worker():
    cfg.width = 999  # another thread's value, invisible to the main thread


t = threading.Thread(target=worker)
t.start()
t.join()

model = nn.Sequential(
    nn.Linear(6, cfg.width), nn.SiLU(), nn.Linear(cfg.width, getattr(cfg, "out", 5))
)
