# a helper object that hands out widths from a parameter budget as layers are created
import torch.nn as nn


class Budget:
    def __init__(self, total):
        self.left = total

    def width(self, d_in, share):
        w = max(8, int(self.left * share) // (d_in + 1))
        w -= w % 8
        self.left -= (d_in + 1) * w
        return w


b = Budget(200_000)
w1 = b.width(64, 0.5)
w2 = b.width(w1, 0.5)
w3 = b.width(w2, 0.5)
model = nn.Sequential(
    nn.Linear(64, w1), nn.ReLU(), nn.Linear(w1, w2), nn.ReLU(), nn.Linear(w2, w3), nn.Linear(w3, 1)
)
