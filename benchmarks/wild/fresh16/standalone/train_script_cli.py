#!/usr/bin/env python
"""train.py: a speech-commands CNN (model part between argparse and the training loop)."""

import argparse
import os

import torch
import torch.nn as nn
import torch.nn.functional as F


def get_args(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--n_mels", type=int, default=40)
    p.add_argument("--channels", type=int, nargs="+", default=[16, 32, 32])
    p.add_argument("--n_classes", type=int, default=35)
    p.add_argument("--dropout", type=float, default=0.1)
    p.add_argument("--epochs", type=int, default=30)
    p.add_argument("--data", default=os.environ.get("DATA", "./speech_commands"))
    args, _unknown = p.parse_known_args(argv)
    return args


class M5(nn.Module):
    def __init__(self, n_mels, channels, n_classes, dropout):
        super().__init__()
        convs, bns = [], []
        c = n_mels
        for w in channels:
            convs.append(nn.Conv1d(c, w, 3, padding=1))
            bns.append(nn.BatchNorm1d(w))
            c = w
        self.convs = nn.ModuleList(convs)
        self.bns = nn.ModuleList(bns)
        self.drop = nn.Dropout(dropout)
        self.fc = nn.Linear(c, n_classes)

    def forward(self, x):
        for conv, bn in zip(self.convs, self.bns):
            x = F.max_pool1d(F.relu(bn(conv(x))), 2)
        return self.fc(self.drop(x.mean(-1)))


args = get_args([])
model = M5(args.n_mels, args.channels, args.n_classes, args.dropout)


def train():
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for _epoch in range(args.epochs):
        for x, y in []:
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()


if __name__ == "__main__":
    train()
