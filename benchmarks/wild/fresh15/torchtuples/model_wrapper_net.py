"""A user net wrapped in torchtuples' Model (the training wrapper); `model` is the wrapper's net."""

import torch.nn as nn
import torchtuples as tt


class Net(nn.Module):
    def __init__(self, d_in=20, d_hidden=48, d_out=3):
        super().__init__()
        self.block = tt.practical.DenseVanillaBlock(d_in, d_hidden, batch_norm=True, dropout=0.2)
        self.res = nn.ModuleList(
            tt.practical.DenseVanillaBlock(d_hidden, d_hidden) for _ in range(2)
        )
        self.out = nn.Linear(d_hidden, d_out)


wrapper = tt.Model(
    Net(), loss=nn.CrossEntropyLoss(), optimizer=tt.optim.Adam(lr=1e-3), device="cpu"
)
model = wrapper.net
