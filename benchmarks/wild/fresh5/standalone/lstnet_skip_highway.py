"""LSTNet: conv over time, a GRU, a skip-GRU over periodic steps, and a highway autoregressive
linear; hyperparameters in an argparse Namespace as the original repo's main.py."""

import argparse

import torch.nn as nn


class LSTNet(nn.Module):
    def __init__(self, args, data_m):
        super().__init__()
        self.P = args.window
        self.m = data_m
        self.hidR = args.hidRNN
        self.hidC = args.hidCNN
        self.hidS = args.hidSkip
        self.Ck = args.CNN_kernel
        self.skip = args.skip
        self.pt = (self.P - self.Ck) // self.skip
        self.hw = args.highway_window
        self.conv1 = nn.Conv2d(1, self.hidC, kernel_size=(self.Ck, self.m))
        self.GRU1 = nn.GRU(self.hidC, self.hidR)
        self.dropout = nn.Dropout(p=args.dropout)
        if self.skip > 0:
            self.GRUskip = nn.GRU(self.hidC, self.hidS)
            self.linear1 = nn.Linear(self.hidR + self.skip * self.hidS, self.m)
        else:
            self.linear1 = nn.Linear(self.hidR, self.m)
        if self.hw > 0:
            self.highway = nn.Linear(self.hw, 1)
        self.output = None
        if args.output_fun == "sigmoid":
            self.output = nn.Sigmoid()


args = argparse.Namespace(
    window=24 * 7, hidRNN=50, hidCNN=50, hidSkip=5, CNN_kernel=6, skip=24, highway_window=24, dropout=0.2, output_fun="sigmoid"
)
model = LSTNet(args, data_m=8)
