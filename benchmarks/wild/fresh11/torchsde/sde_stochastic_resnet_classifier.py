"""A neural-SDE classifier: conv stem, an SDE block whose drift and diffusion are conv nets sharing
one time embedding, integrated with torchsde over [0, 1], then a linear head; the diffusion net is
a deep copy of the drift net with its last conv replaced."""

import copy

import torch
import torch.nn as nn
import torchsde


class ConvField(nn.Module):
    def __init__(self, ch, t_emb):
        super().__init__()
        self.t_embed = t_emb
        self.conv1 = nn.Conv2d(ch, ch, 3, padding=1)
        self.norm = nn.GroupNorm(4, ch)
        self.conv2 = nn.Conv2d(ch, ch, 3, padding=1)

    def forward(self, t, x):
        h = self.conv1(x) + self.t_embed(t.view(1, 1)).view(1, -1, 1, 1)
        return self.conv2(torch.tanh(self.norm(h)))


class SDEBlock(nn.Module):
    noise_type = "diagonal"
    sde_type = "ito"

    def __init__(self, ch, hw):
        super().__init__()
        self.shape = (ch, hw, hw)
        t_emb = nn.Linear(1, ch)  # shared by drift and diffusion
        self.drift = ConvField(ch, t_emb)
        self.diffusion = copy.deepcopy(self.drift)
        self.diffusion.t_embed = t_emb
        self.diffusion.conv2 = nn.Conv2d(ch, ch, 1)

    def f(self, t, y):
        return self.drift(t, y.view(-1, *self.shape)).flatten(1)

    def g(self, t, y):
        return torch.sigmoid(self.diffusion(t, y.view(-1, *self.shape))).flatten(1)

    def forward(self, x):
        ts = torch.tensor([0.0, 1.0])
        return torchsde.sdeint(self, x.flatten(1), ts, dt=0.1)[-1].view(-1, *self.shape)


class SDENet(nn.Module):
    def __init__(self, ch=16, hw=8, n_classes=10):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, ch, 3, stride=4, padding=1), nn.ReLU())
        self.sde = SDEBlock(ch, hw)
        self.head = nn.Linear(ch, n_classes)

    def forward(self, x):
        return self.head(self.sde(self.stem(x)).mean((2, 3)))


model = SDENet(ch=16, hw=8, n_classes=10)
