import torch.nn as nn


def width_negotiator(start):
    """yields a width; what is sent back is the budget left, which shrinks the next one"""
    w = start
    while True:
        budget = yield w
        if budget is None:
            continue
        w = max(4, min(w * 2, budget // 10))


class Net(nn.Module):
    def __init__(self, d_in, n_layers, budget):
        super().__init__()
        gen = width_negotiator(16)
        w = next(gen)
        layers, d = [], d_in
        for _ in range(n_layers):
            layers.append(nn.Linear(d, w))
            budget -= d * w + w
            d = w
            w = gen.send(budget)
        self.body = nn.Sequential(*layers)


model = Net(d_in=10, n_layers=4, budget=3000)
