"""statistics.median_low of an even-length list returns the lower middle element (not the mean of the two):
median_low([16, 48, 24, 40]) is 24; median_high would be 40 and median 32."""

import statistics

import torch.nn as nn

candidates = [16, 48, 24, 40]
w = statistics.median_low(candidates)
h = statistics.median_high(candidates)
model = nn.Sequential(nn.Linear(10, w), nn.Tanh(), nn.Linear(w, h), nn.Tanh(), nn.Linear(h, 2))
